"""A RAGAS metric backed by jev: ``answer_correctness`` in one forward pass, no LLM or embeddings.

    from ragas import EvaluationDataset, SingleTurnSample, evaluate
    from jev_model.adapters.ragas import answer_correctness   # was: from ragas.metrics import answer_correctness

    data = EvaluationDataset([SingleTurnSample(user_input="What is the capital of France?",
                                               response="Paris.", reference="The capital of France is Paris.")])
    evaluate(data, metrics=[answer_correctness])               # {'answer_correctness': 0.93}

The same name, columns (``user_input``, ``response``, ``reference``) and 0-1 range as
RAGAS's own ``answer_correctness``; the number is jev's score.  ``AnswerCorrectness(engine=...)``
reads with a given engine, ``JevMetric("factuality")`` any other catalogue evaluator.  A
reading jev leaves unscored is NaN, which RAGAS's averages skip (``safe_nanmean``).
"""

from __future__ import annotations

import logging
import math
import typing as t
from dataclasses import dataclass, field

from ragas.metrics.base import MetricType, SingleTurnMetric

from jev_model.adapters import explain, holder, item_fields

log = logging.getLogger(__name__)


@dataclass
class JevMetric(SingleTurnMetric):
    """A RAGAS single-turn metric for one jev evaluator (``fields``: fixed fields for every
    sample; ``engine``: a loaded Engine, else the shared one for ``model``)."""

    evaluator: str = "answer_correctness"
    engine: t.Any = None
    model: str = "default"
    fields: dict = field(default_factory=dict)
    name: str = ""
    _required_columns: t.Dict[MetricType, t.Set[str]] = field(
        default_factory=lambda: {MetricType.SINGLE_TURN: {"user_input", "response", "reference"}})

    def __post_init__(self):
        from jev_model.core.rubric import load_rubric

        load_rubric(self.evaluator)  # an unknown evaluator fails here, not on the first sample
        self.name = self.name or self.evaluator
        self.engine = holder(self.engine, self.model)

    def init(self, run_config) -> None:
        """Nothing to set up: no LLM, no embeddings; the engine loads on first use."""

    async def _single_turn_ascore(self, sample, callbacks) -> float:
        item = item_fields(self.evaluator, sample.user_input, sample.response, sample.reference, self.fields)
        result = await self.engine.aevaluate(self.evaluator, item)  # batched with the concurrent samples
        if result.unscored:
            log.warning("%s: %s", self.name, explain(result))
            return math.nan
        return result.score


@dataclass
class AnswerCorrectness(JevMetric):
    """RAGAS's ``answer_correctness``, read by jev."""

    name: str = "answer_correctness"


answer_correctness = AnswerCorrectness()
