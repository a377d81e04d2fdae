"""Confidence cascade: keep the decision model's answer where it is confident, send the rest
to a reasoning system, and report accuracy against cost for a sweep of thresholds.

    python -m benchmarks.accuracy.cascade --decision D.jsonl --reasoning R.jsonl \\
        [--category date --category arithmetic] [--at 0.3 --at 0.6] [--out benchmarks/results/accuracy/cascade]

The policy, per item: escalate when the decision's ``confidence`` is below the threshold
(or the decision is unscored); the cascade's answer is then the reasoning system's, and
its cost is the decision's cost plus the reasoning system's.  Otherwise the decision's
answer stands at the decision's cost.  Threshold 0 is the decision model alone; a
threshold above 1 sends everything on.

This combines two finished runs' per-item records instead of running the systems again:
the outcome per item is the same, and any threshold can be read off one pair of runs.

Records (JSON lines, one per item; the benchmark's systems write them):

* ``id``            - joins the two runs (items missing from either run are an error);
* ``gold``          - the gold level (int);
* ``probabilities`` - level -> p; the answer is the most probable level.  Without it,
                      ``level`` (rounded) is the answer (a reasoning system's final level);
* ``confidence``    - the decision's confidence (0-1), needed in the decision run;
* ``unscored``      - a reason when the system gave no reading (never counted right);
* ``latency_s``     - seconds for the item; ``tokens_in`` / ``tokens_out`` - optional;
* ``category``      - optional, for --category.

Accuracy is exact-level accuracy over ALL items of the selection: an unscored answer is a
wrong answer here, because the cascade must answer every item (the count is reported).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from benchmarks.harness import run_main
from jev_model.errors import JevError
from jev_model.datasets.jsonl import read_objects

DEFAULT_THRESHOLDS = [round(0.05 * k, 2) for k in range(21)] + [1.01]


@dataclass
class Answer:
    level: int | None  # None: unscored
    confidence: float | None
    latency_s: float
    tokens: int


def answer_of(rec: dict, where: str) -> Answer:
    probs = rec.get("probabilities")
    level = None
    if not rec.get("unscored"):
        if isinstance(probs, dict) and probs:
            level = max(range(len(probs)), key=lambda i: list(probs.values())[i])
        elif isinstance(probs, list) and probs:
            level = max(range(len(probs)), key=lambda i: probs[i])
        elif isinstance(rec.get("level"), (int, float)):
            level = int(round(rec["level"]))
    latency = rec.get("latency_s")
    if not isinstance(latency, (int, float)) or latency < 0:
        raise JevError(f"{where}: latency_s must be a non-negative number, not {latency!r}")
    tokens = sum(int(rec.get(k) or 0) for k in ("tokens_in", "tokens_out"))
    conf = rec.get("confidence")
    return Answer(level, float(conf) if isinstance(conf, (int, float)) else None, float(latency), tokens)


def read_run(path: str | Path) -> dict[str, tuple[dict, Answer]]:
    """A run's records by item id."""
    path = Path(path)
    out = {}
    for n, rec in read_objects(path):
        if "id" not in rec or not isinstance(rec.get("gold"), int):
            raise JevError(f"{path}:{n}: a record needs an id and an integer gold level")
        if rec["id"] in out:
            raise JevError(f"{path}:{n}: item {rec['id']!r} appears twice")
        out[rec["id"]] = (rec, answer_of(rec, f"{path}:{n}"))
    return out


def join(decision: dict, reasoning: dict, categories: list[str] | None = None) -> list[tuple[dict, Answer, Answer]]:
    """(record, decision answer, reasoning answer) for the items both runs hold."""
    missing = sorted(set(decision) ^ set(reasoning))
    if missing:
        raise JevError(f"the two runs hold different items ({len(missing)} differ, e.g. {missing[0]!r}); "
                       f"run both systems on the same items")
    rows = []
    for item_id, (rec, d) in decision.items():
        r_rec, r = reasoning[item_id]
        if r_rec["gold"] != rec["gold"]:
            raise JevError(f"item {item_id!r}: gold {rec['gold']} in the decision run, {r_rec['gold']} in the reasoning run")
        if categories and rec.get("category") not in categories:
            continue
        if d.level is not None and d.confidence is None:
            raise JevError(f"item {item_id!r}: the decision record has no confidence")
        rows.append((rec, d, r))
    if not rows:
        raise JevError(f"no items{' in categories ' + ', '.join(categories) if categories else ''}")
    return rows


def cascade_point(rows, threshold: float) -> dict:
    """Accuracy and cost of the cascade at one threshold."""
    right, latencies, tokens, escalated, unscored = 0, [], 0, 0, 0
    for rec, d, r in rows:
        escalate = d.level is None or d.confidence < threshold
        answer = r if escalate else d
        escalated += escalate
        right += answer.level == rec["gold"]
        unscored += answer.level is None
        latencies.append(d.latency_s + (r.latency_s if escalate else 0.0))
        tokens += d.tokens + (r.tokens if escalate else 0)
    n = len(rows)
    return {"threshold": threshold, "items": n, "escalated": escalated / n, "exact_accuracy": right / n,
            "unscored": unscored, "mean_latency_s": sum(latencies) / n, "median_latency_s": statistics.median(latencies),
            "total_latency_s": sum(latencies), "tokens_per_item": tokens / n}


def single(rows, which: int) -> dict:
    """One system alone (1: decision, 2: reasoning)."""
    answers = [row[which] for row in rows]
    lat = [a.latency_s for a in answers]
    return {"items": len(rows), "exact_accuracy": sum(a.level == row[0]["gold"] for a, row in zip(answers, rows)) / len(rows),
            "unscored": sum(a.level is None for a in answers), "mean_latency_s": sum(lat) / len(lat),
            "median_latency_s": statistics.median(lat), "tokens_per_item": sum(a.tokens for a in answers) / len(rows)}


def sweep(rows, thresholds=DEFAULT_THRESHOLDS) -> list[dict]:
    return [cascade_point(rows, t) for t in thresholds]


def table(points: list[dict], decision: dict, reasoning: dict) -> str:
    lines = ["| system | threshold | escalated | exact acc | unscored | mean latency s | median latency s | tokens/item |",
             "|---|---|---|---|---|---|---|---|",
             f"| decision alone | - | 0% | {decision['exact_accuracy']:.3f} | {decision['unscored']} | "
             f"{decision['mean_latency_s']:.4f} | {decision['median_latency_s']:.4f} | {decision['tokens_per_item']:.0f} |",
             f"| reasoning alone | - | 100% | {reasoning['exact_accuracy']:.3f} | {reasoning['unscored']} | "
             f"{reasoning['mean_latency_s']:.4f} | {reasoning['median_latency_s']:.4f} | {reasoning['tokens_per_item']:.0f} |"]
    for p in points:
        lines.append(f"| cascade | {'all' if p['threshold'] > 1 else format(p['threshold'], '.2f')} | "
                     f"{p['escalated']:.0%} | {p['exact_accuracy']:.3f} | {p['unscored']} | {p['mean_latency_s']:.4f} | "
                     f"{p['median_latency_s']:.4f} | {p['tokens_per_item']:.0f} |")
    return "\n".join(lines)


def plot(points: list[dict], decision: dict, reasoning: dict, path: Path, title: str) -> None:
    """Accuracy against mean latency per item, one point per threshold."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4.5))
    xs, ys = [p["mean_latency_s"] for p in points], [p["exact_accuracy"] for p in points]
    ax.plot(xs, ys, "o-", color="C0", label="cascade (threshold on decision confidence)")
    for p in points[:: max(1, len(points) // 6)]:
        ax.annotate("all" if p["threshold"] > 1 else f"{p['threshold']:.2f}", (p["mean_latency_s"], p["exact_accuracy"]),
                    textcoords="offset points", xytext=(4, -10), fontsize=7)
    ax.plot([decision["mean_latency_s"]], [decision["exact_accuracy"]], "s", color="C2", label="decision alone")
    ax.plot([reasoning["mean_latency_s"]], [reasoning["exact_accuracy"]], "^", color="C3", label="reasoning alone")
    ax.set_xscale("log")
    ax.set_xlabel("mean latency per item, s (log)")
    ax.set_ylabel("exact-level accuracy")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.accuracy.cascade", description=__doc__.split("\n\n")[0])
    ap.add_argument("--decision", required=True, help="per-item records of the decision run (JSON lines)")
    ap.add_argument("--reasoning", required=True, help="per-item records of the reasoning run (JSON lines)")
    ap.add_argument("--category", action="append", help="only items of this category (repeatable)")
    ap.add_argument("--thresholds", help="comma-separated thresholds (default 0 to 1 by 0.05, and 'all')")
    ap.add_argument("--out", help="write OUT.md, OUT.json and OUT.png (default: print the table only)")
    args = ap.parse_args(argv)
    return run_main(run, args, lambda _: None)


def run(args) -> None:
    """The cascade table of two finished runs (printed), and OUT.md/.json/.png with ``--out``."""
    thresholds = DEFAULT_THRESHOLDS
    if args.thresholds:
        try:
            thresholds = [float(t) for t in args.thresholds.split(",")]
        except ValueError:
            raise JevError(f"--thresholds must be comma-separated numbers, not {args.thresholds!r}") from None
    rows = join(read_run(args.decision), read_run(args.reasoning), args.category)
    points, dec, rea = sweep(rows, thresholds), single(rows, 1), single(rows, 2)
    text = table(points, dec, rea)
    print(text)
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        cats = ", ".join(args.category) if args.category else "all categories"
        out.with_suffix(".json").write_text(json.dumps({"decision_run": args.decision, "reasoning_run": args.reasoning,
                                                        "categories": args.category, "decision": dec,
                                                        "reasoning": rea, "cascade": points}, indent=2) + "\n")
        out.with_suffix(".md").write_text(f"Cascade over {len(rows)} items ({cats}).\n\n{text}\n")
        plot(points, dec, rea, out.with_suffix(".png"), f"Cascade, {len(rows)} items ({cats})")
        print(f"wrote {out.with_suffix('.md')}, .json, .png", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
