"""``jev report``: the aggregations of a ``jev score`` results file, per evaluator.

    jev report results.jsonl
    jev report results.jsonl --plot reliability.png     # one PNG per evaluator that has gold
    jev report results.jsonl --json
    jev report results.parquet                          # jev score --out results.parquet

Mean score and pass rate over the scored items; where results carry a gold level: mean
absolute error of the expected level (graded evaluators), exact-level accuracy, agreement
of passed with the gold level's pass, expected calibration error over 15 bins and the
Brier score.  Unscored items are counted and kept out of every average.  The file is read
as a stream (``metrics.Aggregate``), so its size does not matter.
"""

from __future__ import annotations

import json
from pathlib import Path

from jev_model.errors import JevError
from jev_model.datasets.jsonl import not_an_object
from jev_model.datasets.metrics import Aggregate, plot_reliability

MAX_SHOWN = 5  # unusable lines printed one by one; the rest are counted
COLUMNS = [("items", "items"), ("scored", "scored"), ("unscored", "unscored"), ("mean_score", "mean score"),
           ("pass_rate", "pass rate"), ("gold_items", "gold"), ("mae", "MAE"), ("exact_accuracy", "exact"),
           ("pass_agreement", "pass agr."), ("ece", "ECE"), ("brier", "Brier")]


def aggregate_file(path: Path) -> tuple[dict[str, Aggregate], list[str]]:
    """One Aggregate per evaluator over a results file, and the lines that could not be used."""
    aggs: dict[str, Aggregate] = {}
    problems: list[str] = []
    if path.suffix.lower() == ".parquet":  # jev score --out x.parquet: typed columns, no bad lines to skip
        from jev_model.datasets.results import read_records

        if not path.is_file():
            raise JevError(f"cannot read {path}: no such file")
        for rec in read_records(path):
            aggs.setdefault(rec["evaluator"], Aggregate()).add(rec)
        return aggs, problems
    try:
        f = open(path, "rb")
    except OSError as exc:
        raise JevError(f"cannot read {path}: {exc.strerror}") from None
    with f:
        for n, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            try:
                rec = json.loads(raw)
                if not isinstance(rec, dict):
                    problems.append(f"line {n}: not a result record ({not_an_object(rec, 'a result')})")
                    continue
                name = rec["evaluator"]
                aggs.setdefault(name, Aggregate()).add(rec)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                problems.append(f"line {n}: not JSON ({exc})" if raw.endswith(b"\n") else
                                f"line {n}: incomplete last line (a run cut short while writing)")
            except KeyError as exc:
                problems.append(f"line {n}: not a result record (it has no {exc.args[0]!r})")
            except (TypeError, AttributeError):  # a field of the wrong JSON kind: Python's wording helps no one
                problems.append(f"line {n}: not a result record (a field holds the wrong kind of JSON value)")
            except ValueError as exc:  # ours: a gold outside the levels, a probability out of range
                problems.append(f"line {n}: not a result record ({exc})")
    return aggs, problems


def format_table(summaries: dict[str, dict]) -> str:
    """The summaries as an aligned text table; '-' where a figure does not apply."""
    def cell(v) -> str:
        if v is None:
            return "-"
        return f"{v:.3f}" if isinstance(v, float) else str(v)

    rows = [["evaluator"] + [title for _, title in COLUMNS]]
    rows += [[name] + [cell(s.get(key)) for key, _ in COLUMNS] for name, s in summaries.items()]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
                     for r in rows)


def plot_paths(plot: str, names: list[str]) -> dict[str, Path]:
    base = Path(plot)
    if len(names) == 1:
        return {names[0]: base}
    return {name: base.with_name(f"{base.stem}-{name}{base.suffix or '.png'}") for name in names}


def summarize_file(path: Path) -> tuple[dict, list[str], dict]:
    """``(summaries by evaluator, problem lines, aggregates by evaluator)`` of a results file;
    JevError when it holds no results."""
    aggs, problems = aggregate_file(Path(path))
    if not aggs:
        first = f"; line problems: {problems[0]}" + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else "") \
            if problems else ""
        raise JevError(f"{path} holds no results (is it a file written by `jev score`?){first}")
    return {name: agg.result() for name, agg in sorted(aggs.items())}, problems, aggs


def write_plots(path: Path, plot: str, aggs: dict) -> dict[str, Path]:
    """One reliability diagram per evaluator with gold levels: ``{evaluator: png}`` written."""
    with_gold = [name for name in sorted(aggs) if aggs[name].gold_items]
    written = {}
    for name, png in plot_paths(plot, with_gold).items():
        if not png.parent.is_dir():
            raise JevError(f"--plot {png}: the directory {png.parent} does not exist")
        plot_reliability(aggs[name].calibration.bins(), png, title=f"{name} ({path})")
        written[name] = png
    return written
