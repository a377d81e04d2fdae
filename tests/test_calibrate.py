"""Calibration: the fit, the tolerant reader, the command, and the engine applying it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from jev_model.fitting import calibrate as cal
from jev_model.datasets import metrics
from jev_model.errors import JevError


def synthetic(n: int, true_t: float, shown_t: float, seed: int = 0, levels: int = 5):
    """Gold drawn from softmax(z / true_t); probabilities reported as softmax(z / shown_t)."""
    rng = np.random.default_rng(seed)
    z = rng.normal(size=(n, levels)) * 3
    softmax = lambda x: np.exp(x - x.max(1, keepdims=True)) / np.exp(x - x.max(1, keepdims=True)).sum(1, keepdims=True)  # noqa: E731
    truth = softmax(z / true_t)
    gold = np.array([rng.choice(levels, p=row) for row in truth])
    return softmax(z / shown_t), gold


@pytest.mark.parametrize("true_t", [0.5, 1.0, 2.5])
def test_fit_recovers_a_known_temperature(true_t):
    probs, gold = synthetic(6000, true_t, shown_t=1.0)
    assert cal.fit_temperature(probs, gold) == pytest.approx(true_t, rel=0.08)


def test_ece_improves_on_overconfident_data():
    probs, gold = synthetic(3000, true_t=3.0, shown_t=1.0, seed=1)  # reported far too sharp
    data = cal.Labelled("answer_correctness", probs=probs.tolist(), gold=gold.tolist())
    out = cal.calibrate(data, holdout=0.3, seed=0)
    before, after = out["metrics"]["heldout"]["before"], out["metrics"]["heldout"]["after"]
    assert before["ece"] > 0.2 and after["ece"] < 0.07 and after["ece"] < before["ece"] / 3  # 900 items: sampling noise
    assert after["brier"] < before["brier"] and after["nll"] < before["nll"]
    assert after["exact_accuracy"] == before["exact_accuracy"]  # a temperature never changes the argmax
    assert out["split"] == {"holdout": 0.3, "seed": 0, "fit_items": 2100, "heldout_items": 900}


def test_scaling_is_softmax_of_log_probabilities():
    p = np.array([[0.7, 0.2, 0.1]])
    assert cal.scale(p, 1.0) == pytest.approx(p)
    expected = np.exp(np.log(p) / 2) / np.exp(np.log(p) / 2).sum()
    assert cal.scale(p, 2.0) == pytest.approx(expected)


def write_lines(path, records):
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return path


def test_reader_is_tolerant_and_strict_where_it_matters(tmp_path):
    levels = {"0": 0.1, "1": 0.1, "2": 0.1, "3": 0.2, "4": 0.5}
    path = write_lines(tmp_path / "r.jsonl", [
        {"evaluator": "answer_correctness", "probabilities": levels, "gold": 4, "readout": "raw"},
        {"evaluator": "answer_correctness", "probabilities": levels, "gold": "3"},
        {"result": {"evaluator": "answer_correctness", "probabilities": levels}, "gold_level": 0},
        {"evaluator": "answer_correctness", "unscored": "too long", "gold": 2},
        {"evaluator": "answer_correctness", "probabilities": levels},
        "",
        {"evaluator": "factuality", "probabilities": {"A": 0.2, "B": 0.2, "C": 0.4, "D": 0.1, "E": 0.1}, "gold": "C"},
    ])
    groups = cal.read_labelled(path)
    ac = groups["answer_correctness"]
    assert ac.gold == [4, 3, 0] and ac.skipped == {"unscored": 1, "no gold": 1} and ac.readouts == {"raw"}
    assert groups["factuality"].gold == [2]
    assert set(cal.read_labelled(path, "factuality")) == {"factuality"}
    for bad, message in [("{nope", "r.jsonl:1: malformed JSON"), ("[1]", "must be a JSON object"),
                         (json.dumps({"probabilities": levels, "gold": 1}), "names no evaluator"),
                         (json.dumps({"evaluator": "x", "probabilities": levels, "gold": 9}), "gold 9 is not a level"),
                         (json.dumps({"evaluator": "x", "probabilities": {"0": "a"}, "gold": 0}), "finite non-negative")]:
        write_lines(path, [bad])
        with pytest.raises(JevError, match=message):
            cal.read_labelled(path)


def test_reader_keeps_only_the_categories_asked_for(tmp_path):
    rows = [{"evaluator": "answer_correctness", "category": c, "gold": 4, "probabilities": [0, 0, 0, 0.2, 0.8]}
            for c in ("date", "arithmetic", "control", "date")] + [
        {"evaluator": "answer_correctness", "gold": 0, "probabilities": [1, 0, 0, 0, 0]}]  # no category
    path = write_lines(tmp_path / "r.jsonl", rows)
    assert len(cal.read_labelled(path)["answer_correctness"].gold) == 5
    assert len(cal.read_labelled(path, categories={"date", "arithmetic"})["answer_correctness"].gold) == 3
    assert cal.read_labelled(path, categories={"nope"}) == {}


def test_too_few_records_is_a_clear_error():
    probs, gold = synthetic(20, 1.0, 1.0)
    with pytest.raises(JevError, match="at least 10 and 10"):
        cal.calibrate(cal.Labelled("answer_correctness", probs=probs.tolist(), gold=gold.tolist()))


def test_command_stores_calibration_and_diagrams(tmp_path):
    probs, gold = synthetic(400, true_t=2.0, shown_t=1.0, seed=3)
    records = [{"evaluator": "answer_correctness", "readout": "raw", "gold": int(g),
                "probabilities": dict(zip("01234", map(float, p)))} for p, g in zip(probs, gold)]
    path = write_lines(tmp_path / "results.jsonl", records)
    env = {**os.environ, "JEV_HOME": str(tmp_path / "weights")}
    proc = subprocess.run([sys.executable, "-m", "jev_model", "calibrate", str(path), "--backbone", "b123",
                           "--holdout", "0.25", "--seed", "1"], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    stored = json.loads((tmp_path / "weights/readouts/b123/answer_correctness.calibration.json").read_text())
    assert stored["backbone"] == "b123" and stored["readout"] == "raw" and stored["rubric_version"] == 1
    assert 1.5 < stored["temperature"] < 2.7
    assert stored["split"]["heldout_items"] == 100 and len(stored["data"]["sha256"]) == 16
    assert (tmp_path / "answer_correctness.reliability.before.png").stat().st_size > 1000
    assert (tmp_path / "answer_correctness.reliability.after.png").stat().st_size > 1000
    assert "held-out" in proc.stdout and "ECE" in proc.stdout
    bad = subprocess.run([sys.executable, "-m", "jev_model", "calibrate", str(path), "--holdout", "2",
                          "--backbone", "b"], capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 2 and "--holdout must be between 0 and 1" in bad.stderr


def test_calibrate_results_stores_each_evaluator_and_names_what_is_missing(tmp_path):
    probs, gold = synthetic(200, true_t=2.0, shown_t=1.0, seed=4)
    records = [{"evaluator": "answer_correctness", "category": "date", "readout": "raw", "gold": int(g),
                "probabilities": dict(zip("01234", map(float, p)))} for p, g in zip(probs, gold)]
    path = write_lines(tmp_path / "results.jsonl", records)
    run = cal.CalibrationRun(path, backbone="b123", out_dir=tmp_path / "readouts", plots=tmp_path / "plots")
    (stored, where, pngs), = cal.calibrate_results(run)
    assert where == tmp_path / "readouts/b123/answer_correctness.calibration.json"
    assert json.loads(where.read_text()) == stored and stored["readout"] == "raw" and stored["categories"] is None
    assert [p.rsplit("/", 1)[1] for p in pngs] == ["answer_correctness.reliability.before.png",
                                                   "answer_correctness.reliability.after.png"]
    with pytest.raises(JevError, match="has no records for evaluator 'factuality'"):
        list(cal.calibrate_results(cal.CalibrationRun(path, backbone="b123", evaluator="factuality")))
    with pytest.raises(JevError, match="holds no records of category control,shape"):
        list(cal.calibrate_results(cal.CalibrationRun(path, backbone="b123", categories=("control", "shape"))))
    with pytest.raises(JevError, match="not other; pass --backbone or --model"):
        list(cal.calibrate_results(cal.CalibrationRun(write_lines(tmp_path / "b.jsonl", [
            {**records[0], "backbone": "b123"}]), backbone="other")))


def test_engine_applies_a_stored_calibration_after_reload(tiny_model_dir, tmp_path, monkeypatch):
    from jev_model.core import readout
    from jev_model.core.engine import Engine

    monkeypatch.setenv("JEV_HOME", str(tmp_path))
    item = {"input": "2+2?", "output": "4", "expected": "4"}
    plain = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)
    before = plain.evaluate("answer_correctness", **item)
    assert before.calibration is None

    path = cal.calibration_path(plain.backbone, "answer_correctness")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"temperature": 2.0, "backbone": plain.backbone, "readout": "raw",
                                "rubric_version": 1, "split": {"fit_items": 70}}))
    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)
    after = engine.evaluate("answer_correctness", **item)
    p = np.array(list(before.probabilities.values()))
    assert list(after.probabilities.values()) == pytest.approx(cal.scale(p[None], 2.0)[0].tolist(), abs=1e-5)
    assert after.calibration == "T=2.000 (answer_correctness.calibration.json, fitted on 70 items)"
    off = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0, calibration=False)
    assert off.evaluate("answer_correctness", **item).calibration is None

    # fitted for another readout: not applied
    path.write_text(json.dumps({"temperature": 2.0, "backbone": plain.backbone, "readout": "trained:x"}))
    other = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)
    assert other.evaluate("answer_correctness", **item).probabilities == pytest.approx(before.probabilities)
    path.write_text(json.dumps({"temperature": -1}))
    with pytest.raises(JevError, match="temperature must be a positive number"):
        Engine.load(str(tiny_model_dir), dtype="float32").evaluate("answer_correctness", **item)


def test_metrics_agree_with_the_shared_module():
    probs, gold = synthetic(500, 1.0, 1.0, seed=5)
    rep = cal.report(probs, gold)
    assert rep["ece"] == metrics.expected_calibration_error(probs.tolist(), gold.tolist())
