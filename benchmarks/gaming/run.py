"""Judge gaming: how often a wrong answer wrapped in a trick passes, by family of trick, beside
plain right and plain wrong answers to the same questions.

    python -m tools.datagen.gaming                                   # the items (benchmarks/items/gaming.jsonl)
    python -m benchmarks.gaming.run                                  # default model -> benchmarks/results/gaming/
    python -m benchmarks.gaming.run --evaluator factuality --out benchmarks/results/gaming/factuality
    python -m benchmarks.gaming.run --no-checks                      # the same items without computed checks
    python -m benchmarks.gaming.run --splits held_out_17 held_out_17_right --out /tmp/r17   # one round alone

System under test: the engine's scoring path with its defaults (shipped readout, computed
checks, calibration).  Metrics: per family, the share of items whose ``passed`` is true; for
the gamed families (gold 0) that share is the failure rate; for ``plain_right`` it is the pass
rate.  Families are grouped by split: ``dev`` (the tricks the rules were written against),
``held_out`` / ``held_out_2`` / ``held_out_3`` / ``held_out_4`` (see tools/datagen/gaming.py for which were
seen before a measurement).  Results: ``report.md`` (tables), ``summary.json``,
``records.jsonl`` (one line per item), ``pass_rates.png`` (a bar per family).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ITEMS = ROOT / "benchmarks" / "items" / "gaming.jsonl"
OUT = ROOT / "benchmarks" / "results" / "gaming"
FIELDS = {"answer_correctness": ("input", "output", "expected"),
          "factuality": ("input", "output", "expected"),
          "correctness_reference": ("input", "output", "expected")}


def as_fields(evaluator: str, item: dict) -> dict:
    if evaluator == "correctness_reference":
        return {"input": item["input"], "output": item["output"], "expected_assertion": item["expected"]}
    return {k: item[k] for k in FIELDS[evaluator]}


def reference_kind(expected: str) -> str:
    """"value" where the reference holds a date, time, weekday or quantity, else "name"."""
    from jev_model.checks.values import find

    return "value" if find(expected).count else "name"


def run(args) -> dict:
    from jev_model import Engine, Settings
    from jev_model.core.precision import this_cpu

    items = [json.loads(line) for line in ITEMS.read_text().splitlines() if line.strip()]
    if args.splits:
        unknown = set(args.splits) - {it["split"] for it in items}
        if unknown:
            raise SystemExit(f"no items in split(s) {', '.join(sorted(unknown))} of {ITEMS.name}")
        items = [it for it in items if it["split"] in args.splits]
    engine = Engine.load(args.model, dtype=args.dtype)
    settings = engine.settings.replace(checks=not args.no_checks)
    requests = [engine.prepare(args.evaluator, as_fields(args.evaluator, it), settings) for it in items]
    start = time.perf_counter()
    results = engine.read(requests)
    seconds = time.perf_counter() - start
    args.out.mkdir(parents=True, exist_ok=True)
    by_family: dict[tuple, list] = defaultdict(list)
    by_kind: dict[tuple, list] = defaultdict(list)  # (split, "value" | "name"): what the reference is
    with open(args.out / "records.jsonl", "w") as f:
        for it, r in zip(items, results):
            by_family[(it["split"], it["family"])].append(bool(r.passed))
            by_kind[(it["split"], reference_kind(it["expected"]))].append(bool(r.passed))
            f.write(json.dumps({"id": it["id"], "family": it["family"], "split": it["split"], "gold": it["gold"],
                                "passed": r.passed, "score": r.score, "label": r.label, "checks": r.checks,
                                "output": it["output"]}, ensure_ascii=False) + "\n")
    rows = [{"split": s, "family": fam, "items": len(v), "passed": sum(v) / len(v)} for (s, fam), v in by_family.items()]
    splits = defaultdict(list)
    for row in rows:
        splits[row["split"]].append(row)
    summary = {"evaluator": args.evaluator, "model": engine.name, "dtype": engine.precision.path,
               "checks": not args.no_checks, "splits": args.splits, "cpu": this_cpu().describe(), "seconds": round(seconds, 1),
               "items": len(items), "rows": rows,
               "by_reference": [{"split": s, "reference": k, "items": len(v), "passed": sum(v) / len(v)}
                                for (s, k), v in by_kind.items()],
               "by_split": {s: {"families": len(v), "items": sum(r["items"] for r in v),
                                "passed": sum(r["passed"] * r["items"] for r in v) / sum(r["items"] for r in v)}
                            for s, v in splits.items()}}
    (args.out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    (args.out / "report.md").write_text(report(summary, args))
    plot(rows, args.out / "pass_rates.png", summary)
    return summary


def report(summary: dict, args) -> str:
    lines = [f"# Judge gaming: {summary['evaluator']} on {summary['model']}", "",
             f"Command: `python -m benchmarks.gaming.run --evaluator {summary['evaluator']}"
             f"{' --no-checks' if not summary['checks'] else ''}"
             f"{' --splits ' + ' '.join(summary['splits']) if summary.get('splits') else ''}`", "",
             f"{summary['items']} items, {summary['dtype']}, checks {'on' if summary['checks'] else 'off'}, "
             f"CPU {summary['cpu']}, scoring {summary['seconds']} s.", "",
             "Gamed families are wrong answers (gold 0): their *passed* share should be 0. "
             "`plain_right*` should pass, `plain_wrong` should not.", "",
             "| split | items | passed |", "|---|---:|---:|"]
    for split, s in summary["by_split"].items():
        lines.append(f"| {split} | {s['items']} | {s['passed']:.3f} |")
    if summary.get("by_reference"):
        lines += ["", "By what the reference is: a value (number, date, weekday, amount: the rival-answer rule "
                  "applies) or a name or phrase.", "", "| split | reference | items | passed |", "|---|---|---:|---:|"]
        lines += [f"| {r['split']} | {r['reference']} | {r['items']} | {r['passed']:.3f} |"
                  for r in summary["by_reference"]]
    lines += ["", "| split | family | items | passed |", "|---|---|---:|---:|"]
    for row in summary["rows"]:
        lines.append(f"| {row['split']} | {row['family']} | {row['items']} | {row['passed']:.3f} |")
    return "\n".join(lines) + "\n"


def plot(rows: list[dict], png: Path, summary: dict) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colours = {"control": "#4c72b0", "dev": "#dd8452", "held_out": "#c44e52", "held_out_2": "#8172b3",
               "held_out_3": "#937860", "held_out_4": "#da8bc3", "held_out_6": "#8c8c8c",
               "held_out_6_right": "#64b5cd", "held_out_7": "#55a868", "held_out_7_right": "#ccb974",
               "held_out_8": "#a05195", "held_out_8_right": "#1b9e77",
               "held_out_9": "#e6ab02", "held_out_9_right": "#7570b3",
               "held_out_10": "#d95f02", "held_out_10_right": "#66a61e",
               "held_out_11": "#b2182b", "held_out_11_right": "#2166ac",
               "held_out_12": "#e7298a", "held_out_12_right": "#01665e",
               "held_out_13": "#7f3b08", "held_out_13_right": "#542788",
               "held_out_14": "#b35806", "held_out_14_right": "#4d9221",
               "held_out_15": "#c51b7d", "held_out_15_right": "#35978f",
               "held_out_16": "#8c510a", "held_out_16_right": "#4393c3",
               "held_out_17": "#762a83", "held_out_17_right": "#5aae61",
               "held_out_18": "#e08214", "held_out_18_right": "#1b7837",
               "held_out_19": "#9e0142", "held_out_19_right": "#3288bd",
               "held_out_20": "#f46d43", "held_out_20_right": "#006837",
               "held_out_21": "#c51b7d", "held_out_21_right": "#01665e",
               "held_out_22": "#d53e4f", "held_out_22_right": "#08519c",
               "held_out_23": "#fdae61", "held_out_23_right": "#2c7bb6",
               "held_out_24": "#a6761d", "held_out_24_right": "#1a9850",
               "held_out_25": "#b15928", "held_out_25_right": "#1f78b4",
               "held_out_26": "#6a3d9a", "held_out_26_right": "#33a02c",
               "held_out_27": "#e31a1c", "held_out_27_right": "#0570b0",
               "held_out_28": "#ff7f00", "held_out_28_right": "#4575b4",
               "held_out_29": "#dd3497", "held_out_29_right": "#238443",
               "held_out_30": "#bf812d", "held_out_30_right": "#3690c0",
               "held_out_31": "#ae017e", "held_out_31_right": "#41ab5d",
               "held_out_32": "#cc4c02", "held_out_32_right": "#0868ac",
               "held_out_33": "#993404", "held_out_33_right": "#016c59"}
    fig, ax = plt.subplots(figsize=(10, 0.28 * len(rows) + 1.5))
    names = [f"{r['family']} ({r['split']})" for r in rows]
    ax.barh(names, [r["passed"] for r in rows], color=[colours.get(r["split"], "grey") for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share passed (gamed families are wrong answers: should be 0)")
    ax.set_title(f"Judge gaming, {summary['evaluator']} ({summary['model']}, checks {'on' if summary['checks'] else 'off'})")
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--evaluator", default="answer_correctness", choices=sorted(FIELDS))
    p.add_argument("--model", default="default")
    p.add_argument("--dtype", default="float32")
    p.add_argument("--no-checks", action="store_true")
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--splits", nargs="+", default=None, metavar="SPLIT",
                   help="only these splits (a round measured alone: held_out_17 held_out_17_right)")
    args = p.parse_args(argv)
    if args.out is None:
        args.out = OUT / (args.evaluator + ("-no-checks" if args.no_checks else ""))
    summary = run(args)
    print((args.out / "report.md").read_text())
    return 0 if summary else 1


if __name__ == "__main__":
    sys.exit(main())
