"""The adapters against the real libraries (skipped where the extra is not installed), on
the tiny random-weight engine: what they return must be exactly jev's own result."""

import asyncio

import pytest

from jev_model.core.catalogue import rubric_for
from jev_model.errors import JevError
from benchmarks.adapters.run import CountingEngine  # the one counting wrapper (the benchmark counts reads too)

ITEM = {"input": "What is the capital of France?", "output": "Paris", "expected": "The capital of France is Paris."}


# -- autoevals -------------------------------------------------------------------------------
def test_autoevals_scorer_returns_jev_result(tiny_engine):
    pytest.importorskip("autoevals")
    from autoevals import Score

    from jev_model.adapters.autoevals import JevScorer

    scorer = JevScorer("answer_correctness", engine=tiny_engine)
    score = scorer(ITEM["output"], expected=ITEM["expected"], input=ITEM["input"])
    direct = tiny_engine.evaluate("answer_correctness", **ITEM)
    assert isinstance(score, Score) and score.name == "answer_correctness"
    assert score.score == pytest.approx(direct.score)
    assert score.metadata["probabilities"] == pytest.approx(direct.probabilities)
    assert set(score.metadata["probabilities"]) == {"0", "1", "2", "3", "4"}
    assert score.metadata["label"] == direct.label and score.metadata["passed"] == direct.passed
    assert score.metadata["level"] == pytest.approx(direct.level)
    again = asyncio.run(scorer.eval_async(ITEM["output"], expected=ITEM["expected"], input=ITEM["input"]))
    assert again.score == pytest.approx(score.score)


def test_autoevals_fixed_fields_and_llm_judge(tiny_engine):
    pytest.importorskip("autoevals")
    from jev_model.adapters.autoevals import JevScorer

    qa = JevScorer("closed_qa", engine=tiny_engine, criteria="Names a city", name="city")
    s = qa("Paris", input=ITEM["input"])
    direct = tiny_engine.evaluate("closed_qa", input=ITEM["input"], output="Paris", criteria="Names a city")
    assert s.name == "city" and s.score == pytest.approx(direct.score) and set(s.metadata["probabilities"]) == {"yes", "no"}
    fields = {"criteria": "Is it polite?", "levels": ["rude", "neutral", "polite"]}
    judge = JevScorer("llm_judge", engine=tiny_engine, **fields)
    s = judge("Thank you!")
    direct = tiny_engine.evaluate(rubric_for("llm_judge", {**fields, "output": "Thank you!"}), output="Thank you!", **fields)
    assert s.score == pytest.approx(direct.score) and list(s.metadata["probabilities"]) == ["0", "1", "2"]


def test_autoevals_unscored_and_missing_field(tiny_engine):
    pytest.importorskip("autoevals")
    from jev_model.adapters.autoevals import JevScorer

    scorer = JevScorer("answer_correctness", engine=tiny_engine)
    s = scorer("x " * 3000, expected="y", input="q")  # over the tiny model's 512-token context
    assert s.score is None and "over the model's context" in s.metadata["unscored"]
    with pytest.raises(JevError, match="required field 'expected' is missing"):
        scorer("Paris", input="q")
    with pytest.raises(JevError, match="unknown evaluator 'nope'"):
        JevScorer("nope", engine=tiny_engine)


# -- Strands Evals ---------------------------------------------------------------------------
def test_strands_evaluator_both_modes(tiny_engine):
    pytest.importorskip("strands_evals")
    from strands_evals.types.evaluation import EvaluationData, EvaluationOutput

    from jev_model.adapters.strands import JevCorrectnessEvaluator

    ev = JevCorrectnessEvaluator(tiny_engine)
    (basic,) = ev.evaluate(EvaluationData(input=ITEM["input"], actual_output="Paris"))
    direct = tiny_engine.evaluate("correctness", input=ITEM["input"], output="Paris")
    assert isinstance(basic, EvaluationOutput)
    assert basic.label in ("Incorrect", "Partially Correct", "Perfectly Correct") and basic.label == direct.label
    p = basic.metadata["probabilities"]
    assert basic.score == pytest.approx(0.5 * p["Partially Correct"] + p["Perfectly Correct"])
    assert basic.test_pass == (max(p, key=p.get) == "Perfectly Correct")
    (ref,) = ev.evaluate(EvaluationData(input=ITEM["input"], actual_output="Paris",
                                        expected_assertion="The capital of France is Paris."))
    p = ref.metadata["probabilities"]
    assert set(p) == {"CORRECT", "INCORRECT"} and ref.label in p
    assert ref.score == pytest.approx(p["CORRECT"]) and ref.test_pass == (p["CORRECT"] >= 0.5)
    assert "jev correctness_reference" in ref.reason


def test_strands_not_applicable(tiny_engine):
    pytest.importorskip("strands_evals")
    from strands_evals.types.evaluation import NOT_APPLICABLE, EvaluationData

    from jev_model.adapters.strands import JevCorrectnessEvaluator

    ev = JevCorrectnessEvaluator(tiny_engine)
    (none,) = ev.evaluate(EvaluationData(input="q", actual_output=None))
    assert none.label == NOT_APPLICABLE and none.test_pass and "no output" in none.reason
    (long,) = ev.evaluate(EvaluationData(input="q", actual_output="x " * 3000))
    assert long.label == NOT_APPLICABLE and "over the model's context" in long.reason


def test_strands_experiment_runs_it(tiny_engine):
    pytest.importorskip("strands_evals")
    from strands_evals import Case, Experiment

    from jev_model.adapters.strands import JevCorrectnessEvaluator

    cases = [Case(name="capital", input=ITEM["input"], expected_assertion="The capital of France is Paris."),
             Case(name="plain", input="What is 2+2?")]
    experiment = Experiment(cases=cases, evaluators=[JevCorrectnessEvaluator(tiny_engine)])
    report = experiment.run_evaluations(lambda case: {"output": "Paris" if "France" in case.input else "4"})
    assert len(report.scores) == 2 and all(0.0 <= s <= 1.0 for s in report.scores)
    assert report.reasons[0].startswith("jev correctness_reference") and report.reasons[1].startswith("jev correctness (")


def test_strands_experiment_leaves_not_applicable_out_of_its_average(tiny_engine):
    """Strands' own overall_score averages the judged cases only (strands-agents-evals 1.7)."""
    pytest.importorskip("strands_evals")
    from strands_evals import Case, Experiment

    from jev_model.adapters.strands import JevCorrectnessEvaluator

    cases = [Case(name="judged", input="What is 2+2?"), Case(name="empty", input="Say nothing.")]
    experiment = Experiment(cases=cases, evaluators=[JevCorrectnessEvaluator(tiny_engine)])
    report = experiment.run_evaluations(lambda case: {"output": "" if case.name == "empty" else "4"})
    judged = report.scores[[c["name"] for c in report.cases].index("judged")]
    assert report.overall_score == pytest.approx(judged)  # the empty case is not averaged in as a 0


# -- the shared micro-batcher (every adapter's single-item calls) ---------------------------------


OUTPUTS = ["Paris", "Lyon", "It is Paris.", "Berlin", "paris, france", "I do not know", "Marseille", "PARIS"]


def test_concurrent_async_calls_are_read_together(tiny_engine):
    """N concurrent ``aevaluate`` calls: fewer than N engine reads, the numbers of one by one."""
    from jev_model.adapters import holder

    counting = CountingEngine(tiny_engine)
    jev = holder(counting)
    items = [{**ITEM, "output": out} for out in OUTPUTS]

    async def all_at_once():
        return await asyncio.gather(*(jev.aevaluate("answer_correctness", it) for it in items))

    together = asyncio.run(all_at_once())
    assert sum(counting.reads) == len(items) and len(counting.reads) < len(items)
    for got, it in zip(together, items):
        alone = tiny_engine.evaluate("answer_correctness", **it)
        assert got.score == pytest.approx(alone.score, abs=1e-5)
        assert got.probabilities == pytest.approx(alone.probabilities, abs=1e-5)
        assert got.label == alone.label and got.passed == alone.passed


def test_batched_calls_keep_their_own_errors(tiny_engine):
    """A bad item raises its JevError in its own caller; an over-long one is unscored; the rest read."""
    from jev_model.adapters import holder

    jev = holder(CountingEngine(tiny_engine))
    items = [ITEM, {"input": ITEM["input"], "output": "Paris"}, {**ITEM, "output": "x " * 3000},
             {**ITEM, "output": "Lyon"}]

    async def all_at_once():
        return await asyncio.gather(*(jev.aevaluate("answer_correctness", it) for it in items), return_exceptions=True)

    good, missing, long, lyon = asyncio.run(all_at_once())
    assert isinstance(missing, JevError) and "required field 'expected' is missing" in str(missing)
    assert "over the model's context" in long.unscored
    assert good.score == pytest.approx(tiny_engine.evaluate("answer_correctness", **ITEM).score, abs=1e-5)
    assert lyon.score == pytest.approx(tiny_engine.evaluate("answer_correctness", **items[3]).score, abs=1e-5)


def test_threads_share_the_batcher(tiny_engine):
    """Sync calls from worker threads (MLflow's, Strands') go through the same batcher: each
    gets its own result, and no read is made twice."""
    from concurrent.futures import ThreadPoolExecutor

    from jev_model.adapters import batcher, holder

    counting = CountingEngine(tiny_engine)
    jev = holder(counting)
    assert batcher(counting) is batcher(counting)  # one per engine, whichever holder or adapter asks
    items = [{**ITEM, "output": out} for out in OUTPUTS]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda it: jev.evaluate("answer_correctness", it), items))
    assert sum(counting.reads) == len(items) and len(counting.reads) <= len(items)
    for result, it in zip(got, items):
        assert result.score == pytest.approx(tiny_engine.evaluate("answer_correctness", **it).score, abs=1e-5)


def test_autoevals_eval_async_concurrent(tiny_engine):
    pytest.importorskip("autoevals")
    from jev_model.adapters.autoevals import JevScorer

    counting = CountingEngine(tiny_engine)
    scorer = JevScorer("answer_correctness", engine=counting)

    async def all_at_once():
        return await asyncio.gather(*(scorer.eval_async(out, expected=ITEM["expected"], input=ITEM["input"])
                                      for out in OUTPUTS))

    scores = asyncio.run(all_at_once())
    assert len(counting.reads) < len(OUTPUTS)
    for s, out in zip(scores, OUTPUTS):
        assert s.score == pytest.approx(tiny_engine.evaluate("answer_correctness", **{**ITEM, "output": out}).score,
                                        abs=1e-5)


def test_adapters_benchmark_runs(tiny_model_dir, tmp_path):
    """``python -m benchmarks.adapters`` end to end on the tiny model (two systems, three items)."""
    pytest.importorskip("autoevals")
    import json

    from benchmarks.adapters.run import main

    out = tmp_path / "adapters"
    assert main(["--items", "3", "--model", str(tiny_model_dir), "--dtype", "float32", "--only", "direct,autoevals",
                 "--out", str(out)]) == 0
    rows = {r["system"]: r for r in json.loads(out.with_suffix(".json").read_text())["rows"]}
    assert set(rows) == {"direct", "direct (main thread)", "direct (correctness_reference)", "autoevals"}
    assert rows["autoevals"]["reads"] <= 3 and rows["autoevals"]["max_abs_dscore"] < 1e-5
    assert "CPU flags" in out.with_suffix(".md").read_text()
