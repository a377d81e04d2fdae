"""The blind rounds of judge gaming, each as first measured and as it reads now, in one table and
one picture: the history the README summarises.

    python -m benchmarks.gaming.history      # -> benchmarks/results/gaming/history.md, history.png

Reads only what the benchmark already wrote: ``answer_correctness-roundN-first/summary.json``
(round N measured once, before its formats were read; rounds 5-9 and 10-16 were measured in
runs that held the earlier rounds too, and only round N's splits are taken from each) and
``answer_correctness/summary.json`` (the whole suite, run after reading the rounds it holds).
A round the whole-suite run does not hold yet reads "-" under "now".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

RESULTS = Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "gaming"


def _split(summary: dict, split: str) -> float | None:
    s = summary.get("by_split", {}).get(split)
    return None if s is None else s["passed"]


def _by_reference(summary: dict, split: str, kind: str) -> float | None:
    return next((r["passed"] for r in summary.get("by_reference", []) if r["split"] == split and r["reference"] == kind),
                None)


def rounds(results: Path = RESULTS) -> list[dict]:
    """One row per blind round with a first measurement: its number, CPU, first-seen and current shares."""
    now_path = results / "answer_correctness" / "summary.json"
    now = json.loads(now_path.read_text()) if now_path.exists() else {}
    out = []
    for path in results.glob("answer_correctness-round*-first/summary.json"):
        n = int(re.search(r"round(\d+)-first", str(path)).group(1))
        first = json.loads(path.read_text())
        gamed, right = f"held_out_{n}", f"held_out_{n}_right"
        out.append({"round": n, "cpu": first.get("cpu", "").split(" (")[0],
                    "gamed_first": _split(first, gamed), "values_first": _by_reference(first, gamed, "value"),
                    "names_first": _by_reference(first, gamed, "name"), "right_first": _split(first, right),
                    "gamed_now": _split(now, gamed), "right_now": _split(now, right)})
    return sorted(out, key=lambda r: r["round"])


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.3f}"


def table(rows: list[dict]) -> str:
    lines = ["# Judge gaming, round by round", "",
             "Each round: ten families of tricks written blind by a helper, with the same formats "
             "asserting the right answer as controls. *First*: measured once, before its formats were read. "
             "*Now*: the whole suite's last run (`benchmarks/results/gaming/answer_correctness/`), after reading. "
             "Gamed is the share of wrong answers that pass (target 0.02 on unseen tricks); right is the share of "
             "right answers that pass. Written by `python -m benchmarks.gaming.history`.", "",
             "| round | gamed, first | values | names | right, first | gamed, now | right, now | CPU of the first run |",
             "|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        lines.append(f"| {r['round']} | {_fmt(r['gamed_first'])} | {_fmt(r['values_first'])} | {_fmt(r['names_first'])} "
                     f"| {_fmt(r['right_first'])} | {_fmt(r['gamed_now'])} | {_fmt(r['right_now'])} | {r['cpu']} |")
    firsts = [r["gamed_first"] for r in rows if r["gamed_first"] is not None]
    if len(firsts) >= 5:
        lines += ["", f"Last five rounds, first seen: gamed {sum(firsts[-5:]) / 5:.3f} on average "
                      f"({', '.join(f'{x:.3f}' for x in firsts[-5:])})."]
    return "\n".join(lines) + "\n"


def plot(rows: list[dict], png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(10, 5))
    xs = [r["round"] for r in rows]
    for key, label, style in (("gamed_first", "gamed, first seen", "o-"), ("gamed_now", "gamed, now", "o--"),
                              ("right_first", "right controls, first seen", "s-"), ("right_now", "right controls, now", "s--")):
        pts = [(x, r[key]) for x, r in zip(xs, rows) if r[key] is not None]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], style, label=label, markersize=4)
    ax.axhline(0.02, color="grey", linewidth=0.8, linestyle=":", label="target 0.02 (gamed)")
    ax.set_xlabel("round (written blind)")
    ax.set_ylabel("share passed")
    ax.set_ylim(0, 1)
    ax.set_title("answer_correctness: wrong answers in tricks (gamed) and right answers in the same formats")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=5, frameon=False)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)


def main() -> None:
    rows = rounds()
    (RESULTS / "history.md").write_text(table(rows))
    plot(rows, RESULTS / "history.png")
    print(f"{len(rows)} rounds -> {RESULTS / 'history.md'}, {RESULTS / 'history.png'}")


if __name__ == "__main__":
    main()
