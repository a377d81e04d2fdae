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
"""

from __future__ import annotations

import json
from typing import Any

from mlflow.entities import AssessmentError, AssessmentSource, Feedback
from mlflow.genai.scorers import Scorer
from pydantic import PrivateAttr

from jev_model.adapters import explain, holder, item_fields

REFERENCE_KEYS = ("expected_response", "expected", "reference")  # MLflow's own name first


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

    def __call__(self, *, inputs: Any = None, outputs: Any = None, expectations: dict | None = None) -> Feedback:
        if isinstance(inputs, dict) and len(inputs) == 1:
            inputs = next(iter(inputs.values()))
        expected = next((expectations[k] for k in REFERENCE_KEYS if expectations and k in expectations), None)
        item = item_fields(self.evaluator, inputs, outputs, expected, self.fields)
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
