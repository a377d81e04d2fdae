"""Adapters that plug jev evaluators into evaluation tools people already use.

* ``jev_model.adapters.strands``   - a Strands Evals ``Evaluator`` (extra ``strands``)
* ``jev_model.adapters.autoevals`` - an autoevals ``Scorer`` (extra ``autoevals``)
* ``jev_model.adapters.inspect_ai`` - inspect_ai scorers and metrics (extra ``inspect``)
* ``jev_model.adapters.deepeval``  - a DeepEval ``BaseMetric`` (extra ``deepeval``)
* ``jev_model.adapters.ragas``     - RAGAS ``answer_correctness`` and ``faithfulness`` metrics (extra ``ragas``)
* ``jev_model.adapters.mlflow``    - an MLflow GenAI scorer (extra ``mlflow``)

Each imports its library only when used, so jev itself never needs them.  Every adapter
given no engine shares one per model and settings (``EngineHolder``): a framework that
copies its metric objects, or a user with five metrics, still loads the model once.  Every
adapter scores one item per call through the engine's ``MicroBatcher``: calls that a
framework makes concurrently (async tasks or worker threads) are read together in one
``Engine.read``, with the same results as one by one.
"""

from __future__ import annotations

import asyncio
import threading
import time
import weakref
from concurrent.futures import Future

from jev_model.errors import JevError

_SHARED: dict[tuple, object] = {}  # (model, engine kwargs) -> Engine, loaded once per process
_SHARED_LOCK = threading.Lock()


class EngineHolder:
    """A jev Engine given or loaded on first use.  Single items (``evaluate``, ``aevaluate``)
    go through the engine's ``MicroBatcher``; ``evaluate_many`` is one read under ``lock``."""

    def __init__(self, engine=None, model: str = "default", **engine_kwargs):
        self._engine = engine
        self._model = model
        self._kwargs = engine_kwargs
        self.lock = threading.Lock()

    @property
    def engine(self):
        if self._engine is None:
            from jev_model.core.engine import Engine

            key = (self._model, tuple(sorted(self._kwargs.items())))
            with _SHARED_LOCK:
                if key not in _SHARED:
                    _SHARED[key] = Engine.load(self._model, **self._kwargs)
                self._engine = _SHARED[key]
        return self._engine

    def evaluate(self, evaluator: str, fields: dict):
        """One item through the catalogue (llm_judge completed from the fields), read with
        whatever other calls arrive at the same time (``MicroBatcher``)."""
        return batcher(self.engine).evaluate(evaluator, fields)

    async def aevaluate(self, evaluator: str, fields: dict):
        """``evaluate`` for async frameworks: awaits the batched read off the event loop."""
        return await batcher(self.engine).aevaluate(evaluator, fields)

    def evaluate_many(self, evaluator: str, items: list[dict]) -> list:
        """Many items with one evaluator: each prepared, then one ``Engine.read`` (batched)."""
        from jev_model.core.catalogue import rubric_for

        engine = self.engine
        requests = [engine.prepare(rubric_for(evaluator, fields), fields) for fields in items]
        with self.lock:
            return engine.read(requests)

    async def aevaluate_many(self, evaluator: str, items: list[dict]) -> list:
        """``evaluate_many`` off the event loop (a worker thread), for async frameworks."""
        return await asyncio.to_thread(self.evaluate_many, evaluator, items)


class MicroBatcher:
    """Single-item calls on one engine, from any thread or event loop, gathered into one
    ``Engine.read``: the first call waits ``window_s`` for others, and calls that arrive
    while a read runs form the next one.  A framework that scores samples concurrently
    (inspect, RAGAS, DeepEval's ``a_measure``, MLflow's worker threads) so reads them in
    batches, with the same results as one by one.  Each call is prepared on its own: a bad
    item raises its JevError in its own caller and never fails the others.  One per engine
    (``batcher``), run by one short-lived worker thread while calls are queued."""

    def __init__(self, engine, window_s: float = 0.002, max_items: int = 256):
        self._engine = weakref.ref(engine)
        self.window_s, self.max_items = window_s, max_items
        self._cond = threading.Condition()
        self._queue: list[tuple[str, dict, Future]] = []
        self._running = False

    def submit(self, evaluator: str, fields: dict) -> Future:
        """Queue one item; the Future gets its Result (or its exception)."""
        future: Future = Future()
        with self._cond:
            self._queue.append((evaluator, fields, future))
            if self._running:
                self._cond.notify()
            else:
                self._running = True
                threading.Thread(target=self._work, name="jev-adapter-batcher", daemon=True).start()
        return future

    def evaluate(self, evaluator: str, fields: dict):
        return self.submit(evaluator, fields).result()

    async def aevaluate(self, evaluator: str, fields: dict):
        return await asyncio.wrap_future(self.submit(evaluator, fields))

    def _work(self) -> None:
        while True:
            with self._cond:
                deadline = time.monotonic() + self.window_s
                while self._queue and len(self._queue) < self.max_items:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        break
                    self._cond.wait(left)
                batch, self._queue = self._queue[:self.max_items], self._queue[self.max_items:]
                if not batch:
                    self._running = False
                    return
            try:
                self._read(batch)
            except BaseException as exc:  # never leave a caller waiting
                for _, _, future in batch:
                    if not future.done():
                        future.set_exception(exc)

    def _read(self, batch: list) -> None:
        from jev_model.core.catalogue import rubric_for

        engine = self._engine()
        ready = []
        for evaluator, fields, future in batch:
            if not future.set_running_or_notify_cancel():
                continue  # its caller stopped waiting (a framework's timeout)
            try:
                ready.append((engine.prepare(rubric_for(evaluator, fields), fields), future))
            except Exception as exc:
                future.set_exception(exc)
        if not ready:
            return
        try:
            results = engine.read([request for request, _ in ready])
        except Exception:
            if len(ready) == 1:
                raise
            results = None  # one bad request: read each alone, so the error reaches its own caller
        for n, (request, future) in enumerate(ready):
            if results is not None:
                future.set_result(results[n])
                continue
            try:
                future.set_result(engine.read([request])[0])
            except Exception as exc:
                future.set_exception(exc)


_BATCHERS: "weakref.WeakKeyDictionary[object, MicroBatcher]" = weakref.WeakKeyDictionary()


def batcher(engine) -> MicroBatcher:
    """The one ``MicroBatcher`` of ``engine``: every adapter and holder reading with this
    engine shares it, so their concurrent calls batch together."""
    with _SHARED_LOCK:
        if engine not in _BATCHERS:
            _BATCHERS[engine] = MicroBatcher(engine)
        return _BATCHERS[engine]


def holder(engine=None, model: str = "default", **engine_kwargs) -> EngineHolder:
    """An ``EngineHolder`` for ``engine`` (an Engine, a holder, or None: the shared one)."""
    if isinstance(engine, EngineHolder):
        return engine
    return EngineHolder(engine, model, **engine_kwargs)


def item_fields(evaluator: str, input=None, output=None, expected=None, fixed: dict | None = None,
                context=None) -> dict:
    """A framework's (input, output, expected, retrieved context) as the evaluator's fields:
    text, the reference also as ``expected_assertion`` where the rubric reads that
    (``correctness_reference``), the retrieved passages (a list) one after another as
    ``context``; ``fixed``: fields for every item (``criteria``...)."""
    from jev_model.core.rubric import load_rubric

    fields = {**(fixed or {})}
    for name, value in (("input", input), ("output", output), ("expected", expected), ("context", context)):
        if value is not None:
            fields[name] = passages(value) if name == "context" else text(value)
    if expected is not None and "expected_assertion" in load_rubric(evaluator).fields:
        fields.setdefault("expected_assertion", fields["expected"])
    return fields


def passages(value) -> str | None:
    """Retrieved context as one text: a list of passages (RAGAS ``retrieved_contexts``, DeepEval
    ``retrieval_context``) joined by blank lines; a string as it is."""
    if isinstance(value, (list, tuple)):
        return "\n\n".join(t for t in (text(v) for v in value) if t)
    return text(value)


def explain(result) -> str:
    """One line for a framework's reason/rationale field: the label and the probabilities."""
    if result.unscored:
        return f"jev left this unscored: {result.unscored}"
    probs = ", ".join(f"{k} {v:.3f}" for k, v in result.probabilities.items())
    return f"jev {result.evaluator} ({result.readout} readout): {result.label}; probabilities {probs}"


def details(result) -> dict:
    """The result's numbers for a framework's metadata field (None where unscored)."""
    if result.unscored:
        return {"evaluator": result.evaluator, "unscored": result.unscored}
    return {"evaluator": result.evaluator, "probabilities": result.probabilities, "label": result.label,
            "passed": result.passed, "confidence": result.confidence, "readout": result.readout,
            **({"level": result.level} if result.level is not None else {})}


def text(value) -> str | None:
    """A case's input or output as text (None stays None)."""
    if value is None or isinstance(value, str):
        return value
    from jev_model.core.render import render_value

    return render_value(value)


__all__ = ["EngineHolder", "JevError", "MicroBatcher", "batcher", "details", "explain", "holder", "item_fields",
           "passages", "text"]
