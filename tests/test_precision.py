"""dtype="auto": a (fake) CPU probe picks each path; the choice is cached per machine and shown."""

import json

import pytest
import torch

from jev_model.core import precision
from jev_model.core.precision import Cpu, choose
from jev_model.errors import JevError

SHAPE = (32, 64)
BF16_CPU = Cpu("Fake EPYC", frozenset({"avx2", "fma", "avx512f", "avx512_bf16"}))
AVX2_CPU = Cpu("Fake EPYC", frozenset({"avx2", "fma"}))


@pytest.fixture
def probing(monkeypatch):
    """Probing on, every path admitted (int8's admission is a measurement, not tested here)."""
    monkeypatch.delenv(precision.PROBE_ENV, raising=False)
    monkeypatch.setattr(precision, "ADMITTED", {"float32": "", "bfloat16": "", "int8": ""})
    monkeypatch.setattr(precision, "int8_available", lambda: True)


def fake_probe(fastest: str, calls: list):
    def probe(paths, shape):
        calls.append(list(paths))
        return {p: (0.1 if p == fastest else 1.0) for p in paths}
    return probe


@pytest.mark.parametrize("fastest", ["float32", "bfloat16", "int8"])
def test_the_fastest_path_is_chosen_and_cached(probing, tmp_path, fastest):
    calls = []
    cache = tmp_path / "dtype-probe.json"
    got = choose("auto", "cpu", SHAPE, probe=fake_probe(fastest, calls), cpu=BF16_CPU, cache=cache)
    assert got.path == fastest and got.note.startswith(f"auto: {fastest}, probed")
    assert calls == [["float32", "bfloat16", "int8"]]
    (entry,) = json.loads(cache.read_text()).values()
    assert entry["choice"] == fastest and "avx512_bf16" in entry["cpu"]
    again = choose("auto", "cpu", SHAPE, probe=fake_probe("float32", calls), cpu=BF16_CPU, cache=cache)
    assert again.path == fastest and len(calls) == 1  # read from the cache, not probed again


def test_the_cache_is_per_machine(probing, tmp_path):
    calls = []
    cache = tmp_path / "dtype-probe.json"
    assert choose("auto", "cpu", SHAPE, probe=fake_probe("bfloat16", calls), cpu=BF16_CPU, cache=cache).path == "bfloat16"
    assert choose("auto", "cpu", SHAPE, probe=fake_probe("int8", calls), cpu=AVX2_CPU, cache=cache).path == "int8"
    assert len(json.loads(cache.read_text())) == 2 and len(calls) == 2


def test_bfloat16_is_no_candidate_without_native_support(probing, tmp_path):
    calls = []
    got = choose("auto", "cpu", SHAPE, probe=fake_probe("bfloat16", calls), cpu=AVX2_CPU, cache=tmp_path / "c.json")
    assert calls == [["float32", "int8"]] and got.path in ("float32", "int8")


def test_a_near_tie_stays_on_float32(probing, tmp_path):
    def probe(paths, shape):
        return {"float32": 1.0, "bfloat16": 0.95, "int8": 0.93}
    assert choose("auto", "cpu", SHAPE, probe=probe, cpu=BF16_CPU, cache=tmp_path / "c.json").path == "float32"


def test_a_failing_probe_falls_back_to_float32(probing, tmp_path):
    def probe(paths, shape):
        raise RuntimeError("no kernel for this op\nmore")
    got = choose("auto", "cpu", SHAPE, probe=probe, cpu=BF16_CPU, cache=tmp_path / "c.json")
    assert got.path == "float32" and "probe failed: no kernel for this op" in got.note
    assert not (tmp_path / "c.json").exists()


def test_unadmitted_paths_are_never_probed(monkeypatch, tmp_path):
    monkeypatch.delenv(precision.PROBE_ENV, raising=False)
    monkeypatch.setattr(precision, "ADMITTED", {"float32": ""})
    def probe(paths, shape):
        raise AssertionError("nothing to probe")
    got = choose("auto", "cpu", SHAPE, probe=probe, cpu=BF16_CPU, cache=tmp_path / "c.json")
    assert got.path == "float32" and "the only admitted path" in got.note


def test_probing_off_cuda_and_asked_paths(monkeypatch, tmp_path):
    monkeypatch.setenv(precision.PROBE_ENV, "off")
    assert choose("auto", "cpu", SHAPE, cpu=BF16_CPU, cache=tmp_path / "c.json").path == "float32"
    assert choose("auto", "cuda", SHAPE).path == "bfloat16"
    assert choose("bf16", "cpu", SHAPE) == precision.Choice("bfloat16", "asked")
    with pytest.raises(JevError, match="runs on CPU only"):
        choose("int8", "cuda", SHAPE)
    with pytest.raises(JevError, match="unknown dtype 'float64'; choose one of auto, float32"):
        choose("float64", "cpu", SHAPE)


def test_the_real_probe_times_each_path():
    seconds = precision.measure(["float32", "int8"], (16, 32), rows=4, rounds=1)
    assert set(seconds) == {"float32", "int8"} and all(s > 0 for s in seconds.values())


@pytest.mark.parametrize("fastest, dtype", [("float32", torch.float32), ("bfloat16", torch.bfloat16),
                                            ("int8", torch.float32)])
def test_engine_auto_loads_and_reports_the_probed_path(probing, monkeypatch, tmp_path, tiny_model_dir, fastest, dtype):
    from jev_model.core.engine import Engine

    monkeypatch.setenv("JEV_HOME", str(tmp_path))
    monkeypatch.setattr(precision, "this_cpu", lambda: BF16_CPU)
    monkeypatch.setattr(precision, "measure", fake_probe(fastest, []))
    engine = Engine.load(str(tiny_model_dir), min_level_mass=0.0)
    about = engine.describe()
    assert about["dtype"] == fastest and about["dtype_choice"].startswith(f"auto: {fastest}, probed")
    assert (tmp_path / "cache" / "dtype-probe.json").exists()
    assert engine.model.get_input_embeddings().weight.dtype == dtype
    quantised = [m for m in engine.model.modules() if type(m).__module__.startswith("torch.ao.nn.quantized")]
    assert bool(quantised) == (fastest == "int8")
    assert engine.model.get_output_embeddings().weight.dtype == dtype  # the LM head is never quantised
    result = engine.evaluate("answer_correctness", input="2+2?", output="4", expected="4")
    assert sum(result.probabilities.values()) == pytest.approx(1.0)
    assert precision.path_of(engine.model) == fastest


def test_int8_keeps_the_tiny_model_close(tiny_model_dir):
    """int8 dynamic quantisation moves the tiny random model's probabilities only a little."""
    from jev_model.core.engine import Engine

    item = {"input": "2+2?", "output": "4", "expected": "four"}
    ref = Engine.load(str(tiny_model_dir), dtype="float32", min_level_mass=0.0).evaluate("answer_correctness", **item)
    q = Engine.load(str(tiny_model_dir), dtype="int8", min_level_mass=0.0).evaluate("answer_correctness", **item)
    diff = max(abs(a - b) for a, b in zip(ref.probabilities.values(), q.probabilities.values()))
    assert 0 < diff < 0.1, diff


def test_auto_picks_bfloat16_on_a_native_bfloat16_cpu_with_the_shipped_admissions(monkeypatch, tmp_path):
    """Without patching ADMITTED: bfloat16 is admitted (benchmarks/results/speed/bf16.md), so a
    CPU with AVX512-BF16 where it measures faster runs in it, and an AVX2-only CPU is never
    probed for it and stays on float32."""
    monkeypatch.delenv(precision.PROBE_ENV, raising=False)
    assert "bfloat16" in precision.ADMITTED and "int8" not in precision.ADMITTED
    calls = []
    got = choose("auto", "cpu", SHAPE, probe=fake_probe("bfloat16", calls), cpu=BF16_CPU, cache=tmp_path / "c.json")
    assert got.path == "bfloat16" and calls == [["float32", "bfloat16"]]

    def never(paths, shape):
        raise AssertionError("an AVX2-only CPU has nothing to probe")

    avx2 = choose("auto", "cpu", SHAPE, probe=never, cpu=AVX2_CPU, cache=tmp_path / "c.json")
    assert avx2.path == "float32" and "only admitted path" in avx2.note
