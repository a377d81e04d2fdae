"""A DeepEval metric backed by jev: one forward pass per test case, no judge LLM.

    from deepeval import evaluate
    from deepeval.test_case import LLMTestCase
    from jev_model.adapters.deepeval import JevMetric

    case = LLMTestCase(input="What is the capital of France?", actual_output="Paris.",
                       expected_output="The capital of France is Paris.")
    evaluate([case], [JevMetric("answer_correctness", threshold=0.75)])   # was: GEval(...)

It reads ``LLMTestCase(input, actual_output, expected_output)`` and sets ``score`` (0-1),
``reason`` (the label and the probabilities), ``success`` and ``score_breakdown`` (the
probabilities per level).  A reading jev leaves unscored has no score (never a 0) and no
verdict: ``skipped`` is set, the reason says why, and ``is_successful()`` is None, DeepEval's
own "no verdict" (as for a metric without a threshold).  The async runner then leaves the
metric out of the case; the sync runner records it with ``success=None``, which DeepEval's
pass rate (passed / failed cases, the aggregate table) leaves out rather than failing it.

The RAG metrics under DeepEval's own names read ``retrieval_context`` (the passages joined):

    from jev_model.adapters.deepeval import FaithfulnessMetric   # was: from deepeval.metrics import ...
    case = LLMTestCase(input="Where is the Oberoi Group based?", actual_output="Delhi.",
                       retrieval_context=["The Oberoi Group ... head office in Delhi."])
    evaluate([case], [FaithfulnessMetric(threshold=0.5)])

``FaithfulnessMetric`` (jev's faithfulness), ``AnswerRelevancyMetric`` (answer_relevance) and
``ContextualRelevancyMetric`` (context_relevance); the score is jev's P(yes), in 0-1, and the
default threshold 0.5 (DeepEval's own metrics default to 0.5 too).
"""

from __future__ import annotations

from deepeval.metrics import BaseMetric
from deepeval.test_case import LLMTestCase

from jev_model.adapters import details, explain, holder, item_fields


class JevMetric(BaseMetric):
    """DeepEval ``BaseMetric`` for one jev evaluator.  ``threshold``: the score a case must
    reach (default: jev's own pass rule); ``fields``: fixed fields for every case
    (``criteria``, ``levels``...); ``engine``: a loaded Engine (else the shared one)."""

    def __init__(self, evaluator: str = "answer_correctness", threshold: float | None = None, engine=None,
                 model: str = "default", fields: dict | None = None, async_mode: bool = True,
                 include_reason: bool = True, strict_mode: bool = False):
        from jev_model.core.rubric import load_rubric

        load_rubric(evaluator)  # an unknown evaluator fails here, not on the first case
        # DeepEval copies a metric per test case from these attributes (copy_metrics): the
        # holder travels with them, so every copy reads with the same engine
        self.evaluator, self.threshold, self.fields, self.model = evaluator, threshold, fields, model
        self.engine = holder(engine, model)
        self.async_mode, self.include_reason, self.strict_mode = async_mode, include_reason, strict_mode
        self.evaluation_model = f"jev ({model})"
        self.evaluation_cost = 0.0

    def measure(self, test_case: LLMTestCase, *args, **kwargs) -> float | None:
        return self._record(self.engine.evaluate(self.evaluator, self._item(test_case)))

    async def a_measure(self, test_case: LLMTestCase, *args, **kwargs) -> float | None:
        # DeepEval gathers a_measure over its cases: the engine's MicroBatcher reads them together
        return self._record(await self.engine.aevaluate(self.evaluator, self._item(test_case)))

    def is_successful(self) -> bool | None:
        """True / False against the threshold; None (no verdict) for an unscored reading."""
        if self.error is not None:
            return False
        if self.skipped or self.score is None:
            self.success = None
            return None
        return bool(self.success)

    @property
    def __name__(self):
        return f"jev {self.evaluator}"

    def _item(self, case: LLMTestCase) -> dict:
        return item_fields(self.evaluator, case.input, case.actual_output, case.expected_output, self.fields,
                           context=case.retrieval_context)

    def _record(self, result) -> float | None:
        self.reason = explain(result) if self.include_reason or result.unscored else None
        self.score_breakdown = details(result)
        if result.unscored:  # DeepEval leaves a skipped metric out of the case's results
            self.score, self.success, self.skipped = None, None, True
            return None
        self.skipped = False  # a metric measured directly is reused from case to case
        self.score = (1.0 if result.passed else 0.0) if self.strict_mode else result.score
        self.success = bool(result.passed) if self.threshold is None else self.score >= self.threshold
        return self.score


class FaithfulnessMetric(JevMetric):
    """DeepEval's ``FaithfulnessMetric``, read by jev: is every claim of ``actual_output``
    supported by ``retrieval_context``?  Example: ``FaithfulnessMetric(threshold=0.5)``"""

    _evaluator, _title = "faithfulness", "Faithfulness"

    def __init__(self, threshold: float = 0.5, engine=None, model: str = "default", async_mode: bool = True,
                 include_reason: bool = True, strict_mode: bool = False, fields: dict | None = None, **_copied):
        # DeepEval's copy_metrics passes every attribute named in any __init__ up the MRO (evaluator too)
        super().__init__(self._evaluator, threshold, engine, model, fields, async_mode, include_reason, strict_mode)

    @property
    def __name__(self):
        return f"{self._title} (jev)"


class AnswerRelevancyMetric(FaithfulnessMetric):
    """DeepEval's ``AnswerRelevancyMetric``, read by jev: does ``actual_output`` address ``input``?"""

    _evaluator, _title = "answer_relevance", "Answer Relevancy"


class ContextualRelevancyMetric(FaithfulnessMetric):
    """DeepEval's ``ContextualRelevancyMetric``, read by jev: does ``retrieval_context`` bear on ``input``?"""

    _evaluator, _title = "context_relevance", "Contextual Relevancy"
