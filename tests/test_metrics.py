import pytest

from jev_model.core.rubric import load_rubric
from jev_model.datasets import metrics as m


def test_hand_computed_aggregations():
    assert m.mean_absolute_error([4.0, 1.0, None], [4, 0, 2]) == 0.5
    assert m.exact_accuracy([4, 0, 1], [4, 0, 2]) == pytest.approx(2 / 3)
    assert m.pass_agreement([True, False], [True, True]) == 0.5
    # (0-0)^2+(1-1)^2 = 0 ; (0.5-1)^2 + 0.5^2 = 0.5 -> mean 0.25
    assert m.brier([[0.0, 1.0], [0.5, 0.5]], [1, 0]) == pytest.approx(0.25)


def test_ece_hand_computed():
    # two items at confidence 0.9 (one right) and one at 0.6 (right)
    probs = [[0.9, 0.1], [0.9, 0.1], [0.4, 0.6]]
    gold = [0, 1, 1]
    # bin(0.9): acc .5 conf .9 -> .4 * 2 ; bin(0.6): acc 1 conf .6 -> .4 * 1 ; /3
    assert m.expected_calibration_error(probs, gold) == pytest.approx((0.8 + 0.4) / 3)
    assert m.expected_calibration_error([[1.0, 0.0]], [0]) == 0.0


def test_summarize_leaves_unscored_out():
    recs = [
        {"score": 1.0, "passed": True, "level": 4.0, "probabilities": {"0": 0, "1": 0, "2": 0, "3": 0, "4": 1.0}, "gold": 4},
        {"score": 0.0, "passed": False, "level": 0.0, "probabilities": {"0": 1.0, "1": 0, "2": 0, "3": 0, "4": 0}, "gold": 4},
        {"unscored": "too long", "gold": 0},
    ]
    s = m.summarize(recs, load_rubric("answer_correctness"))
    assert s["items"] == 3 and s["scored"] == 2 and s["unscored"] == 1
    assert s["mean_score"] == 0.5 and s["pass_rate"] == 0.5
    assert s["mae"] == 2.0 and s["exact_accuracy"] == 0.5 and s["pass_agreement"] == 0.5
    assert s["brier"] == pytest.approx(1.0)  # 0 and 2 -> mean 1


def test_reliability_diagram_writes_png(tmp_path):
    path = tmp_path / "rel.png"
    m.reliability_diagram([[0.9, 0.1], [0.3, 0.7]], [0, 1], path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
