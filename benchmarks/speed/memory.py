"""Peak memory of ``evaluate_many`` in fresh processes, and a torch.profiler table of ours."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import torch

from jev_model.core.engine import Engine
from jev_model.errors import JevError

from .systems import EVALUATOR, load_items, ours


def memory_child(args) -> None:
    """Run ``evaluate_many`` on ``--memory-child`` items and print the peak RSS as JSON."""
    torch.set_num_threads(args.threads)
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw", calibration=False)
    loaded = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    reset = reset_peak_rss()  # so the scoring's own peak is seen, not the load's (bf16 -> float32 copies)
    base, _ = load_items(64)
    items = [{**base[i % len(base)], "input": f"{base[i % len(base)]['input']} (case {i})"}
             for i in range(args.memory_child)]  # varied: every prompt differs
    start = time.perf_counter()
    results = engine.evaluate_many(EVALUATOR, items)
    print(json.dumps({"items": len(results), "seconds": time.perf_counter() - start, "peak_rss_load_mb": loaded,
                      "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                      "peak_rss_scoring_mb": status_mb("VmHWM") if reset else None}))


def reset_peak_rss() -> bool:
    """Linux: writing 5 to /proc/self/clear_refs resets the peak RSS (VmHWM) to the current RSS."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def status_mb(field: str) -> float:
    line = next(x for x in Path("/proc/self/status").read_text().splitlines() if x.startswith(field + ":"))
    return int(line.split()[1]) / 1024


def measure_memory(args, sizes: list[int]) -> list[dict]:
    out = []
    for n in sizes:
        cmd = [sys.executable, "-m", "benchmarks.speed", "--memory-child", str(n), "--model", args.model,
               "--device", args.device, "--dtype", args.dtype, "--threads", str(args.threads)]
        print(f"memory: {n} items in a subprocess ...", file=sys.stderr, flush=True)
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode:
            raise JevError(f"memory run with {n} items failed: {proc.stderr.strip().splitlines()[-1:]}")
        out.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    return out


def profile(args) -> str:
    """torch.profiler over ours at the default batch size: where the time goes, by operator."""
    from torch.profiler import ProfilerActivity, profile as torch_profile

    torch.set_num_threads(args.threads)
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype)
    items, source = load_items(args.profile)
    ours(engine, items[:2], engine.settings)  # warm-up
    with torch_profile(activities=[ProfilerActivity.CPU]) as prof:
        ours(engine, items, engine.settings)
    about = engine.describe()
    head = (f"torch.profiler: ours at batch {engine.settings.batch_size}, {len(items)} items from {source}, "
            f"{engine.name} {about['dtype']} ({about['dtype_choice']}) on {args.device}, {args.threads} thread(s)\n")
    return head + prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=15)
