"""Readouts at a depth: the hidden state after the first k decoder layers, from a forward
pass that stops there (``Engine.hidden_last(depth=k)``), equal to the layer's output in a
full pass through the same final norm, and read that way by the scoring path."""

from __future__ import annotations

import dataclasses

import pytest
import torch

from jev_model.core.rubric import load_rubric
from jev_model.errors import JevError

ITEMS = [
    {"input": "When does it expire?", "output": "November 21, 2026.", "expected": "2026-12-21"},
    {"input": "Capital of France?", "output": "Paris", "expected": "Paris is the capital of France."},
    {"input": "A B C D E F G H I J K L M N O P", "output": "Q R S T U V W X Y Z " * 4, "expected": "Z"},
]


def _parts(engine):
    rubric = load_rubric("answer_correctness")
    tail = engine.bind(rubric).tail
    return [engine.encode_parts(engine.prepare(rubric, it).prompt, tail) for it in ITEMS]


def test_a_stopped_pass_equals_the_layer_output_of_a_full_pass(tiny_engine):
    """Independent reference: transformers' own ``output_hidden_states`` of the full decoder,
    layer 1's output through the final norm, at each sequence's last token."""
    parts = _parts(tiny_engine)
    prefix, suffixes = parts[0][0], [s for _, s in parts]
    reference = []
    for p, s in parts:
        with torch.no_grad():
            out = tiny_engine.lm.decoder(input_ids=torch.tensor([p + s]), output_hidden_states=True)
        reference.append(tiny_engine.lm.decoder.norm(out.hidden_states[1][0, -1]))
    reference = torch.stack(reference)  # [3, d]
    full = tiny_engine.hidden_last([p + s for p, s in parts])
    assert not torch.allclose(reference, full, atol=1e-3)  # layer 1 is not the last layer's state
    cached = tiny_engine.hidden_last(suffixes, prefix=prefix, depth=1)  # prefix K/V from the cache, batched
    uncached = tiny_engine.hidden_last([p + s for p, s in parts], depth=1)
    torch.testing.assert_close(cached, reference, atol=1e-4, rtol=1e-4)
    torch.testing.assert_close(uncached, reference, atol=1e-4, rtol=1e-4)


def test_one_pass_gives_every_depth_asked_for(tiny_engine):
    parts = _parts(tiny_engine)
    prefix, suffixes = parts[0][0], [s for _, s in parts]
    both = tiny_engine.hidden_layers(suffixes, prefix, (1, None))
    torch.testing.assert_close(both[1], tiny_engine.hidden_last(suffixes, prefix, depth=1))
    torch.testing.assert_close(both[None], tiny_engine.hidden_last(suffixes, prefix))
    torch.testing.assert_close(tiny_engine.hidden_last(suffixes, prefix, depth=tiny_engine.layer_count), both[None])


@pytest.mark.parametrize("depth", [0, 3, -1, 1.5])
def test_a_depth_outside_the_decoder_is_refused(tiny_engine, depth):
    parts = _parts(tiny_engine)
    with pytest.raises(JevError, match=r"depth .*layers 1\.\.2"):
        tiny_engine.hidden_last([parts[0][1]], prefix=parts[0][0], depth=depth)


def test_the_scoring_path_runs_only_the_layers_its_readout_reads(tiny_engine):
    """A readout fitted at depth 1 on the 2-layer model: the last layer never runs for it,
    and its results equal the readout over the depth-1 states; a raw request in the same
    read runs the whole depth."""
    rubric = load_rubric("answer_correctness")
    settings = tiny_engine.settings.replace(readout="trained", calibration=False, batch_size=2)
    key = (rubric.name, tuple(rubric.tokens), "trained", False, bool(settings.checks and rubric.checks))
    raw = tiny_engine.readout(rubric, tiny_engine.settings.replace(readout="raw"))
    shallow = dataclasses.replace(raw, name="trained:depth-1", is_raw=False, depth=1,
                                  bias=torch.linspace(-1, 1, len(rubric.tokens)))
    tiny_engine.binder.readouts[key] = shallow
    last = tiny_engine.lm.decoder.layers[-1]
    runs = []
    hook = last.register_forward_hook(lambda *_: runs.append(1))
    try:
        requests = [tiny_engine.prepare(rubric, it, settings) for it in ITEMS]
        results = tiny_engine.read(requests)
        assert runs == []  # the last layer never ran
        parts = _parts(tiny_engine)
        h = tiny_engine.hidden_last([s for _, s in parts], prefix=parts[0][0], depth=1)
        for row, (request, result) in enumerate(zip(requests, results)):
            want = tiny_engine.result_from_hidden(rubric, h[row: row + 1], settings, readout=shallow,
                                                  features=request.features)
            assert result.readout == "trained:depth-1"
            assert list(result.probabilities.values()) == pytest.approx(list(want.probabilities.values()), abs=1e-5)
        mixed = tiny_engine.read(requests[:1] + [tiny_engine.prepare(rubric, ITEMS[1], settings.replace(readout="raw"))])
        assert runs and mixed[0].readout == "trained:depth-1" and mixed[1].readout == "raw"
    finally:
        hook.remove()
        tiny_engine.binder.readouts.pop(key, None)


def test_a_readout_deeper_than_the_backbone_is_refused(tiny_engine):
    rubric = load_rubric("answer_correctness")
    settings = tiny_engine.settings.replace(readout="trained", calibration=False)
    key = (rubric.name, tuple(rubric.tokens), "trained", False, bool(settings.checks and rubric.checks))
    raw = tiny_engine.readout(rubric, tiny_engine.settings.replace(readout="raw"))
    tiny_engine.binder.readouts.pop(key, None)
    import jev_model.core.binding as engine_mod

    original = engine_mod.find_readout
    engine_mod.find_readout = lambda *a, **k: dataclasses.replace(raw, name="trained:deep", is_raw=False, depth=7)
    try:
        with pytest.raises(JevError, match="after decoder layer 7.*layers 1..2"):
            tiny_engine.readout(rubric, settings)
    finally:
        engine_mod.find_readout = original
        tiny_engine.binder.readouts.pop(key, None)


def test_training_at_a_depth_caches_and_records_it(tiny_model_dir, tmp_path):
    from jev_model.core.engine import Engine
    from benchmarks.harness import ITEMS_DIR
    from jev_model.fitting.hidden import HiddenCache, fill_caches
    from jev_model.fitting.train import TrainConfig, save_readout, train_readout

    engine = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0, readout="raw")
    rubric = load_rubric("answer_correctness")
    items = [{"input": f"What is {i} + {i}?", "output": str(2 * i + i % 2), "expected": str(2 * i),
              "gold": 0 if i % 2 else 4, "template": f"t{i % 6}"} for i in range(18)]
    cfg = TrainConfig(l2=(0.1,), max_steps=40, patience=20, val_fraction=0.34, depth=1,
                      test_items=(str(ITEMS_DIR / "answer_correctness.jsonl"),))
    readout, manifest = train_readout(engine, rubric, items, cfg, data_sha256="x", data_files=["mem"],
                                      cache_dir=tmp_path / "cache")
    assert manifest["depth"] == 1 and readout.depth == 1 and manifest["hyperparameters"]["depth"] == 1
    assert [p.name for p in (tmp_path / "cache").rglob("*.safetensors")] == ["float32-depth1.safetensors"]
    whole, _ = train_readout(engine, rubric, items, dataclasses.replace(cfg, depth=None), data_sha256="x",
                             data_files=["mem"], cache_dir=tmp_path / "cache")
    assert "depth" not in whole.manifest["hyperparameters"] and whole.manifest["id"] != manifest["id"]
    path = save_readout(tmp_path / "r" / engine.backbone / "answer_correctness.safetensors", readout, manifest)
    from jev_model.core.readout import load_readout

    assert load_readout(path, engine.backbone, rubric).depth == 1
    # fill_caches: two depths from one pass equal each depth alone
    caches = [HiddenCache(tmp_path / "two", engine.backbone, "float32", d) for d in (1, None)]
    tail = engine.bind(rubric).tail
    parts = [engine.encode_parts(engine.prepare(rubric, it).prompt, tail) for it in items[:4]]
    one, full = fill_caches(caches, engine, parts, 3)
    torch.testing.assert_close(one, HiddenCache(tmp_path / "a", engine.backbone, "float32", 1).hidden(engine, parts, 2))
    torch.testing.assert_close(full, HiddenCache(tmp_path / "b", engine.backbone, "float32").hidden(engine, parts, 2))


def _sweep_items(tmp_path, held_out_name: str):
    """18 training items over 6 templates and 6 held-out rephrasings of them, as JSONL files."""
    import json

    items = [{"input": f"What is {i} + {i}?", "output": str(2 * i + i % 2), "expected": str(2 * i),
              "gold": 0 if i % 2 else 4, "template": f"t{i % 6}", "category": "arithmetic"} for i in range(18)]
    data = tmp_path / "train.jsonl"
    data.write_text("".join(json.dumps(it) + "\n" for it in items))
    tests = tmp_path / held_out_name
    tests.write_text("".join(json.dumps(dict(it, input=f"Add {i} and {i}.")) + "\n" for i, it in enumerate(items[:6])))
    return data, tests


def test_depth_sweep_fits_and_measures_each_depth(tiny_model_dir, tmp_path, monkeypatch):
    import json

    from benchmarks.readouts import depth_sweep

    data, tests = _sweep_items(tmp_path, "test.jsonl")
    monkeypatch.setitem(depth_sweep.TESTS, "answer_correctness", [("mine", str(tests), "category")])
    out_stem = tmp_path / "sweep"
    assert depth_sweep.main(["--model", str(tiny_model_dir), "--data", str(data), "--depths", "1,2",
                             "--per-category", "0", "--cache-dir", str(tmp_path / "cache"), "--fit", "1", "--tolerance", "1",
                             "--out", str(out_stem)]) == 0
    out = json.loads(out_stem.with_suffix(".json").read_text())
    assert [row["depth"] for row in out["rows"]] == [1, 2] and out["layers"] == 2
    assert [row["forward_share"] for row in out["rows"]] == [0.5, 1.0]
    for row in out["rows"]:
        assert row["mine"]["all"]["items"] == 6 and 0 <= row["mine"]["all"]["exact_accuracy"] <= 1
        assert row["mine"]["arithmetic"] == row["mine"]["all"]
    assert out["rows"][0]["readout"] != out["rows"][1]["readout"]
    saved = tmp_path / "answer_correctness-depth1.safetensors"
    assert out["rows"][0]["saved"] == str(saved) and json.loads(saved.with_suffix(".json").read_text())["depth"] == 1
    assert out_stem.with_suffix(".png").stat().st_size > 0 and "| 1 | 0.50 |" in out_stem.with_suffix(".md").read_text()
    assert depth_sweep.main(["--model", str(tiny_model_dir), "--data", str(data), "--depths", "1,3"]) == 2


def test_depth_sweep_measures_the_test_sets_asked_for(tiny_model_dir, tmp_path, monkeypatch):
    """``--tests`` picks among the evaluator's own sets and the extra ones (paraphrase, meaning);
    a name it does not know is an error that lists the known ones."""
    import json

    from benchmarks.readouts import depth_sweep

    data, tests = _sweep_items(tmp_path, "test.jsonl")
    monkeypatch.setitem(depth_sweep.TESTS, "answer_correctness", [("mine", str(tests), "category")])
    monkeypatch.setattr(depth_sweep, "EXTRA_TESTS", {"other": (str(tests), None)})
    out_stem = tmp_path / "sweep"
    common = ["--model", str(tiny_model_dir), "--data", str(data), "--depths", "1", "--per-category", "0",
              "--cache-dir", str(tmp_path / "cache"), "--out", str(out_stem)]
    assert depth_sweep.main(common + ["--tests", "other"]) == 0
    out = json.loads(out_stem.with_suffix(".json").read_text())
    assert [t["name"] for t in out["tests"]] == ["other"] and "mine" not in out["rows"][0]
    assert list(out["rows"][0]["other"]) == ["all"] and out["rows"][0]["other"]["all"]["items"] == 6
    assert depth_sweep.main(common + ["--tests", "mine", "nope"]) == 2


def test_a_request_can_carry_its_own_readout(tiny_engine):
    """``ReadRequest.readout`` (a benchmark's file) wins over the settings' pick, at its depth."""
    rubric = load_rubric("answer_correctness")
    raw_settings = tiny_engine.settings.replace(readout="raw", calibration=False)
    raw = tiny_engine.readout(rubric, raw_settings)
    shallow = dataclasses.replace(raw, name="trained:mine", is_raw=False, depth=1)
    request = dataclasses.replace(tiny_engine.prepare(rubric, ITEMS[0], raw_settings), readout=shallow)
    runs = []
    hook = tiny_engine.lm.decoder.layers[-1].register_forward_hook(lambda *_: runs.append(1))
    try:
        (result,) = tiny_engine.read([request])
    finally:
        hook.remove()
    assert result.readout == "trained:mine" and result.level_mass is None and runs == []


def test_the_best_depth_is_chosen_on_validation_then_the_cheaper():
    from jev_model.fitting.depth import best_depth

    row = lambda d, exact, agree, test: {"depth": d, "validation": {"exact_accuracy": exact, "pass_agreement": agree},  # noqa: E731
                                         "benchmark": {"all": {"exact_accuracy": test}}}
    assert best_depth([row(4, 0.98, 0.99, 0.5), row(8, 0.97, 1.0, 1.0)]) == 4  # the test figure plays no part
    assert best_depth([row(8, 0.98, 0.99, 0), row(4, 0.98, 0.99, 0), row(6, 0.98, 0.98, 0)]) == 4


def test_read_cost_counts_a_shallow_readouts_suffix_at_its_share_of_the_layers(tiny_engine):
    rubric = load_rubric("answer_correctness")
    raw_settings = tiny_engine.settings.replace(readout="raw", calibration=False)
    raw = tiny_engine.readout(rubric, raw_settings)
    whole = tiny_engine.prepare(rubric, ITEMS[2], raw_settings)
    shallow = dataclasses.replace(whole, readout=dataclasses.replace(raw, name="trained:d1", is_raw=False, depth=1))
    from jev_model.server.costs import read_cost

    (_, full), (_, half) = read_cost(tiny_engine, [whole, shallow])
    assert full > 10 and half == -(-full // 2)  # 1 of 2 layers, rounded up


def test_a_picked_depth_is_saved_only_within_the_tolerance_of_the_full_depth_held_out():
    from jev_model.fitting.depth import held_out_gate

    row = lambda d, a, b: {"depth": d, "bench": {"all": {"exact_accuracy": a}}, "text": {"all": {"exact_accuracy": b}}}  # noqa: E731
    rows = [row(3, 0.933, 0.978), row(4, 0.946, 0.973), row(18, 0.951, 0.959)]
    why = held_out_gate(rows, 3, 18, ["bench", "text"], 0.01)
    assert "bench 0.933 against 0.951" in why and "text" not in why
    assert held_out_gate(rows, 4, 18, ["bench", "text"], 0.01) is None
    assert "not swept" in held_out_gate(rows[:2], 4, 18, ["bench"], 0.01)


def test_a_decoder_without_layers_and_norm_reads_at_full_depth_only():
    """GPT-2's decoder keeps its blocks in ``h`` and its norm in ``ln_f``: the engine reads it
    whole as before, and refuses a shallower depth with a reason."""
    from transformers import GPT2Config, GPT2LMHeadModel

    from jev_model.core.engine import Engine
    from conftest import build_tokenizer

    torch.manual_seed(0)
    tok = build_tokenizer()
    model = GPT2LMHeadModel(GPT2Config(vocab_size=len(tok), n_embd=32, n_layer=2, n_head=2, n_positions=512,
                                       bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id))
    engine = Engine(model, tok, readout="raw", min_level_mass=0.0)
    assert engine.layer_count == 2
    (result,) = engine.evaluate_many("answer_correctness", ITEMS[:1])
    assert result.unscored is None and sum(result.probabilities.values()) == pytest.approx(1.0)
    parts = _parts(engine)
    with pytest.raises(JevError, match=r"needs a decoder with \.layers and \.norm.*GPT2Model"):
        engine.hidden_last([parts[0][1]], prefix=parts[0][0], depth=1)


def test_jev_train_depth_best_keeps_the_validation_pick_only_within_the_held_out_gate(tiny_model_dir, tmp_path, capsys):
    """``jev train --depth best``: one readout per depth through the library (jev_model.fitting.depth),
    the best on validation saved when the gate lets it pass, else the full-depth one; the
    held-out items are files the command line names, the manifest says how the depth was chosen."""
    import json
    from pathlib import Path

    from jev_model.cli import main

    data, tests = _sweep_items(tmp_path, "held_out.jsonl")
    common = ["train", str(data), "--model", str(tiny_model_dir), "--dtype", "float32", "--depth", "best", "--per-category", "0",
              "--l2", "0.1", "--max-steps", "40", "--patience", "20", "--val-fraction", "0.34",
              "--test-items", str(tests), "--cache-dir", str(tmp_path / "cache")]
    assert main(common + ["--tolerance", "1", "--out-dir", str(tmp_path / "wide")]) == 0
    shown = json.loads(capsys.readouterr().out)
    sel = json.loads(Path(shown["readout"]).with_suffix(".json").read_text())["depth_selection"]
    assert sel["depths"] == [1, 2] and sel["kept"] == sel["picked_on_validation"] and sel["refused"] is None
    assert sel["held_out"] == [{"name": "held_out", "file": str(tests), "items": 6}]
    assert [row["held_out"]["items"] for row in sel["rows"]] == [6, 6]
    assert shown["depth"] == (None if sel["kept"] == 2 else sel["kept"])
    # a gate no shallower readout can pass (held out above the full depth's by more than 1: never)
    assert main(common + ["--tolerance", "-1", "--out-dir", str(tmp_path / "strict")]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["depth"] is None and shown["depth_selection"]["kept"] == 2
    picked = shown["depth_selection"]["picked_on_validation"]
    assert (shown["depth_selection"]["refused"] is None) == (picked == 2)
    # without held-out items the command refuses, naming the flag
    assert main(["train", str(data), "--model", str(tiny_model_dir), "--depth", "best", "--no-dedupe"]) == 2
    assert "--held-out" in capsys.readouterr().err


def test_depth_sweep_on_explanations_keeps_only_them(tiny_model_dir, tmp_path, monkeypatch):
    """``--explanations`` trains and measures on the items whose reference explains only."""
    import json

    from benchmarks.readouts import depth_sweep

    causes = "heat cold wind rain salt sand light sound gravity friction pressure current".split()
    why = [{"input": f"Why does the {c} matter?", "output": f"The {c} does it, said in other words.",
            "expected": f"Because the {c} drives the whole effect.", "gold": 4 if i % 2 else 0,
            "template": f"w{i % 4}", "category": "paraphrase"} for i, c in enumerate(causes)]
    data, tests = _sweep_items(tmp_path, "test.jsonl")
    with data.open("a") as f:
        f.write("".join(json.dumps(it) + "\n" for it in why))
    with tests.open("a") as f:
        f.write("".join(json.dumps(dict(it, input=f"How come it happens, case {chr(97 + i)}?")) + "\n"
                        for i, it in enumerate(why[:4])))
    monkeypatch.setitem(depth_sweep.TESTS, "answer_correctness", [("mine", str(tests), "category")])
    out_stem = tmp_path / "sweep"
    common = ["--model", str(tiny_model_dir), "--depths", "1", "--per-category", "0",
              "--cache-dir", str(tmp_path / "cache"), "--out", str(out_stem), "--explanations"]
    assert depth_sweep.main(common + ["--data", str(data)]) == 0
    out = json.loads(out_stem.with_suffix(".json").read_text())
    assert out["explanations"] and out["tests"][0]["items"] == 4 and list(out["rows"][0]["mine"]) == ["all", "paraphrase"]
    assert "reference is an explanation" in out_stem.with_suffix(".md").read_text()
    numbers_only = tmp_path / "numbers.jsonl"
    numbers_only.write_text("".join(line + "\n" for line in data.read_text().splitlines()[:18]))
    assert depth_sweep.main(common + ["--data", str(numbers_only)]) == 2


def test_a_sweep_measures_a_baseline_readout_on_the_same_items(tiny_model_dir, tmp_path):
    """``sweep_depths(baseline=...)`` reads a given readout on the sweep's own test items, at the
    readout's depth even where that depth is not swept: the figures of the sweep that fitted it."""
    from jev_model.core.engine import Engine
    from jev_model.fitting.depth import TestSet, sweep_depths
    from jev_model.fitting.train import TrainConfig, load_training_items

    data, tests = _sweep_items(tmp_path, "test.jsonl")
    engine = Engine.load(str(tiny_model_dir), readout="raw", calibration=False)
    rubric = load_rubric("answer_correctness")
    items, sha = load_training_items([str(data)])
    test_sets = [TestSet("mine", load_training_items([str(tests)])[0], str(tests))]
    cfg = TrainConfig(per_category=0, test_items=(str(tests),))
    kw = dict(data_sha256=sha, data_files=[str(data)], cache_dir=tmp_path / "cache")
    first = sweep_depths(engine, rubric, items, cfg, [1], test_sets, **kw)
    assert first.baseline is None
    second = sweep_depths(engine, rubric, items, cfg, [2], test_sets, **kw, baseline=first.fitted[1][0])
    assert second.baseline["depth"] == 1 and second.baseline["readout"] == first.fitted[1][0].name
    assert second.baseline["mine"] == first.rows[0]["mine"]
