"""A readout that follows the evidence: the check features as explicit inputs beside the last
hidden state (logits = W_h h + W_f f + b), trained by `jev train`, applied by the engine; for
the same item, changing only the evidence from "equal" to "not equal" moves the pass."""

from __future__ import annotations

import dataclasses
import json

import pytest
import torch

from jev_model.checks import FEATURE_NAMES, LINE_VERSION, check_features, checks_for
from jev_model.checks.features import BASE_FEATURES
from jev_model.core.readout import Readout, load_readout
from jev_model.core.render import render
from jev_model.core.rubric import load_rubric
from jev_model.errors import JevError
from benchmarks.harness import ITEMS_DIR
from jev_model.fitting.train import TrainConfig, save_readout, train_readout

SMALL = TrainConfig(l2=(0.1,), max_steps=200, patience=60, val_fraction=0.34, batch_size=8,
                    test_items=(str(ITEMS_DIR / "answer_correctness.jsonl"),))
CAPITALS = [("France", "Paris", "Lyon"), ("Spain", "Madrid", "Seville"), ("Italy", "Rome", "Milan"),
            ("Japan", "Tokyo", "Osaka"), ("Peru", "Lima", "Cusco"), ("Kenya", "Nairobi", "Mombasa")]


def _items() -> list[dict]:
    """Right and wrong answers, numbers and text; several templates."""
    out = []
    for i in range(12):
        right = i % 2 == 0
        out.append({"input": f"What is {i} + {i}?", "output": str(2 * i if right else 2 * i + 1),
                    "expected": str(2 * i), "gold": 4 if right else 0, "template": f"n{i % 4}", "category": "number"})
    for k, (country, capital, other) in enumerate(CAPITALS):
        for right in (True, False):
            out.append({"input": f"What is the capital of {country}?", "output": capital if right else other,
                        "expected": capital, "gold": 4 if right else 0, "template": f"c{k % 3}", "category": "entity"})
    return out


@pytest.fixture(scope="module")
def trained(tiny_model_dir, tmp_path_factory):
    from jev_model.core.engine import Engine

    tmp = tmp_path_factory.mktemp("feature-readout")
    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0, readout="raw")
    rubric = load_rubric("answer_correctness")
    readout, manifest = train_readout(engine, rubric, _items(), SMALL, data_sha256="x", data_files=["mem"],
                                      cache_dir=tmp / "cache")
    path = save_readout(tmp / "readouts" / engine.backbone / f"{rubric.name}.safetensors", readout, manifest)
    return {"engine": engine, "rubric": rubric, "readout": readout, "manifest": manifest, "path": path, "tmp": tmp}


def test_a_trained_readout_reads_the_check_features(trained):
    readout, manifest = trained["readout"], trained["manifest"]
    # fitted without the sentence encoder (the engine's "auto" with a raw readout): the features before it
    assert manifest["features"] == list(BASE_FEATURES) and manifest["checks_line"] == 2
    assert readout.feature_weight.shape == (5, len(BASE_FEATURES)) and not readout.reads_meaning
    # the tiny model's hidden states are noise; the evidence separates right from wrong
    assert manifest["validation"]["pass_agreement"] == 1.0
    loaded = load_readout(trained["path"], trained["engine"].backbone, trained["rubric"])
    assert torch.equal(loaded.feature_weight, readout.feature_weight)


def test_without_features_the_readout_reads_the_hidden_state_only(trained):
    from jev_model.fitting.train import train_readout as fit

    engine, rubric = trained["engine"], trained["rubric"]
    readout, manifest = fit(engine, rubric, _items(), dataclasses.replace(SMALL, features=False), data_sha256="x",
                            data_files=["mem"], cache_dir=trained["tmp"] / "cache")
    assert readout.feature_weight is None and manifest["features"] is None


def test_missing_features_read_as_no_evidence():
    r = Readout(weight=torch.eye(2, 3), bias=torch.zeros(2), is_raw=False, feature_weight=torch.ones(2, 4))
    h = torch.tensor([[1.0, 2.0, 3.0]])
    assert torch.equal(r(h), r(h, torch.zeros(1, 4)))
    assert r(h, torch.ones(1, 4)).tolist() == [[5.0, 6.0]]


def test_a_readout_fitted_on_other_features_is_refused(trained):
    path = trained["tmp"] / "other" / trained["engine"].backbone / "answer_correctness.safetensors"
    manifest = dict(trained["manifest"], features=list(BASE_FEATURES[:-1]) + ["something_else"])
    save_readout(path, trained["readout"], manifest)
    with pytest.raises(JevError, match="check features"):
        load_readout(path, trained["engine"].backbone, trained["rubric"])


def test_a_readout_trained_on_another_wording_of_the_line_warns(trained, recwarn):
    assert trained["manifest"]["checks_line"] == 2  # no meaning features: the line without its meaning part
    assert load_readout(trained["path"], trained["engine"].backbone, trained["rubric"], checks=True)
    assert not [w for w in recwarn if "checks line" in str(w.message)]
    path = trained["tmp"] / "old" / trained["engine"].backbone / "answer_correctness.safetensors"
    old = {k: v for k, v in trained["manifest"].items() if k != "checks_line"}  # written before the field: version 1
    save_readout(path, trained["readout"], old)
    with pytest.warns(UserWarning, match=f"version 1 of the computed checks line, this engine writes version 2"):
        load_readout(path, trained["engine"].backbone, trained["rubric"], checks=True)


def _with_evidence_of(engine, rubric, fields: dict, other: dict):
    """The request for ``fields`` with only its evidence (the checks line in the prompt and
    the features) taken from ``other``."""
    request = engine.prepare(rubric, fields)
    line = checks_for(other)
    return dataclasses.replace(request, prompt=render(rubric, fields, line), checks=line,
                               features=tuple(check_features(other).values()))


def test_changing_only_the_evidence_moves_the_pass(trained, tiny_model_dir, monkeypatch):
    from jev_model.core.engine import Engine

    monkeypatch.setenv("JEV_HOME", str(trained["tmp"]))
    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0)
    rubric = load_rubric("answer_correctness")
    item = {"input": "What is the capital of France?", "output": "Paris", "expected": "Paris"}
    equal = engine.prepare(rubric, item)
    assert equal.checks == "answer: equal"
    not_equal = _with_evidence_of(engine, rubric, item, dict(item, output="Lyon"))
    assert "not equal" in not_equal.checks
    a, b = engine.read([equal, not_equal])
    assert a.readout.startswith("trained:") and a.passed is True and b.passed is False


@pytest.mark.model
def test_default_model_changing_only_the_evidence_moves_the_pass():
    """The shipped readout of the default model: the same item, the evidence swapped."""
    from jev_model.core.engine import Engine

    engine = Engine.load("default")
    rubric = load_rubric("answer_correctness")
    for item, wrong in [({"input": "What is the capital of France?", "output": "Paris", "expected": "Paris"}, "Lyon"),
                        ({"input": "What is 17 × 23?", "output": "391", "expected": "391"}, "381")]:
        equal = engine.prepare(rubric, item)
        not_equal = _with_evidence_of(engine, rubric, item, dict(item, output=wrong))
        a, b = engine.read([equal, not_equal])
        assert a.readout.startswith("trained:") and a.passed is True and b.passed is False, (item, a, b)


def test_trained_manifest_is_json(trained):
    json.dumps(trained["manifest"])


def test_text_eval_tables_per_kind_and_split():
    from benchmarks.readouts.text_eval import kind_of, markdown, table

    assert kind_of({"category": "arithmetic"}) == "number" and kind_of({"category": "entity"}) == "entity"
    rec = lambda split, kind, p4, gold: {"split": split, "kind": kind, "gold": gold, "gold_passed": gold >= 3,  # noqa: E731
                                         "probabilities": {"0": 1 - p4, "1": 0, "2": 0, "3": 0, "4": p4},
                                         "passed": p4 > 0.5, "score": p4, "level": 4 * p4}
    today = [rec("in_template", "entity", 0.9, 0), rec("phrasing_shift", "entity", 0.9, 0)]
    new = [rec("in_template", "entity", 0.1, 0), rec("phrasing_shift", "entity", 0.9, 4)]
    t = table({"today": today, "new": new})
    assert t["in_template"]["entity"]["today"]["pass_agreement"] == 0.0
    assert t["in_template"]["entity"]["new"]["pass_agreement"] == 1.0
    assert t["phrasing_shift"]["all"]["new"]["exact_accuracy"] == 1.0
    out = {"command": "x", "model": "m", "device": "cpu", "dtype": "float32", "today": "a", "new": "b",
           "baseline_rev": "r", "metrics": t, "side_by_side": {}}
    assert "| entity | 1 | 0.000 | 1.000 | 0.000 | 1.000 |" in markdown(out)
