"""One side-by-side run: every system on the same items and prompts, repeats interleaved."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

import torch

from jev_model.core import precision
from jev_model.core.engine import Engine

from benchmarks.harness import RESULTS_DIR, machine

from . import flops, peers
from .systems import EVALUATOR, load_items, naive, naive_generate, ours, ours_prompts, tokens_per_evaluator

RESULTS = RESULTS_DIR / "readouts"  # readout_eval's held-out figures per numeric path
LEGACY_NAMES = {"float32": "readout_eval.json", "bfloat16": "readout_eval_bf16.json"}  # written before this run's names


def accuracy(paths: list[str], backbone: str, device: str, directory: Path = RESULTS,
             evaluator: str = EVALUATOR) -> dict:
    """Held-out exact accuracy of the shipped readout per path, read from
    ``python -m benchmarks.readouts.readout_eval --dtype PATH --out DIR/readout_eval_PATH`` results
    of this backbone and device kind (absent: not measured)."""
    out = {}
    for path in paths:
        for name in (f"readout_eval_{path}.json", LEGACY_NAMES.get(path)):
            file = directory / name if name else None
            if not file or not file.exists():
                continue
            data = json.loads(file.read_text())
            found = (data.get("evaluator"), data.get("dtype"), data.get("backbone"), data.get("device", "cpu")[:3])
            if found == (evaluator, path, backbone, device[:3]):
                out[path] = {"exact": data["metrics"]["all"]["trained"]["exact_accuracy"],
                             "items": data["metrics"]["all"]["trained"]["items"], "file": str(file)}
                break
    return out


def timed(fn, device: torch.device):
    if device.type == "cuda":
        torch.cuda.synchronize()
    start = time.perf_counter()
    out = fn()
    if device.type == "cuda":
        torch.cuda.synchronize()
    return out, time.perf_counter() - start


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def compare(got, ref) -> dict:
    """Agreement of level probabilities: argmax agreement, max and mean |dp|."""
    a, b = torch.tensor(got, dtype=torch.float64), torch.tensor(ref, dtype=torch.float64)  # [N, L]
    return {"argmax_agreement": float((a.argmax(1) == b.argmax(1)).double().mean()),
            "max_abs_dp": float((a - b).abs().max()), "mean_abs_dp": float((a - b).abs().mean())}


def softmax_rows(logits) -> list[list[float]]:
    return torch.softmax(torch.tensor(logits, dtype=torch.float64), -1).tolist()


def run(args) -> dict:
    from tqdm import tqdm

    torch.set_num_threads(args.threads)
    device = torch.device(args.device)
    load_before = os.getloadavg()
    items, source = load_items(args.items)
    paths = [precision.normalise(p) for p in args.paths.split(",") if p]
    today_path = "bfloat16" if device.type == "cuda" else "float32"  # what dtype="auto" gave before probing
    engines = {p: Engine.load(args.model, device=args.device, dtype=p)
               for p in dict.fromkeys(["float32", today_path, *paths])}
    base = engines["float32"]
    shape = flops.model_shape(base.model)
    probe_start = time.perf_counter()
    auto = precision.choose("auto", args.device, (shape["d"], shape["intermediate"]))  # cached per machine
    probe_s = time.perf_counter() - probe_start
    if auto.path not in engines:
        engines[auto.path] = Engine.load(args.model, device=args.device, dtype=auto.path)
    bound = base.bind(EVALUATOR)
    today = base.settings  # today's defaults: trained readout, computed checks, calibration, batch 8
    raw = today.replace(readout="raw", calibration=False, min_level_mass=0.0)
    prompts = [base.prepare(EVALUATOR, it, today).prompt for it in items]
    parts = [base.encode_parts(p, bound.tail) for p in prompts]
    prefix, suffixes = parts[0][0], [s for _, s in parts]
    default_bs = today.batch_size
    depth = base.readout(EVALUATOR).depth  # the layers the shipped readout reads (None: all)

    systems = {"naive (a)": lambda: naive(base, bound, prompts),
               "generate (b)": lambda: naive_generate(base, bound, prompts)}
    for path, engine in engines.items():
        slow = path == "bfloat16" and device.type == "cpu" and not precision.this_cpu().native_bf16
        sizes = [default_bs] if slow else [1, default_bs]  # bfloat16 emulated on a CPU: one row is enough
        if path == auto.path:
            sizes += [int(b) for b in args.sweep.split(",") if b and int(b) not in sizes]
        for b in sizes:
            systems[f"ours {path} b{b}"] = (lambda e=engine, b=b: ours(e, items, today.replace(batch_size=b)))

    missing, llama, llama_eval, llama_h, token_match = {}, None, None, None, None
    llama_sizes = [int(b) for b in args.llama_batch.split(",") if b]
    if args.llama:
        try:
            gguf = peers.gguf_path(peers.workdir())
            llama = peers.LlamaCpp(gguf, args.threads, max_batch=max(llama_sizes + [1]))
            llama_eval = peers.LlamaEval(gguf, args.threads)
            llama_h = peers.LlamaCpp(gguf, args.threads, max_batch=max(llama_sizes + [1]), hidden=True)
            token_match = peers.tokenizer_agreement(llama, base, prompts, bound.tail)
        except ImportError as exc:
            missing["llama.cpp"] = (f"llama-cpp-python is not installed ({exc}); pip install -e \".[speed-peers]\" "
                                    "builds it from source (CMAKE_ARGS=\"-DGGML_NATIVE=ON\")")
        except (RuntimeError, OSError) as exc:
            missing["llama.cpp"] = f"llama.cpp could not run here: {exc}"
    if llama is not None:
        ids = [p + s for p, s in parts]
        systems["llama.cpp Llama.eval b1"] = lambda: llama_eval.read(ids, bound.token_ids)
        systems["llama.cpp b1"] = lambda: llama.read(prefix, suffixes, bound.token_ids, 1)
        for b in llama_sizes:
            systems[f"llama.cpp b{b}"] = (lambda b=b: llama.read(prefix, suffixes, bound.token_ids, b))
        top = max(llama_sizes + [1])  # llama.cpp's hidden states under our shipped readout, checks, calibration
        if depth is not None:
            missing[f"llama.cpp b{top} + our readout"] = (f"the shipped readout reads the state after decoder layer "
                                                          f"{depth}; llama.cpp gives only the last layer's")
        else:
            systems[f"llama.cpp b{top} + our readout"] = lambda: [
                list(r.probabilities.values()) for r in peers.readout_on_llama(base, llama_h, EVALUATOR, items, top)]

    mm_m = default_bs * round(statistics.mean(len(s) for s in suffixes))  # one batch's suffix tokens

    for engine in engines.values():  # warm-up: lazy initialisations, allocator, int8 packing
        ours(engine, items[:2], today)
    naive(base, bound, prompts[:1])
    if llama is not None:
        llama.read(prefix, suffixes[:2], bound.token_ids, 2)
    times: dict[str, list[float]] = {k: [] for k in systems}
    gflops: dict[str, list[float]] = {p: [] for p in dict.fromkeys([*engines, "bfloat16"])}  # each path's limit
    outputs: dict[str, object] = {}
    for _ in tqdm(range(args.repeats), desc="repeats", file=sys.stderr):
        for name, fn in systems.items():
            outputs[name], dt = timed(fn, device)
            times[name].append(dt)
        for path in gflops:
            gflops[path].append(flops.matmul_gflops(mm_m, shape["d"], shape["intermediate"], path, device))

    # probabilities compared untimed: each path's raw readout (the LM head's level rows)
    raw_probs = {p: ours_prompts(e, e.bind(EVALUATOR), prompts, raw) for p, e in engines.items()}
    reference = raw_probs["float32"]
    agreement = {"naive (a) vs ours float32 raw": compare(outputs["naive (a)"], reference)}
    for p in engines:
        if p != "float32":
            agreement[f"ours {p} raw vs ours float32 raw"] = compare(raw_probs[p], reference)
            agreement[f"ours {p} trained vs ours float32 trained"] = compare(outputs[f"ours {p} b{default_bs}"],
                                                                              outputs[f"ours float32 b{default_bs}"])
    for name in systems:
        if name.endswith("our readout"):
            agreement[f"{name} vs ours float32 trained"] = compare(outputs[name], outputs[f"ours float32 b{default_bs}"])
        elif name.startswith("llama.cpp"):
            agreement[f"{name} vs ours float32 raw"] = compare(softmax_rows(outputs[name]), reference)
    ref_top = [bound.rubric.tokens[int(torch.tensor(r).argmax())] for r in reference]
    generated = outputs["generate (b)"]

    reasoning = []
    if args.reasoning_items:
        r_items, _ = load_items(args.reasoning_items)
        reasoning = peers.reasoning_local(engines[auto.path], r_items)

    n = len(items)
    needed = flops.needed_flops(shape, parts, depth=depth)
    rows = []
    baseline = f"ours {today_path} b{default_bs}"
    for name, ts in times.items():
        row = {"system": name, "items_per_s": n / median(ts), "ms_per_item": 1000 * median(ts) / n, "seconds": ts,
               "x_today": median([times[baseline][r] / t for r, t in enumerate(ts)])}
        if name.endswith("our readout"):
            row["accuracy_of"] = "llama.cpp"  # readout_eval --llama-cpp
        if name.startswith("ours"):
            path = name.split()[1]
            row["path"] = row["accuracy_of"] = path
            row["of_matmul"] = median([needed / t / 1e9 / g for t, g in zip(ts, gflops[path])])
            row["gflops"] = needed / median(ts) / 1e9
        rows.append(row)
    report = {
        "command": "python -m benchmarks.speed " + " ".join(sys.argv[1:]),
        "machine": machine(args.threads, device), "device": str(device), "model": base.name, "items": n,
        "item_source": source, "repeats": args.repeats, "default_batch_size": default_bs, "baseline": baseline,
        "load_average_before": load_before, "load_average_after": os.getloadavg(),
        "auto": {"path": auto.path, "note": auto.note, "seconds": probe_s},
        "paths": list(engines), "backbone": base.backbone, "accuracy_paths": [*engines, "llama.cpp"],
        "accuracy": accuracy([*engines, "llama.cpp"], base.backbone, args.device, Path(args.accuracy_dir)),
        "tokens": {"prefix": len(prefix), "suffix_mean": statistics.mean(len(s) for s in suffixes),
                   "prompt_mean": statistics.mean(len(p) + len(s) for p, s in parts)},
        "tokens_per_evaluator": tokens_per_evaluator(base),
        "model_shape": {k: v for k, v in shape.items() if k != "layer_types"},
        "flops": {"ours_needed_total": needed, "naive_total": flops.naive_flops(shape, parts)},
        "matmul_shape": [mm_m, shape["d"], shape["intermediate"]],
        "matmul_gflops": {k: median(v) for k, v in gflops.items()}, "matmul_gflops_runs": gflops,
        "systems": rows, "agreement": agreement,
        "generate_agrees_with_ours_argmax": sum(g == t for g, t in zip(generated, ref_top)) / n,
        "peers_missing": missing,
    }
    if llama is not None:
        report["llama_cpp"] = {"system_info": llama.system_info, "same_token_ids": token_match,
                               "gguf": gguf.name, "threads": args.threads}
        for peer in (llama, llama_h, llama_eval):
            peer.close()
    if reasoning:
        report["reasoning_local"] = {"path": auto.path, "items": len(reasoning),
                                     "median_latency_s": median([r["latency_s"] for r in reasoning]),
                                     "tokens_in_mean": statistics.mean(r["tokens_in"] for r in reasoning),
                                     "tokens_out_mean": statistics.mean(r["tokens_out"] for r in reasoning),
                                     "records": reasoning}
    return report
