"""Retry-After as a promise that holds: the line of slots booked for refused clients.

Each 429 books a **slot**: the time its client is told to come back (``due``), the work it
brings, and how much work may be queued when it arrives for it still to be answered in
time (``room``).  A slot is booked at the end of the line: after the work queued now and the
work of every earlier slot, at the moment the queue will have drained to its ``room``.  The
room keeps a margin (a quarter of the deadline) for the estimate's error.

A request (new, or a client coming back) is admitted only if every slot ranked ahead of it
still finds its room when its client comes back, with this request's work added now: work
that will be done before they return may go in (backfilling, as batch schedulers do with
reservations), work that would crowd them out may not.  A client coming back sends the same
request, so it is known by the request's key (a hash of its body); it is ranked by its
booking, ahead of every slot booked after it and of every new request.  If it still does not
fit, it keeps its rank: one that came early is told to come at its time again; one on time (its
promise broken: the CPU ran slower than estimated) is booked again at the earliest time it fits
behind every slot already promised, so that one broken promise breaks no other (slots booked
after it counted on its client being gone by their time; re-booked ahead of them, it crowded
them out in turn: in a burst of 256 clients 92 of 100 broken promises were that cascade).  Its
rank still puts it ahead of later bookings when it comes back, and the line is finite, so no
one starves.

**The reserve** (``Line.limit``, the one place for this rule): a promise is booked within the
server's deadline, but the estimate may be off (the CPU got slower, a batched step costs more
than the measured one), so a client that comes back **at or after its time** may be admitted
up to its own timeout less ``safety`` (the SDK's 10 s, or the client's ``x-jev-timeout``, less
1 s), not only within the deadline: the promise is broken only where the client would really
time out.  It must still leave every slot ranked ahead of it its room.  A new request, or a
client back early, is admitted within the deadline only (and only where the slots ranked ahead
of it keep their room); one back early that does not fit is told its own time again.  A client
that sends ``x-jev-timeout`` is admitted up to that timeout already: no reserve is left.

Bounded: a slot is forgotten ``grace`` seconds after its due time (a client that does not
come back holds its room that long, no longer), and at most ``max_slots`` are held; past
that a 429 still says when the line ends, as a hint, without booking anything.

Time is passed in (``now``): the line is a pure data structure, tested with a fake clock.

Example:
    >>> line = Line(max_slots=64, grace=2.0, margin=0.25, safety=1.0)
    >>> due = line.next_free(0.0, queued=9.0, ahead=line.slots, own=1.0, deadline=7.0)
    >>> due  # 9 s queued must drain to 7 * 0.75 - 1 = 4.25 s
    4.75
    >>> slot = line.book("body hash", due, 1.0, 7.0)
    >>> slot.room
    4.25
    >>> line.limit(None, 4.75, deadline=7.0, timeout=10.0)  # a new request: the deadline
    7.0
    >>> line.limit(slot, 4.75, deadline=7.0, timeout=10.0)  # its client, back on time: the reserve
    9.0
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Slot:
    key: str  # the request's key: its client sends the same request again
    rank: int  # booking order: earlier bookings go first, and keep their place when booked again
    due: float  # when its client was told to come back (the clock's seconds)
    seconds: float  # the work it brings (estimated)
    room: float  # seconds of work that may be queued when it arrives, for it to be answered in time


class Line:
    """The slots promised to refused clients, in booking order (see the module docstring)."""

    def __init__(self, *, max_slots: int, grace: float, margin: float, safety: float = 1.0):
        if max_slots < 0 or grace < 0 or safety < 0 or not 0 <= margin < 1:
            raise ValueError("max_slots, grace and safety must be at least 0, margin within [0, 1)")
        self.max_slots, self.grace, self.margin, self.safety = max_slots, grace, margin, safety
        self.slots: list[Slot] = []  # by rank
        self._next_rank = 0

    def forget_passed(self, now: float) -> None:
        """Drop the slots whose clients did not come back within ``grace`` of their time."""
        self.slots = [s for s in self.slots if s.due + self.grace >= now]

    def find(self, key: str | None) -> Slot | None:
        """The earliest slot booked for this request, if its client is coming back."""
        return next((s for s in self.slots if key is not None and s.key == key), None)

    def ahead_of(self, slot: Slot | None) -> list[Slot]:
        """The slots ranked ahead: all of them for a new request."""
        return self.slots if slot is None else [s for s in self.slots if s.rank < slot.rank]

    def limit(self, slot: Slot | None, now: float, *, deadline: float, timeout: float) -> float:
        """Seconds within which a request must be answerable to be admitted now: ``deadline``
        for a new request (``slot`` None) or a client back before its time; for a client back
        at or after its time, the reserve up to its ``timeout`` less ``safety`` (never less than
        the deadline)."""
        if slot is None or now < slot.due:
            return deadline
        return max(deadline, timeout - self.safety)

    def leaves_room(self, now: float, queued: float, ahead: list[Slot]) -> bool:
        """Whether, with ``queued`` seconds of work queued now, every slot in ``ahead`` finds
        its room when its client comes back (a late one counts as coming now)."""
        return all(backlog <= slot.room for slot, backlog in _arrivals(now, queued, ahead))

    def next_free(self, now: float, *, queued: float, ahead: list[Slot], own: float, deadline: float) -> float:
        """The earliest time after the slots in ``ahead`` at which a request of ``own``
        seconds finds room (never before ``now``)."""
        t, backlog = now, queued
        for slot, arrival_backlog in _arrivals(now, queued, ahead):
            t, backlog = max(slot.due, now), arrival_backlog + slot.seconds
        return t + max(0.0, backlog - self.room(own, deadline))

    def room(self, own: float, deadline: float) -> float:
        """Seconds of work a request of ``own`` seconds may find queued and still be answered
        within ``deadline``, keeping the margin."""
        return max(0.0, deadline * (1 - self.margin) - own)

    def book(self, key: str, due: float, own: float, deadline: float) -> Slot:
        """A new slot at the end of the line (callers check ``full`` first)."""
        assert not self.full, "the line is full"
        slot = Slot(key, self._next_rank, due, own, self.room(own, deadline))
        self._next_rank += 1
        self.slots.append(slot)
        return slot

    def redeem(self, slot: Slot) -> None:
        """Its client came back and was admitted."""
        self.slots.remove(slot)

    @property
    def full(self) -> bool:
        return len(self.slots) >= self.max_slots

    def __len__(self) -> int:
        return len(self.slots)


def _arrivals(now: float, queued: float, slots: list[Slot]):
    """``(slot, seconds of work queued when it arrives)`` in arrival order: the queue drains at
    one second of work a second, and each slot adds its own work when it arrives."""
    t, backlog = now, queued
    for slot in sorted(slots, key=lambda s: (max(s.due, now), s.rank)):
        at = max(slot.due, now)
        backlog, t = max(0.0, backlog - (at - t)), at
        yield slot, backlog
        backlog += slot.seconds
