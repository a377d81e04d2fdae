"""Speed: our scoring path against naive baselines and the machine's matmul limit, in one run.

    python -m benchmarks.speed                          # CPU, default model -> benchmarks/results/speed.{md,json}
    python -m benchmarks.speed --items 24 --repeats 5 --threads 1 --memory 10,2000
    python -m benchmarks.speed --device cuda --dtype bfloat16
    python -m benchmarks.speed --profile 16 --threads 1        # where the time goes -> results/speed_profile.txt
    python -m benchmarks.speed --timings-from benchmarks/results/speed.json --memory 10,10000   # memory only

On the answer_correctness benchmark items (``benchmarks/items/answer_correctness.jsonl``,
a spread of ``--items`` of them; a generated fallback set where that file is missing),
each repeat times, side by side and interleaved so that the machine's load hits each alike:

* (a) naive      - one item at a time, full forward, logits over the whole vocabulary at every position;
* (b) generate   - ``model.generate`` one token, then parse it (no probabilities);
* (c) ours       - ``Engine.read`` at batch 1 and at the engine's default batch size (prefix KV
                   cache cleared before each repeat, so its one-off cost is counted);
* (d) ours bf16  - the same at the default batch size with the model in bfloat16 (drift vs float32);
* a batch-size sweep of ours, and a dense matmul at the model's shapes (float32, bfloat16).

Figures are medians over repeats; ratios are taken within a repeat, then the median.  Our
achieved throughput counts only FLOPs the answer needs: 2 x non-embedding parameters per
real (unpadded) token, attention over each token's visible context (sliding windows
honoured), the prefix once per repeat, and the level-mass logsumexp (2 x d x V per item).
``--memory N1,N2`` also runs ``evaluate_many`` on N1 and N2 items in fresh subprocesses and
reports each one's peak RSS.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import torch

from jev_model.core.engine import Engine, ReadRequest
from jev_model.errors import JevError

EVALUATOR = "answer_correctness"
ITEMS_PATH = Path(__file__).parent / "items" / "answer_correctness.jsonl"
RESULTS = Path(__file__).parent / "results"


# -- items -------------------------------------------------------------------------------------
def fallback_items(n: int) -> list[dict]:
    """Varied answer_correctness items, made up here when the benchmark file is absent."""
    months = ["January", "March", "May", "July", "September", "November"]
    out = []
    for i in range(n):
        a, b = 17 + 7 * i, 5 + 3 * i
        kind = i % 4
        if kind == 0:
            out.append({"input": f"What is {a} + {b}?", "output": f"The sum is {a + b + (i % 3 == 0)}.",
                        "expected": str(a + b)})
        elif kind == 1:
            day = 1 + i % 27
            out.append({"input": f"A key was created on 2026-0{1 + i % 9}-{day:02d} with a {30 * (1 + i % 3)}-day "
                        "expiry. When does it expire?", "output": f"{months[i % 6]} {day}, 2026.",
                        "expected": f"2026-{(1 + i % 9 + 1 + i % 3) % 12 + 1:02d}-{day:02d}"})
        elif kind == 2:
            out.append({"input": "Which city is the capital of France, and on which river does it lie?",
                        "output": ["Paris, on the Seine.", "Lyon, on the Rhone.", "Paris."][i % 3],
                        "expected": "Paris, on the Seine"})
        else:
            out.append({"input": f"How many minutes are there in {b} hours?", "output": f"{60 * b - (i % 2) * 60} minutes",
                        "expected": f"{60 * b} minutes, since each hour has 60 minutes"})
    return out


def load_items(n: int) -> tuple[list[dict], str]:
    """``n`` items spread over the benchmark file (every k-th), or the fallback set."""
    if not ITEMS_PATH.exists():
        return fallback_items(n), "generated fallback set (benchmarks/items/answer_correctness.jsonl absent)"
    rows = [json.loads(line) for line in ITEMS_PATH.read_text().splitlines() if line.strip()]
    step = max(1, len(rows) // n)
    picked = rows[::step][:n]
    return [{k: r[k] for k in ("input", "output", "expected")} for r in picked], \
        f"{ITEMS_PATH.relative_to(Path.cwd()) if ITEMS_PATH.is_relative_to(Path.cwd()) else ITEMS_PATH} (every {step}th of {len(rows)})"


# -- the systems ---------------------------------------------------------------------------------
@torch.inference_mode()
def naive(engine: Engine, bound, prompts) -> list[list[float]]:
    """(a) One item at a time; the full LM head over the whole vocabulary at every position."""
    out = []
    for prompt in prompts:
        ids = torch.tensor([engine.encode(prompt, bound.tail)], device=engine.device)  # [1, T]
        logits = engine.model(input_ids=ids, logits_to_keep=0).logits  # [1, T, V]
        out.append(torch.softmax(logits[0, -1, bound.token_ids].float(), -1).tolist())  # [L]
    return out


@torch.inference_mode()
def naive_generate(engine: Engine, bound, prompts) -> list[str | None]:
    """(b) ``generate`` one token greedily and parse a level out of it (None if it is none)."""
    out = []
    for prompt in prompts:
        ids = torch.tensor([engine.encode(prompt, bound.tail)], device=engine.device)  # [1, T]
        new = engine.model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=1, do_sample=False,
                                    pad_token_id=engine.tokenizer.pad_token_id)[0, ids.shape[1]:]
        text = engine.tokenizer.decode(new).strip()
        out.append(text if text in bound.rubric.tokens else None)
    return out


def ours(engine: Engine, bound, prompts, batch_size: int) -> list[list[float]]:
    """(c) The engine's scoring path, prefix cache cold at the start (its cost is counted)."""
    engine.clear_caches()
    settings = engine.settings.replace(batch_size=batch_size)
    results = engine.read([ReadRequest(bound.rubric, p, settings) for p in prompts])
    return [list(r.probabilities.values()) for r in results]


# -- FLOPs and the machine's limit -----------------------------------------------------------------
def model_shape(engine: Engine) -> dict:
    cfg = engine.model.config
    embed = engine.model.get_input_embeddings().weight
    non_embedding = sum(p.numel() for p in engine.model.parameters() if p is not embed)
    if engine.model.get_output_embeddings().weight is not embed:
        non_embedding -= engine.model.get_output_embeddings().weight.numel()  # the LM head is counted apart
    types = getattr(cfg, "layer_types", None) or ["full_attention"] * cfg.num_hidden_layers
    head_dim = getattr(cfg, "head_dim", None) or cfg.hidden_size // cfg.num_attention_heads
    return {"non_embedding_params": non_embedding, "d": cfg.hidden_size, "vocab": embed.shape[0],
            "heads": cfg.num_attention_heads, "head_dim": head_dim, "layer_types": types,
            "window": getattr(cfg, "sliding_window", None), "intermediate": cfg.intermediate_size}


def token_flops(shape: dict, position: int) -> float:
    """FLOPs one token needs at a 0-based ``position``: the weights, and attention (QK and AV)
    over the keys it can see."""
    attn = 0
    for kind in shape["layer_types"]:
        seen = position + 1
        if kind == "sliding_attention" and shape["window"]:
            seen = min(seen, shape["window"])
        attn += 4 * shape["heads"] * shape["head_dim"] * seen
    return 2 * shape["non_embedding_params"] + attn


def needed_flops(shape: dict, parts: list[tuple[list[int], list[int]]]) -> float:
    """What ours must compute for these items: the prefix once, each suffix, and the level mass."""
    prefixes = {tuple(p) for p, _ in parts}
    total = sum(token_flops(shape, t) for p in prefixes for t in range(len(p)))
    for p, s in parts:
        total += sum(token_flops(shape, t) for t in range(len(p), len(p) + len(s)))
        total += 2 * shape["d"] * shape["vocab"]  # level mass: one logsumexp over the vocabulary
    return total


def naive_flops(shape: dict, parts) -> float:
    """What (a) computes: every token of every prompt, the LM head at every position."""
    return sum(token_flops(shape, t) + 2 * shape["d"] * shape["vocab"]
               for p, s in parts for t in range(len(p) + len(s)))


def matmul_gflops(m: int, k: int, n: int, dtype: torch.dtype, device: torch.device, seconds: float = 0.5) -> float:
    """Dense ``[m, k] x [k, n]`` throughput in GFLOP/s over about ``seconds``."""
    a = torch.randn(m, k, device=device).to(dtype)
    b = torch.randn(k, n, device=device).to(dtype)
    a @ b
    runs, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        a @ b
        runs += 1
        sync(device)
    return 2 * m * k * n * runs / (time.perf_counter() - start) / 1e9


def sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize()


def timed(fn, device):
    sync(device)
    start = time.perf_counter()
    out = fn()
    sync(device)
    return out, time.perf_counter() - start


# -- memory ------------------------------------------------------------------------------------------
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


# -- profile -------------------------------------------------------------------------------------------
def profile(args) -> str:
    """torch.profiler over ours at the default batch size: where the time goes, by operator."""
    from torch.profiler import ProfilerActivity, profile as torch_profile

    torch.set_num_threads(args.threads)
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw", calibration=False)
    bound = engine.bind(EVALUATOR)
    items, source = load_items(args.profile)
    prompts = [engine.prepare(bound.rubric, it).prompt for it in items]
    ours(engine, bound, prompts[:2], engine.settings.batch_size)  # warm-up
    with torch_profile(activities=[ProfilerActivity.CPU]) as prof:
        ours(engine, bound, prompts, engine.settings.batch_size)
    head = (f"torch.profiler: ours at batch {engine.settings.batch_size}, {len(items)} items from {source}, "
            f"{engine.name} {engine.model.dtype} on {args.device}, {args.threads} thread(s)\n")
    return head + prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=15)


# -- the run -----------------------------------------------------------------------------------------
def machine(device: torch.device, threads: int) -> dict:
    cpu = platform.processor()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    info = {"cpu": cpu, "cores": os.cpu_count(), "torch_threads": threads, "torch": torch.__version__,
            "platform": platform.platform(), "python": platform.python_version()}
    if device.type == "cuda":
        info["gpu"] = torch.cuda.get_device_name(device)
    return info


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def run(args) -> dict:
    from tqdm import tqdm

    torch.set_num_threads(args.threads)
    device = torch.device(args.device)
    items, source = load_items(args.items)
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw", calibration=False)
    bf16 = Engine.load(args.model, device=args.device, dtype="bfloat16", readout="raw", calibration=False) \
        if args.dtype in ("float32", "auto") and engine.model.dtype == torch.float32 else None
    bound = engine.bind(EVALUATOR)
    prompts = [engine.prepare(bound.rubric, it).prompt for it in items]
    parts = [engine.encode_parts(p, bound.tail) for p in prompts]
    shape = model_shape(engine)
    tokens = [len(p) + len(s) for p, s in parts]
    default_bs = engine.settings.batch_size
    sweep = sorted({int(b) for b in args.sweep.split(",") if b} - {1, default_bs})
    mm_m = default_bs * round(statistics.mean(len(s) for _, s in parts))  # rows of one batch's suffix tokens

    systems = {"naive": lambda: naive(engine, bound, prompts),
               "generate": lambda: naive_generate(engine, bound, prompts),
               "ours_b1": lambda: ours(engine, bound, prompts, 1),
               f"ours_b{default_bs}": lambda: ours(engine, bound, prompts, default_bs)}
    if bf16 is not None:
        bf16_bound = bf16.bind(EVALUATOR)
        systems[f"ours_b{default_bs}_bf16"] = lambda: ours(bf16, bf16_bound, prompts, default_bs)
    for b in sweep:
        systems[f"ours_b{b}"] = (lambda b=b: ours(engine, bound, prompts, b))
    matmuls = {"matmul_fp32": (torch.float32, (mm_m, shape["d"], shape["intermediate"])),
               "matmul_bf16": (torch.bfloat16, (mm_m, shape["d"], shape["intermediate"]))}

    ours(engine, bound, prompts[:2], default_bs)  # warm-up: lazy initialisations, allocator
    naive(engine, bound, prompts[:1])
    times: dict[str, list[float]] = {k: [] for k in systems}
    gflops: dict[str, list[float]] = {k: [] for k in matmuls}
    outputs: dict[str, object] = {}
    load_before = os.getloadavg()
    for _ in tqdm(range(args.repeats), desc="repeats", file=sys.stderr):
        for name, fn in systems.items():
            outputs[name], dt = timed(fn, device)
            times[name].append(dt)
        for name, (dtype, (m, k, n)) in matmuls.items():
            gflops[name].append(matmul_gflops(m, k, n, dtype, device))
    load_after = os.getloadavg()

    n = len(items)
    ref = torch.tensor(outputs["naive"], dtype=torch.float64)  # [N, L]
    agree = {name: float((torch.tensor(outputs[name], dtype=torch.float64) - ref).abs().max())
             for name in systems if name.startswith("ours") and "bf16" not in name}
    generated = outputs["generate"]
    gen_agree = sum(g is not None and g == bound.rubric.tokens[int(ref[i].argmax())] for i, g in enumerate(generated)) / n
    flops_ours = needed_flops(shape, parts)
    rows = []
    for name, ts in times.items():
        per_repeat_ratio = [times["naive"][r] / t for r, t in enumerate(ts)]
        rows.append({"system": name, "items_per_s": n / median(ts), "ms_per_item": 1000 * median(ts) / n,
                     "x_naive": median(per_repeat_ratio), "seconds": ts})
    achieved = {}
    for name in times:
        if not name.startswith("ours"):
            continue
        limit = "matmul_bf16" if name.endswith("bf16") else "matmul_fp32"
        ratios = [flops_ours / t / 1e9 / g for t, g in zip(times[name], gflops[limit])]
        achieved[name] = {"gflops": flops_ours / median(times[name]) / 1e9, "of_matmul": median(ratios),
                          "matmul": limit}
    report = {
        "machine": machine(device, args.threads), "device": str(device), "dtype": str(engine.model.dtype),
        "model": engine.name, "items": n, "item_source": source, "repeats": args.repeats,
        "default_batch_size": default_bs, "load_average_before": load_before, "load_average_after": load_after,
        "tokens": {"prefix": len(parts[0][0]), "suffix_mean": statistics.mean(len(s) for _, s in parts),
                   "prompt_mean": statistics.mean(tokens)},
        "model_shape": {k: v for k, v in shape.items() if k != "layer_types"},
        "flops": {"ours_needed_total": flops_ours, "naive_total": naive_flops(shape, parts)},
        "matmul_shape": [mm_m, shape["d"], shape["intermediate"]],
        "matmul_gflops": {k: median(v) for k, v in gflops.items()}, "matmul_gflops_runs": gflops,
        "systems": rows, "achieved": achieved,
        "max_abs_prob_diff_vs_naive": agree, "generate_agrees_with_naive_argmax": gen_agree,
    }
    if bf16 is not None:
        got = torch.tensor(outputs[f"ours_b{default_bs}_bf16"], dtype=torch.float64)
        base = torch.tensor(outputs[f"ours_b{default_bs}"], dtype=torch.float64)
        levels = torch.tensor([lv.value for lv in bound.rubric.levels], dtype=torch.float64)
        report["bf16_drift"] = {
            "max_abs_prob": float((got - base).abs().max()), "mean_abs_prob": float((got - base).abs().mean()),
            "argmax_agreement": float((got.argmax(1) == base.argmax(1)).double().mean()),
            "max_abs_expected_score": float(((got - base) @ levels).abs().max()),
        }
    if args.memory:
        report["memory"] = {args.model: measure_memory(args, [int(x) for x in args.memory.split(",")])}
    return report


def table(report: dict) -> str:
    m = report["machine"]
    lines = [f"# Speed: {report['model']} on {report['device']} ({report['dtype']})", "",
             f"Machine: {m['cpu']}, {m['cores']} cores, torch {m['torch']} with {m['torch_threads']} thread(s)"
             + (f", GPU {m['gpu']}" if "gpu" in m else "") + f"; load average {report['load_average_before'][0]:.1f} "
             f"before, {report['load_average_after'][0]:.1f} after (shared machine: absolute figures are noisy, "
             "ratios are measured side by side within each repeat).", "",
             f"Items: {report['items']} from {report['item_source']}; {report['repeats']} repeats, medians. "
             f"Prompt {report['tokens']['prompt_mean']:.0f} tokens on average: prefix (rubric) "
             f"{report['tokens']['prefix']}, suffix {report['tokens']['suffix_mean']:.1f}.", "",
             "| system | items/s | ms/item | x naive (a) | max abs prob diff vs (a) |", "|---|---:|---:|---:|---:|"]
    for row in report["systems"]:
        diff = report["max_abs_prob_diff_vs_naive"].get(row["system"])
        lines.append(f"| {row['system']} | {row['items_per_s']:.2f} | {row['ms_per_item']:.1f} | {row['x_naive']:.2f} | "
                     + (f"{diff:.1e}" if diff is not None else "-") + " |")
    lines += ["", f"(b) generate: parsed level equals (a)'s most probable level on "
              f"{100 * report['generate_agrees_with_naive_argmax']:.0f}% of items.", ""]
    mm = report["matmul_gflops"]
    lines += [f"Dense matmul {report['matmul_shape']} (one batch's suffix tokens x the MLP): "
              f"float32 {mm['matmul_fp32']:.1f} GFLOP/s, bfloat16 {mm['matmul_bf16']:.1f} GFLOP/s.", "",
              "| system | achieved GFLOP/s (needed FLOPs) | fraction of the matmul limit |", "|---|---:|---:|"]
    for name, a in report["achieved"].items():
        lines.append(f"| {name} | {a['gflops']:.1f} | {100 * a['of_matmul']:.0f}% of {a['matmul']} |")
    f = report["flops"]
    lines += ["", f"FLOPs for these items: ours needs {f['ours_needed_total'] / 1e9:.1f} G; naive (a) computes "
              f"{f['naive_total'] / 1e9:.1f} G ({f['naive_total'] / f['ours_needed_total']:.1f}x)."]
    if "bf16_drift" in report:
        d = report["bf16_drift"]
        lines += ["", f"bfloat16 against float32 (ours): max |dp| {d['max_abs_prob']:.4f}, mean |dp| "
                  f"{d['mean_abs_prob']:.4f}, most probable level agrees on {100 * d['argmax_agreement']:.0f}% of "
                  f"items, max |d expected level| {d['max_abs_expected_score']:.3f}."]
    for model, runs in report.get("memory", {}).items():
        lines += ["", f"Memory: `evaluate_many` in a fresh subprocess per size, model `{model}`.", "",
                  "| items | peak RSS while scoring (MB) | peak RSS of the process (MB) | seconds |", "|---:|---:|---:|---:|"]
        lines += [f"| {r['items']} | {r['peak_rss_scoring_mb'] or float('nan'):.0f} | {r['peak_rss_mb']:.0f} | "
                  f"{r['seconds']:.1f} |" for r in runs]
        first, last = runs[0], runs[-1]
        key = "peak_rss_scoring_mb" if first["peak_rss_scoring_mb"] else "peak_rss_mb"
        lines.append(f"\nPeak RSS while scoring {last['items']} items is {last[key] / first[key]:.2f}x that for "
                     f"{first['items']} (the process peak also holds the weights' load).")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--model", default="default")
    p.add_argument("--device", default="cpu")
    p.add_argument("--dtype", default="float32", help="the model's dtype for (a)-(c) (default float32)")
    p.add_argument("--items", type=int, default=24, help="benchmark items per repeat (default 24)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--threads", type=int, default=torch.get_num_threads(), help="torch CPU threads")
    p.add_argument("--sweep", default="4,16", help="extra batch sizes of ours to time (default 4,16)")
    p.add_argument("--memory", default="", help="e.g. 10,10000: peak RSS of evaluate_many on that many items")
    p.add_argument("--out", default=str(RESULTS / "speed"), help="writes OUT.md and OUT.json")
    p.add_argument("--timings-from", help="reuse the timings of an earlier run's JSON (e.g. to add --memory)")
    p.add_argument("--profile", type=int, help="instead: profile ours on this many items -> OUT_profile.txt")
    p.add_argument("--memory-child", type=int, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    try:
        if args.memory_child:
            memory_child(args)
            return 0
        if args.profile:
            text = profile(args)
            print(text)
            Path(args.out + "_profile.txt").write_text(text)
            return 0
        if args.timings_from:
            report = json.loads(Path(args.timings_from).read_text())
            if args.memory:
                report.setdefault("memory", {})[args.model] = measure_memory(args, [int(x) for x in args.memory.split(",")])
        else:
            report = run(args)
    except JevError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    text = table(report)
    print(text)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".md").write_text(text)
    out.with_suffix(".json").write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
