"""bfloat16 against float32 with the shipped readouts: held-out accuracy on the benchmark's
items and scoring time, one run, the CPU's flags beside the figures.  The measurement that
admits bfloat16 to ``--dtype auto`` on CPUs with native bfloat16 (``jev_model.core.precision``).

    python -m benchmarks.speed.bf16                     # -> benchmarks/results/speed/bf16.{md,json}
    python -m benchmarks.speed.bf16 --rounds 3 --skip-accuracy

Accuracy: every item of each shipped evaluator's held-out set read in each dtype (exact level,
pass agreement against the gold, the largest probability difference).  Speed: the 406
answer_correctness items scored in float32 and bfloat16 alternately for ``--rounds`` rounds
(so a busy moment hits both alike); the best round of each is reported and their ratio.
"""

from __future__ import annotations

import argparse
import json
import time

import torch

from benchmarks.harness import ITEMS_DIR, RESULTS_DIR, items, machine, run_main
from jev_model.core.result import gold_index, gold_passes
from jev_model.core.rubric import load_rubric

SETS = {"answer_correctness": ["answer_correctness", "text_answers"],
        "factuality": ["factuality"], "correctness_reference": ["correctness_reference"]}
DTYPES = ("float32", "bfloat16")
OUT = RESULTS_DIR / "speed" / "bf16"


def accuracy(engines: dict) -> list[dict]:
    rows = []
    for evaluator, files in SETS.items():
        rubric = load_rubric(evaluator)
        for name in files:
            data = items(ITEMS_DIR / f"{name}.jsonl")
            fields = [{k: v for k, v in it.items() if k in rubric.fields} for it in data]
            gold = [gold_index(rubric, it["gold"]) for it in data]
            probs = {}
            for dtype, engine in engines.items():
                results = engine.evaluate_many(evaluator, fields)
                probs[dtype] = [list(r.probabilities.values()) for r in results]
                top = [max(range(len(p)), key=p.__getitem__) for p in probs[dtype]]
                rows.append({"dtype": dtype, "evaluator": evaluator, "items": name, "n": len(data),
                             "exact": sum(t == g for t, g in zip(top, gold)) / len(data),
                             "pass_agreement": sum(r.passed == gold_passes(rubric, g)
                                                   for r, g in zip(results, gold)) / len(data)})
            rows[-1]["max_dp"] = max(abs(a - b) for pa, pb in zip(*probs.values()) for a, b in zip(pa, pb))
    return rows


def speed(engines: dict, rounds: int) -> dict:
    rubric = load_rubric("answer_correctness")
    data = items(ITEMS_DIR / "answer_correctness.jsonl")
    fields = [{k: v for k, v in it.items() if k in rubric.fields} for it in data]
    prepared = {d: [e.prepare("answer_correctness", f) for f in fields] for d, e in engines.items()}
    best = dict.fromkeys(engines, float("inf"))
    for _ in range(rounds):
        for dtype, engine in engines.items():
            engine.clear_caches()
            start = time.perf_counter()
            engine.read(prepared[dtype])
            best[dtype] = min(best[dtype], time.perf_counter() - start)
    return {"items": len(data), "rounds": rounds, "seconds": best,
            "ratio_float32_over_bfloat16": best["float32"] / best["bfloat16"]}


def run(args) -> dict:
    from jev_model import Engine

    engines = {d: Engine.load(args.model, dtype=d) for d in DTYPES}
    for engine in engines.values():
        engine.evaluate_many("answer_correctness", [{"input": "2+2?", "output": "4", "expected": "4"}] * 8)  # warm-up
    out = {"machine": machine(torch.get_num_threads()), "model": engines["float32"].name,
           "speed": speed(engines, args.rounds)}
    if not args.skip_accuracy:
        out["accuracy"] = accuracy(engines)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.with_suffix(".json").write_text(json.dumps(out, indent=2) + "\n")
    OUT.with_suffix(".md").write_text(markdown(out, args))
    return out


def markdown(out: dict, args) -> str:
    m, s = out["machine"], out["speed"]
    lines = ["# bfloat16 against float32 (shipped readouts)", "",
             f"Command: `python -m benchmarks.speed.bf16 --rounds {args.rounds}`", "",
             f"Machine: {m.get('cpu')} ({' '.join(m.get('cpu_flags', []))}); {m.get('torch_threads')} torch threads; load {m.get('load_average')}; torch {torch.__version__}", "",
             f"Speed: {s['items']} answer_correctness items, best of {s['rounds']} alternating rounds: "
             f"float32 {s['seconds']['float32']:.1f} s, bfloat16 {s['seconds']['bfloat16']:.1f} s, "
             f"**{s['ratio_float32_over_bfloat16']:.2f}x**", ""]
    if "accuracy" in out:
        lines += ["| dtype | evaluator | items | n | exact | pass agreement | max abs dp (bf16 vs fp32) |",
                  "|---|---|---|---:|---:|---:|---:|"]
        lines += [f"| {r['dtype']} | {r['evaluator']} | {r['items']} | {r['n']} | {r['exact']:.3f} | "
                  f"{r['pass_agreement']:.3f} | {r.get('max_dp', float('nan')):.3f} |" for r in out["accuracy"]]
    return "\n".join(lines) + "\n"


def show(out: dict) -> None:
    print(OUT.with_suffix(".md").read_text())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="default")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--skip-accuracy", action="store_true")
    return run_main(run, ap.parse_args(argv), show)


if __name__ == "__main__":
    raise SystemExit(main())
