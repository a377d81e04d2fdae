"""An autoevals ``Scorer`` backed by jev: any catalogue evaluator, with its probabilities.

    from jev_model.adapters.autoevals import JevScorer

    correctness = JevScorer("answer_correctness")          # loads the default model on first use
    score = correctness("November 21, 2026.", expected="2026-12-21",
                        input="A key was created on 2026-09-22 with a 90-day expiry. When does it expire?")
    score.score, score.metadata["probabilities"]

    polite = JevScorer("closed_qa", criteria="Is the reply polite?")   # fixed fields for every call
    judge = JevScorer("llm_judge", criteria="How clear is it?", levels=["unclear", "so-so", "clear"])

Like autoevals' own scorers it is called as ``scorer(output, expected=None, **kwargs)`` and
returns ``Score(name, score, metadata)``; ``metadata`` holds the probabilities per level,
the label, passed, confidence and (graded) the expected level.  A reading jev leaves
unscored returns ``score=None`` (autoevals: skipped) with the reason in the metadata; a
missing field raises ``JevError`` naming it.
"""

from __future__ import annotations

from autoevals import Score, Scorer

from jev_model.adapters import EngineHolder, text


class JevScorer(Scorer):
    """autoevals ``Scorer`` for one jev evaluator.  ``fields``: values used on every call
    (``criteria``, ``levels``...); ``engine`` or ``model``/``device``/``dtype`` as in
    ``jev_model.adapters.strands``."""

    def __init__(self, evaluator: str = "answer_correctness", engine=None, *, model: str = "default",
                 name: str | None = None, engine_kwargs: dict | None = None, **fields):
        from jev_model.core.rubric import load_rubric

        self.rubric = load_rubric(evaluator)  # an unknown evaluator fails here, not on the first item
        self.evaluator = evaluator
        self.name = name
        self.fields = fields
        self.jev = EngineHolder(engine, model, **(engine_kwargs or {}))

    def _name(self) -> str:
        return self.name or self.evaluator

    def _run_eval_sync(self, output, expected=None, **kwargs) -> Score:
        return self._score(self.jev.evaluate(self.evaluator, self._fields(output, expected, kwargs)))

    async def _run_eval_async(self, output, expected=None, **kwargs) -> Score:
        """``eval_async``: concurrent calls are read together (the engine's ``MicroBatcher``)."""
        return self._score(await self.jev.aevaluate(self.evaluator, self._fields(output, expected, kwargs)))

    def _fields(self, output, expected, kwargs) -> dict:
        fields = {**self.fields, **kwargs, "output": text(output)}
        if expected is not None:
            fields["expected"] = text(expected)
            if "expected_assertion" in self.rubric.fields:
                fields.setdefault("expected_assertion", fields["expected"])
        if fields.get("input") is not None:
            fields["input"] = text(fields["input"])
        return fields

    def _score(self, result) -> Score:
        if result.unscored:
            return Score(name=self._name(), score=None, metadata={"unscored": result.unscored})
        meta = {"probabilities": result.probabilities, "label": result.label, "passed": result.passed,
                "confidence": result.confidence, "readout": result.readout}
        if result.level is not None:
            meta["level"] = result.level
        return Score(name=self._name(), score=result.score, metadata=meta)
