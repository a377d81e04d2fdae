"""inspect_ai scorers backed by jev: one forward pass per sample, no grader model.

    from inspect_ai import Task, eval, task
    from inspect_ai.dataset import Sample
    from inspect_ai.solver import generate
    from jev_model.adapters.inspect_ai import answer_correctness

    @task
    def capitals():
        return Task(dataset=[Sample(input="What is the capital of France?", target="Paris")],
                    solver=generate(), scorer=answer_correctness())   # was: model_graded_fact()

    eval(capitals(), model="openai/gpt-4o-mini")

The scorer reads ``state.input_text`` as the input, the model's completion as the output
and ``target.text`` as the reference.  Its ``Score.value`` is jev's score (0-1) and
``Score.metadata`` holds the probabilities per level, the label and ``passed``; the task's
metrics are the mean score, its stderr and the pass rate.  A reading jev leaves unscored is
inspect's ``Score.unscored`` (value NaN, ``reason="scoring_failed"``, the reason in the
explanation), which inspect keeps out of every metric.
"""

from __future__ import annotations

import math

from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, mean, metric, scorer, stderr
from inspect_ai.solver import TaskState

from jev_model.adapters import details, explain, holder, item_fields


@metric
def pass_rate() -> Metric:
    """The share of scored samples jev passed (``Score.metadata["passed"]``)."""

    def compute(scores: list[SampleScore]) -> float:
        passed = [bool(s.score.metadata["passed"]) for s in scores
                  if s.score.metadata and s.score.metadata.get("passed") is not None]
        return sum(passed) / len(passed) if passed else math.nan

    return compute


@scorer(metrics=[mean(), stderr(), pass_rate()])
def jev_scorer(evaluator: str = "answer_correctness", engine=None, model: str = "default",
               **fields) -> Scorer:
    """Any jev catalogue evaluator as an inspect scorer.  ``fields``: fixed fields for every
    sample (``criteria``, ``levels``...); ``engine``: a loaded ``jev_model.Engine`` (else the
    shared one for ``model``).  Example: ``jev_scorer("closed_qa", criteria="Is it polite?")``"""
    jev = holder(engine, model)

    async def score(state: TaskState, target: Target) -> Score:
        item = item_fields(evaluator, state.input_text, state.output.completion,
                           target.text if target.target else None, fields)
        (result,) = await jev.aevaluate_many(evaluator, [item])
        if result.unscored:
            return Score.unscored(reason="scoring_failed", explanation=explain(result), metadata=details(result))
        return Score(value=result.score, answer=state.output.completion, explanation=explain(result),
                     metadata=details(result))

    return score


@scorer(metrics=[mean(), stderr(), pass_rate()])
def answer_correctness(engine=None, model: str = "default") -> Scorer:
    """jev's answer_correctness (graded 0-4, score 0-1) against the sample's target."""
    return jev_scorer("answer_correctness", engine, model)


@scorer(metrics=[mean(), stderr(), pass_rate()])
def factuality(engine=None, model: str = "default") -> Scorer:
    """jev's factuality (autoevals' five options) against the sample's target."""
    return jev_scorer("factuality", engine, model)


@scorer(metrics=[mean(), stderr(), pass_rate()])
def correctness(engine=None, model: str = "default") -> Scorer:
    """Strands-style correctness: ``correctness_reference`` against the target, or
    ``correctness`` (no reference) for a sample without one."""
    ref, basic = jev_scorer("correctness_reference", engine, model), jev_scorer("correctness", engine, model)

    async def score(state: TaskState, target: Target) -> Score:
        return await (ref if target.target else basic)(state, target)

    return score
