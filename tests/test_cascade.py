"""The confidence cascade over synthetic per-item records of a decision and a reasoning run."""

from __future__ import annotations

import json

import pytest

from benchmarks.accuracy import cascade
from jev_model.errors import JevError


def probs_for(level: int) -> dict:
    return {str(k): (0.9 if k == level else 0.025) for k in range(5)}


def runs(tmp_path):
    # four items: the decision is right where confident (a, b), wrong where not (c, d);
    # the reasoning system is right on c only, and unscored on d.
    decision = [
        {"id": "a", "gold": 4, "category": "date", "probabilities": probs_for(4), "confidence": 0.9, "latency_s": 0.1, "tokens_in": 50},
        {"id": "b", "gold": 0, "category": "date", "probabilities": probs_for(0), "confidence": 0.8, "latency_s": 0.1, "tokens_in": 50},
        {"id": "c", "gold": 4, "category": "arithmetic", "probabilities": probs_for(0), "confidence": 0.3, "latency_s": 0.1, "tokens_in": 50},
        {"id": "d", "gold": 2, "category": "control", "unscored": "too long", "latency_s": 0.1, "tokens_in": 50},
    ]
    reasoning = [
        {"id": "a", "gold": 4, "level": 3, "latency_s": 2.0, "tokens_in": 60, "tokens_out": 100},
        {"id": "b", "gold": 0, "level": 0, "latency_s": 2.0, "tokens_in": 60, "tokens_out": 100},
        {"id": "c", "gold": 4, "level": 4.0, "latency_s": 3.0, "tokens_in": 60, "tokens_out": 100},
        {"id": "d", "gold": 2, "unscored": "no final level", "latency_s": 4.0, "tokens_in": 60, "tokens_out": 100},
    ]
    d, r = tmp_path / "d.jsonl", tmp_path / "r.jsonl"
    d.write_text("".join(json.dumps(x) + "\n" for x in decision))
    r.write_text("".join(json.dumps(x) + "\n" for x in reasoning))
    return d, r


def test_thresholds_trade_accuracy_for_cost(tmp_path):
    d, r = runs(tmp_path)
    rows = cascade.join(cascade.read_run(d), cascade.read_run(r))
    alone = cascade.cascade_point(rows, 0.0)  # only the unscored item goes on
    assert alone["escalated"] == 0.25 and alone["exact_accuracy"] == 0.5 and alone["unscored"] == 1
    assert alone["mean_latency_s"] == pytest.approx((0.1 * 4 + 4.0) / 4)
    mid = cascade.cascade_point(rows, 0.5)  # c goes on and is fixed
    assert mid["escalated"] == 0.5 and mid["exact_accuracy"] == 0.75
    assert mid["mean_latency_s"] == pytest.approx((0.4 + 3.0 + 4.0) / 4)
    assert mid["tokens_per_item"] == pytest.approx((4 * 50 + 2 * 160) / 4)
    everything = cascade.cascade_point(rows, 1.01)  # the reasoning system's answers: a is now wrong
    assert everything["escalated"] == 1.0 and everything["exact_accuracy"] == 0.5
    assert cascade.single(rows, 2)["exact_accuracy"] == 0.5 and cascade.single(rows, 1)["exact_accuracy"] == 0.5
    assert cascade.single(rows, 2)["median_latency_s"] == 2.5


def test_category_filter_and_report_files(tmp_path):
    d, r = runs(tmp_path)
    out = tmp_path / "res" / "cascade"
    assert cascade.main(["--decision", str(d), "--reasoning", str(r), "--category", "date", "--category",
                         "arithmetic", "--thresholds", "0,0.5,1.01", "--out", str(out)]) == 0
    data = json.loads(out.with_suffix(".json").read_text())
    assert [p["exact_accuracy"] for p in data["cascade"]] == [pytest.approx(2 / 3), 1.0, pytest.approx(2 / 3)]
    assert "| cascade | 0.50 | 33% | 1.000 |" in out.with_suffix(".md").read_text()
    assert out.with_suffix(".png").stat().st_size > 1000


def test_mismatched_runs_are_named(tmp_path, capsys):
    d, r = runs(tmp_path)
    r.write_text("\n".join(r.read_text().splitlines()[:3]) + "\n")
    with pytest.raises(JevError, match="different items"):
        cascade.join(cascade.read_run(d), cascade.read_run(r))
    r.write_text(json.dumps({"id": "a", "gold": 4, "level": 4}) + "\n")
    assert cascade.main(["--decision", str(d), "--reasoning", str(r)]) == 2
    assert "latency_s must be a non-negative number" in capsys.readouterr().err
    assert cascade.main(["--decision", str(d), "--reasoning", str(d), "--thresholds", "x"]) == 2


def test_checks_calibration_cascade_report_end_to_end(tiny_model_dir, tmp_path):
    """The measurement's report step on stored hidden states of a tiny model (random h)."""
    import random

    import torch

    from benchmarks.accuracy import checks_calibration_cascade as ccc
    from jev_model.core.engine import Engine
    from jev_model.fitting.hidden import HiddenCache

    rng = random.Random(0)
    items = ccc.ordered_items()[:70]
    hidden, reasoning = tmp_path / "hidden.jsonl", tmp_path / "reasoning.jsonl"
    store = HiddenCache.for_engine(Engine.load(str(tiny_model_dir), calibration=False), directory=tmp_path / "cache")
    with hidden.open("w") as f:
        for it in items:
            for checks in (False, True):
                key = f"{it['id']}|{checks}"  # the run step keys a state by its prompt's token ids
                store.store[key] = torch.tensor([rng.gauss(0, 1) for _ in range(32)])
                f.write(json.dumps({"id": it["id"], "checks": checks, "latency_s": 0.5, "tokens_in": 100,
                                    "checks_line": "numbers equal" if checks else None, "key": key}) + "\n")
    store.save()
    reasoning.write_text("".join(json.dumps({"id": it["id"], "gold": it["gold"], "level": rng.randint(0, 4),
                                             "latency_s": 10.0}) + "\n" for it in items))
    batch1 = tmp_path / "batch1"  # a benchmarks.accuracy.run directory: both systems at batch 1
    batch1.mkdir()
    for system, latency in (("decision-batch1", 0.25), ("reasoning-local", 5.0)):
        (batch1 / f"{system}.jsonl").write_text("".join(json.dumps(
            {"id": it["id"], "category": it["category"], "gold": it["gold"], "level": 4, "batch": 1,
             "latency_s": latency, "tokens_out": 0 if system.startswith("decision") else 40}) + "\n" for it in items))
    out = tmp_path / "results" / "ccc"
    assert ccc.main(["report", "--model", str(tiny_model_dir), "--hidden", str(hidden), "--reasoning", str(reasoning),
                     "--batch1", str(batch1), "--cache-dir", str(tmp_path / "cache"), "--out", str(out)]) == 0
    summary = json.loads(out.with_suffix(".json").read_text())
    raw = summary["readouts"]["raw"]
    assert summary["items"] == 70 and raw["decision"]["items"] == raw["decision + checks"]["items"]
    assert [p["threshold"] for p in raw["cascade"]] == [0.3, 0.6]
    assert summary["batch1"]["ratio"] == pytest.approx(0.05) and summary["batch1"]["items"] == sum(
        it["category"] != "control" for it in items)
    table = out.with_suffix(".md").read_text()
    assert "| ratio | 1/20.0 |" in table
    assert "| cascade, confidence < 0.30 → reasoning |" in table and "reasoning-local" in table
    assert (out.parent / "ccc_cascade_raw.png").exists() and (out.parent / "ccc_reliability_raw_after.png").exists()
