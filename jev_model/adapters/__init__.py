"""Adapters that plug jev evaluators into evaluation tools people already use.

* ``jev_model.adapters.strands``   - a Strands Evals ``Evaluator`` (extra ``strands``)
* ``jev_model.adapters.autoevals`` - an autoevals ``Scorer`` (extra ``autoevals``)

Each imports its library only when used, so jev itself never needs them.
"""

from __future__ import annotations

import threading

from jev_model.errors import JevError


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

            self._engine = Engine.load(self._model, **self._kwargs)
        return self._engine

    def evaluate(self, evaluator: str, fields: dict):
        """One item through the catalogue (llm_judge completed from the fields)."""
        from jev_model.core.catalogue import rubric_for

        rubric = rubric_for(evaluator, fields)
        with self.lock:
            return self.engine.evaluate(rubric, **fields)


def text(value) -> str | None:
    """A case's input or output as text (None stays None)."""
    if value is None or isinstance(value, str):
        return value
    from jev_model.core.render import render_value

    return render_value(value)


__all__ = ["EngineHolder", "JevError", "text"]
