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
``Score.metadata`` holds the probabilities per level, the label, ``passed`` and (graded
evaluators) the expected ``level``; the task's metrics are the mean score, its stderr, the
pass rate and ``gold_mae``.  A reading jev leaves unscored is inspect's ``Score.unscored``
(value NaN, ``reason="scoring_failed"``, the reason in the explanation), which inspect keeps
out of every metric.

A gold level goes in the sample's metadata, as inspect keeps per-sample data (the target is
the reference answer): ``Sample(input=..., target=..., metadata={"gold_level": 4})`` (or
``FieldSpec(metadata=["gold_level"])`` reading a dataset).  ``gold_mae`` is the mean absolute
error of jev's expected level against it, over the samples that have both; an unscored
reading or a sample without a gold level is left out (never a 0), and with none it is NaN.

The RAG evaluators read the retrieved context from the sample's metadata (inspect has no
field for it): ``Sample(input=question, metadata={"context": passages})``, a string or a list,
and the model's completion as the answer; no target is needed:

    Task(dataset=[...], solver=generate(), scorer=faithfulness())   # or context_relevance(), answer_relevance()
"""

from __future__ import annotations

import math

from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, mean, metric, scorer, stderr
from inspect_ai.solver import TaskState

from jev_model.adapters import details, explain, holder, item_fields
from jev_model.errors import JevError

GOLD_KEY = "gold_level"  # Sample.metadata key of the gold level (a level index: 0-4 for answer_correctness)
CONTEXT_KEY = "context"  # Sample.metadata key of the retrieved context (the RAG evaluators)


@metric
def pass_rate() -> Metric:
    """The share of scored samples jev passed (``Score.metadata["passed"]``)."""

    def compute(scores: list[SampleScore]) -> float:
        passed = [bool(s.score.metadata["passed"]) for s in scores
                  if s.score.metadata and s.score.metadata.get("passed") is not None]
        return sum(passed) / len(passed) if passed else math.nan

    return compute


@metric
def gold_mae() -> Metric:
    """Mean |expected level - gold level| over the samples with a gold level
    (``Sample.metadata["gold_level"]``) that jev scored; NaN when there are none."""

    def compute(scores: list[SampleScore]) -> float:
        from jev_model.datasets.metrics import mean_absolute_error

        meta = [s.score.metadata or {} for s in scores]
        mae = mean_absolute_error([m.get("level") for m in meta], [m.get(GOLD_KEY) for m in meta])
        return math.nan if mae is None else mae

    return compute


def jev_metrics() -> list[Metric]:
    """Every jev scorer's metrics: mean score, its stderr, pass rate, MAE against gold levels."""
    return [mean(), stderr(), pass_rate(), gold_mae()]


@scorer(metrics=jev_metrics())
def jev_scorer(evaluator: str = "answer_correctness", engine=None, model: str = "default",
               **fields) -> Scorer:
    """Any jev catalogue evaluator as an inspect scorer.  ``fields``: fixed fields for every
    sample (``criteria``, ``levels``...); ``engine``: a loaded ``jev_model.Engine`` (else the
    shared one for ``model``).  Example: ``jev_scorer("closed_qa", criteria="Is it polite?")``"""
    jev = holder(engine, model)

    async def score(state: TaskState, target: Target) -> Score:
        item = item_fields(evaluator, state.input_text, state.output.completion,
                           target.text if target.target else None, fields,
                           context=(state.metadata or {}).get(CONTEXT_KEY))
        gold = gold_level(state)
        result = await jev.aevaluate(evaluator, item)  # samples scored concurrently are read together
        meta = {**details(result), **({GOLD_KEY: gold} if gold is not None else {})}
        if result.unscored:
            return Score.unscored(reason="scoring_failed", explanation=explain(result), metadata=meta)
        return Score(value=result.score, answer=state.output.completion, explanation=explain(result),
                     metadata=meta)

    return score


def gold_level(state: TaskState) -> float | None:
    """The sample's gold level (``metadata["gold_level"]``), None where it gives none."""
    gold = (state.metadata or {}).get(GOLD_KEY)
    if gold is None:
        return None
    if isinstance(gold, bool) or not isinstance(gold, (int, float)):
        raise JevError(f"sample {state.sample_id}: metadata[{GOLD_KEY!r}] must be a level number, not {gold!r}")
    return gold


@scorer(metrics=jev_metrics())
def answer_correctness(engine=None, model: str = "default") -> Scorer:
    """jev's answer_correctness (graded 0-4, score 0-1) against the sample's target."""
    return jev_scorer("answer_correctness", engine, model)


@scorer(metrics=jev_metrics())
def factuality(engine=None, model: str = "default") -> Scorer:
    """jev's factuality (autoevals' five options) against the sample's target."""
    return jev_scorer("factuality", engine, model)


@scorer(metrics=jev_metrics())
def correctness(engine=None, model: str = "default") -> Scorer:
    """Strands-style correctness: ``correctness_reference`` against the target, or
    ``correctness`` (no reference) for a sample without one."""
    ref, basic = jev_scorer("correctness_reference", engine, model), jev_scorer("correctness", engine, model)

    async def score(state: TaskState, target: Target) -> Score:
        return await (ref if target.target else basic)(state, target)

    return score


@scorer(metrics=jev_metrics())
def faithfulness(engine=None, model: str = "default") -> Scorer:
    """jev's faithfulness: is every claim of the completion supported by ``metadata["context"]``?"""
    return jev_scorer("faithfulness", engine, model)


@scorer(metrics=jev_metrics())
def context_relevance(engine=None, model: str = "default") -> Scorer:
    """jev's context_relevance: does ``metadata["context"]`` bear on the sample's input?"""
    return jev_scorer("context_relevance", engine, model)


@scorer(metrics=jev_metrics())
def answer_relevance(engine=None, model: str = "default") -> Scorer:
    """jev's answer_relevance: does the completion address the sample's input?"""
    return jev_scorer("answer_relevance", engine, model)
