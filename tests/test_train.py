"""Trained readouts: `jev train` on a tiny model, reloading, refusal on another backbone,
and the training data's separation from the benchmark's test items."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
import torch

from benchmarks.harness import ITEMS_DIR
from jev_model.fitting.dedupe import dedupe, load_jsonl, load_test_items, normalise
from tools.datagen.answer_correctness import OUT as TRAIN_FILE
from tools.datagen.answer_correctness import generate
from jev_model.errors import JevError
from jev_model.core.rubric import load_rubric
from jev_model.fitting.train import TrainConfig, gold_index, save_readout, split_items

SMALL = TrainConfig(l2=(0.1,), max_steps=60, patience=30, val_fraction=0.34, batch_size=8,
                    test_items=(str(ITEMS_DIR / "answer_correctness.jsonl"),))


def benchmark_test_items(evaluator: str) -> list[dict]:
    """The benchmark's test items for an evaluator (the test is the caller that names them)."""
    return load_test_items([ITEMS_DIR / f"{evaluator}.jsonl"])


def _items(n: int = 24) -> list[dict]:
    """A handful of answer_correctness items with gold levels, several templates."""
    out = []
    for i in range(n):
        right = i % 2 == 0
        out.append({"input": f"What is {i} + {i}?", "output": str(2 * i if right else 2 * i + 1),
                    "expected": str(2 * i), "gold": 4 if right else 0, "template": f"t{i % 6}"})
    return out


@pytest.fixture(scope="module")
def trained(tiny_model_dir, tmp_path_factory):
    """One readout trained on the tiny model, saved where the engine looks for it."""
    from jev_model.core.engine import Engine
    from jev_model.fitting.train import train_readout

    tmp = tmp_path_factory.mktemp("trained")
    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0, readout="raw")
    rubric, items = load_rubric("answer_correctness"), _items()
    readout, manifest = train_readout(engine, rubric, items, SMALL, data_sha256="x", data_files=["mem"],
                                      cache_dir=tmp / "cache")
    path = save_readout(tmp / "readouts" / engine.backbone / f"{rubric.name}.safetensors", readout, manifest)
    return {"engine": engine, "rubric": rubric, "items": items, "readout": readout, "manifest": manifest,
            "path": path, "tmp": tmp}


def test_training_on_a_handful_of_items_saves_rows_that_reproduce_validation_metrics(trained, tiny_model_dir, monkeypatch):
    import jev_model.core.readout as readout_mod
    from jev_model.core.engine import Engine
    from jev_model.datasets.metrics import summarize

    engine, rubric, items, manifest = trained["engine"], trained["rubric"], trained["items"], trained["manifest"]
    assert trained["readout"].weight.shape == (5, engine.lm.head.shape[1]) and trained["readout"].bias.shape == (5,)
    assert manifest["backbone"] == engine.backbone and manifest["tokens"] == rubric.tokens
    assert manifest["training_data"]["train_items"] + manifest["training_data"]["validation_items"] == len(items)
    assert trained["path"].with_suffix(".json").exists()

    # a fresh engine finds it, says so in each result, and reproduces the validation metrics
    monkeypatch.setenv("JEV_HOME", str(trained["tmp"]))
    fresh = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0, checks=engine.settings.checks)
    assert fresh.readout("answer_correctness").name == f"trained:{manifest['id']}"
    _, val = split_items(items, SMALL.val_fraction, SMALL.seed)
    val_items = [items[i] for i in val]
    results = fresh.evaluate_many("answer_correctness", val_items, batch_size=3)
    assert all(r.readout == f"trained:{manifest['id']}" for r in results)
    got = summarize([dict(r.to_dict(), gold=gold_index(rubric, it, "t")) for r, it in zip(results, val_items)], rubric)
    for key in ("exact_accuracy", "mae", "pass_agreement", "ece", "brier"):
        assert got[key] == pytest.approx(manifest["validation"][key], abs=1e-4), key


def test_hidden_states_are_cached_and_reused(trained):
    from jev_model.fitting.train import train_readout

    engine = trained["engine"]
    assert len(list((trained["tmp"] / "cache").rglob("*.safetensors"))) == 1

    def no_forward(*args, **kwargs):
        raise AssertionError("a forward pass ran although every hidden state was cached")

    decoder, engine.lm.decoder = engine.lm.decoder, no_forward
    try:  # the same items again: no forward pass at all, the same rows
        readout, _ = train_readout(engine, trained["rubric"], trained["items"], SMALL, data_sha256="x",
                                   data_files=["mem"], cache_dir=trained["tmp"] / "cache")
    finally:
        engine.lm.decoder = decoder
    torch.testing.assert_close(readout.weight, trained["readout"].weight)


def test_a_readout_refuses_to_load_on_another_backbone(trained, tiny_engine):
    from jev_model.core.readout import load_readout

    if tiny_engine.backbone == trained["engine"].backbone:
        pytest.skip("this fixture is the very model the readout was trained on")
    with pytest.raises(JevError, match="trained for backbone"):
        load_readout(trained["path"], tiny_engine.backbone, trained["rubric"])


def test_readout_eval_measures_an_options_readout_beside_raw(tiny_model_dir, tmp_path):
    """benchmarks.readouts.readout_eval on a factuality readout trained on the tiny model: per-category
    rows for raw and trained, with pass agreement from the gold option's own pass."""
    from benchmarks.readouts import readout_eval
    from tools.datagen.derived import derive
    from jev_model.core.engine import Engine
    from jev_model.fitting.train import train_readout

    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0, readout="raw")
    rubric = load_rubric("factuality")
    source = [dict(it, why="a part asked for is missing" if it["gold"] == 0 else "right") for it in _items(24)]
    items = [dict(it, gold=("C" if it["answer_correctness_gold"] == 4 else "A"))
             for it in derive([dict(it, id=f"t{n}") for n, it in enumerate(source)], "factuality")]
    cfg = replace(SMALL, test_items=(str(ITEMS_DIR / "factuality.jsonl"),))
    readout, manifest = train_readout(engine, rubric, items, cfg, data_sha256="x", data_files=["mem"],
                                      cache_dir=tmp_path / "cache")
    path = save_readout(tmp_path / "r.safetensors", readout, manifest)
    tests = tmp_path / "tests.jsonl"
    tests.write_text("".join(json.dumps(dict(it, category="c" if n % 2 else "d")) + "\n" for n, it in enumerate(items[:10])))
    out = tmp_path / "eval"
    assert readout_eval.main(["--evaluator", "factuality", "--model", str(tiny_model_dir), "--dtype", "float32",
                              "--items", str(tests), "--readout", str(path), "--cache-dir", str(tmp_path / "cache"),
                              "--out", str(out)]) == 0
    result = json.loads(out.with_suffix(".json").read_text())
    assert result["evaluator"] == "factuality" and set(result["metrics"]) == {"c", "d", "all"}
    for name in ("raw", "trained"):
        row = result["metrics"]["all"][name]
        assert row["items"] == 10 and row["pass_agreement"] is not None and row["mae"] is None
    assert "| all | trained | 10 |" in out.with_suffix(".md").read_text()


def test_gold_labels_are_validated():
    rubric = load_rubric("answer_correctness")
    assert gold_index(rubric, {"gold": "3"}, "x") == 3
    assert gold_index(rubric, {"gold": 0}, "x") == 0
    for bad in ({"gold": 7}, {}, {"gold": "seven"}, {"gold": True}):
        with pytest.raises(JevError, match="x"):
            gold_index(rubric, bad, "x")
    fact = load_rubric("factuality")
    assert gold_index(fact, {"gold": "disagreement"}, "x") == 3 and gold_index(fact, {"gold": "D"}, "x") == 3


def test_the_pass_term_prefers_doubt_on_the_gold_pass_side():
    """A level-3 answer read as mostly "3": doubt toward "0" makes it fail (E[level] < 3),
    doubt toward "4" keeps it passing; the pass term tells them apart, cross-entropy does not."""
    from jev_model.fitting.train import Objective

    rubric = load_rubric("answer_correctness")
    y = torch.tensor([3])
    toward_0 = torch.log(torch.tensor([[0.08, 1e-4, 1e-4, 0.9, 0.02 - 2e-4]]))  # E[level] 2.78: fails
    toward_4 = torch.log(torch.tensor([[0.02 - 2e-4, 1e-4, 1e-4, 0.9, 0.08]]))  # E[level] 3.02: passes
    ce_only = Objective.for_rubric(rubric, 0.0)
    assert float(ce_only(toward_0, y)) == pytest.approx(float(ce_only(toward_4, y)), abs=1e-3)
    both = Objective.for_rubric(rubric, 1.0)
    assert float(both(toward_0, y)) > float(both(toward_4, y)) + 0.5
    # gold 0 (a fail): the term pushes the other way
    y0 = torch.tensor([0])
    assert float(both(torch.log(torch.tensor([[0.6, 0.1, 0.1, 0.1, 0.1]])), y0)) < \
        float(both(torch.log(torch.tensor([[0.6, 0.0001, 0.0001, 0.0001, 0.3997]])), y0))
    # rubrics passed by their top option get cross-entropy only
    assert Objective.for_rubric(load_rubric("factuality"), 1.0).values is None


def test_cli_train_bad_input_is_one_line(tmp_path, capsys):
    from jev_model.cli import main

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"input": "a"}\nnot json\n')
    assert main(["train", str(bad), "--model", str(tmp_path)]) == 2
    assert "bad.jsonl:2: malformed JSON" in capsys.readouterr().err


# -- the training data ------------------------------------------------------------------------
def test_committed_training_data_is_the_generators_output():
    assert TRAIN_FILE.read_text(encoding="utf-8") == "".join(json.dumps(it, ensure_ascii=False) + "\n"
                                                             for it in generate())


def test_training_data_has_every_level_and_valid_fields():
    items = load_jsonl(TRAIN_FILE)
    rubric = load_rubric("answer_correctness")
    assert {gold_index(rubric, it, it["id"]) for it in items} == {0, 1, 2, 3, 4}
    assert len({it["id"] for it in items}) == len(items)
    for it in items:
        assert all(isinstance(it[f], str) and it[f].strip() for f in ("input", "output", "expected")), it


def test_no_training_item_is_a_benchmark_test_item_or_near_duplicate():
    if not (ITEMS_DIR / "answer_correctness.jsonl").exists():
        pytest.skip("benchmarks/items/answer_correctness.jsonl is not in this checkout")
    tests = benchmark_test_items("answer_correctness")
    train = load_jsonl(TRAIN_FILE)
    kept, dropped = dedupe(train, tests)
    assert dropped == [], [d["id"] for d in dropped]  # the generators share no template with the tests
    test_inputs = {normalise(t["input"]) for t in tests}
    assert not any(normalise(it["input"]) in test_inputs for it in kept)
    # and dedupe itself catches a copied test item, even re-punctuated
    copy = dict(tests[0], input=tests[0]["input"].upper() + "  ")
    assert dedupe([copy], tests)[1] == [copy]


def test_derived_factuality_and_reference_labels_follow_the_kind_of_answer():
    from tools.datagen.derived import correctness_reference_gold, derive, factuality_gold

    def item(gold, why):
        return {"id": "x", "input": "q", "output": "o", "expected": "e", "gold": gold, "why": why}

    cases = [(4, "the right date, another style", "C", "B"), (3, "the right value with the working", "B", "B"),
             (2, "the date is right, the weekday asked for is missing", "A", "A"),
             (1, "two of three missing", "A", "A"),
             (2, "the weekday is right, the date wrong (off by 1 day(s))", "D", "A"),
             (1, "only one of three parts right", "D", "A"), (0, "close is not right: off by a month", "D", "A")]
    for gold, why, fact, ref in cases:
        assert (factuality_gold(item(gold, why)), correctness_reference_gold(item(gold, why))) == (fact, ref), why
    ref_items = derive([item(4, "right")], "correctness_reference")
    assert ref_items[0]["expected_assertion"] == "e" and "expected" not in ref_items[0]
    assert ref_items[0]["id"] == "correctness_reference:x" and ref_items[0]["answer_correctness_gold"] == 4
    with pytest.raises(ValueError, match="no derivation"):
        derive([item(4, "right")], "llm_judge")


def test_derived_files_are_up_to_date_and_labels_valid():
    from tools.datagen.derived import EVALUATORS, outputs

    for path, text in outputs().items():
        assert path.exists() and path.read_text(encoding="utf-8") == text, \
            f"{path} is stale: run python -m tools.datagen.derived"
    for evaluator in EVALUATORS:
        rubric = load_rubric(evaluator)
        items = load_jsonl(TRAIN_FILE.with_name(f"{evaluator}.jsonl"))
        golds = {gold_index(rubric, it, it["id"]) for it in items}
        assert golds == set(range(len(rubric.levels))) - ({4} if evaluator == "factuality" else set())  # no E
        assert dedupe(items, benchmark_test_items(evaluator), rubric.fields)[1] == []


def test_split_keeps_templates_together():
    items = _items(60)
    tr, val = split_items(items, 0.34, 0)
    assert {items[i]["template"] for i in tr}.isdisjoint({items[i]["template"] for i in val})
    with pytest.raises(JevError, match="split"):
        split_items(items[:1], 0.34, 0)


def test_cached_hidden_states_equal_the_uncached_forward(tiny_engine, tmp_path):
    from jev_model.fitting.hidden import HiddenCache
    from jev_model.fitting.train import encode_items

    rubric = load_rubric("answer_correctness")
    parts = encode_items(tiny_engine, rubric, _items(5), "t")
    assert all(len(prefix) > 20 and prefix == parts[0][0] for prefix, _ in parts)  # the rubric is shared
    h = HiddenCache(tmp_path, "tiny", "float32").hidden(tiny_engine, parts, batch_size=2)
    full = tiny_engine.hidden_last([prefix + suffix for prefix, suffix in parts])
    torch.testing.assert_close(h, full.float(), atol=1e-4, rtol=1e-4)


def test_training_refuses_without_test_items_to_dedupe_against(tiny_model_dir, tmp_path):
    from dataclasses import replace

    from jev_model.core.engine import Engine
    from jev_model.errors import JevError
    from jev_model.fitting.train import train_readout

    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0, readout="raw")
    cfg = replace(SMALL, test_items=(str(tmp_path / "no-benchmark-here" / "answer_correctness.jsonl"),))
    with pytest.raises(JevError, match="no benchmark test items to keep out of training.*--no-dedupe"):
        train_readout(engine, load_rubric("answer_correctness"), _items(), cfg, data_sha256="x", data_files=["mem"],
                      cache_dir=tmp_path / "cache")
    told = replace(cfg, dedupe_against_tests=False)  # told explicitly: trains
    readout, manifest = train_readout(engine, load_rubric("answer_correctness"), _items(), told, data_sha256="x",
                                      data_files=["mem"], cache_dir=tmp_path / "cache")
    assert manifest["training_data"]["dropped_as_test_duplicates"] == 0
