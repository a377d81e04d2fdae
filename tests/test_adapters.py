"""The adapters against the real libraries (skipped where the extra is not installed), on
the tiny random-weight engine: what they return must be exactly jev's own result."""

import asyncio

import pytest

from jev_model.core.catalogue import rubric_for
from jev_model.errors import JevError

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
