"""What every benchmark suite shares, and only that: where items and results live, reading
items, the machine a figure was measured on, the model flags, and the run-main wrapper.

    from benchmarks.harness import add_model_flags, items, machine, run_main
    ap = argparse.ArgumentParser(); add_model_flags(ap); args = ap.parse_args()
    return run_main(run, args, show)          # a JevError is one line on stderr and exit status 2

Suites: ``accuracy`` (the decision model against reasoning systems), ``readouts`` (held-out
accuracy of trained readouts, per depth, on text answers), ``speed``, ``load`` (the HTTP
server under load), ``scale`` (``jev score --ray``).  Each writes its results under
``benchmarks/results/<suite>/``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import os
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]  # the checkout
ITEMS_DIR = ROOT / "benchmarks" / "items"  # held-out test items (never trained on)
RESULTS_DIR = ROOT / "benchmarks" / "results"  # committed results, one folder per suite


def items(path: str | Path) -> list[dict]:
    """The items of a JSONL file (a bare name is a file of ``benchmarks/items/``: ``items("text_answers")``);
    a bad line is a JevError naming the file and line."""
    from jev_model.datasets.jsonl import read_objects

    path = Path(path)
    if path.suffix != ".jsonl" and path.parent == Path("."):
        path = ITEMS_DIR / f"{path}.jsonl"
    return [item for _, item in read_objects(path)]


def fixed_order(items_: list[dict]) -> list[dict]:
    """A fixed pseudo-random order (sha1 of the id): any prefix of a run is a fair sample, and
    every suite that cuts a run short cuts the same items."""
    return sorted(items_, key=lambda it: hashlib.sha1(it["id"].encode()).hexdigest())


def cpu_flags() -> str:
    """The CPU's speed-deciding flags (AVX2, AVX512, BF16, AMX, ...), read by the engine's
    own probe (``precision.this_cpu``), for the line beside every speed figure."""
    from jev_model.core.precision import this_cpu

    return " ".join(this_cpu().shown_flags) or "none of interest"


def machine(threads: int | None = None, device=None) -> dict:
    """The machine a figure was measured on: CPU model and flags (``precision.this_cpu``),
    cores, load average, platform, Python, torch and transformers, torch threads, the GPU
    when ``device`` is CUDA (or any is visible), the date (UTC)."""
    from jev_model.core.precision import this_cpu

    cpu = this_cpu()
    info = {"cpu": cpu.model, "cpu_flags": list(cpu.shown_flags), "native_bf16": cpu.native_bf16,
            "cores": os.cpu_count(), "load_average": [round(x, 2) for x in os.getloadavg()],
            "platform": platform.platform(), "python": platform.python_version(),
            "date_utc": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")}
    try:
        import torch
        import transformers
    except ImportError:
        return info
    info.update(torch=torch.__version__, transformers=transformers.__version__,
                torch_threads=threads or torch.get_num_threads(),
                torch_cpu_capability=torch.backends.cpu.get_cpu_capability())
    cuda = device is not None and getattr(device, "type", str(device)).startswith("cuda")
    if cuda or (device is None and torch.cuda.is_available()):
        info["gpu"] = torch.cuda.get_device_name(device if cuda else 0)
    return info


def add_model_flags(ap, dtype: str = "auto", device: bool = True) -> None:
    """``--model``, ``--device`` and ``--dtype``, as ``jev`` itself takes them."""
    ap.add_argument("--model", default="default", help="embedded model name or a local model directory")
    if device:
        ap.add_argument("--device", default="cpu", help="cpu or cuda")
    ap.add_argument("--dtype", default=dtype, help=f"numeric path (default {dtype}): auto, float32, bfloat16, "
                    "float16, int8")


def show_logs() -> None:
    """The library's log lines (logger ``jev``) on stderr, as the ``jev`` command shows them."""
    root = logging.getLogger("jev")
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        root.addHandler(handler)
        root.setLevel(logging.INFO)


def run_main(run, args, show) -> int:
    """A benchmark's command line after parsing: ``run(args)``, then ``show(out)`` (write and
    print the results); bad input (a JevError) is one line on stderr and exit status 2."""
    from jev_model.errors import JevError

    show_logs()
    try:
        out = run(args)
    except JevError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    show(out)
    return 0


def save_results(out: dict, stem: Path, markdown, plot) -> None:
    """``stem``.json, .md (``markdown(out)``) and .png (``plot(out, path)``), and the table on stdout."""
    import json

    stem.parent.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".json").write_text(json.dumps(out, indent=1) + "\n")
    table = markdown(out)
    stem.with_suffix(".md").write_text(table)
    plot(out, stem.with_suffix(".png"))
    print(table)
