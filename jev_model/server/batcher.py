"""One worker thread owns the engine; concurrent requests share its forward passes.

Request handlers only validate.  Each accepted request becomes a ``Work``: ``plan`` renders
and tokenizes it into read jobs on the worker, ``finish`` turns its results into a response
body.  The worker takes every request waiting (up to ``max_batch`` jobs), reads all their
jobs in ONE ``engine.read`` call, so prompts of different requests share a batch, and hands
each request its own results.  At most ``max_queue`` requests wait; past that, ``submit``
raises ``QueueFull`` and the server answers 429 with ``retry-after``.

Example:
    >>> b = Batcher(engine, max_batch=8, max_queue=64)                         # doctest: +SKIP
    >>> fut = b.submit("evaluate", plan=lambda e: jobs, finish=lambda rs: rs)  # doctest: +SKIP
    >>> fut.result()                                                           # doctest: +SKIP
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field

log = logging.getLogger("jev.server")


class QueueFull(Exception):
    def __init__(self, retry_after: int):
        super().__init__(f"the queue is full; retry after {retry_after} s")
        self.retry_after = retry_after


@dataclass
class Work:
    kind: str  # "questions" | "evaluate"
    plan: Callable  # (engine) -> list of ReadRequest; runs on the worker
    finish: Callable  # (list[Result]) -> response body; runs on the worker
    future: Future = field(default_factory=Future)


class Batcher:
    def __init__(self, engine, *, max_batch: int = 8, max_queue: int = 64):
        if max_batch < 1 or max_queue < 1:
            raise ValueError("max_batch and max_queue must be at least 1")
        self.engine = engine
        self.max_batch, self.max_queue = max_batch, max_queue
        self._queue: deque[Work] = deque()
        self._cond = threading.Condition()
        self._stopped = False
        self._batch_seconds = 1.0  # moving average of one engine.read call, for retry-after
        self.batches = 0  # engine.read calls so far (tests read it)
        self._thread = threading.Thread(target=self._loop, name="jev-engine", daemon=True)
        self._thread.start()

    @property
    def waiting(self) -> int:
        return len(self._queue)

    def submit(self, kind: str, plan: Callable, finish: Callable) -> Future:
        work = Work(kind, plan, finish)
        with self._cond:
            if self._stopped:
                raise RuntimeError("the engine worker has stopped")
            if len(self._queue) >= self.max_queue:
                raise QueueFull(self.retry_after())
            self._queue.append(work)
            self._cond.notify()
        return work.future

    def retry_after(self) -> int:
        """Seconds until the queue has likely drained one batch's worth."""
        rounds = 1 + len(self._queue) // self.max_batch
        return int(min(60, max(1, math.ceil(self._batch_seconds * rounds))))

    def close(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._thread.join(timeout=30)

    # -- the worker --------------------------------------------------------------------------
    def _pop(self, block: bool) -> Work | None:
        with self._cond:
            while block and not self._queue and not self._stopped:
                self._cond.wait()
            while self._queue:
                work = self._queue.popleft()
                if work.future.set_running_or_notify_cancel():  # skip requests given up on
                    return work
            return None

    def _loop(self) -> None:
        while True:
            work = self._pop(block=True)
            if work is None:
                return  # stopped
            taken: list[tuple[Work, list]] = []
            jobs = 0
            while work is not None:
                planned = self._guard(work, lambda w=work: w.plan(self.engine))
                if planned is not None:
                    taken.append((work, planned))
                    jobs += len(planned)
                work = self._pop(block=False) if jobs < self.max_batch else None
            try:
                for kind in ("questions", "evaluate"):
                    group = [(w, j) for w, j in taken if w.kind == kind]
                    if group:
                        self._read(kind, group)
            except BaseException as exc:  # the worker must outlive any one batch
                log.exception("engine worker: a batch failed")
                for w, _ in taken:
                    if not w.future.done():
                        w.future.set_exception(exc if isinstance(exc, Exception) else RuntimeError(str(exc)))

    def _read(self, kind: str, group: list[tuple[Work, list]]) -> None:
        """One engine.read over every job of ``group``; each request gets its own slice."""
        # each request carries its settings: wire questions are planned with no minimum level
        # mass (Engine.plan_ask), evaluators with the engine's defaults
        jobs = [job for _, planned in group for job in planned]
        start = time.perf_counter()
        try:
            results = self.engine.read(jobs)  # forward batches of each request's settings.batch_size (--batch-size)
        except Exception as exc:  # noqa: BLE001 - find the request that broke the batch, spare the others
            if len(group) > 1:
                for one in group:
                    self._read(kind, [one])
            elif not group[0][0].future.done():
                group[0][0].future.set_exception(exc)
            return
        elapsed = time.perf_counter() - start
        self._batch_seconds = 0.8 * self._batch_seconds + 0.2 * elapsed
        self.batches += 1
        offset = 0
        for work, planned in group:
            mine = results[offset: offset + len(planned)]
            offset += len(planned)
            body = self._guard(work, lambda w=work, m=mine: w.finish(m))
            if body is not None:
                work.future.set_result(body)

    @staticmethod
    def _guard(work: Work, fn: Callable):
        """Run ``fn`` for one request; an exception goes to that request's future only."""
        try:
            return fn()
        except Exception as exc:  # noqa: BLE001 - the handler turns it into a 4xx or a logged 500
            if not work.future.done():
                work.future.set_exception(exc)
            return None
