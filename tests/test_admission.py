"""Retry-After as a promise that holds: the line of promised slots (pure, a fake clock) and the
batcher's admission over it (a stub engine that never finishes, a fake clock; the queue
"drains" where a test cancels work).  No assertion on how long anything took."""

from __future__ import annotations

import threading

import pytest

from jev_model.server.admission import Line
from jev_model.server.batcher import MIN_RETRY_AFTER, Batcher, Busy

DEADLINE = 8.0  # with the margin of a quarter: a 2 s request's room is 8 * 0.75 - 2 = 4 s queued


TIMEOUT = 10.0  # the SDK's: with the safety of 1 s, a client back on time may be answered within 9 s


def line(**kw) -> Line:
    return Line(**{"max_slots": 8, "grace": 1.0, "margin": 0.25, "safety": 1.0, **kw})


# -- the line ---------------------------------------------------------------------------------------
def test_refused_clients_are_booked_one_after_another_each_when_there_is_room():
    ln = line()
    a = ln.book("a", ln.next_free(0.0, queued=10.0, ahead=ln.slots, own=2.0, deadline=DEADLINE), 2.0, DEADLINE)
    assert (a.due, a.room) == (6.0, 4.0)  # 10 s queued drain to its room of 4 s
    b = ln.book("b", ln.next_free(0.0, queued=10.0, ahead=ln.slots, own=2.0, deadline=DEADLINE), 2.0, DEADLINE)
    assert b.due == 8.0  # after a's 2 s: the queue holds 4 s again
    assert ln.leaves_room(0.0, 10.0, ln.slots)  # as booked, both find their room


def test_new_work_may_fill_the_gap_before_a_promise_but_not_crowd_it():
    ln = line()
    ln.book("a", 6.0, 2.0, DEADLINE)  # room: 4 s queued when it comes at 6
    assert ln.leaves_room(0.0, 10.0, ln.slots)  # 10 s now, 4 s left at 6: room for a, just
    assert not ln.leaves_room(0.0, 10.5, ln.slots)  # half a second more would crowd it
    assert ln.leaves_room(5.0, 5.0, ln.slots)  # at 5, what drains by 6 may still go in


def test_a_returning_client_ranks_ahead_of_later_bookings_and_of_new_requests():
    ln = line()
    a, b = ln.book("a", 6.0, 2.0, DEADLINE), ln.book("b", 8.0, 2.0, DEADLINE)
    assert ln.find("b") is b and ln.find("nobody") is None and ln.find(None) is None
    assert ln.ahead_of(b) == [a] and ln.ahead_of(a) == [] and ln.ahead_of(None) == [a, b]
    # a, back at 6 with 6 s queued: later slots do not count against it, b's own room would
    assert ln.leaves_room(6.0, 6.0, ln.ahead_of(a))
    assert not ln.leaves_room(6.0, 6.0 + 2.0, ln.ahead_of(None))


def test_a_late_client_counts_as_coming_now_and_is_forgotten_after_the_grace():
    ln = line(grace=1.0)
    ln.book("a", 6.0, 2.0, DEADLINE)
    assert not ln.leaves_room(6.5, 5.0, ln.slots)  # a is late: its room is needed now
    ln.forget_passed(6.9)
    assert len(ln) == 1
    ln.forget_passed(7.1)  # past its time plus the grace: gone, its room free
    assert len(ln) == 0 and ln.leaves_room(7.1, 5.0, ln.slots)


def test_the_line_is_bounded():
    ln = line(max_slots=2)
    ln.book("a", 1.0, 1.0, DEADLINE)
    ln.book("b", 2.0, 1.0, DEADLINE)
    assert ln.full
    with pytest.raises(AssertionError):
        ln.book("c", 3.0, 1.0, DEADLINE)
    with pytest.raises(ValueError):
        Line(max_slots=1, grace=1.0, margin=1.0)


def test_only_a_client_back_at_or_after_its_time_may_use_the_reserve_up_to_its_timeout():
    ln = line(grace=2.0)
    a = ln.book("a", 6.0, 2.0, DEADLINE)
    assert ln.limit(None, 6.0, deadline=DEADLINE, timeout=TIMEOUT) == DEADLINE  # a new request: the deadline
    assert ln.limit(a, 5.9, deadline=DEADLINE, timeout=TIMEOUT) == DEADLINE  # back early: the deadline
    assert ln.limit(a, 6.0, deadline=DEADLINE, timeout=TIMEOUT) == 9.0  # on time: its timeout less the safety
    assert ln.limit(a, 7.5, deadline=DEADLINE, timeout=TIMEOUT) == 9.0  # late, within the grace: the same
    assert ln.limit(a, 6.0, deadline=DEADLINE, timeout=8.5) == DEADLINE  # never less than the deadline


def test_a_request_larger_than_its_room_waits_for_an_empty_queue():
    ln = line()
    assert ln.room(7.0, DEADLINE) == 0.0
    assert ln.next_free(0.0, queued=3.0, ahead=[], own=7.0, deadline=DEADLINE) == 3.0


# -- the batcher over it ----------------------------------------------------------------------------
class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class Blocked:
    """An engine whose reads never finish while the test runs: admitted work stays queued."""

    def __init__(self):
        self.entered, self.release = threading.Event(), threading.Event()

    def read(self, jobs):
        self.entered.set()
        self.release.wait(30)
        return [None] * len(jobs)


@pytest.fixture
def batcher():
    engine, clock = Blocked(), Clock()
    b = Batcher(engine, max_batch=1, max_queue=16, max_promised=16, deadline=DEADLINE, clock=clock)
    b.assume_speed(1.0)  # one second a token: costs below are seconds
    b.submit("questions", ["hold"], [(0, 0)], list)  # the worker takes it and blocks: nothing drains
    assert engine.entered.wait(30)
    yield b, clock
    engine.release.set()
    b.close()


def submit(b, key, seconds=2, kind="questions", **kw):
    return b.submit(kind, [key], [(0, seconds)], list, key=key, **kw)


def refused(b, key, seconds=2, **kw) -> float:
    with pytest.raises(Busy) as exc:
        submit(b, key, seconds, **kw)
    return exc.value.retry_after


def test_a_client_that_comes_back_when_told_is_admitted_and_a_newcomer_may_not_take_its_room(batcher):
    b, clock = batcher
    queued = [submit(b, f"q{i}") for i in range(4)]  # 8 s queued: the fourth ends just at the deadline
    assert b.backlog() == 8.0
    assert refused(b, "a") == 4.0  # 8 s must drain to a's room of 4 s
    assert refused(b, "b") == 6.0  # after a's 2 s
    assert len(b.line) == 2
    clock.now += 1.0
    assert refused(b, "a") == 3.0  # a is early (nothing drained): told its own time again
    assert b.line.find("a").due == 104.0
    clock.now += 2.0
    b.cancel(queued.pop(0))  # 2 s done
    with pytest.raises(Busy, match="told to come back before"):
        submit(b, "newcomer")  # it would meet its own deadline, but a comes in 1 s and would be crowded
    clock.now += 1.0
    b.cancel(queued.pop(0))
    submit(b, "a")  # a comes back when told: 4 s queued, its room: admitted
    assert [s.key for s in b.line.slots] == ["b", "newcomer"]


def test_a_promise_the_cpu_broke_keeps_its_rank_and_breaks_no_other(batcher):
    b, clock = batcher
    queued = [submit(b, f"q{i}") for i in range(4)]
    assert refused(b, "a") == 4.0
    assert refused(b, "b") == 6.0
    clock.now += 4.0  # a comes back on time, but nothing has drained (the CPU got slower)
    assert refused(b, "a") == 6.0  # booked again behind b: at 106 b adds 2 s to 6 s left, 4 s drain by 110
    assert b.line.find("a").rank < b.line.find("b").rank  # its rank kept
    assert b.promises_broken == 1
    clock.now += 2.0
    b.cancel(queued.pop(0))  # b's time, 6 s queued
    submit(b, "b")  # b's promise holds: a, back at 110, still finds its room (ahead of b by rank)
    assert [s.key for s in b.line.slots] == ["a"] and b.promises_broken == 1


def test_a_client_back_on_time_is_admitted_over_its_room_within_its_timeout(batcher):
    b, clock = batcher
    for i, seconds in enumerate([2, 2, 2, 1]):
        submit(b, f"q{i}", seconds)  # 7 s queued: a 2 s request would end at 9 s, past the deadline of 8
    assert refused(b, "a") == 3.0  # booked when 7 s will have drained to its room of 4 s
    assert b.line.find("a").room == 4.0
    clock.now += 2.0
    assert refused(b, "a") == 1.0  # early: told its own time, though the reserve would hold it now
    clock.now += 1.0  # a's time, but nothing has drained (the estimate was off): 7 s queued, 3 s over its room
    with pytest.raises(Busy, match="within 8 s"):
        submit(b, "newcomer")  # the same request, new: the deadline only
    submit(b, "a")  # back on time: 7 + 2 = 9 s, within the SDK's 10 s less the safety of 1 s
    assert b.line.find("a") is None and b.backlog() == 9.0


def test_a_client_back_on_time_past_its_timeout_is_refused_again_and_keeps_its_rank(batcher):
    b, clock = batcher
    for i in range(4):
        submit(b, f"q{i}")  # 8 s queued
    assert refused(b, "a") == 4.0
    assert refused(b, "b") == 6.0
    clock.now += 4.0  # a's time, nothing drained: 8 + 2 = 10 s, past 9 s
    with pytest.raises(Busy, match="within 9 s") as exc:
        submit(b, "a")
    assert exc.value.retry_after == 6.0  # booked again behind b, when the work queued will have drained to its room
    assert b.line.find("a").rank < b.line.find("b").rank


def test_a_client_that_names_its_timeout_has_no_reserve_beyond_it(batcher):
    b, clock = batcher
    for i, seconds in enumerate([2, 2, 2, 1]):
        submit(b, f"q{i}", seconds)
    assert refused(b, "a", deadline=8.0) == 3.0  # x-jev-timeout: 8, the same 7 s queued
    clock.now += 3.0
    with pytest.raises(Busy, match="within 8 s"):
        submit(b, "a", deadline=8.0)  # on time, but it waits 8 s, not 10: admitted within 8 s only


def test_without_a_key_or_with_a_full_line_a_429_books_nothing(batcher):
    b, _ = batcher
    for i in range(4):
        submit(b, f"q{i}")
    with pytest.raises(Busy) as exc:
        b.submit("questions", ["anon"], [(0, 2)], list)  # no key: a hint, no slot
    assert exc.value.retry_after == 4.0 and len(b.line) == 0
    for i in range(16):  # max_promised 16: the line holds 16 slots
        refused(b, f"r{i}")
    assert len(b.line) == 16
    hint = refused(b, "one too many")
    assert len(b.line) == 16 and b.line.find("one too many") is None
    assert hint == pytest.approx(4.0 + 16 * 2.0)  # when the line ends


def test_health_counts_promises_as_of_now_without_traffic(batcher):
    """/health's `promised` drops a slot whose client did not come back within the grace,
    with no request in between to tidy the line (it stayed stale before)."""
    from types import SimpleNamespace

    from jev_model.server.batcher import PROMISE_GRACE
    from jev_model.server.config import ServerConfig
    from jev_model.server.serving import ServingModels

    b, clock = batcher
    for i in range(4):
        submit(b, f"q{i}")  # 8 s queued
    assert (refused(b, "a"), refused(b, "b")) == (4.0, 6.0)
    engine = SimpleNamespace(name="m", prefixes=SimpleNamespace(bytes=0, budget=1))
    health = ServingModels(engine, ServerConfig()).health
    assert health(b)["promised"] == 2
    clock.now += 4.0 + PROMISE_GRACE + 0.5  # a's time and grace are over, b's not
    assert health(b)["promised"] == 1 and b.promised == 1
    clock.now += 2.0
    assert health(b)["promised"] == 0


def test_no_one_is_told_to_come_back_at_once(batcher):
    b, _ = batcher
    for i in range(15):  # with the one held: the queue is full by count, not by time (no tokens)
        submit(b, f"q{i}", seconds=0)
    assert refused(b, "a", seconds=0) == MIN_RETRY_AFTER


def test_a_server_starts_from_its_measured_speed(serve_engine):
    from jev_model.server.batcher import FIRST_SECONDS_PER_TOKEN
    from jev_model.server.warmup import measure_speed

    speed = measure_speed(serve_engine)
    assert 0 < speed < FIRST_SECONDS_PER_TOKEN  # the tiny model: far faster than the first guess
    b = Batcher(serve_engine, deadline=DEADLINE)
    try:
        b.assume_speed(speed)
        assert b.seconds_per_token == speed and b.estimate(100) == 100 * speed
        with pytest.raises(ValueError):
            b.assume_speed(0.0)
    finally:
        b.close()


# -- a burst (#24): a conservative start, the measured error, time already spent, no pushing ---------
class Paced:
    """An engine whose reads take ``seconds`` a token on the fake clock, each when the test
    allows it; a job is ``(name, tokens)``."""

    def __init__(self, clock, seconds):
        self.clock, self.seconds, self.allowed = clock, seconds, threading.Semaphore(0)

    def read(self, jobs):
        assert self.allowed.acquire(timeout=30), "the test never allowed this read"
        self.clock.now += self.seconds * sum(tokens for _, tokens in jobs)
        return [None] * len(jobs)


def paced(seconds_per_token: float):
    clock = Clock()
    b = Batcher(Paced(clock, seconds_per_token), max_batch=1, deadline=DEADLINE, clock=clock)
    b.assume_speed(1.0)  # measured alone: one second a token
    return b


def admit_all(b, n, tokens=1, **kw) -> list:
    """Submit ``n`` requests of ``tokens``; the admitted ones (the rest were refused)."""
    admitted = []
    for i in range(n):
        try:
            admitted.append(b.submit("questions", [(f"r{i}", tokens)], [(0, tokens)], list, **kw))
        except Busy:
            pass
    return admitted


def test_a_burst_is_admitted_on_twice_the_estimate_until_steps_under_its_load_are_measured():
    from contextlib import ExitStack

    from jev_model.server.batcher import COLD_FACTOR

    b = paced(1.0)  # the engine reads at the speed measured alone
    try:
        with ExitStack() as burst:
            for _ in range(20):
                burst.enter_context(b.holding())  # 20 requests in the server: none of the steps saw that many
            assert b.in_flight == 20 and b.cold
            assert b.admission_seconds_per_token == COLD_FACTOR * b.seconds_per_token == 2.0
            first_wave = admit_all(b, 8)
            assert len(first_wave) == 4  # 2 s each within 8 s, not 8 of 1 s on the estimate alone
            b.engine.allowed.release(4)
            for w in first_wave:
                w.future.result(timeout=30)
            # three steps measured with 20 in the server: the estimate holds at that load
            assert not b.cold and b.admission_seconds_per_token == 1.0 and b.estimate_error == 1.0
            for _ in range(40):
                burst.enter_context(b.holding())
            assert b.cold  # 60 > 2 x 20 + 8: conservative again until measured
        assert b.in_flight == 0 and not b.cold
    finally:
        b.engine.allowed.release(100)
        b.close()


def test_a_request_refused_while_cold_is_held_unbooked_until_steps_under_the_burst_are_measured():
    """A Retry-After booked while cold would be booked at the quiet speed: the steps under a
    burst may run slower (the clients share the CPU), and the promise breaks.  A caller that can
    wait is told to hold (nothing booked) and woken once the steps under this load are measured;
    submitted again, its 429 is booked at the speed measured then."""
    from contextlib import ExitStack

    from jev_model.server.batcher import COLD_HOLD, Held

    b = paced(1.5)  # under the burst the engine reads 1.5x slower than measured alone
    woken = threading.Event()
    try:
        with ExitStack() as burst:
            for _ in range(20):
                burst.enter_context(b.holding())
            first_wave = admit_all(b, 4, hold=True)  # 2 s each (cold) within 8 s
            assert len(first_wave) == 4
            with pytest.raises(Held) as exc:
                b.submit("questions", [("late", 4)], [(0, 4)], list, key="late", hold=True)
            assert exc.value.seconds == COLD_HOLD and len(b.line) == 0  # no promise made on a guess
            # past its hold, or without a caller that can wait, it is booked as before
            with pytest.raises(Busy) as busy:
                b.submit("questions", [("x", 1)], [(0, 1)], list, key="x", hold=True, arrived=b.clock() - COLD_HOLD)
            assert not isinstance(busy.value, Held) and b.line.find("x") is not None
            forget = b.on_warm(woken.set)
            assert not woken.is_set()
            b.engine.allowed.release(3)  # three steps of 1.5 s a token under 20 in the server
            assert woken.wait(30)
            assert not b.cold and b.seconds_per_token > 1.4  # measured under the burst
            forget()  # called already: forgetting it is harmless
            with pytest.raises(Busy) as busy:
                b.submit("questions", [("late", 4)], [(0, 4)], list, key="late", hold=True)
            assert not isinstance(busy.value, Held) and b.line.find("late") is not None
    finally:
        b.engine.allowed.release(100)
        b.close()


def test_a_held_request_is_woken_when_the_queue_empties_even_if_still_cold():
    from contextlib import ExitStack

    from jev_model.server.batcher import Held

    b = paced(1.0)
    woken = threading.Event()
    try:
        with ExitStack() as burst:
            for _ in range(40):
                burst.enter_context(b.holding())
            first = b.submit("questions", [("a", 4)], [(0, 4)], list, hold=True)
            with pytest.raises(Held):
                b.submit("questions", [("b", 4)], [(0, 4)], list, key="b", hold=True)
            b.on_warm(woken.set)
            b.engine.allowed.release()  # one step: still cold (a step is not three), but nothing is queued
            first.future.result(timeout=30)
            assert woken.wait(30) and b.cold
            # with nothing queued, it is not held again: admitted now
            assert b.submit("questions", [("b", 4)], [(0, 4)], list, key="b", hold=True).future
    finally:
        b.engine.allowed.release(100)
        b.close()


def test_answers_later_than_predicted_make_admission_keep_a_margin_as_large_as_the_error():
    b = paced(1.5)  # the engine reads half as slowly again as measured alone
    try:
        first = b.submit("questions", [("a", 4)], [(0, 4)], list)  # alone: predicted 4 s
        b.engine.allowed.release()
        first.future.result(timeout=30)  # answered after 6 s
        assert b.estimate_error == 1.5
        assert b.seconds_per_token == pytest.approx(1.3)  # mean 1.1 + 2 x 0.1: the step measured 1.5
        assert b.admission_seconds_per_token == pytest.approx(1.3 * 1.5)
        b.submit("questions", [("hold", 0)], [(0, 0)], list)  # the worker takes it and waits
        assert len(admit_all(b, 8)) == 4  # 1.95 s each within 8 s (at 1.3 s: 6)
    finally:
        b.engine.allowed.release(100)
        b.close()


def test_answers_sooner_than_predicted_let_the_estimate_shed_its_padding_down_to_the_mean_speed():
    b = paced(0.5)  # twice as fast as measured alone
    try:
        first = b.submit("questions", [("a", 4)], [(0, 4)], list)  # predicted 4 s
        b.engine.allowed.release()
        first.future.result(timeout=30)  # answered after 2 s
        assert b.seconds_per_token == pytest.approx(1.1)  # mean 0.9 + 2 x 0.1
        assert b.estimate_error == pytest.approx(0.9 / 1.1)  # 0.5 measured, but never faster than the mean
        assert b.admission_seconds_per_token == pytest.approx(0.9)
    finally:
        b.engine.allowed.release(100)
        b.close()


def test_the_time_a_request_spent_before_it_was_costed_counts_against_its_deadline(batcher):
    b, clock = batcher
    submit(b, "q0")  # 2 s queued
    with pytest.raises(Busy, match="5.0 s in the server already"):
        submit(b, "late", arrived=clock.now - 5.0)  # 5 s parsed and waiting to be planned + 2 + 2 > 8
    submit(b, "sooner", arrived=clock.now - 3.0)  # 3 + 2 + 2 = 7 s: admitted
    assert b.waiting == 3  # with the one held


def test_a_shorter_request_may_not_push_an_admitted_one_past_its_clients_timeout(batcher):
    b, _ = batcher
    submit(b, "long", seconds=6)  # answered in 6 s; its client (the SDK) waits 10 s: 9 s at the latest
    for i in range(3):
        submit(b, f"short {i}", seconds=1)  # shortest first: each runs before the long one, which ends at 9 s
    with pytest.raises(Busy, match="past its client's timeout"):
        submit(b, "short 3", seconds=1)  # itself answered in 4 s, but the long one at 10 s
    assert b.line.find("short 3") is not None  # told when to come back, as any 429


def test_the_heap_is_trimmed_where_glibc_keeps_freed_memory():
    """#24: glibc kept freed prefill blocks in its heap (290 MB over 300 long states); the
    batcher trims after each prefill.  Off glibc it does nothing."""
    import platform

    from jev_model.server.allocator import trim, trims

    assert trims() == (platform.libc_ver()[0] == "glibc")
    trim()  # returns nothing, raises nothing
