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

The RAG metrics under RAGAS's own names, judged against ``retrieved_contexts`` (the passages
joined) rather than a reference:

    from jev_model.adapters.ragas import faithfulness          # was: from ragas.metrics import faithfulness
    data = EvaluationDataset([SingleTurnSample(user_input="Where is the Oberoi Group based?", response="Delhi.",
                                               retrieved_contexts=["The Oberoi Group ... head office in Delhi."])])
    evaluate(data, metrics=[faithfulness])                     # {'faithfulness': 0.97}

``faithfulness`` (jev's faithfulness), ``answer_relevancy`` (jev's answer_relevance) and
``context_relevance`` (jev's context_relevance, RAGAS's ``ContextRelevance``, there named
``nv_context_relevance``); each score is jev's P(yes), in 0-1.  The columns a metric needs
follow from its evaluator's fields (``COLUMNS``).
"""

from __future__ import annotations

import logging
import math
import typing as t
from dataclasses import dataclass, field

from ragas.metrics.base import MetricType, SingleTurnMetric

from jev_model.adapters import explain, holder, item_fields

log = logging.getLogger(__name__)
COLUMNS = {"input": "user_input", "output": "response", "expected": "reference", "expected_assertion": "reference",
           "context": "retrieved_contexts"}  # jev field -> SingleTurnSample column


@dataclass
class JevMetric(SingleTurnMetric):
    """A RAGAS single-turn metric for one jev evaluator (``fields``: fixed fields for every
    sample; ``engine``: a loaded Engine, else the shared one for ``model``)."""

    evaluator: str = "answer_correctness"
    engine: t.Any = None
    model: str = "default"
    fields: dict = field(default_factory=dict)
    name: str = ""
    _required_columns: t.Dict[MetricType, t.Set[str]] = field(default_factory=dict)

    def __post_init__(self):
        from jev_model.core.rubric import load_rubric

        rubric = load_rubric(self.evaluator)  # an unknown evaluator fails here, not on the first sample
        self.name = self.name or self.evaluator
        self.engine = holder(self.engine, self.model)
        columns = {COLUMNS[f] for f in rubric.fields if f in COLUMNS} or {"user_input", "response", "reference"}
        self._required_columns = self._required_columns or {MetricType.SINGLE_TURN: columns}

    def init(self, run_config) -> None:
        """Nothing to set up: no LLM, no embeddings; the engine loads on first use."""

    async def _single_turn_ascore(self, sample, callbacks) -> float:
        item = item_fields(self.evaluator, sample.user_input, sample.response, sample.reference, self.fields,
                           context=sample.retrieved_contexts)
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


@dataclass
class Faithfulness(JevMetric):
    """RAGAS's ``faithfulness``: is every claim of ``response`` supported by ``retrieved_contexts``?"""

    evaluator: str = "faithfulness"
    name: str = "faithfulness"


@dataclass
class AnswerRelevancy(JevMetric):
    """RAGAS's ``answer_relevancy``: does ``response`` address ``user_input``?"""

    evaluator: str = "answer_relevance"
    name: str = "answer_relevancy"


@dataclass
class ContextRelevance(JevMetric):
    """RAGAS's ``ContextRelevance`` (``nv_context_relevance``): do ``retrieved_contexts`` bear on ``user_input``?"""

    evaluator: str = "context_relevance"
    name: str = "nv_context_relevance"


faithfulness = Faithfulness()
answer_relevancy = AnswerRelevancy()
context_relevance = ContextRelevance()
