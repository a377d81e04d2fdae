"""Settings.explanations: answers whose reference is an explanation are read by a second model
with its explanations readout; every other item by the loaded model, in one call, results in
order (core/readers.py)."""

from __future__ import annotations

import json
import logging
import math
import warnings

import pytest

from benchmarks.harness import ITEMS_DIR
from jev_model.core.readers import VARIANT
from jev_model.core.request import NoTrainedReadout, Settings
from jev_model.core.rubric import load_rubric
from jev_model.errors import JevError
from jev_model.fitting.train import TrainConfig, save_readout, train_readout
from jev_model.server.costs import prefill_steps, read_cost, weight_ratio

pytestmark = pytest.mark.filterwarnings("ignore::jev_model.core.request.NoTrainedReadout")

WHY = {"input": "Why do we see lightning before we hear thunder?", "output": "Light outruns sound by far.",
       "expected": "Because light moves much faster than sound."}
NUMBER = {"input": "What is 2 + 2?", "output": "4", "expected": "4"}
SMALL = TrainConfig(l2=(0.1,), max_steps=100, patience=40, val_fraction=0.34, batch_size=8,
                    test_items=(str(ITEMS_DIR / "answer_correctness.jsonl"),))


def _explanations() -> list[dict]:
    facts = [("Why is the sky blue?", "Air scatters blue light more than red light."),
             ("Why do ships float?", "They push aside water weighing more than the ship."),
             ("Why do leaves fall in autumn?", "Trees shed them to save water through the winter."),
             ("Why does ice float?", "Ice is less dense than the liquid water around it.")]
    out = []
    for q, ref in facts:
        out.append({"input": q, "output": ref.lower(), "expected": ref, "gold": 4, "template": q[:8]})
        out.append({"input": q, "output": "Nobody really knows that at all.", "expected": ref, "gold": 0,
                    "template": q[:8]})
        out.append({"input": q, "output": "Because the moon pulls on it every night.", "expected": ref, "gold": 0,
                    "template": q[:8]})
    return out


@pytest.fixture(scope="module")
def dirs(tmp_path_factory):
    """A main model and a second model (another architecture) whose directory carries a
    trained explanations readout for answer_correctness."""
    from tests.conftest import build_model_dir
    from jev_model.core.engine import Engine

    main = build_model_dir(tmp_path_factory.mktemp("main-llama"), "llama")
    second = build_model_dir(tmp_path_factory.mktemp("second-gemma"), "gemma3", hidden=48, layers=3)  # another size
    trainer = Engine.load(str(second), dtype="float32", min_level_mass=0.0)
    rubric = load_rubric("answer_correctness")
    readout, manifest = train_readout(trainer, rubric, _explanations(), SMALL, data_sha256="x", data_files=["mem"],
                                      cache_dir=tmp_path_factory.mktemp("cache"))
    save_readout(second / "readouts" / f"{rubric.name}.{VARIANT}.safetensors", readout, manifest)
    return {"main": main, "second": second, "readout": readout}


@pytest.fixture(scope="module")
def engine(dirs):
    from jev_model.core.engine import Engine

    return Engine.load(str(dirs["main"]), dtype="float32", min_level_mass=0.0, explanations=str(dirs["second"]))


def test_an_explanation_is_read_by_the_second_model_with_its_explanations_readout(engine, dirs):
    request = engine.prepare("answer_correctness", WHY)
    assert request.reader == str(dirs["second"])
    assert request.settings.explanations is None  # prepared there, never sent on again
    second = engine.readers.get(str(dirs["second"]))
    assert second._encoder_of is engine  # one sentence encoder for both
    assert second.backbone != engine.backbone and request.prefix_ids == tuple(second.prepare("answer_correctness", WHY).prefix_ids)
    result = engine.read([request])[0]
    assert result.readout == dirs["readout"].name and result.readout.startswith("trained:")
    alone = second.evaluate("answer_correctness", **WHY)  # the second model, asked directly
    assert result.probabilities == pytest.approx(alone.probabilities, abs=1e-5)


def test_other_items_are_read_by_the_loaded_model_as_before(engine, dirs):
    from jev_model.core.engine import Engine

    request = engine.prepare("answer_correctness", NUMBER)
    assert request.reader is None
    plain = Engine.load(str(dirs["main"]), dtype="float32", min_level_mass=0.0)
    assert engine.read([request])[0].probabilities == pytest.approx(
        plain.evaluate("answer_correctness", **NUMBER).probabilities, abs=1e-5)


def test_a_mixed_batch_comes_back_in_order(engine, dirs):
    items = [NUMBER, WHY, dict(NUMBER, output="5"), dict(WHY, output="Thunder is louder than lightning is.")]
    results = engine.evaluate_many("answer_correctness", items)
    routed = [r.readout == dirs["readout"].name for r in results]
    assert routed == [False, True, False, True]
    singles = [engine.evaluate("answer_correctness", **item) for item in items]
    for a, b in zip(results, singles):
        assert a.probabilities == pytest.approx(b.probabilities, abs=1e-5)


def test_raw_readout_or_checks_off_route_nothing(engine):
    assert engine.prepare("answer_correctness", WHY, engine.settings.replace(readout="raw")).reader is None
    assert engine.prepare("answer_correctness", WHY, engine.settings.replace(checks=False)).reader is None


def test_a_model_without_an_explanations_readout_reads_none(dirs, tmp_path, caplog):
    from tests.conftest import build_model_dir
    from jev_model.core.engine import Engine

    bare = build_model_dir(tmp_path / "bare", "gemma3")
    engine = Engine.load(str(dirs["main"]), dtype="float32", min_level_mass=0.0, explanations=str(bare))
    with caplog.at_level(logging.WARNING, logger="jev.readers"):
        assert engine.prepare("answer_correctness", WHY).reader is None
        engine.prepare("answer_correctness", WHY)
    said = [r for r in caplog.records if "no explanations readout" in r.getMessage()]
    assert len(said) == 1  # once


def test_bad_settings_and_a_missing_model_are_named(dirs, tmp_path):
    from jev_model.core.engine import Engine

    for bad in ("", "  ", 3):
        with pytest.raises(JevError, match="explanations must name a model"):
            Settings(explanations=bad)
    with pytest.raises(JevError, match="no-such-model"):  # at load, not at the first explanation
        Engine.load(str(dirs["main"]), dtype="float32", min_level_mass=0.0, explanations=str(tmp_path / "no-such-model"))
    engine = Engine.load(str(dirs["main"]), dtype="float32", min_level_mass=0.0)
    asked = engine.settings.replace(explanations=str(tmp_path / "no-such-model"))  # per request: at its first item
    with pytest.raises(JevError, match="no-such-model"):
        engine.evaluate_many("answer_correctness", [WHY], asked)
    assert engine.evaluate("answer_correctness", asked, **NUMBER).score is not None  # nothing to send there


def test_the_server_costs_a_routed_item_in_the_second_models_compute(engine):
    routed = engine.prepare("answer_correctness", WHY)
    second = engine.readers.get(routed.reader)
    ratio = weight_ratio(second, engine)
    assert ratio > 1.5 and weight_ratio(engine, engine) == 1.0  # wider and deeper: more compute per token
    second.clear_caches()
    (prefix, suffix), = read_cost(engine, [routed])
    assert prefix == math.ceil(len(routed.prefix_ids) * ratio)
    depth = routed.depth or second.layer_count  # the tiny readout reads every layer
    assert suffix == math.ceil(len(routed.suffix_ids) * ratio * depth / second.layer_count)
    steps = list(prefill_steps(engine, routed, 8))  # the second model's prefix, in steps, kept there
    assert len(steps) > 1 and sum(steps) >= prefix and max(steps) <= 8 + ratio  # each chunk within the step's budget
    assert second.prefixes.holds(list(routed.prefix_ids))
    assert read_cost(engine, [routed])[0][0] == 0


def test_the_cli_flag_sets_it(dirs):
    import argparse

    from jev_model.cli.common import add_model_flags, settings_from_args

    p = argparse.ArgumentParser()
    add_model_flags(p)
    assert settings_from_args(p.parse_args(["--explanations", str(dirs["second"])])).explanations == str(dirs["second"])
    assert settings_from_args(p.parse_args([])).explanations is None


def test_describe_names_the_loaded_reader(engine, dirs):
    engine.readers.get(str(dirs["second"]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NoTrainedReadout)
        described = engine.describe()
    assert described["settings"]["explanations"] == str(dirs["second"])
    assert str(dirs["second"]) in described["readers"]


def test_jev_train_explanations_fits_on_explanations_only_and_saves_the_variant(dirs, tmp_path, capsys):
    from jev_model.cli import main
    from jev_model.core.weights import backbone_id

    data = tmp_path / "train.jsonl"
    numbers = [dict(NUMBER, output=str(n), gold=4 if n == 4 else 0, template=f"n{n}") for n in range(6)]
    data.write_text("".join(json.dumps(it) + "\n" for it in _explanations() + numbers))
    args = ["train", str(data), "--model", str(dirs["second"]), "--dtype", "float32", "--no-dedupe", "--max-steps", "30",
            "--l2", "1", "--out-dir", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache")]
    assert main(args + ["--explanations"]) == 0
    saved = tmp_path / "out" / backbone_id(dirs["second"]) / f"answer_correctness.{VARIANT}.safetensors"
    manifest = json.loads(saved.with_suffix(".json").read_text())
    from jev_model.checks.features import explains

    kept = sum(explains(it) for it in _explanations())  # the numbers and the outputs that repeat the reference: out
    assert 0 < kept < len(_explanations()) and manifest["training_data"]["items"] == kept
    assert manifest["variant"] == VARIANT and manifest["training_data"]["selected_by"].endswith("explains")
    only_numbers = tmp_path / "numbers.jsonl"
    only_numbers.write_text("".join(json.dumps(it) + "\n" for it in numbers))
    capsys.readouterr()
    assert main(["train", str(only_numbers)] + args[2:] + ["--explanations"]) == 2
    assert "no training item has a reference that is an explanation" in capsys.readouterr().err


def test_the_server_warms_the_second_model_before_it_listens(engine, dirs):
    from jev_model.core.engine import Engine
    from jev_model.server.warmup import SAMPLE_EXPLANATION, warm_readers

    second = engine.readers.get(str(dirs["second"]))
    second.clear_caches()
    assert warm_readers(engine) == ["answer_correctness"]  # the only evaluator with an explanations readout here
    routed = engine.prepare("answer_correctness", SAMPLE_EXPLANATION)
    assert routed.reader and read_cost(engine, [routed])[0][0] == 0  # its prefix is cached: no cold prefill to refuse
    plain = Engine.load(str(dirs["main"]), dtype="float32", min_level_mass=0.0)
    assert warm_readers(plain) == []


def test_a_request_is_read_only_by_the_backbone_that_tokenized_it(engine, dirs):
    import dataclasses

    local = engine.prepare("answer_correctness", NUMBER)
    routed = engine.prepare("answer_correctness", WHY)
    second = engine.readers.get(str(dirs["second"]))
    with pytest.raises(JevError, match="tokenized for backbone"):
        engine.read([dataclasses.replace(routed, reader=None)])  # the second model's ids, not marked
    with pytest.raises(JevError, match="tokenized for backbone"):
        second.read([local])
    assert second.read([routed])[0].readout == dirs["readout"].name  # its own request: read there, nothing loaded
    assert second.readers.engines() == []


def test_a_name_and_its_directory_are_one_second_model(engine, dirs):
    first = engine.readers.get(str(dirs["second"]))
    assert engine.readers.get(str(dirs["second"]) + "/") is first
    assert len(engine.readers.engines()) == 1


def test_the_second_model_keeps_the_loaded_ones_token_limit_and_cache_budget(dirs):
    from jev_model.core.engine import Engine

    engine = Engine.load(str(dirs["main"]), dtype="float32", min_level_mass=0.0, max_tokens=30,
                         cache_bytes=1 << 20, explanations=str(dirs["second"]))
    second = engine.readers.get(str(dirs["second"]))
    assert second.max_tokens == 30 and second.prefixes.budget == 1 << 20
    result = engine.evaluate("answer_correctness", **WHY)
    assert result.unscored and "over the model's context of 30" in result.unscored
    engine.prefix_kv(list(engine.prepare("answer_correctness", NUMBER).prefix_ids))
    second.prefix_kv([1, 2, 3])
    assert "readers" in engine.cache_info()
    engine.clear_caches()
    assert second.cache_info()["prefixes"] == 0 and engine.cache_info()["prefixes"] == 0


def test_the_server_reads_a_sent_item_through_admission_and_chunked_prefill(dirs):
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    from conftest import Served, post
    from jev_model.core.engine import Engine
    from jev_model.server.app import create_app

    engine = Engine.load(str(dirs["main"]), dtype="float32", min_level_mass=0.0, explanations=str(dirs["second"]))
    s = Served(create_app(engine, chunk_tokens=8, deadline=600))
    try:
        for fields, routed in ((WHY, True), (NUMBER, False)):
            r = post(s, {"evaluators": ["answer_correctness"], **fields}, path="/v1/evaluate")
            assert r.status_code == 200, r.text
            assert (r.json()["results"][0]["readout"] == dirs["readout"].name) is routed
        assert len(s.app.state.batcher.steps) > 2  # the second model's cold prefix ran in chunks
    finally:
        s.close()


def test_the_route_benchmark_renders_its_committed_results(tmp_path):
    from benchmarks.harness import RESULTS_DIR, save_results
    from benchmarks.readouts.explanations_route import markdown, plot

    out = json.loads((RESULTS_DIR / "readouts" / "explanations_route.json").read_text())
    save_results(out, tmp_path / "route", markdown, plot)
    table = (tmp_path / "route.md").read_text()
    assert "| paraphrase | 307 | 242 |" in table and "| benchmark | 406 | 0 |" in table
    assert (tmp_path / "route.png").stat().st_size > 1000
    assert table == (RESULTS_DIR / "readouts" / "explanations_route.md").read_text()  # the committed table is this one


def test_the_loaded_model_itself_reads_its_explanations_on_the_same_weights(dirs):
    from jev_model.core.engine import Engine

    engine = Engine.load(str(dirs["second"]), dtype="float32", min_level_mass=0.0, explanations=str(dirs["second"]))
    itself = engine.readers.get(str(dirs["second"]))
    assert itself.model is engine.model and itself.backbone == engine.backbone  # nothing loaded again
    routed = engine.prepare("answer_correctness", WHY)
    assert routed.reader and routed.readout.name == dirs["readout"].name
    assert engine.read([routed])[0].readout == dirs["readout"].name  # read by the loaded engine, variant readout
    assert engine.evaluate("answer_correctness", **NUMBER).readout != dirs["readout"].name
