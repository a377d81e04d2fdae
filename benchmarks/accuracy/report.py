"""The accuracy suite's report: per system and per category metrics (jev_model.datasets.metrics),
a Markdown table, a PNG of accuracy against median latency, the run's settings and machine.

    python -m benchmarks.accuracy.run --report-only --out benchmarks/results/accuracy/full
"""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.accuracy.systems import RUBRIC
from jev_model.datasets.metrics import summarize

ORDER = ["oracle", "decision", "decision-batch1", "reasoning-local", "reasoning-endpoint"]
COLUMNS = [("items", "items", "{}"), ("scored", "scored", "{}"), ("unscored", "unscored", "{}"),
           ("exact_accuracy", "exact acc", "{:.3f}"), ("mae", "MAE", "{:.2f}"),
           ("pass_agreement", "pass agr", "{:.3f}"), ("ece", "ECE", "{:.3f}"), ("brier", "Brier", "{:.3f}"),
           ("median_latency_s", "median s/item", "{:.3g}"), ("tokens_in_per_item", "tokens in/item", "{:.0f}"),
           ("tokens_out_per_item", "tokens out/item", "{:.1f}")]


def read_records(path: Path) -> list[dict]:
    """Records already in a system's file; a torn last line (a killed run) is dropped."""
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return records


def load_runs(out: Path) -> dict[str, list[dict]]:
    runs = {}
    for path in sorted(out.glob("*.jsonl")):
        records = read_records(path)
        if records:
            runs[path.stem] = records
    return dict(sorted(runs.items(), key=lambda kv: (ORDER.index(kv[0]) if kv[0] in ORDER else 99, kv[0])))


def _cell(value, fmt: str) -> str:
    return "–" if value is None else fmt.format(value)


def table(rows: list[tuple[str, dict]]) -> str:
    head = "| system | " + " | ".join(c[1] for c in COLUMNS) + " |"
    sep = "|---|" + "---:|" * len(COLUMNS)
    body = ["| " + name + " | " + " | ".join(_cell(s.get(k), f) for k, _, f in COLUMNS) + " |" for name, s in rows]
    return "\n".join([head, sep, *body])


def summaries(runs: dict[str, list[dict]]) -> dict[str, dict]:
    """{system: {"all": summary, category: summary, ...}}"""
    out = {}
    for name, records in runs.items():
        per = {"all": summarize(records, RUBRIC)}
        for cat in sorted({r["category"] for r in records}):
            per[cat] = summarize([r for r in records if r["category"] == cat], RUBRIC)
        out[name] = per
    return out


def plot(summ: dict[str, dict], path: Path) -> None:
    """Exact accuracy against median latency per item (log x), one point per system and
    category."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    markers = {"all": "o", "date": "s", "arithmetic": "^", "control": "D"}
    for n, (name, per) in enumerate(summ.items()):
        for cat, s in per.items():
            lat, acc = s.get("median_latency_s"), s.get("exact_accuracy")
            if lat is None or acc is None:
                continue
            lat = max(lat, 1e-4)  # the oracle costs nothing; keep it on a log axis
            ax.scatter([lat], [acc], color=f"C{n}", marker=markers.get(cat, "x"), s=70 if cat == "all" else 30,
                       label=name if cat == "all" else None, alpha=1.0 if cat == "all" else 0.6)
            if cat != "all":
                ax.annotate(cat, (lat, acc), fontsize=7, xytext=(4, 2), textcoords="offset points")
    ax.set_xscale("log")
    ax.set_xlabel("median latency per item (s, log scale)")
    ax.set_ylabel("exact-level accuracy")
    ax.set_ylim(-0.02, 1.05)
    ax.set_title("answer_correctness: accuracy against latency\n(large: all items; small: per category)")
    ax.legend(fontsize=8, loc="best")
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_report(out: Path) -> str:
    """Rewrite <out>/report.md, <out>/summary.json and <out>/accuracy_latency.png; return the table."""
    out = Path(out)
    runs = load_runs(out)
    summ = summaries(runs)
    settings_path = out / "settings.json"
    settings = json.loads(settings_path.read_text(encoding="utf-8")) if settings_path.exists() else {}
    overall = table([(name, per["all"]) for name, per in summ.items()])
    lines = ["# answer_correctness benchmark", "",
             "Exact acc: the top level equals the gold level. MAE: |level - gold| (the expected level for the "
             "decision model, the stated level for reasoning systems). Pass agr: passed (level >= 3) equals "
             "gold >= 3. ECE (15 bins) and Brier only where there are probabilities. Unscored items (no "
             "readable level) are counted, and kept out of every other column. Latency: wall time per item; "
             "batched systems report the batch's time divided by its size (see `batch` in the records).", "",
             "## All items", "", overall, ""]
    if runs:  # what answering one level every time would score, on the largest system's items
        golds = [r["gold"] for r in max(runs.values(), key=len)]
        refs = ", ".join(f"always {k}: {sum(g == k for g in golds) / len(golds):.3f}" for k in (0, 2, 4))
        lines += [f"Constant answers, exact accuracy on those {len(golds)} items: {refs}.", ""]
    # a system cut short (a time budget) has a prefix of the fixed item order, a fair sample;
    # compare every system on the items they all have
    paired = [n for n in runs if n not in ("decision-batch1", "oracle")]
    common = set.intersection(*({r["id"] for r in runs[n]} for n in paired)) if paired else set()
    if len(paired) > 1 and common and any(len(runs[n]) != len(common) for n in paired):
        rows = [(n, summarize([r for r in runs[n] if r["id"] in common], RUBRIC)) for n in paired]
        lines += [f"## The {len(common)} items every system ran (paired)", "", table(rows), ""]
    cats = sorted({c for per in summ.values() for c in per if c != "all"})
    for cat in cats:
        lines += [f"## {cat}", "", table([(name, per[cat]) for name, per in summ.items() if cat in per]), ""]
    lines += ["## Settings and machine", "", "```json", json.dumps(settings, indent=1), "```", ""]
    (out / "report.md").write_text("\n".join(lines), encoding="utf-8")
    (out / "summary.json").write_text(json.dumps(summ, indent=1) + "\n", encoding="utf-8")
    if summ:
        plot(summ, out / "accuracy_latency.png")
    return overall
