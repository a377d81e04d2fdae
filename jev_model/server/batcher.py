"""One worker thread owns the engine; it admits requests by deadline and reads them in chunks.

A request is planned by its handler (rendered and tokenized, no forward pass) and costed in
tokens (``server.costs.read_cost``); the worker's measured seconds per token turns that into
seconds.  ``submit`` then admits it only if the work ahead of it, plus its own, can be done
within its deadline (the server's ``--deadline``, or the client's ``x-jev-timeout``);
otherwise it raises ``Busy`` with the seconds after which it would fit, and the server
answers 429 at once with that ``Retry-After``.  A request that would not fit even alone
raises ``TooLarge``.

Every 429 is a promise that holds (``admission.Line``): it books a slot, the time its client
is told to come back and the work it brings, at the end of a line of such slots, and new
requests are admitted only where they leave every slot its room.  The client that comes back
(the same request: ``key``) is admitted ahead of newcomers and of clients booked after it, and,
back at or after its time, within its own timeout less a second, not only the deadline
(``Line.limit``: the reserve).

**A burst** (issue #24): the estimate is the worker's *wall* time per token, measured over
each step and the gap before it (what it waits for the CPU and the GIL while the server
parses, plans and answers other requests counts), and it is trusted only at the concurrency
it was measured under.  While more requests are in the server than the last ``COLD_STEPS``
steps ran with (twice as many, plus ``COLD_SLACK``), admission takes the estimate times
``COLD_FACTOR``: the first wave of a burst is admitted on a conservative guess until steps
under that load are measured.  A new request refused then is held by its handler, with
nothing booked (``Held``, ``on_warm``: at most ``COLD_HOLD`` s after its arrival), until those
steps are measured or the queue is empty, and submitted again: a Retry-After booked on the quiet
speed would break when the burst's steps run slower.
Each answered request's real time is compared with its prediction (those predicted to take
half a second or more, over the last 20 s: fixed costs do not count as error); the largest
recent ratio (``estimate_error``) multiplies every estimate admission uses, so the margin
between the deadline and the client's timeout is what the measured error justifies: more
where answers came late, less where they came early (never below the mean speed measured),
since a line of promises spaced by a pessimistic estimate leaves the worker idle.  The time
a request spent in the server before it was costed (the body, waiting to be planned) counts
against its deadline, and a request is not admitted where it would run before an admitted
one (shortest remaining first) and push it past its client's timeout less a second.

The worker reads in **chunks** of at most ``chunk_tokens`` tokens (and ``max_batch``
prompts): each step takes the request with the least work left (shortest remaining work
first), one prefill chunk of its long state or its next prompts, and fills the chunk with
prompts of the next-shortest requests, so prompts of different requests still share one
``engine.read`` and a small request never waits for a large one to finish whole.  A request
whose client has gone (``cancel``) is dropped from the queue, and none of its remaining
chunks start.

Example:
    >>> b = Batcher(engine, ServerConfig(deadline=8.0))                      # doctest: +SKIP
    >>> work = b.submit("questions", jobs, finish=lambda results: results)     # doctest: +SKIP
    >>> work.future.result()                                                   # doctest: +SKIP
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field

from jev_model.server.admission import Line
from jev_model.server.allocator import trim
from jev_model.server.config import ServerConfig
from jev_model.server.costs import prefill_steps

log = logging.getLogger("jev.server")

FIRST_SECONDS_PER_TOKEN = 0.05  # pessimistic until the first steps are measured (a 270M model on a busy 2-core CPU)
PROMISE_GRACE = 2.0  # seconds a promised slot is held past its time for a client that is late
PROMISE_MARGIN = 0.25  # of the deadline, kept free in a promised slot for the estimate's error
MIN_RETRY_AFTER = 0.25  # seconds: no client is told to come back at once
SDK_TIMEOUT = 10.0  # seconds the official SDK waits by default: a client's timeout when it sends no x-jev-timeout
PROMISE_SAFETY = 1.0  # seconds below a client's timeout that a returning client's reserve stops (HTTP, estimate)
COLD_FACTOR = 2.0  # the estimate's multiplier while the concurrency is higher than the recent steps were measured at
COLD_STEPS = 3  # steps under a load before the estimate is trusted at that load (mean + 2 deviations has caught up)
COLD_RATIO, COLD_SLACK = 2, 8  # cold: more requests in the server than COLD_RATIO x the steps' load + COLD_SLACK
COLD_HOLD = 3.0  # seconds from its arrival a new request refused while cold may wait for steps under its load
ERROR_WINDOW = 16  # answered requests whose real time against their prediction makes the estimate's error
ERROR_AGE = 20.0  # seconds an answer's error counts (a burst's first wave is past by then)
MIN_ERROR_SPAN = 0.5  # seconds predicted, at least, for an answer to count there (fixed costs would swamp it)


class Busy(Exception):
    """Not admitted now: the work ahead would not leave room within the deadline."""

    def __init__(self, retry_after: float, why: str):
        super().__init__(f"{why}; retry after {retry_after:.1f} s")
        self.retry_after = retry_after


class Held(Exception):
    """Not admitted now, and nothing booked: admission is cold (steps under this load are not
    measured yet), so a Retry-After now would be a guess.  The caller waits (``Batcher.on_warm``)
    at most ``seconds`` and submits the request again, with its original arrival time."""

    def __init__(self, seconds: float, why: str):
        super().__init__(f"{why}; held up to {seconds:.1f} s until steps under this load are measured")
        self.seconds = seconds


class TooLarge(Exception):
    """Not admitted ever: alone, the request would take longer than its deadline."""


@dataclass(eq=False)
class Work:
    """One admitted request: its read jobs, their token costs and where the results go."""

    kind: str  # "questions" | "evaluate": requests of one kind share a read
    jobs: list  # ReadRequest
    costs: list[tuple[int, int]]  # (uncached prefix tokens, suffix tokens) per job
    finish: Callable  # (list[Result]) -> response body; runs on the worker
    deadline: float  # clock time by which it should be answered (the server's deadline): orders equal work
    prefill: Iterator[int] | None = None  # a long uncached state, computed a chunk at a time first
    future: Future = field(default_factory=Future)
    results: list = field(default_factory=list)
    next_job: int = 0
    cancelled: bool = False
    started: bool = False
    arrived: float = 0.0  # clock time it reached the server (before its body was read and it was planned)
    admitted: float = 0.0  # clock time it was admitted
    limit_at: float = math.inf  # when its client's timeout (less the safety) ends: no later request pushes it past
    timeout: float = SDK_TIMEOUT  # seconds its client waits, from arrival
    predicted: float = 0.0  # seconds from admission to its answer, as admitted (cold or not) but without the error

    @property
    def remaining(self) -> int:
        """Tokens still to read."""
        return sum(p + s for p, s in self.costs[self.next_job:])


class Batcher:
    """The worker and its admission; limits from a ``ServerConfig`` (keywords change fields)."""

    def __init__(self, engine, config: ServerConfig | None = None, *,
                 clock: Callable[[], float] = time.monotonic, **changes):
        config = (config or ServerConfig()).replace(**changes)
        self.engine = engine
        self.max_batch, self.max_queue = config.max_batch, config.max_queue
        self.deadline, self.chunk_tokens = config.deadline, config.chunk_tokens
        self._active: list[Work] = []  # admitted, not finished, in arrival order
        self.line = Line(max_slots=config.max_promised, grace=PROMISE_GRACE, margin=PROMISE_MARGIN,
                         safety=PROMISE_SAFETY)  # promised slots
        self.clock = clock  # admission's and the worker's: tests pass a fake one
        self._cond = threading.Condition()
        self._stopped = False
        self.seconds_per_token = FIRST_SECONDS_PER_TOKEN  # the measured estimate: mean + 2 deviations
        self._spt_mean, self._spt_dev = FIRST_SECONDS_PER_TOKEN, 0.0  # moving averages over worker steps
        self._running = 0  # tokens of the step running now
        self._running_since = clock()
        self._spt_best = FIRST_SECONDS_PER_TOKEN  # lowest moving mean seen: what "alone, unhurried" means
        self.in_flight = 0  # requests in the server now: being received, planned, queued or read
        self._step_loads: deque[int] = deque([1] * COLD_STEPS, maxlen=COLD_STEPS)  # requests in the server
        # during each recent step (the fewer of its start and end): the load the estimate was measured under
        self._errors: deque[tuple[float, float]] = deque(maxlen=ERROR_WINDOW)  # (when, real / predicted)
        self._held: list[Callable[[], None]] = []  # called once admission is warm or the queue is empty
        self._cold_at = -math.inf  # when admission was last seen cold: an answer admitted before that was
        # predicted at a load its steps did not run under (a burst came meanwhile); its miss is not the
        # estimate's error, and the steps under the burst are measured on their own
        self.batches = 0  # engine.read calls so far (tests read it)
        self.steps: list[tuple[int, ...]] = []  # ids of the requests each step served, recent ones (tests read it)
        self.dropped = 0  # requests cancelled before they were answered
        self.over_deadline = 0  # answered later than their deadline after they arrived
        self.past_timeout = 0  # answered later than their client's timeout after they arrived
        self.promises_broken = 0  # clients back on their Retry-After's time and refused again
        self._thread = threading.Thread(target=self._loop, name="jev-engine", daemon=True)
        self._thread.start()

    # -- what the server holds ---------------------------------------------------------------
    @contextmanager
    def holding(self):
        """Count a request as in the server for as long as the block runs (the app's handler:
        its body, its planning, its wait): the load that admission's estimate must hold under."""
        with self._cond:
            self.in_flight += 1
            if self.cold:
                self._cold_at = self.clock()
        try:
            yield
        finally:
            with self._cond:
                self.in_flight -= 1
                self._wake_held()

    def on_warm(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback`` once, from whichever thread sees it first, when admission is no
        longer cold or the queue is empty (a held request then has its answer: admitted, or a
        Retry-After booked at the measured speed); returns a function that forgets it."""
        with self._cond:
            self._held.append(callback)
            self._wake_held()

        def forget():
            with self._cond:
                if callback in self._held:
                    self._held.remove(callback)
        return forget

    def _wake_held(self) -> None:
        """(Under the lock.)  Call the held requests' callbacks if they may try again."""
        if self._held and (not self.cold or not self._active):
            held, self._held = self._held, []
            for callback in held:
                callback()

    @property
    def cold(self) -> bool:
        """Whether more requests are in the server than the recent steps were measured with
        (``COLD_RATIO`` times as many, plus ``COLD_SLACK``): the estimate is not yet known to
        hold under this load, so admission takes it times ``COLD_FACTOR``."""
        return self.in_flight > COLD_RATIO * min(self._step_loads) + COLD_SLACK

    @property
    def estimate_error(self) -> float:
        """Real over predicted time of recent answers (the largest of the last ``ERROR_WINDOW``
        predicted to take ``MIN_ERROR_SPAN`` or more, within ``ERROR_AGE`` s; 1 without any):
        admission's estimates are multiplied by it.  Above 1, answers came later than predicted
        and the margin grows; below, they came sooner and the estimate sheds some of its
        deviations' padding, never below the mean speed measured."""
        now = self.clock()
        worst = max((r for t, r in self._errors if now - t <= ERROR_AGE), default=1.0)
        return max(worst, self._spt_mean / self.seconds_per_token)

    @property
    def admission_seconds_per_token(self) -> float:
        """The estimate admission uses: measured, times the measured error, times ``COLD_FACTOR``
        while cold."""
        return self.seconds_per_token * self.estimate_error * (COLD_FACTOR if self.cold else 1.0)

    # -- admission ---------------------------------------------------------------------------
    @property
    def waiting(self) -> int:
        return len(self._active)

    @property
    def promised(self) -> int:
        """Slots promised to refused clients now: the ones past their time and grace are
        forgotten first, so a reading (``/health``) is current even with no traffic."""
        with self._cond:
            self.line.forget_passed(self.clock())
            return len(self.line)

    def backlog(self, spt: float | None = None) -> float:
        """Estimated seconds of admitted work not yet read, the step running now included."""
        spt = self.admission_seconds_per_token if spt is None else spt
        return sum(w.remaining for w in self._active) * spt + self._running_left(spt)

    def ahead_of(self, tokens: int, spt: float | None = None) -> float:
        """Estimated seconds before a new request of ``tokens`` would be done reading: the
        admitted work that runs first (shortest remaining first: no more than ``tokens`` left)
        and the step running now, plus its own."""
        spt = self.admission_seconds_per_token if spt is None else spt
        first = sum(r for r in (w.remaining for w in self._active) if r <= tokens) * spt
        return first + self._running_left(spt)

    def _running_left(self, spt: float) -> float:
        return max(0.0, self._running * spt - (self.clock() - self._running_since))

    def assume_speed(self, seconds_per_token: float) -> None:
        """Take ``seconds_per_token`` as measured alone (the estimate, its mean and the best
        speed seen; no error) until the worker's next steps measure their own: a known warm
        speed, or a test's.

        Example:
            >>> batcher.assume_speed(0.002)   # 500 tokens/s                  # doctest: +SKIP
        """
        if not seconds_per_token > 0:
            raise ValueError(f"seconds_per_token must be positive, not {seconds_per_token}")
        with self._cond:
            self.seconds_per_token = self._spt_mean = self._spt_best = seconds_per_token
            self._spt_dev = 0.0
            self._step_loads.extend([1] * COLD_STEPS)
            self._errors.clear()

    def step_tokens(self) -> int:
        """Tokens one step reads at most: ``chunk_tokens``, fewer where the measured speed
        would make a step longer than a quarter of the deadline (at least 16)."""
        return max(16, min(self.chunk_tokens, int(self.deadline / 4 / self._spt_mean)))

    def estimate(self, tokens: int) -> float:
        return tokens * self.admission_seconds_per_token

    def submit(self, kind: str, jobs: list, costs: list[tuple[int, int]], finish: Callable, *,
               deadline: float | None = None, key: str | None = None, arrived: float | None = None,
               hold: bool = False) -> Work:
        """Admit a planned request or raise ``Busy``/``TooLarge`` (see the module docstring).
        ``deadline``: seconds the client waits (default: the server's); ``key``: what identifies
        the request when its client comes back after a 429 (a hash of its body); without one a
        429 books no slot, its Retry-After is a hint; ``arrived``: when it reached the server
        (the clock's time; default now): the time since counts against its deadline; ``hold``:
        the caller can wait, so a new request refused while cold, with work queued, raises
        ``Held`` (nothing booked) up to ``COLD_HOLD`` s after its arrival."""
        limit = self.deadline if deadline is None else deadline
        timeout = SDK_TIMEOUT if deadline is None else deadline  # how long the client itself waits
        tokens = sum(p + s for p, s in costs)
        with self._cond:
            if self._stopped:
                raise RuntimeError("the engine worker has stopped")
            now = self.clock()
            arrived = now if arrived is None else min(arrived, now)
            spent = now - arrived  # receiving, parsing, waiting to be planned, planning
            error = self.estimate_error  # predictions leave it out: the error is measured against them
            if self.cold:
                self._cold_at = now
            spt = self.seconds_per_token * error * (COLD_FACTOR if self.cold else 1.0)  # for work admitted now
            later = (self._spt_mean + self._spt_dev) * max(1.0, error)  # a slot's own, run later: mean + 1
            # deviation (its room and the reserve hold the rest of the spread), more where answers came late
            own = tokens * spt
            best = tokens * self._spt_best  # too large *ever*: judged at the best speed seen, not a busy moment's
            if best > limit:
                rate = 1 / self._spt_best
                raise TooLarge(f"the request is {tokens} tokens, about {best:.1f} s at the best measured {rate:.0f} "
                               f"tokens/s, over the deadline of {limit:g} s a request (the server's --deadline, "
                               f"or the client's x-jev-timeout header); send fewer or shorter questions")
            self.line.forget_passed(now)
            mine = self.line.find(key)  # a client coming back when told
            ahead_slots = self.line.ahead_of(mine)
            ahead, queued = self.ahead_of(tokens, spt), self.backlog(spt)
            within = self.line.limit(mine, now, deadline=limit, timeout=timeout)  # the reserve, if back on time
            if len(self._active) >= self.max_queue:
                why = f"{len(self._active)} requests are queued (--max-queue {self.max_queue})"
            elif spent + ahead + own > within and (self._active or self._running):  # alone it always goes: the
                # 413 above judged it at the best speed, and a pessimistic estimate must not shut the door
                why = (f"about {ahead:.1f} s of work runs first; this request ({own:.1f} s, {spent:.1f} s in "
                       f"the server already) would not be answered within {within:g} s")
            elif self._pushed_late(tokens, own, now + limit, now, spt):
                why = "it would run before an admitted request and push it past its client's timeout"
            elif not self.line.leaves_room(now, queued + own, ahead_slots):
                why = f"{len(ahead_slots)} clients were told to come back before this request"
            else:
                if mine is not None:
                    self.line.redeem(mine)
                for w in self._active:  # the admitted work it runs before is answered later by its own
                    if (w.remaining, w.deadline) > (tokens, now + limit):
                        w.predicted += own / error
                # ordered by its deadline, not its reserve: requests admitted after it do not pass it
                # no later request may push it past its client's timeout (less the safety): the hard bound
                hard = arrived + max(within, timeout - PROMISE_SAFETY)
                work = Work(kind, list(jobs), list(costs), finish, now + limit, arrived=arrived, admitted=now,
                            limit_at=max(hard, now + ahead + own), timeout=timeout,
                            predicted=(ahead + own) / error)
                self._active.append(work)
                self._cond.notify()
                return work
            if hold and mine is None and self._active and self.cold and now < arrived + COLD_HOLD:
                raise Held(arrived + COLD_HOLD - now, why)  # a promise booked now would be a guess
            # booked after the queue as estimated now (cold: conservatively), its own work at the speed
            # measured by the time its client comes back
            if mine is not None and now >= mine.due:  # back on time and refused: the promise did not hold
                self.promises_broken += 1
                log.warning("a client back %.1f s after its Retry-After's time was refused again: %s",
                            now - mine.due, why)
            due = self._promise(now, key, mine, ahead_slots, queued, tokens * later, limit)
            raise Busy(max(MIN_RETRY_AFTER, due - now), why)

    def _pushed_late(self, tokens: int, own: float, deadline: float, now: float, spt: float) -> bool:
        """Whether a new request of ``tokens`` (``own`` seconds) would run before an admitted
        request (shortest remaining first) and make it miss its ``limit_at``."""
        t = now + self._running_left(spt)
        for w in sorted(self._active, key=lambda w: (w.remaining, w.deadline)):
            t += w.remaining * spt
            if (w.remaining, w.deadline) > (tokens, deadline) and t + own > w.limit_at:
                return True
        return False

    def _promise(self, now: float, key: str | None, mine, ahead_slots, queued: float, own: float,
                 limit: float) -> float:
        """When a refused request is to come back: a client that came early keeps its slot; one
        on time is booked again behind every other slot (its rank kept); a new one is booked at
        the end of the line, or, with no key or a full line, told when the line
        ends without a slot."""
        if mine is not None and mine.due > now:
            return mine.due
        # behind every slot promised already, not only those ranked ahead: a promise the CPU broke must
        # not break the later ones in turn (booked before it, they counted on its client being gone)
        others = self.line.slots if mine is None else [s for s in self.line.slots if s is not mine]
        due = self.line.next_free(now, queued=queued, ahead=others, own=own, deadline=limit)
        if mine is not None:
            mine.due = due
        elif key is not None and not self.line.full:
            self.line.book(key, due, own, limit)
        return due

    def cancel(self, work: Work) -> None:
        """The client has gone: drop the request; a step already running finishes, no later one
        starts for it."""
        with self._cond:
            if work.future.done():
                return
            work.cancelled = True
            if work in self._active:
                self._active.remove(work)
            self.dropped += 1
            work.future.cancel()

    def close(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._thread.join(timeout=30)

    # -- the worker --------------------------------------------------------------------------
    def _next_step(self) -> tuple[Work | None, list[tuple[Work, list[int]]], bool] | None:
        """The next unit of work: ``(work, [], waited)`` for one prefill chunk of that request's
        long state, or ``(None, [(work, job indices), ...], waited)`` for prompts read in one
        call; ``waited``: the worker was idle before it; ``None`` when stopped."""
        with self._cond:
            waited = False
            while not self._active and not self._stopped:
                waited = True
                self._wake_held()
                self._cond.wait()
            if self._stopped:
                return None
            order = sorted(self._active, key=lambda w: (w.remaining, w.deadline))  # shortest remaining first
            first = order[0]
            budget = self.step_tokens()
            if first.prefill is None and first.next_job == 0 and first.costs[0][0] > budget:
                first.prefill = prefill_steps(self.engine, first.jobs[0], self.step_tokens)
            self._running_since = self.clock()
            if first.prefill is not None:
                self._running = min(budget, first.costs[0][0])
                return first, [], waited
            taken, jobs, tokens = [], 0, 0
            for w in order:
                if w.prefill is not None or (taken and w.kind != taken[0][0].kind):
                    continue
                mine = []
                for i in range(w.next_job, len(w.jobs)):
                    cost = sum(w.costs[i])
                    if jobs and (jobs >= self.max_batch or tokens + cost > budget):
                        break
                    mine.append(i)
                    jobs, tokens = jobs + 1, tokens + cost
                if mine:
                    taken.append((w, mine))
                    w.next_job = mine[-1] + 1  # claimed: a cancel now stops the rest, not this step
                if jobs >= self.max_batch or tokens >= budget:
                    break
            self._running = tokens
            return None, taken, waited

    def _loop(self) -> None:
        last_end = None  # when the previous step ended: a busy worker's gap before a step is its cost too
        while True:
            step = self._next_step()
            if step is None:
                return
            work, taken, waited = step
            start = self.clock()
            began = start if waited or last_end is None else last_end
            load = self.in_flight
            try:
                if work is not None:
                    tokens = self._prefill(work)
                else:
                    tokens = sum(sum(w.costs[i]) for w, idx in taken for i in idx)
                    self._read(taken)
            except BaseException as exc:  # the worker must outlive any one step
                log.exception("engine worker: a step failed")
                for w in [work] if work is not None else [w for w, _ in taken]:
                    self._fail(w, exc if isinstance(exc, Exception) else RuntimeError(str(exc)))
                continue
            finally:
                self._running = 0
                last_end = self.clock()
            if tokens:  # wall time, the gap before the step included: what the CPU gave the worker under this load
                self._measured(max(last_end - began, 1e-9) / tokens, min(load, self.in_flight))

    def _measured(self, spt: float, load: int) -> None:
        """One step's seconds per token under ``load`` requests in the server.  A CPU shared
        with other jobs varies a lot: admit on a pessimistic estimate (mean + 2 deviations)."""
        with self._cond:
            self._spt_dev = 0.8 * self._spt_dev + 0.2 * abs(spt - self._spt_mean)
            self._spt_mean = 0.8 * self._spt_mean + 0.2 * spt
            self.seconds_per_token = self._spt_mean + 2 * self._spt_dev
            self._spt_best = min(self._spt_best, self._spt_mean)
            self._step_loads.append(max(1, load))
            self._wake_held()

    def _prefill(self, work: Work) -> int:
        self.steps = [*self.steps[-999:], (id(work),)]
        tokens = next(work.prefill, None)
        if tokens is None:  # done: the cache is kept, the prompts now read over it
            with self._cond:
                work.prefill = None
                work.costs[0] = (0, work.costs[0][1])
            trim()  # the chunks' activations are freed: return their pages
            return 0
        with self._cond:
            p, s = work.costs[0]
            work.costs[0] = (max(0, p - tokens), s)
        return tokens

    def _read(self, taken: list[tuple[Work, list[int]]]) -> None:
        """One engine.read over the taken prompts of several requests; each gets its own."""
        self.steps = [*self.steps[-999:], tuple(id(w) for w, _ in taken)]
        jobs = [w.jobs[i] for w, idx in taken for i in idx]
        try:
            results = self.engine.read(jobs)  # forward batches of each request's settings.batch_size
        except Exception as exc:  # noqa: BLE001 - find the request that broke the read, spare the others
            if len(taken) > 1:
                for one in taken:
                    self._read([one])
            else:
                self._fail(taken[0][0], exc)
            return
        self.batches += 1
        offset = 0
        for work, idx in taken:
            work.results.extend(results[offset: offset + len(idx)])
            offset += len(idx)
            if len(work.results) == len(work.jobs):
                self._complete(work)

    def _complete(self, work: Work) -> None:
        with self._cond:
            if work in self._active:
                self._active.remove(work)
            if not work.cancelled:
                self._answered(work, self.clock())
        if work.cancelled or work.future.done():
            return
        try:
            body = work.finish(work.results)
        except Exception as exc:  # noqa: BLE001 - the handler turns it into a 4xx or a logged 500
            work.future.set_exception(exc)
            return
        if work.future.set_running_or_notify_cancel():
            work.future.set_result(body)

    def _answered(self, work: Work, now: float) -> None:
        """Compare the answer's real time with its prediction (the estimate's error) and count
        answers later than their deadline or their client's timeout (``/health``)."""
        if work.predicted >= MIN_ERROR_SPAN and work.admitted > self._cold_at:  # not a guess (see _cold_at)
            self._errors.append((now, (now - work.admitted) / work.predicted))
        if now - work.arrived > work.deadline - work.admitted:  # its deadline, counted from its arrival
            self.over_deadline += 1
        if now - work.arrived > work.timeout:
            self.past_timeout += 1

    def _fail(self, work: Work, exc: Exception) -> None:
        with self._cond:
            if work in self._active:
                self._active.remove(work)
        if not work.future.done() and work.future.set_running_or_notify_cancel():
            work.future.set_exception(exc)
