"""What sending explanations to a second model does (#22): answer_correctness on held-out items
read by the default model alone, and with ``--explanations MODEL`` (``Settings.explanations``,
``jev_model/core/readers.py``), through the engine's own path (prepare, read), side by side.

Only the items whose reference is an explanation (``checks.features.explains``) are sent, so
every other item reads the same both ways; the table counts how many each set sends (the
406 benchmark items and the gaming rounds: none).  Latency is the whole per-item path at batch
1 (checks, tokenizing, forward, readout) on the same explanation items, both ways, alternating
which goes first, in one run.

    python -m benchmarks.readouts.explanations_route --explanations qwen2.5-coder-1.5b-instruct

Results: ``benchmarks/results/readouts/explanations_route.{md,json,png}``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from benchmarks.harness import (ITEMS_DIR, RESULTS_DIR, add_model_flags, items as read_items, machine, run_main,
                                save_results)

OUT = RESULTS_DIR / "readouts" / "explanations_route"
READ = {"paraphrase": "paraphrase.jsonl", "text": "text_answers.jsonl", "halueval": "halueval_qa_sample.jsonl",
        "meaning": "meaning.jsonl"}  # held-out sets with explanations: read both ways
COUNT = {"benchmark": "answer_correctness.jsonl", "gaming": "gaming.jsonl"}  # only counted (none is sent)
FIELDS = ("input", "output", "expected")


def _fields(item: dict) -> dict:
    return {k: item[k] for k in FIELDS if k in item}


def _records(rubric, items: list[dict], results) -> list[dict]:
    from jev_model.core.result import gold_passes
    from jev_model.fitting.train import gold_index

    out = []
    for n, (it, r) in enumerate(zip(items, results)):
        g = gold_index(rubric, it, f"item {n + 1}")
        out.append(dict(r.to_dict(), gold=g, gold_passed=gold_passes(rubric, g), group=it.get("category", "")))
    return out


def _summary(records: list[dict]) -> dict:
    from jev_model.datasets.metrics import summarize

    groups = {"all": records}
    for r in records:
        groups.setdefault(r["group"], []).append(r) if r["group"] else None
    return {name: {"items": len(rs), "exact": summarize(rs).get("exact_accuracy"),
                   "pass": summarize(rs).get("pass_agreement")} for name, rs in groups.items()}


def _latency(engine, items: list[dict], rounds: int) -> dict:
    """Seconds per item at batch 1, the whole path, default model alone and with the route."""
    plain = engine.settings.replace(explanations=None, batch_size=1)
    routed = engine.settings.replace(batch_size=1)
    times = {"default": [], "routed": []}
    for k in range(rounds):
        for it in items:
            order = [("default", plain), ("routed", routed)]
            for name, settings in (order if k % 2 == 0 else order[::-1]):
                start = time.perf_counter()
                engine.read([engine.prepare("answer_correctness", _fields(it), settings)])
                times[name].append(time.perf_counter() - start)
    out = {name: {"median_s": statistics.median(t), "mean_s": statistics.fmean(t)} for name, t in times.items()}
    out["ratio"] = out["routed"]["median_s"] / out["default"]["median_s"]
    return out


def run(args) -> dict:
    import torch

    from jev_model.checks.features import explains
    from jev_model.core.engine import Engine
    from jev_model.core.rubric import load_rubric

    torch.set_num_threads(args.threads)
    rubric = load_rubric("answer_correctness")
    engine = Engine.load(args.model, device=args.device, dtype=args.dtype, explanations=args.explanations)
    second = engine.readers.get(args.explanations)
    plain = engine.settings.replace(explanations=None)
    sets, counted = {}, {}
    for name, f in COUNT.items():
        items = read_items(ITEMS_DIR / f)
        counted[name] = {"items": len(items), "sent": sum(explains(_fields(it)) for it in items)}
    for name, f in READ.items():
        if not (ITEMS_DIR / f).is_file():
            continue
        items = read_items(ITEMS_DIR / f)
        before = engine.read([engine.prepare(rubric, _fields(it), plain) for it in items])
        requests = [engine.prepare(rubric, _fields(it)) for it in items]
        after = engine.read(requests)
        sent = [r.reader is not None for r in requests]
        rec_b, rec_a = _records(rubric, items, before), _records(rubric, items, after)
        sets[name] = {"items": len(items), "sent": sum(sent),
                      "default": _summary(rec_b), "routed": _summary(rec_a),
                      "sent_default": _summary([r for r, s in zip(rec_b, sent) if s]),
                      "sent_routed": _summary([r for r, s in zip(rec_a, sent) if s])}
        print(f"{name}: {sum(sent)} of {len(items)} sent", file=sys.stderr)
    pool = [it for it in read_items(ITEMS_DIR / READ["paraphrase"]) if explains(_fields(it))]
    sample = pool[:: max(1, len(pool) // args.latency_items)][: args.latency_items]
    latency = _latency(engine, sample, args.rounds)
    return {"command": "python -m benchmarks.readouts.explanations_route " + " ".join(sys.argv[1:]),
            "model": engine.name, "dtype": engine.precision.path, "explanations": args.explanations,
            "second": {"backbone": second.backbone, "dtype": second.precision.path, "layers": second.layer_count,
                       "readout": second.readout(rubric).name, "depth": second.readout(rubric).depth},
            "sets": sets, "counted": counted, "latency": dict(latency, items=len(sample), rounds=args.rounds),
            "machine": machine(args.threads)}


def markdown(out: dict) -> str:
    sec, lat, m = out["second"], out["latency"], out["machine"]
    lines = [f"# Explanations read by {out['explanations']} (answer_correctness, held-out items)", "",
             f"`{out['command']}`", "",
             f"Default model {out['model']} ({out['dtype']}); the items whose reference is an explanation "
             f"(`checks.features.explains`) sent to {out['explanations']} ({sec['dtype']}, readout "
             f"`{sec['readout']}`, read after {sec['depth']} of {sec['layers']} decoder layers). Items never trained "
             "on; every other item reads the same both ways.", "",
             "| set | items | sent | all: exact default → routed | all: pass default → routed "
             "| sent items: exact | sent items: pass |", "|---|---:|---:|---|---|---|---|"]
    for name, s in out["sets"].items():
        d, r, sd, sr = s["default"]["all"], s["routed"]["all"], s["sent_default"].get("all"), s["sent_routed"].get("all")
        sent = (f"{sd['exact']:.3f} → {sr['exact']:.3f}", f"{sd['pass']:.3f} → {sr['pass']:.3f}") if sd else ("–", "–")
        lines.append(f"| {name} | {s['items']} | {s['sent']} | {d['exact']:.3f} → {r['exact']:.3f} "
                     f"| {d['pass']:.3f} → {r['pass']:.3f} | {sent[0]} | {sent[1]} |")
    for name, c in out["counted"].items():
        lines.append(f"| {name} | {c['items']} | {c['sent']} | same | same | – | – |")
    lines += ["", "## Sent items per group: pass agreement, default → routed", "",
              "| set | group | items | pass |", "|---|---|---:|---|"]
    for name, s in out["sets"].items():
        for group, d in s["sent_default"].items():
            if group != "all":
                lines.append(f"| {name} | {group} | {d['items']} | {d['pass']:.3f} → "
                             f"{s['sent_routed'][group]['pass']:.3f} |")
    lines += ["", f"## Latency per explanation item at batch 1 ({lat['items']} items × {lat['rounds']} rounds, "
              "whole path, alternating)", "",
              "| path | median s | mean s |", "|---|---:|---:|",
              f"| default model | {lat['default']['median_s']:.3f} | {lat['default']['mean_s']:.3f} |",
              f"| routed | {lat['routed']['median_s']:.3f} | {lat['routed']['mean_s']:.3f} |", "",
              f"Routed / default (medians): {lat['ratio']:.1f}×. Only sent items pay it.", "",
              f"Machine: {m.get('cpu')}, flags {' '.join(m.get('cpu_flags') or []) or 'none of interest'}, "
              f"{m.get('torch_threads')} torch threads, torch {m.get('torch')}, {m.get('date_utc')}.", ""]
    return "\n".join(lines)


def plot(out: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [n for n, s in out["sets"].items() if s["sent"]]
    fig, ax = plt.subplots(figsize=(7, 4.4))
    x = range(len(names))
    ax.bar([i - 0.2 for i in x], [out["sets"][n]["sent_default"]["all"]["pass"] for n in names], 0.4, label="default model")
    ax.bar([i + 0.2 for i in x], [out["sets"][n]["sent_routed"]["all"]["pass"] for n in names], 0.4,
           label=f"sent to {out['explanations']}")
    ax.set_xticks(list(x), [f"{n}\n({out['sets'][n]['sent']} sent)" for n in names])
    ax.set_ylim(0, 1)
    ax.set_ylabel("pass agreement on the sent items")
    ax.set_title(f"Explanations: latency ×{out['latency']['ratio']:.0f} on those items only")
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.readouts.explanations_route",
                                 description=__doc__.split("\n\n")[0])
    add_model_flags(ap, dtype="float32")
    ap.add_argument("--explanations", default="qwen2.5-coder-1.5b-instruct", help="the second model")
    ap.add_argument("--latency-items", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", default=str(OUT), help="results stem (.md, .json, .png)")
    args = ap.parse_args(argv)
    return run_main(run, args, lambda out: save_results(out, Path(args.out), markdown, plot))


if __name__ == "__main__":
    raise SystemExit(main())
