import math

import pytest

from jev_model.core.catalogue import rubric_for
from jev_model.core.result import build_result, choice_confidence, score_confidence
from jev_model.core.rubric import load_rubric


def test_score_confidence_hand_computed():
    # n=5: D = mean |i-2| = (2+1+0+1+2)/5 = 1.2; mode 2; sum p|i-2| = .1*2 + .2*1 + .2*1 = .6
    assert score_confidence([0.1, 0.2, 0.5, 0.2, 0.0]) == pytest.approx(1 - 0.6 / 1.2)
    assert score_confidence([0, 0, 0, 0, 1.0]) == 1.0
    assert score_confidence([0.5, 0, 0, 0, 0.5]) == 0.0  # max(0, 1 - 2/1.2)


def test_choice_confidence_hand_computed():
    assert choice_confidence([0.88, 0.12]) == pytest.approx((0.88 - 0.5) / 0.5)
    assert choice_confidence([1 / 3] * 3) == pytest.approx(0.0)
    assert choice_confidence([1.0]) == 1.0


def test_answer_correctness_rules():
    r = build_result(load_rubric("answer_correctness"), [0.1, 0.1, 0.1, 0.2, 0.5])
    level = 0.1 + 0.2 + 0.6 + 2.0
    assert r.level == pytest.approx(level)
    assert r.score == pytest.approx(level / 4)
    assert r.label == "2.9 / 4"
    assert r.passed is False  # 0.725 < 0.75
    r2 = build_result(load_rubric("answer_correctness"), [0.0, 0.0, 0.0, 1.0, 0.0])
    assert r2.score == 0.75 and r2.passed is True and r2.label == "3.0 / 4"
    assert math.isclose(sum(r.probabilities.values()), 1.0)


def test_factuality_rules():
    r = build_result(load_rubric("factuality"), [0.5, 0.1, 0.2, 0.1, 0.1])
    assert r.score == pytest.approx(0.5 * 0.4 + 0.1 * 0.6 + 0.2 + 0 + 0.1)
    assert r.label == "A (subset)" and r.passed is False  # top option A has value 0.4
    r = build_result(load_rubric("factuality"), [0.1, 0.1, 0.1, 0.1, 0.6])
    assert r.passed is True and r.label.startswith("E")
    assert set(r.probabilities) == {"subset", "superset", "same", "disagreement", "differ_not_factual"}


def test_closed_qa_rules():
    r = build_result(load_rubric("closed_qa"), [0.6, 0.4])
    assert r.score == pytest.approx(0.6) and r.passed and r.label == "yes"
    assert not build_result(load_rubric("closed_qa"), [0.3, 0.7]).passed


def test_correctness_modes():
    basic = build_result(load_rubric("correctness"), [0.2, 0.3, 0.5])
    assert basic.score == pytest.approx(0.15 + 0.5) and basic.passed and basic.label == "Perfectly Correct"
    assert not build_result(load_rubric("correctness"), [0.2, 0.5, 0.3]).passed
    ref = build_result(load_rubric("correctness_reference"), [0.3, 0.7])
    assert ref.score == pytest.approx(0.7) and ref.passed and ref.label == "CORRECT"


def test_llm_judge_caller_levels():
    r = rubric_for("llm_judge", {"output": "x", "criteria": "Polite?", "levels": ["rude", "ok", "kind"]})
    res = build_result(r, [0.0, 0.5, 0.5])
    assert res.score == pytest.approx(0.75) and res.label == "1.5 / 2" and res.passed


def test_result_rejects_bad_probabilities():
    from jev_model.core.result import Result

    with pytest.raises(ValueError):
        Result("x", score=0.5, confidence=0.5, probabilities={"0": 0.5, "1": 0.6})
    with pytest.raises(ValueError):
        Result("x", score=1.5, confidence=0.5, probabilities={"0": 0.5, "1": 0.5})


# Every evaluator's score, label, passed and confidence on hand-computed probabilities.
# graded: score = E[level]/top, confidence = 1 - sum p|i-mode| / D (D = mean |i - (n-1)/2|);
# options: score = sum p x value, confidence = (max - 1/n) / (1 - 1/n).
JUDGE = {"output": "x", "criteria": "Clear?", "levels": ["no", "somewhat", "mostly", "yes"]}


@pytest.mark.parametrize("evaluator, probs, score, label, passed, confidence", [
    # E = .1*1+.1*2+.2*3+.5*4 = 2.9; mode 4: sum p|i-4| = .4+.3+.2+.2 = 1.1, D = 1.2
    ("answer_correctness", [0.1, 0.1, 0.1, 0.2, 0.5], 2.9 / 4, "2.9 / 4", False, 1 - 1.1 / 1.2),
    ("answer_correctness", [0, 0, 0, 0.5, 0.5], 3.5 / 4, "3.5 / 4", True, 1 - 0.5 / 1.2),
    # C is top (value 1): .04 + .06 + .6 + 0 + .1
    ("factuality", [0.1, 0.1, 0.6, 0.1, 0.1], 0.8, "C (same)", True, (0.6 - 0.2) / 0.8),
    # A is top (value .4): not passed although the score is .53
    ("factuality", [0.3, 0.1, 0.2, 0.25, 0.15], 0.12 + 0.06 + 0.2 + 0.15, "A (subset)", False, (0.3 - 0.2) / 0.8),
    ("factuality", [0.1, 0.1, 0.1, 0.6, 0.1], 0.04 + 0.06 + 0.1 + 0.1, "D (disagreement)", False, 0.5),
    ("closed_qa", [0.5, 0.5], 0.5, "yes", True, 0.0),  # P(yes) >= 0.5; a tie labels the first
    ("closed_qa", [0.2, 0.8], 0.2, "no", False, 0.6),
    ("correctness", [0.1, 0.6, 0.3], 0.3 + 0.3, "Partially Correct", False, (0.6 - 1 / 3) / (2 / 3)),
    ("correctness", [0.0, 0.4, 0.6], 0.2 + 0.6, "Perfectly Correct", True, (0.6 - 1 / 3) / (2 / 3)),
    ("correctness_reference", [0.6, 0.4], 0.4, "INCORRECT", False, 0.2),
    ("correctness_reference", [0.45, 0.55], 0.55, "CORRECT", True, 0.1),
    # 4 caller levels: E = .2 + .6 + 1.2 = 2.0 -> 2/3 < .75; mode 3, sum p|i-3| = .3+.4+.3 = 1, D = 1
    ("llm_judge", [0.1, 0.2, 0.3, 0.4], 2 / 3, "2.0 / 3", False, 0.0),
])
def test_every_evaluator_rule(evaluator, probs, score, label, passed, confidence):
    r = build_result(rubric_for(evaluator, JUDGE if evaluator == "llm_judge" else {}), probs)
    assert r.score == pytest.approx(score)
    assert r.label == label and r.passed is passed
    assert r.confidence == pytest.approx(confidence)
    assert list(r.probabilities.values()) == pytest.approx(probs)
    assert (r.level is not None) == (evaluator in ("answer_correctness", "llm_judge"))


def test_llm_judge_caller_pass_threshold_and_bad_levels():
    from jev_model.errors import JevError

    r = build_result(rubric_for("llm_judge", {**JUDGE, "pass_threshold": 0.6}), [0.1, 0.2, 0.3, 0.4])
    assert r.passed is True  # 2/3 >= 0.6
    for fields, message in [({**JUDGE, "levels": ["only"]}, "'levels' must be a list of 2 to 10"),
                            ({**JUDGE, "criteria": " "}, "'criteria'"),
                            ({**JUDGE, "pass_threshold": True}, "pass_threshold must be a number")]:
        with pytest.raises(JevError, match=message):
            rubric_for("llm_judge", fields)
