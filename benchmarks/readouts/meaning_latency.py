"""What the evidence of meaning costs per item at batch 1 (#22): today's readout on today's
prompts against a readout that reads meaning (the sentence encoder's similarity and claims in
the checks), the whole per-item path (checks, encoder, tokenizing, one forward, readout), side
by side in one run: each round times every item both ways, alternating which goes first;
the encoder's cache is emptied before each item (nothing seen before: the worst case).

    python -m benchmarks.readouts.meaning_latency --before /tmp/old/answer_correctness.safetensors \\
        --after jev_model/readouts/<backbone>/answer_correctness.safetensors
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from pathlib import Path

from benchmarks.harness import ITEMS_DIR, RESULTS_DIR, add_model_flags, items as read_items, machine, run_main

OUT = RESULTS_DIR / "readouts" / "meaning_latency"
ITEMS = ("text_answers.jsonl", "paraphrase.jsonl", "answer_correctness.jsonl")


def run(args) -> dict:
    import torch

    from jev_model.core.engine import Engine
    from jev_model.core.readout import load_readout
    from jev_model.core.rubric import load_rubric

    pool = [it for f in ITEMS if (ITEMS_DIR / f).is_file() for it in read_items(ITEMS_DIR / f)]
    step = max(1, len(pool) // args.items)
    items = pool[::step][: args.items]
    rubric = load_rubric("answer_correctness")
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype, calibration=False)
    torch.set_num_threads(args.threads)
    readouts = {"before": load_readout(Path(args.before), engine.backbone, rubric),
                "after": load_readout(Path(args.after), engine.backbone, rubric)}
    meaning = {k: "on" if r.reads_meaning else "off" for k, r in readouts.items()}

    def one(name: str, fields: dict) -> float:
        if engine._encoder is not None:
            engine._encoder.cache.clear()  # every text encoded afresh: the worst case, a new item
        t0 = time.perf_counter()
        req = engine.prepare(rubric, fields, engine.settings.replace(meaning=meaning[name]))
        engine.read([dataclasses.replace(req, readout=readouts[name])])
        return time.perf_counter() - t0

    fields = [{k: it[k] for k in ("input", "output", "expected")} for it in items]
    for f in fields[:3]:  # warm-up: the encoder's load and first calls, the prefix caches
        one("before", f), one("after", f)
    times = {"before": [], "after": []}
    for r in range(args.repeats):
        for k, f in enumerate(fields):
            order = ("before", "after") if (r + k) % 2 == 0 else ("after", "before")
            for name in order:
                times[name].append(one(name, f))
    med = {k: statistics.median(v) * 1000 for k, v in times.items()}
    out = {"command": "python -m benchmarks.readouts.meaning_latency " + " ".join(sys.argv[1:]),
           "model": engine.name, "dtype": engine.precision.path, "threads": args.threads, "items": len(items),
           "repeats": args.repeats, "machine": machine(args.threads),
           "readouts": {k: r.name for k, r in readouts.items()}, "meaning": meaning,
           "median_ms": {k: round(v, 2) for k, v in med.items()},
           "mean_ms": {k: round(statistics.mean(v) * 1000, 2) for k, v in times.items()},
           "ratio_median": round(med["after"] / med["before"], 3)}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).with_suffix(".json").write_text(json.dumps(out, indent=1) + "\n")
    return out


def show(out: dict) -> None:
    m = out["machine"]
    print(f"{out['items']} items x {out['repeats']} rounds, batch 1, {out['dtype']}, {out['threads']} threads; "
          f"CPU {m['cpu']} ({' '.join(m['cpu_flags'])}), load {m['load_average']}")
    for k in ("before", "after"):
        print(f"  {k:6s} {out['readouts'][k]} (meaning {out['meaning'][k]}): median {out['median_ms'][k]} ms, "
              f"mean {out['mean_ms'][k]} ms per item")
    print(f"  after / before (median): {out['ratio_median']}x")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.readouts.meaning_latency", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    add_model_flags(p)
    p.add_argument("--before", required=True, help="today's readout file (.safetensors, its manifest beside it)")
    p.add_argument("--after", required=True, help="the readout that reads meaning")
    p.add_argument("--items", type=int, default=60)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--out", default=str(OUT))
    return run_main(run, p.parse_args(argv), show)


if __name__ == "__main__":
    sys.exit(main())
