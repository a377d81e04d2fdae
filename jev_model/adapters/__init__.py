"""Adapters that plug jev evaluators into evaluation tools people already use.

* ``jev_model.adapters.strands``   - a Strands Evals ``Evaluator`` (extra ``strands``)
* ``jev_model.adapters.autoevals`` - an autoevals ``Scorer`` (extra ``autoevals``)
* ``jev_model.adapters.inspect_ai`` - inspect_ai scorers and metrics (extra ``inspect``)
* ``jev_model.adapters.deepeval``  - a DeepEval ``BaseMetric`` (extra ``deepeval``)
* ``jev_model.adapters.ragas``     - a RAGAS ``answer_correctness`` metric (extra ``ragas``)
* ``jev_model.adapters.mlflow``    - an MLflow GenAI scorer (extra ``mlflow``)

Each imports its library only when used, so jev itself never needs them.  Every adapter
given no engine shares one per model and settings (``EngineHolder``): a framework that
copies its metric objects, or a user with five metrics, still loads the model once.
"""

from __future__ import annotations

import asyncio
import threading

from jev_model.errors import JevError

_SHARED: dict[tuple, object] = {}  # (model, engine kwargs) -> Engine, loaded once per process
_SHARED_LOCK = threading.Lock()


class EngineHolder:
    """A jev Engine given or loaded on first use, with one lock: the libraries call
    evaluators from worker threads, and one forward pass at a time uses the CPU best."""

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
        """One item through the catalogue (llm_judge completed from the fields)."""
        from jev_model.core.catalogue import rubric_for

        rubric = rubric_for(evaluator, fields)
        with self.lock:
            return self.engine.evaluate(rubric, **fields)

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


def holder(engine=None, model: str = "default", **engine_kwargs) -> EngineHolder:
    """An ``EngineHolder`` for ``engine`` (an Engine, a holder, or None: the shared one)."""
    if isinstance(engine, EngineHolder):
        return engine
    return EngineHolder(engine, model, **engine_kwargs)


def item_fields(evaluator: str, input=None, output=None, expected=None, fixed: dict | None = None) -> dict:
    """A framework's (input, output, expected) as the evaluator's fields: text, the
    reference also as ``expected_assertion`` where the rubric reads that
    (``correctness_reference``); ``fixed``: fields for every item (``criteria``...)."""
    from jev_model.core.rubric import load_rubric

    fields = {**(fixed or {})}
    for name, value in (("input", input), ("output", output), ("expected", expected)):
        if value is not None:
            fields[name] = text(value)
    if expected is not None and "expected_assertion" in load_rubric(evaluator).fields:
        fields.setdefault("expected_assertion", fields["expected"])
    return fields


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


__all__ = ["EngineHolder", "JevError", "details", "explain", "holder", "item_fields", "text"]
