"""An MLflow GenAI scorer backed by jev: one forward pass per row, no judge endpoint.

    import mlflow
    from jev_model.adapters.mlflow import JevScorer

    data = [{"inputs": {"question": "What is the capital of France?"}, "outputs": "Paris.",
             "expectations": {"expected_response": "The capital of France is Paris."}}]
    result = mlflow.genai.evaluate(data=data, scorers=[JevScorer("answer_correctness")])  # was: Correctness()
    result.metrics["answer_correctness/mean"]

The row's ``inputs`` (the value of a one-key dict, else the dict as text) are the input,
``outputs`` the output and ``expectations["expected_response"]`` the reference.  Each row
gets a ``Feedback`` whose value is jev's score (0-1), whose rationale names the label and
the probabilities per level, and whose metadata holds them as strings (MLflow's metadata
is ``dict[str, str]``; ``probabilities`` is JSON).  A reading jev leaves unscored is a
Feedback with no value and the reason as its error, which MLflow leaves out of the mean.

The RAG evaluators under MLflow's own scorer names: ``RetrievalGroundedness()`` (jev's
faithfulness), ``RetrievalRelevance()`` (context_relevance) and ``RelevanceToQuery()``
(answer_relevance).  The retrieved context is ``inputs["context"]`` (the question is then the
other key's value), ``expectations["context"]``, or, where neither is given, the passages of
the trace's top-level retriever spans, as MLflow's own scorers read them:

    data = [{"inputs": {"question": "Where is the Oberoi Group based?", "context": "... head office in Delhi."},
             "outputs": "Delhi."}]
    mlflow.genai.evaluate(data=data, scorers=[RetrievalGroundedness()])   # was: ...scorers.RetrievalGroundedness()
"""

from __future__ import annotations

import json
from typing import Any

from mlflow.entities import AssessmentError, AssessmentSource, Feedback
from mlflow.genai.scorers import Scorer
from pydantic import PrivateAttr

from jev_model.adapters import explain, holder, item_fields

REFERENCE_KEYS = ("expected_response", "expected", "reference")  # MLflow's own name first
CONTEXT_KEYS = ("context", "retrieved_context", "retrieval_context", "contexts")


class JevScorer(Scorer):
    """MLflow ``Scorer`` for one jev evaluator.  ``fields``: fixed fields for every row
    (``criteria``, ``levels``...); ``engine``: a loaded Engine, else the shared one."""

    evaluator: str = "answer_correctness"
    model: str = "default"
    fields: dict[str, Any] = {}
    _jev: Any = PrivateAttr(default=None)

    def __init__(self, evaluator: str = "answer_correctness", engine=None, *, name: str | None = None,
                 model: str = "default", **fields):
        from jev_model.core.rubric import load_rubric

        load_rubric(evaluator)  # an unknown evaluator fails here, not on the first row
        super().__init__(name=name or evaluator, evaluator=evaluator, model=model, fields=fields)
        self._jev = holder(engine, model)

    def __call__(self, *, inputs: Any = None, outputs: Any = None, expectations: dict | None = None,
                 trace: Any = None) -> Feedback:
        context = None
        if isinstance(inputs, dict):
            context = next((inputs[k] for k in CONTEXT_KEYS if k in inputs), None)
            rest = {k: v for k, v in inputs.items() if k not in CONTEXT_KEYS}
            inputs = next(iter(rest.values())) if len(rest) == 1 else rest
        expected = next((expectations[k] for k in REFERENCE_KEYS if expectations and k in expectations), None)
        if context is None and expectations:
            context = next((expectations[k] for k in CONTEXT_KEYS if k in expectations), None)
        if context is None and trace is not None:
            context = trace_context(trace)
        item = item_fields(self.evaluator, inputs, outputs, expected, self.fields, context=context)
        result = self._jev.evaluate(self.evaluator, item)  # batched with rows scored at the same time
        source = AssessmentSource(source_type="CODE", source_id=f"jev/{self.evaluator}")
        if result.unscored:
            return Feedback(name=self.name, error=AssessmentError(error_code="JEV_UNSCORED", error_message=result.unscored),
                            rationale=explain(result), source=source, metadata={"unscored": result.unscored})
        meta = {"probabilities": json.dumps(result.probabilities), "label": str(result.label),
                "passed": str(result.passed).lower(), "confidence": f"{result.confidence:.6f}",
                "readout": result.readout}
        if result.level is not None:
            meta["level"] = f"{result.level:.6f}"
        return Feedback(name=self.name, value=result.score, rationale=explain(result), source=source, metadata=meta)


def trace_context(trace) -> list[str] | None:
    """The passages of a trace's top-level retriever spans (MLflow's own extraction), or None."""
    from mlflow.genai.utils.trace_utils import extract_retrieval_context_from_trace

    chunks = [c for spans in extract_retrieval_context_from_trace(trace).values() for c in spans]
    texts = [c.get("content") if isinstance(c, dict) else c for c in chunks]
    return [t for t in texts if t] or None


class RetrievalGroundedness(JevScorer):
    """MLflow's ``RetrievalGroundedness``, read by jev's faithfulness: is the output supported by the context?"""

    def __init__(self, engine=None, *, name: str = "retrieval_groundedness", model: str = "default"):
        super().__init__("faithfulness", engine, name=name, model=model)


class RetrievalRelevance(JevScorer):
    """MLflow's ``RetrievalRelevance``, read by jev's context_relevance: does the context bear on the question?"""

    def __init__(self, engine=None, *, name: str = "retrieval_relevance", model: str = "default"):
        super().__init__("context_relevance", engine, name=name, model=model)


class RelevanceToQuery(JevScorer):
    """MLflow's ``RelevanceToQuery``, read by jev's answer_relevance: does the output address the question?"""

    def __init__(self, engine=None, *, name: str = "relevance_to_query", model: str = "default"):
        super().__init__("answer_relevance", engine, name=name, model=model)
