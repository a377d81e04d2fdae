"""Which numeric path the backbone runs in: asked for, or (``dtype="auto"``) probed per machine.

Paths: ``float32`` (the reference), ``bfloat16`` and ``float16`` (weights and activations in
that type), ``int8`` (the decoder's linear layers quantised dynamically to int8 with torch's
own ``quantize_dynamic``; embeddings, norms, attention and the LM head stay float32).

On CUDA ``auto`` is bfloat16.  On a CPU the fastest path depends on the chip: with
AVX512-BF16 or AMX, bfloat16 matmuls ran 1.8x float32; on an AVX2-only CPU they are several
times slower.  So ``auto`` times one MLP block of the model's own width in each candidate
path (a few matmuls, about a second), picks the fastest, and caches the choice per machine
in ``$JEV_HOME/cache/dtype-probe.json``, keyed by the CPU model, its SIMD flags, the torch
version, the thread count and the block's shape.  Candidates are only the paths that kept
the shipped readouts' held-out accuracy within 0.01 exact (``ADMITTED``, measured by
``python -m benchmarks.speed.bf16``, ``benchmarks.readouts.readout_eval --dtype PATH``), and bfloat16 only where the CPU has
native bfloat16 instructions.  float32 stays the choice when nothing else is measured
faster by a clear margin, when probing fails, and when ``JEV_DTYPE_PROBE=off``.

Example:
    >>> choose("auto", "cpu", (640, 2048)).path              # doctest: +SKIP
    'bfloat16'
"""

from __future__ import annotations

import copy
import json
import os
import platform
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import torch

from jev_model.errors import JevError

PATHS = ("float32", "bfloat16", "float16", "int8")
ALIASES = {"fp32": "float32", "bf16": "bfloat16", "fp16": "float16", "qint8": "int8"}
# Paths auto may pick on a CPU, with the held-out measurement that admitted each one (the shipped
# readouts on the benchmark's items; python -m benchmarks.speed.bf16 and
# python -m benchmarks.readouts.readout_eval --dtype PATH):
# int8 is measured and NOT admitted: answer_correctness exact 0.722 against 0.978
# (benchmarks/results/readouts/readout_eval_int8.md); torch's dynamic quantisation scales each
# activation tensor as a whole, and Gemma 3's activations have outlier channels, so the small
# signal the trained readout reads is lost.  ``--dtype int8`` stays available for backbones where
# someone measures it holds.
ADMITTED = {
    "float32": "the reference (benchmarks/results/readouts/readout_eval.md)",
    "bfloat16": "held-out accuracy equal to float32 for every shipped readout: answer_correctness exact 0.978 "
                "on the 406 items (0.976 against 0.978 on 638 text items), factuality 0.951, correctness_reference "
                "0.985, pass agreement equal on each; 1.92x float32 on an AVX512-BF16 CPU "
                "(benchmarks/results/speed/bf16.md)",
}
MARGIN = 0.9  # another path must take at most 0.9x float32's time: near-ties stay on the reference
FLAGS_OF_INTEREST = ("avx2", "fma", "f16c", "avx512f", "avx512bw", "avx512_vnni", "avx_vnni", "avx512_bf16",
                     "avx512_fp16", "amx_tile", "amx_bf16", "amx_int8")
PROBE_ENV = "JEV_DTYPE_PROBE"  # "off": auto is float32 on a CPU, nothing is probed or read


@dataclass(frozen=True)
class Choice:
    """The path a model runs in and why (shown by ``Engine.describe()``)."""

    path: str  # one of PATHS
    note: str  # "asked", or how auto chose it


@dataclass(frozen=True)
class Cpu:
    """What the probe's cache is keyed by and what decides the candidates."""

    model: str
    flags: frozenset[str]

    @property
    def native_bf16(self) -> bool:
        return bool({"avx512_bf16", "amx_bf16"} & self.flags)

    @property
    def shown_flags(self) -> list[str]:
        """The flags that decide speed here (AVX2, AVX512, BF16, AMX, ...), in a fixed order."""
        return [f for f in FLAGS_OF_INTEREST if f in self.flags]

    def describe(self) -> str:
        return f"{self.model} ({' '.join(self.shown_flags) or 'no AVX2'})"


def this_cpu() -> Cpu:
    """The CPU model and flags from /proc/cpuinfo (Linux), else torch's own capability checks."""
    model, flags = platform.processor() or platform.machine(), set()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "model name" and model in ("", platform.processor() or platform.machine()):
                model = value.strip()
            elif key.strip() in ("flags", "Features") and not flags:
                flags = set(value.split())
    except OSError:
        pass
    if not flags:  # no /proc/cpuinfo: ask torch which kernels it would use
        checks = {"avx2": "_is_avx2_supported", "avx512f": "_is_avx512_supported",
                  "avx512_bf16": "_is_avx512_bf16_supported", "amx_tile": "_is_amx_tile_supported"}
        flags = {flag for flag, fn in checks.items() if getattr(torch.cpu, fn, lambda: False)()}
        if "amx_tile" in flags:
            flags.add("amx_bf16")
    return Cpu(model, frozenset(flags))


def normalise(dtype: str) -> str:
    name = ALIASES.get(dtype, dtype)
    if name != "auto" and name not in PATHS:
        raise JevError(f"unknown dtype {dtype!r}; choose one of auto, {', '.join(PATHS)}")
    return name


def torch_dtype(path: str) -> torch.dtype:
    """The dtype the weights are loaded in for a path (int8 quantises from float32)."""
    return {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16,
            "int8": torch.float32}[path]


def int8_available() -> bool:
    try:
        from torch.ao.quantization import quantize_dynamic  # noqa: F401
    except ImportError:
        return False
    return any(e in torch.backends.quantized.supported_engines for e in ("x86", "fbgemm", "onednn"))


def quantize_int8(module: torch.nn.Module) -> torch.nn.Module:
    """Every ``nn.Linear`` inside ``module`` -> a dynamically quantised int8 linear (in place):
    weights int8 with one scale per output channel, activations quantised per call at run time.
    torch 2.13 still ships ``torch.ao.quantization.quantize_dynamic`` but warns that it is
    deprecated in favour of torchao; the warning is silenced here, the call is the same."""
    from torch.ao.quantization import per_channel_dynamic_qconfig, quantize_dynamic

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return quantize_dynamic(module, {torch.nn.Linear: per_channel_dynamic_qconfig}, dtype=torch.qint8,
                                inplace=True)


def apply(model: torch.nn.Module, path: str) -> torch.nn.Module:
    """Put a loaded causal LM (already in ``torch_dtype(path)``) on its path: for int8, the
    decoder's linear layers are quantised; the LM head (tied to the embeddings) is not."""
    if path == "int8":
        quantize_int8(model.base_model)
    return model


def path_of(model: torch.nn.Module) -> str:
    """The path a model already in memory runs in (int8 where any linear layer is quantised)."""
    if any(type(m).__module__.startswith("torch.ao.nn.quantized") for m in model.modules()):
        return "int8"
    return str(next(model.parameters()).dtype).replace("torch.", "")


# -- the probe -----------------------------------------------------------------------------------
Probe = Callable[[list[str], tuple[int, int]], dict[str, float]]


def measure(paths: list[str], shape: tuple[int, int], rows: int = 256, rounds: int = 5) -> dict[str, float]:
    """Seconds one MLP block ``[rows, d] -> [rows, hidden] -> [rows, d]`` takes in each path
    (best of ``rounds``, the paths interleaved so the machine's load hits each alike)."""
    d, hidden = shape
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(torch.nn.Linear(d, hidden, bias=False), torch.nn.Linear(hidden, d, bias=False)).eval()
    x = torch.randn(rows, d)  # [rows, d]
    blocks = {}
    for path in paths:
        block = mlp if path == "float32" else copy.deepcopy(mlp)
        block = quantize_int8(block) if path == "int8" else block.to(torch_dtype(path))
        blocks[path] = (block, x.to(torch_dtype(path)))
    best = {path: float("inf") for path in paths}
    with torch.inference_mode():
        for block, inp in blocks.values():
            block(inp)  # warm-up: packing, allocator
        for _ in range(rounds):
            for path, (block, inp) in blocks.items():
                start = time.perf_counter()
                block(inp)
                best[path] = min(best[path], time.perf_counter() - start)
    return best


def candidates(cpu: Cpu) -> list[str]:
    """The paths auto may try on this CPU: admitted by accuracy, and runnable fast here."""
    out = ["float32"]
    if "bfloat16" in ADMITTED and cpu.native_bf16:
        out.append("bfloat16")
    if "int8" in ADMITTED and int8_available():
        out.append("int8")
    return out


def cache_file() -> Path:
    from jev_model.core.weights import home

    return home() / "cache" / "dtype-probe.json"


def probe_key(cpu: Cpu, shape: tuple[int, int]) -> str:
    flags = ",".join(sorted(f for f in cpu.flags if f in FLAGS_OF_INTEREST))
    return f"{cpu.model}|{flags}|torch {torch.__version__}|threads {torch.get_num_threads()}|mlp {shape[0]}x{shape[1]}"


def pick(seconds: dict[str, float]) -> str:
    """The fastest path, unless it is no faster than float32 by the margin."""
    fastest = min(seconds, key=seconds.get)
    if fastest != "float32" and seconds[fastest] > MARGIN * seconds.get("float32", float("inf")):
        return "float32"
    return fastest


def choose(dtype: str, device: str, shape: tuple[int, int], *, probe: Probe | None = None,
           cpu: Cpu | None = None, cache: Path | None = None) -> Choice:
    """The path to load a model in.  ``shape``: the model's (hidden size, MLP width).
    ``probe``/``cpu``/``cache`` replace the real timing, CPU and cache file (tests)."""
    name = normalise(dtype)
    if device.startswith("cuda") and name == "int8":
        raise JevError("dtype int8 (dynamic quantisation) runs on CPU only; on CUDA use bfloat16 or float16")
    if name != "auto":
        return Choice(name, "asked")
    if device.startswith("cuda"):
        return Choice("bfloat16", "auto: bfloat16 on CUDA")
    if os.environ.get(PROBE_ENV, "").lower() in ("off", "0", "false", "no"):
        return Choice("float32", f"auto: float32 ({PROBE_ENV}=off, nothing probed)")
    cpu = cpu or this_cpu()
    paths = candidates(cpu)
    if paths == ["float32"]:
        return Choice("float32", f"auto: float32, the only admitted path on {cpu.describe()}")
    cache = cache or cache_file()
    key = probe_key(cpu, shape)
    stored = _read(cache)
    entry = stored.get(key)
    if entry is None or set(entry.get("seconds", {})) != set(paths):
        try:
            seconds = (probe or measure)(paths, shape)
        except (RuntimeError, ValueError) as exc:  # a path that cannot run here is no choice
            return Choice("float32", f"auto: float32 (probe failed: {str(exc).splitlines()[0][:120]})")
        entry = {"choice": pick(seconds), "seconds": seconds, "cpu": cpu.describe(),
                 "when": time.strftime("%Y-%m-%d %H:%M:%S")}
        stored[key] = entry
        _write(cache, stored)
    timing = ", ".join(f"{p} {1000 * s:.1f} ms" for p, s in sorted(entry["seconds"].items(), key=lambda kv: kv[1]))
    return Choice(entry["choice"], f"auto: {entry['choice']}, probed {entry['when']} on {entry['cpu']} "
                  f"(one MLP block {shape[0]}x{shape[1]}: {timing}; {cache})")


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(path: Path, data: dict) -> None:
    """Write atomically; a cache that cannot be written only means probing again next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n")
        tmp.replace(path)
    except OSError:
        pass
