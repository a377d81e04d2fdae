"""A Strands Evals evaluator backed by jev: CorrectnessEvaluator's two modes, one forward pass each.

    from strands_evals import Case, Experiment
    from jev_model.adapters.strands import JevCorrectnessEvaluator

    evaluator = JevCorrectnessEvaluator()                  # loads the default model on first use
    experiment = Experiment(cases=[Case(name="capital", input="What is the capital of France?",
                                        expected_assertion="The capital of France is Paris.")],
                            evaluators=[evaluator])
    report = experiment.run_evaluations(lambda case: {"output": my_agent(case.input)})

Like Strands' ``CorrectnessEvaluator``, a case with ``expected_assertion`` is judged in
reference mode (jev's ``correctness_reference``: CORRECT / INCORRECT, score P(correct)),
any other case in basic mode (``correctness``: Incorrect 0 / Partially Correct 0.5 /
Perfectly Correct 1, score = sum p x value, passed when Perfectly Correct is the most
probable).  Each returns one ``EvaluationOutput(score, test_pass, reason, label)`` with the
probabilities in ``metadata``.  The output judged is ``actual_output`` (what the task
returned as ``output``).  A case with no output, or a reading jev leaves unscored, is
``label="not_applicable"`` with the reason, which Strands keeps out of its averages.
"""

from __future__ import annotations

from strands_evals.evaluators import Evaluator
from strands_evals.types.evaluation import NOT_APPLICABLE, EvaluationData, EvaluationOutput

from jev_model.adapters import EngineHolder, text
from jev_model.errors import JevError


class JevCorrectnessEvaluator(Evaluator):
    """Strands Evals ``Evaluator``: jev's correctness rubrics, switching on ``expected_assertion``.

    ``engine``: an already loaded ``jev_model.Engine`` (else ``model``/``device``/``dtype``
    are loaded on first use).  ``basic``/``reference``: the evaluator names of the two modes.
    """

    def __init__(self, engine=None, *, model: str = "default", name: str | None = None,
                 basic: str = "correctness", reference: str = "correctness_reference", **engine_kwargs):
        super().__init__(name=name)
        self.jev = EngineHolder(engine, model, **engine_kwargs)
        self.basic, self.reference = basic, reference

    def evaluate(self, evaluation_case: EvaluationData) -> list[EvaluationOutput]:
        evaluator, fields = self._item(evaluation_case)
        if evaluator is None:
            return [not_applicable(fields)]
        try:
            return self._outputs(self.jev.evaluate(evaluator, fields))
        except JevError as exc:
            return [not_applicable(str(exc))]

    async def evaluate_async(self, evaluation_case: EvaluationData) -> list[EvaluationOutput]:
        """``run_evaluations_async``: concurrent cases are read together (``MicroBatcher``)."""
        evaluator, fields = self._item(evaluation_case)
        if evaluator is None:
            return [not_applicable(fields)]
        try:
            return self._outputs(await self.jev.aevaluate(evaluator, fields))
        except JevError as exc:
            return [not_applicable(str(exc))]

    def _item(self, case: EvaluationData):
        """(evaluator, fields), or (None, why) for a case with nothing to judge."""
        fields = {"input": text(case.input), "output": text(case.actual_output)}
        evaluator = self.basic
        if case.expected_assertion:  # the seed: reference mode when the case has an assertion
            evaluator = self.reference
            fields["expected_assertion"] = case.expected_assertion
        if not fields["output"] or not str(fields["output"]).strip():
            return None, "the case has no output to judge (the task returned no 'output')"
        return evaluator, fields

    def _outputs(self, result) -> list[EvaluationOutput]:
        if result.unscored:
            return [not_applicable(f"jev left this unscored: {result.unscored}")]
        return [EvaluationOutput(score=result.score, test_pass=bool(result.passed), reason=reason(result),
                                 label=result.label, metadata=metadata(result))]


def not_applicable(why: str) -> EvaluationOutput:
    """A row jev declines to judge.  Strands Evals 1.7 drops a ``not_applicable`` row from
    ``overall_score`` only when it passes (``EvaluationReport.is_applicable``: a failing one
    counts as a real failure), so it passes here: like an unscored reading everywhere in
    jev, it is kept out of averages, and the reason says why."""
    return EvaluationOutput(score=0.0, test_pass=True, reason=why, label=NOT_APPLICABLE)


def reason(result) -> str:
    probs = ", ".join(f"{k} {v:.2f}" for k, v in result.probabilities.items())
    return f"jev {result.evaluator} ({result.readout} readout): {result.label}; probabilities {probs}"


def metadata(result) -> dict:
    return {"evaluator": result.evaluator, "probabilities": result.probabilities,
            "confidence": result.confidence, "readout": result.readout,
            **({"level": result.level} if result.level is not None else {}),
            **({"level_mass": result.level_mass} if result.level_mass is not None else {})}
