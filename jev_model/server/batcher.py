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
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field

from jev_model.server.admission import Line
from jev_model.server.config import ServerConfig
from jev_model.server.costs import prefill_steps

log = logging.getLogger("jev.server")

FIRST_SECONDS_PER_TOKEN = 0.05  # pessimistic until the first steps are measured (a 270M model on a busy 2-core CPU)
PROMISE_GRACE = 2.0  # seconds a promised slot is held past its time for a client that is late
PROMISE_MARGIN = 0.25  # of the deadline, kept free in a promised slot for the estimate's error
MIN_RETRY_AFTER = 0.25  # seconds: no client is told to come back at once
SDK_TIMEOUT = 10.0  # seconds the official SDK waits by default: a client's timeout when it sends no x-jev-timeout
PROMISE_SAFETY = 1.0  # seconds below a client's timeout that a returning client's reserve stops (HTTP, estimate)


class Busy(Exception):
    """Not admitted now: the work ahead would not leave room within the deadline."""

    def __init__(self, retry_after: float, why: str):
        super().__init__(f"{why}; retry after {retry_after:.1f} s")
        self.retry_after = retry_after


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
        self.line = Line(max_slots=config.max_queue, grace=PROMISE_GRACE, margin=PROMISE_MARGIN,
                         safety=PROMISE_SAFETY)  # promised slots
        self.clock = clock
        self._cond = threading.Condition()
        self._stopped = False
        self.seconds_per_token = FIRST_SECONDS_PER_TOKEN  # admission's estimate: mean + 2 deviations
        self._spt_mean, self._spt_dev = FIRST_SECONDS_PER_TOKEN, 0.0  # moving averages over worker steps
        self._running = 0  # tokens of the step running now
        self._running_since = time.perf_counter()
        self._spt_best = FIRST_SECONDS_PER_TOKEN  # lowest moving mean seen: what "alone, unhurried" means
        self.batches = 0  # engine.read calls so far (tests read it)
        self.steps: list[tuple[int, ...]] = []  # ids of the requests each step served, recent ones (tests read it)
        self.dropped = 0  # requests cancelled before they were answered
        self._thread = threading.Thread(target=self._loop, name="jev-engine", daemon=True)
        self._thread.start()

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

    def backlog(self) -> float:
        """Estimated seconds of admitted work not yet read, the step running now included."""
        return sum(w.remaining for w in self._active) * self.seconds_per_token + self._running_left()

    def ahead_of(self, tokens: int) -> float:
        """Estimated seconds before a new request of ``tokens`` would be done reading: the
        admitted work that runs first (shortest remaining first: no more than ``tokens`` left)
        and the step running now, plus its own."""
        first = sum(r for r in (w.remaining for w in self._active) if r <= tokens) * self.seconds_per_token
        return first + self._running_left()

    def _running_left(self) -> float:
        return max(0.0, self._running * self.seconds_per_token - (time.perf_counter() - self._running_since))

    def assume_speed(self, seconds_per_token: float) -> None:
        """Take ``seconds_per_token`` as measured (the estimate, its mean and the best speed
        seen) until the worker's next steps measure their own: a known warm speed, or a test's.

        Example:
            >>> batcher.assume_speed(0.002)   # 500 tokens/s                  # doctest: +SKIP
        """
        if not seconds_per_token > 0:
            raise ValueError(f"seconds_per_token must be positive, not {seconds_per_token}")
        with self._cond:
            self.seconds_per_token = self._spt_mean = self._spt_best = seconds_per_token
            self._spt_dev = 0.0

    def step_tokens(self) -> int:
        """Tokens one step reads at most: ``chunk_tokens``, fewer where the measured speed
        would make a step longer than a quarter of the deadline (at least 16)."""
        return max(16, min(self.chunk_tokens, int(self.deadline / 4 / self._spt_mean)))

    def estimate(self, tokens: int) -> float:
        return tokens * self.seconds_per_token

    def submit(self, kind: str, jobs: list, costs: list[tuple[int, int]], finish: Callable, *,
               deadline: float | None = None, key: str | None = None) -> Work:
        """Admit a planned request or raise ``Busy``/``TooLarge`` (see the module docstring).
        ``deadline``: seconds the client waits (default: the server's); ``key``: what identifies
        the request when its client comes back after a 429 (a hash of its body); without one a
        429 books no slot, its Retry-After is a hint."""
        limit = self.deadline if deadline is None else deadline
        timeout = SDK_TIMEOUT if deadline is None else deadline  # how long the client itself waits
        tokens = sum(p + s for p, s in costs)
        with self._cond:
            if self._stopped:
                raise RuntimeError("the engine worker has stopped")
            now = self.clock()
            own = self.estimate(tokens)
            best = tokens * self._spt_best  # too large *ever*: judged at the best speed seen, not a busy moment's
            if best > limit:
                rate = 1 / self._spt_best
                raise TooLarge(f"the request is {tokens} tokens, about {best:.1f} s at the best measured {rate:.0f} "
                               f"tokens/s, over the deadline of {limit:g} s a request (the server's --deadline, "
                               f"or the client's x-jev-timeout header); send fewer or shorter questions")
            self.line.forget_passed(now)
            mine = self.line.find(key)  # a client coming back when told
            ahead_slots = self.line.ahead_of(mine)
            ahead, queued = self.ahead_of(tokens), self.backlog()
            within = self.line.limit(mine, now, deadline=limit, timeout=timeout)  # the reserve, if back on time
            if len(self._active) >= self.max_queue:
                why = f"{len(self._active)} requests are queued (--max-queue {self.max_queue})"
            elif ahead + own > within and (self._active or self._running):  # alone it always goes: the
                # 413 above judged it at the best speed, and a pessimistic estimate must not shut the door
                why = (f"about {ahead:.1f} s of work runs first; this request ({own:.1f} s) would not be "
                       f"answered within {within:g} s")
            elif not self.line.leaves_room(now, queued + own, ahead_slots):
                why = f"{len(ahead_slots)} clients were told to come back before this request"
            else:
                if mine is not None:
                    self.line.redeem(mine)
                # ordered by its deadline, not its reserve: requests admitted after it do not pass it
                work = Work(kind, list(jobs), list(costs), finish, now + limit)
                self._active.append(work)
                self._cond.notify()
                return work
            raise Busy(max(MIN_RETRY_AFTER, self._promise(now, key, mine, ahead_slots, queued, own, limit) - now), why)

    def _promise(self, now: float, key: str | None, mine, ahead_slots, queued: float, own: float,
                 limit: float) -> float:
        """When a refused request is to come back: a client that came early keeps its slot; one
        on time is booked again behind the slots ranked ahead of it only (its place kept); a new
        one is booked at the end of the line, or, with no key or a full line, told when the line
        ends without a slot."""
        if mine is not None and mine.due > now:
            return mine.due
        due = self.line.next_free(now, queued=queued, ahead=ahead_slots, own=own, deadline=limit)
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
    def _next_step(self) -> tuple[Work | None, list[tuple[Work, list[int]]]] | None:
        """The next unit of work: ``(work, [])`` for one prefill chunk of that request's long
        state, or ``(None, [(work, job indices), ...])`` for prompts read in one call; ``None``
        when stopped."""
        with self._cond:
            while not self._active and not self._stopped:
                self._cond.wait()
            if self._stopped:
                return None
            order = sorted(self._active, key=lambda w: (w.remaining, w.deadline))  # shortest remaining first
            first = order[0]
            budget = self.step_tokens()
            if first.prefill is None and first.next_job == 0 and first.costs[0][0] > budget:
                first.prefill = prefill_steps(self.engine, first.jobs[0], self.step_tokens)
            self._running_since = time.perf_counter()
            if first.prefill is not None:
                self._running = min(budget, first.costs[0][0])
                return first, []
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
            return None, taken

    def _loop(self) -> None:
        while True:
            step = self._next_step()
            if step is None:
                return
            start = time.perf_counter()
            try:
                work, taken = step
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
            elapsed = time.perf_counter() - start
            if tokens:  # a CPU shared with other jobs varies a lot: admit on a pessimistic estimate
                spt = elapsed / tokens
                self._spt_dev = 0.8 * self._spt_dev + 0.2 * abs(spt - self._spt_mean)
                self._spt_mean = 0.8 * self._spt_mean + 0.2 * spt
                self.seconds_per_token = self._spt_mean + 2 * self._spt_dev
                self._spt_best = min(self._spt_best, self._spt_mean)

    def _prefill(self, work: Work) -> int:
        self.steps = [*self.steps[-999:], (id(work),)]
        tokens = next(work.prefill, None)
        if tokens is None:  # done: the cache is kept, the prompts now read over it
            with self._cond:
                work.prefill = None
                work.costs[0] = (0, work.costs[0][1])
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
        if work.cancelled or work.future.done():
            return
        try:
            body = work.finish(work.results)
        except Exception as exc:  # noqa: BLE001 - the handler turns it into a 4xx or a logged 500
            work.future.set_exception(exc)
            return
        if work.future.set_running_or_notify_cancel():
            work.future.set_result(body)

    def _fail(self, work: Work, exc: Exception) -> None:
        with self._cond:
            if work in self._active:
                self._active.remove(work)
        if not work.future.done() and work.future.set_running_or_notify_cancel():
            work.future.set_exception(exc)
