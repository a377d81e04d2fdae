"""The inspect_ai, DeepEval, RAGAS and MLflow adapters run by each framework's own runner,
offline, on the tiny random-weight model: each score equals ``Engine.evaluate`` for the same
item, and an unscored reading never counts as 0 in the framework's average."""

import math
import os

import pytest
from benchmarks.adapters.run import CountingEngine  # the one counting wrapper (the benchmark counts reads too)
from helpers import need

# nothing leaves this machine: the frameworks' telemetry off before any of them is imported
os.environ.update(DEEPEVAL_TELEMETRY_OPT_OUT="1", DEEPEVAL_DISABLE_DOTENV="1", RAGAS_DO_NOT_TRACK="true",
                  DO_NOT_TRACK="1", MLFLOW_ENABLE_ASYNC_TRACE_LOGGING="false",
                  HF_HUB_OFFLINE="1")

Q, REF = "What is the capital of France?", "The capital of France is Paris."
GOOD, LONG = "Paris", "x " * 3000  # LONG is over the tiny model's 512-token context: unscored
OTHER = "Lyon"




@pytest.fixture(scope="module")
def engine(tiny_model_dir):
    from jev_model.core.engine import Engine

    return Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)


@pytest.fixture(scope="module")
def direct(engine):
    result = engine.evaluate("answer_correctness", input=Q, output=GOOD, expected=REF)
    assert result.unscored is None
    assert engine.evaluate("answer_correctness", input=Q, output=LONG, expected=REF).unscored
    return result


# -- inspect_ai ------------------------------------------------------------------------------
def inspect_eval(samples, outputs, scorer, tmp_path, **kwargs):
    """``inspect_ai.eval`` with each sample's output given (a solver sets it: no model call, and
    the outputs stay with their samples however inspect orders them)."""
    from inspect_ai import Task, eval
    from inspect_ai.model import ModelOutput
    from inspect_ai.solver import solver

    for sample, text in zip(samples, outputs):
        sample.metadata = {**(sample.metadata or {}), "output": text}

    @solver
    def canned():
        async def solve(state, generate):
            state.output = ModelOutput.from_content("mockllm/model", state.metadata["output"])
            return state
        return solve

    (log,) = eval(Task(dataset=samples, solver=canned(), scorer=scorer), model="mockllm/model",
                  log_dir=str(tmp_path), display="none", **kwargs)
    return log


def test_inspect_eval_with_mock_model(engine, direct, tmp_path):
    need("inspect_ai", "inspect")
    from inspect_ai.dataset import Sample

    from jev_model.adapters.inspect_ai import answer_correctness

    log = inspect_eval([Sample(input=Q, target=REF, id=1), Sample(input=Q, target=REF, id=2)], (GOOD, LONG),
                       answer_correctness(engine=engine), tmp_path, max_samples=1)
    assert log.status == "success", log.error
    scores = {s.id: s.scores["answer_correctness"] for s in log.samples}
    assert scores[1].value == pytest.approx(direct.score, abs=1e-6)
    assert scores[1].metadata["probabilities"] == pytest.approx(direct.probabilities, abs=1e-6)
    assert math.isnan(scores[2].value) and "over the model's context" in scores[2].explanation
    metrics = log.results.scores[0].metrics
    assert metrics["mean"].value == pytest.approx(direct.score, abs=1e-6)  # the unscored sample is not a 0
    assert metrics["pass_rate"].value == float(direct.passed)
    assert math.isnan(metrics["gold_mae"].value)  # no sample gives a gold level


def test_inspect_gold_mae_concurrent_samples(engine, direct, tmp_path):
    """``gold_mae``: mean |expected level - Sample.metadata["gold_level"]| over the scored samples
    with a gold level (the unscored one, gold 0, and the one without gold are left out), with
    samples scored concurrently (inspect's default) through one batched engine."""
    need("inspect_ai", "inspect")
    from inspect_ai.dataset import Sample

    from jev_model.adapters.inspect_ai import answer_correctness

    other = engine.evaluate("answer_correctness", input=Q, output=OTHER, expected=REF)
    samples = [Sample(input=Q, target=REF, id=1, metadata={"gold_level": 4}),
               Sample(input=Q, target=REF, id=2, metadata={"gold_level": 0}),
               Sample(input=Q, target=REF, id=3, metadata={"gold_level": 1}),
               Sample(input=Q, target=REF, id=4)]
    counting = CountingEngine(engine)
    log = inspect_eval(samples, (GOOD, LONG, OTHER, OTHER), answer_correctness(engine=counting), tmp_path)
    assert log.status == "success", log.error
    scores = {s.id: s.scores["answer_correctness"] for s in log.samples}
    assert scores[1].metadata["gold_level"] == 4
    assert scores[1].metadata["level"] == pytest.approx(direct.level, abs=1e-6)
    assert scores[3].value == pytest.approx(other.score, abs=1e-6) and "gold_level" not in scores[4].metadata
    expected = (abs(direct.level - 4) + abs(other.level - 1)) / 2
    assert log.results.scores[0].metrics["gold_mae"].value == pytest.approx(expected, abs=1e-6)
    assert sum(counting.reads) == 4


def test_inspect_gold_level_must_be_a_number(engine, tmp_path):
    need("inspect_ai", "inspect")
    from inspect_ai.dataset import Sample

    from jev_model.adapters.inspect_ai import answer_correctness

    log = inspect_eval([Sample(input=Q, target=REF, metadata={"gold_level": "four"})], (GOOD,),
                       answer_correctness(engine=engine), tmp_path)
    assert log.status == "error" and "must be a level number" in str(log.error)


# -- DeepEval --------------------------------------------------------------------------------
def test_deepeval_evaluate(engine, direct, tmp_path, monkeypatch):
    need("deepeval", "deepeval")
    monkeypatch.chdir(tmp_path)  # DeepEval writes its .deepeval cache in the working directory
    from deepeval import evaluate
    from deepeval.evaluate import AsyncConfig, CacheConfig, DisplayConfig
    from deepeval.evaluate.console_report import EvaluationConsoleReport
    from deepeval.test_case import LLMTestCase

    from jev_model.adapters.deepeval import JevMetric

    counting = CountingEngine(engine)
    metric = JevMetric(engine=counting, threshold=0.0)
    cases = [LLMTestCase(input=Q, actual_output=GOOD, expected_output=REF),
             LLMTestCase(input=Q, actual_output=LONG, expected_output=REF),
             LLMTestCase(input=Q, actual_output=OTHER, expected_output=REF)]
    for run_async in (True, False):  # a_measure (gathered over the cases), then measure
        counting.reads.clear()
        result = evaluate(cases, [metric], async_config=AsyncConfig(run_async=run_async),
                          display_config=DisplayConfig(show_indicator=False, print_results=False),
                          cache_config=CacheConfig(write_cache=False, use_cache=False))
        assert sum(counting.reads) == 3
        good, long, _ = (r.metrics_data or [] for r in result.test_results)
        assert good[0].score == pytest.approx(direct.score, abs=1e-6) and good[0].success
        assert "probabilities" in good[0].reason
        if run_async:  # the async runner drops a skipped metric: the unscored case has no score at all
            assert long == []
        else:  # the sync runner records it anyway, with no score (never a 0), no verdict and the reason
            assert long[0].score is None and long[0].success is None and long[0].error is None
            assert "over the model's context" in long[0].reason
        # DeepEval's own report: the metric's pass rate counts verdicts only (2 passed, 0
        # failed: the unscored case is no failure), and the case fails no metric
        report = EvaluationConsoleReport(result.test_results)
        report.export_to_markdown(str(tmp_path / f"report-{run_async}"))
        (md,) = (tmp_path / f"report-{run_async}").glob("*.md")
        assert "| 100.00% | passed=2 | failed=0 | " in md.read_text()
        assert result.test_results[1].success is not False
    metric.measure(cases[0])
    assert metric.score == pytest.approx(direct.score, abs=1e-6) and metric.is_successful()
    assert metric.score_breakdown["probabilities"] == pytest.approx(direct.probabilities)
    assert metric.measure(cases[1]) is None and metric.skipped and metric.is_successful() is None


# -- RAGAS -----------------------------------------------------------------------------------
def test_ragas_evaluate(engine, direct):
    need("ragas", "ragas")
    from ragas import EvaluationDataset, SingleTurnSample, evaluate

    from jev_model.adapters.ragas import AnswerCorrectness

    counting = CountingEngine(engine)
    metric = AnswerCorrectness(engine=counting)
    data = EvaluationDataset([SingleTurnSample(user_input=Q, response=GOOD, reference=REF),
                              SingleTurnSample(user_input=Q, response=LONG, reference=REF)])
    with pytest.warns(DeprecationWarning):
        result = evaluate(data, metrics=[metric], show_progress=False, raise_exceptions=True)
    rows = result.scores
    assert sum(counting.reads) == 2  # RAGAS's concurrent samples through the engine's batcher
    assert rows[0]["answer_correctness"] == pytest.approx(direct.score, abs=1e-6)
    assert math.isnan(rows[1]["answer_correctness"])
    # the average RAGAS reports (its repr, safe_nanmean) skips the NaN row
    assert result._repr_dict["answer_correctness"] == pytest.approx(direct.score, abs=1e-6)


# -- MLflow ----------------------------------------------------------------------------------
def test_mlflow_genai_evaluate(engine, direct, tmp_path):
    mlflow = need("mlflow", "mlflow")
    import json

    from jev_model.adapters.mlflow import JevScorer

    mlflow.set_tracking_uri(f"sqlite:///{tmp_path / 'mlflow.db'}")  # a local store: nothing leaves the machine
    mlflow.set_experiment(experiment_id=mlflow.create_experiment(
        "jev", artifact_location=(tmp_path / "mlruns").as_uri()))  # not ./mlruns
    data = [{"inputs": {"question": Q}, "outputs": out, "expectations": {"expected_response": REF}}
            for out in (GOOD, LONG)]
    result = mlflow.genai.evaluate(data=data, scorers=[JevScorer("answer_correctness", engine)])
    assert result.metrics["answer_correctness/mean"] == pytest.approx(direct.score, abs=1e-6)
    feedback = JevScorer("answer_correctness", engine)(inputs={"question": Q}, outputs=GOOD,
                                                        expectations={"expected_response": REF})
    assert feedback.value == pytest.approx(direct.score, abs=1e-6)
    assert json.loads(feedback.metadata["probabilities"]) == pytest.approx(direct.probabilities)
    assert "probabilities" in feedback.rationale
    unscored = JevScorer("answer_correctness", engine)(inputs={"question": Q}, outputs=LONG,
                                                        expectations={"expected_response": REF})
    assert unscored.value is None and "over the model's context" in unscored.error.error_message


def test_one_shared_engine_per_model(monkeypatch, engine):
    """Adapters given no engine share one per model and settings, loaded once."""
    from jev_model import adapters
    from jev_model.core.engine import Engine

    loads = []
    monkeypatch.setattr(adapters, "_SHARED", {})
    monkeypatch.setattr(Engine, "load", classmethod(lambda cls, model, **kw: loads.append(model) or engine))
    a, b = adapters.holder(model="tiny"), adapters.holder(model="tiny")
    assert a.engine is b.engine is engine and loads == ["tiny"]
