"""The RAG evaluators through each framework under its own names (RAGAS ``faithfulness``,
DeepEval ``FaithfulnessMetric``, an inspect scorer, MLflow ``RetrievalGroundedness``), run by
the framework's own runner, offline, on the tiny random-weight model: each score equals
``Engine.evaluate`` for the same item, read against the retrieved context."""

import math
import os

import pytest
from helpers import need

os.environ.update(DEEPEVAL_TELEMETRY_OPT_OUT="1", DEEPEVAL_DISABLE_DOTENV="1", RAGAS_DO_NOT_TRACK="true",
                  DO_NOT_TRACK="1", MLFLOW_ENABLE_ASYNC_TRACE_LOGGING="false", HF_HUB_OFFLINE="1")

pytestmark = pytest.mark.filterwarnings("ignore::jev_model.core.request.NoTrainedReadout")

Q = "The Oberoi family is part of a hotel company that has a head office in what city?"
PASSAGES = ["The Oberoi family is an Indian family famous for its hotels, namely through The Oberoi Group.",
            "The Oberoi Group is a hotel company with its head office in Delhi."]
ANSWER = "Delhi"


@pytest.fixture(scope="module")
def engine(tiny_model_dir):
    from jev_model.core.engine import Engine

    return Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)


@pytest.fixture(scope="module")
def direct(engine):
    """jev's own reading of each RAG evaluator on the item (passages joined by a blank line)."""
    context = "\n\n".join(PASSAGES)
    return {"faithfulness": engine.evaluate("faithfulness", input=Q, output=ANSWER, context=context),
            "context_relevance": engine.evaluate("context_relevance", input=Q, context=context),
            "answer_relevance": engine.evaluate("answer_relevance", input=Q, output=ANSWER)}


def test_item_fields_join_passages():
    from jev_model.adapters import item_fields, passages

    assert passages(PASSAGES) == "\n\n".join(PASSAGES) and passages("one") == "one"
    assert item_fields("faithfulness", Q, ANSWER, context=PASSAGES) == {
        "input": Q, "output": ANSWER, "context": "\n\n".join(PASSAGES)}


# -- inspect_ai ------------------------------------------------------------------------------
def test_inspect_rag_scorers(engine, direct, tmp_path):
    need("inspect_ai", "inspect")
    from inspect_ai.dataset import Sample
    from test_adapters_frameworks import inspect_eval

    from jev_model.adapters import inspect_ai as jev_inspect

    for name in ("faithfulness", "context_relevance", "answer_relevance"):
        log = inspect_eval([Sample(input=Q, id=1, metadata={"context": PASSAGES})], (ANSWER,),
                           getattr(jev_inspect, name)(engine=engine), tmp_path / name)
        assert log.status == "success", log.error
        score = log.samples[0].scores[name]
        assert score.value == pytest.approx(direct[name].score, abs=1e-6)
        assert score.metadata["probabilities"] == pytest.approx(direct[name].probabilities, abs=1e-6)
        assert log.results.scores[0].metrics["mean"].value == pytest.approx(direct[name].score, abs=1e-6)


# -- DeepEval --------------------------------------------------------------------------------
def test_deepeval_faithfulness_metric(engine, direct, tmp_path, monkeypatch):
    need("deepeval", "deepeval")
    monkeypatch.chdir(tmp_path)  # DeepEval writes .deepeval/ into the working directory
    from deepeval import evaluate
    from deepeval.evaluate import AsyncConfig, CacheConfig, DisplayConfig
    from deepeval.test_case import LLMTestCase

    from jev_model.adapters.deepeval import (AnswerRelevancyMetric, ContextualRelevancyMetric,
                                             FaithfulnessMetric)

    case = LLMTestCase(input=Q, actual_output=ANSWER, retrieval_context=PASSAGES)
    metrics = {"faithfulness": FaithfulnessMetric(engine=engine), "context_relevance": ContextualRelevancyMetric(
        engine=engine), "answer_relevance": AnswerRelevancyMetric(engine=engine)}
    for name, metric in metrics.items():
        assert metric.threshold == 0.5 and metric.evaluator == name
        assert metric.measure(case) == pytest.approx(direct[name].score, abs=1e-6)
        assert metric.is_successful() == (direct[name].score >= 0.5)
    result = evaluate([case], [FaithfulnessMetric(engine=engine)], async_config=AsyncConfig(run_async=True),
                      display_config=DisplayConfig(show_indicator=False, print_results=False),
                      cache_config=CacheConfig(write_cache=False, use_cache=False))
    (data,) = result.test_results[0].metrics_data
    assert data.name == "Faithfulness (jev)" and data.score == pytest.approx(direct["faithfulness"].score, abs=1e-6)


# -- RAGAS -----------------------------------------------------------------------------------
def test_ragas_faithfulness(engine, direct):
    need("ragas", "ragas")
    from ragas import EvaluationDataset, SingleTurnSample, evaluate
    from ragas.metrics.base import MetricType

    from jev_model.adapters import ragas as jev_ragas

    assert jev_ragas.faithfulness.name == "faithfulness"
    assert jev_ragas.faithfulness._required_columns[MetricType.SINGLE_TURN] == {
        "user_input", "response", "retrieved_contexts"}  # RAGAS's own faithfulness reads these
    assert jev_ragas.answer_correctness._required_columns[MetricType.SINGLE_TURN] == {
        "user_input", "response", "reference"}
    metrics = [jev_ragas.Faithfulness(engine=engine), jev_ragas.AnswerRelevancy(engine=engine),
               jev_ragas.ContextRelevance(engine=engine)]
    data = EvaluationDataset([SingleTurnSample(user_input=Q, response=ANSWER, retrieved_contexts=PASSAGES)])
    with pytest.warns(DeprecationWarning):
        result = evaluate(data, metrics=metrics, show_progress=False, raise_exceptions=True)
    row = result.scores[0]
    assert row["faithfulness"] == pytest.approx(direct["faithfulness"].score, abs=1e-6)
    assert row["answer_relevancy"] == pytest.approx(direct["answer_relevance"].score, abs=1e-6)
    assert row["nv_context_relevance"] == pytest.approx(direct["context_relevance"].score, abs=1e-6)
    assert all(0.0 <= v <= 1.0 for v in row.values())


# -- MLflow ----------------------------------------------------------------------------------
def test_mlflow_retrieval_groundedness(engine, direct, tmp_path):
    mlflow = need("mlflow", "mlflow")

    from jev_model.adapters.mlflow import RelevanceToQuery, RetrievalGroundedness, RetrievalRelevance

    mlflow.set_tracking_uri(f"sqlite:///{tmp_path / 'mlflow.db'}")  # a local store: nothing leaves the machine
    mlflow.set_experiment(experiment_id=mlflow.create_experiment(
        "jev-rag", artifact_location=(tmp_path / "mlruns").as_uri()))
    data = [{"inputs": {"question": Q, "context": PASSAGES}, "outputs": ANSWER}]
    scorers = [RetrievalGroundedness(engine), RetrievalRelevance(engine), RelevanceToQuery(engine)]
    result = mlflow.genai.evaluate(data=data, scorers=scorers)
    assert result.metrics["retrieval_groundedness/mean"] == pytest.approx(direct["faithfulness"].score, abs=1e-6)
    assert result.metrics["retrieval_relevance/mean"] == pytest.approx(direct["context_relevance"].score, abs=1e-6)
    assert result.metrics["relevance_to_query/mean"] == pytest.approx(direct["answer_relevance"].score, abs=1e-6)
    # the context may come with the expectations too
    feedback = RetrievalGroundedness(engine)(inputs={"question": Q}, outputs=ANSWER,
                                             expectations={"context": PASSAGES})
    assert feedback.value == pytest.approx(direct["faithfulness"].score, abs=1e-6)
    missing = RetrievalGroundedness(engine)
    with pytest.raises(Exception, match="required field 'context' is missing"):
        missing(inputs={"question": Q}, outputs=ANSWER)
    assert not math.isnan(feedback.value)
