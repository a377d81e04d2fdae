"""The RAG evaluators on held-out HaluEval items: pass agreement per split, the trained readout
beside the raw one, and what a reading costs.

    python -m benchmarks.rag                           # all three -> benchmarks/results/rag/rag.{md,json,png}
    python -m benchmarks.rag --evaluator faithfulness --per-category 40 --out /tmp/rag_quick
    python -m benchmarks.rag --readout faithfulness=/tmp/d4/<backbone>/faithfulness.safetensors

Items: ``benchmarks/items/<evaluator>.jsonl``, the HELD-OUT split of
``tools.datagen.halueval_rag`` (HaluEval source rows no readout was trained on; the train
split is ``data/<evaluator>.jsonl``).  Splits: faithfulness qa / dialogue / summarization
(the right output, gold yes; the hallucinated one, gold no); context_relevance and
answer_relevance qa / dialogue (the row's own context or answer, gold yes; a near-miss one from
another held-out row, gold no).

System under test: the engine's scoring path (render with the grounding checks line -> one
forward pass -> hidden state -> readout -> softmax), read twice from the same pass: the LM
head's own yes/no rows (``raw``, last layer) and the shipped trained readout (``trained``, at
the depth it was fitted at, with the grounding features).  Metrics (``summarize``): pass
agreement (passed = P(yes) >= 0.5 against the gold), ECE, Brier; unscored items counted and
kept out.  Timing: ``Engine.evaluate_many`` with the trained readout on ``--timing`` items of
each evaluator (batch 8, cold prefix cache excluded), printed beside the CPU flags.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from benchmarks.harness import ITEMS_DIR, RESULTS_DIR, add_model_flags, cpu_flags, fixed_order, items as read_items
from benchmarks.harness import machine, run_main
from jev_model.datasets.metrics import summarize
from jev_model.errors import JevError

EVALUATORS = ("faithfulness", "context_relevance", "answer_relevance")
OUT = RESULTS_DIR / "rag" / "rag"
KEYS = ("items", "scored", "unscored", "pass_agreement", "ece", "brier", "mean_score")
TARGET = 0.90  # faithfulness pass agreement asked per split (issue #25)


def evaluate_one(base, evaluator: str, args) -> dict:
    """Raw and trained records of one evaluator's held-out items, read from one forward pass."""
    from jev_model.core.readout import load_readout
    from jev_model.core.result import gold_passes
    from jev_model.fitting.hidden import HiddenCache, fill_caches
    from jev_model.fitting.train import gold_index, prepare_items, sample_per_category

    path = ITEMS_DIR / f"{evaluator}.jsonl"
    if not path.is_file():
        raise JevError(f"no held-out items: {path} is missing (python -m tools.datagen.halueval_rag --wheel ...)")
    items = sample_per_category(read_items(path), args.per_category, 0)
    rubric = base.bind(evaluator).rubric
    gold = [gold_index(rubric, it, f"{path.name} item {n + 1}") for n, it in enumerate(items)]
    given = dict(args.readout).get(evaluator)
    trained = load_readout(Path(given), base.backbone, rubric, True) if given else \
        base.readout(rubric, base.settings.replace(readout="trained"))
    if trained.is_raw:
        raise JevError(f"no trained readout for {evaluator} on {base.backbone} (jev train, or --readout)")
    requests = prepare_items(base, rubric, items, path.name)
    cache = Path(args.cache_dir) if args.cache_dir else None
    caches = [HiddenCache.for_engine(base, depth, cache) for depth in dict.fromkeys((None, trained.depth))]
    states = fill_caches(caches, base, requests, args.batch_size)  # one pass: [N, d] after each depth
    h = {"raw": states[0], "trained": states[-1]}
    records = {"raw": [], "trained": []}
    for name, recs in records.items():
        for i, it in enumerate(items):
            r = base.result_from_hidden(rubric, h[name][i: i + 1], base.settings, readout=trained if name == "trained"
                                        else None, features=requests[i].features)
            recs.append(dict(r.to_dict(), gold=gold[i], gold_passed=gold_passes(rubric, gold[i]),
                             category=it["category"]))
    splits = sorted({it["category"] for it in items}) + ["all"]
    table = {s: {name: {k: summarize([r for r in recs if s == "all" or r["category"] == s]).get(k) for k in KEYS}
                 for name, recs in records.items()} for s in splits}
    return {"items": len(items), "readout": trained.name, "depth": trained.depth,
            "training": (trained.manifest.get("training_data") or {}), "metrics": table,
            "timing": timing(base, evaluator, items, args.timing)}


def timing(base, evaluator: str, items: list[dict], n: int) -> dict | None:
    """Seconds per item through ``Engine.evaluate_many`` (trained readout, batch 8), the first
    ``n`` items in a fixed order; a warm-up call first so the prefix's cache is not timed."""
    if not n:
        return None
    fields = [{k: it[k] for k in ("input", "output", "context") if k in it} for it in fixed_order(items)[:n]]
    base.evaluate_many(evaluator, fields[:1], readout="trained")
    start = time.perf_counter()
    base.evaluate_many(evaluator, fields, readout="trained")
    seconds = time.perf_counter() - start
    return {"items": len(fields), "seconds": round(seconds, 3), "items_per_s": round(len(fields) / seconds, 2)}


def run(args) -> dict:
    import torch

    from jev_model.core.engine import Engine

    base = Engine.load(args.model, device=args.device, dtype=args.dtype, readout="raw", calibration=False)
    out = {"command": "python -m benchmarks.rag " + " ".join(sys.argv[1:]), "model": base.name,
           "backbone": base.backbone, "device": args.device, "dtype": base.precision.path,
           "machine": machine(torch.get_num_threads(), base.device), "cpu_flags": cpu_flags(),
           "per_category": args.per_category, "target_faithfulness_pass_agreement": TARGET, "evaluators": {}}
    for evaluator in args.evaluator or EVALUATORS:
        out["evaluators"][evaluator] = evaluate_one(base, evaluator, args)
    write(out, Path(args.out))
    return out


def write(out: dict, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.with_suffix(".json").write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    path.with_suffix(".md").write_text(markdown(out))
    plot(out, path.with_suffix(".png"))


def _fmt(v) -> str:
    return "-" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))


def markdown(out: dict) -> str:
    lines = ["# RAG evaluators on held-out HaluEval items", "", f"`{out['command']}`", "",
             f"model `{out['model']}` (backbone {out['backbone']}), {out['device']}, {out['dtype']}; CPU flags: "
             f"{out['cpu_flags']}; items: `benchmarks/items/<evaluator>.jsonl` (held-out source rows), "
             "training: `data/<evaluator>.jsonl`.", "",
             "| evaluator | split | items | raw pass agreement | trained pass agreement | trained ECE | trained Brier |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for ev, res in out["evaluators"].items():
        for split, row in res["metrics"].items():
            raw, tr = row["raw"], row["trained"]
            lines.append(f"| {ev} | {split} | {tr['items']} | {_fmt(raw['pass_agreement'])} | "
                         f"**{_fmt(tr['pass_agreement'])}** | {_fmt(tr['ece'])} | {_fmt(tr['brier'])} |")
    lines += ["", "Readouts and cost (trained readout, `Engine.evaluate_many`, batch 8, "
              f"CPU flags {out['cpu_flags']}, {out['machine'].get('torch_threads')} torch threads):", ""]
    for ev, res in out["evaluators"].items():
        t = res["timing"]
        cost = f"{t['items_per_s']} items/s over {t['items']} items" if t else "not timed"
        lines.append(f"- {ev}: `{res['readout']}`, depth {res['depth']}, trained on "
                     f"{res['training'].get('train_items')} items (+{res['training'].get('validation_items')} "
                     f"validation) of `data/{ev}.jsonl`; {cost}")
    faith = out["evaluators"].get("faithfulness")
    if faith:
        got = {s: row["trained"]["pass_agreement"] for s, row in faith["metrics"].items() if s != "all"}
        missed = {s: v for s, v in got.items() if v is not None and v < out["target_faithfulness_pass_agreement"]}
        lines += ["", f"Target: faithfulness pass agreement >= {out['target_faithfulness_pass_agreement']:.2f} per "
                  "split: " + ("met on every split." if not missed else
                               "missed on " + ", ".join(f"{s} ({v:.3f})" for s, v in missed.items()) + ".")]
    return "\n".join(lines) + "\n"


def plot(out: dict, path: Path) -> None:
    """Pass agreement per evaluator and split, raw beside trained."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels, raw, trained = [], [], []
    for ev, res in out["evaluators"].items():
        for split, row in res["metrics"].items():
            if split != "all":
                labels.append(f"{ev}\n{split}")
                raw.append(row["raw"]["pass_agreement"] or 0.0)
                trained.append(row["trained"]["pass_agreement"] or 0.0)
    xs = range(len(labels))
    fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(labels)), 4))
    ax.bar([x - 0.2 for x in xs], raw, 0.4, label="raw readout")
    ax.bar([x + 0.2 for x in xs], trained, 0.4, label="trained readout")
    ax.axhline(TARGET, color="grey", linestyle="--", linewidth=1, label=f"target {TARGET:.2f} (faithfulness)")
    ax.set_xticks(list(xs), labels, fontsize=7)
    ax.set_ylim(0, 1)
    ax.set_ylabel("pass agreement")
    ax.set_title(f"RAG evaluators, held-out HaluEval ({out['model']})")
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def _readout_flag(text: str) -> tuple[str, str]:
    name, sep, path = text.partition("=")
    if not sep or name not in EVALUATORS:
        raise argparse.ArgumentTypeError(f"expected EVALUATOR=PATH with EVALUATOR one of {', '.join(EVALUATORS)}")
    return name, path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.rag", description=__doc__.split("\n\n")[0])
    ap.add_argument("--evaluator", action="append", choices=EVALUATORS, help="repeatable (default: all three)")
    add_model_flags(ap)
    ap.add_argument("--readout", action="append", type=_readout_flag, default=[],
                    help="EVALUATOR=PATH: another trained readout file (default: the shipped one)")
    ap.add_argument("--per-category", type=int, default=None, help="a seeded sample of N items per split")
    ap.add_argument("--timing", type=int, default=40, help="items timed per evaluator (0: none)")
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--cache-dir", help="hidden-state cache (default $JEV_HOME/cache/hidden)")
    ap.add_argument("--out", default=str(OUT), help="output path without suffix (.md, .json, .png)")
    args = ap.parse_args(argv)
    return run_main(run, args, lambda out: print(markdown(out)))
