"""``jev report``: wires the command line to jev_model.datasets.report, and prints."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from jev_model.datasets.report import MAX_SHOWN, format_table, summarize_file, write_plots
from jev_model.errors import JevError


def print_summary(path: Path, plot: str | None = None, json_out: bool = False) -> int:
    """Print a results file's summary table (or JSON) and write its reliability diagrams."""
    summaries, problems, aggs = summarize_file(path)
    for p in problems[:MAX_SHOWN]:
        print(f"skipped {path}: {p}", file=sys.stderr)
    if len(problems) > MAX_SHOWN:
        print(f"skipped {len(problems) - MAX_SHOWN} more line(s) of {path}", file=sys.stderr)
    if json_out:
        print(json.dumps({"results": str(path), "evaluators": summaries, "skipped_lines": problems}, indent=2))
    else:
        print(format_table(summaries))
    if plot:
        written = write_plots(path, plot, aggs)
        if not written:
            print("no reliability diagram: no result has a gold level (jev score --gold-column)", file=sys.stderr)
        for png in written.values():
            print(f"reliability diagram: {png}", file=sys.stderr)
    return 0


def cmd_report(args) -> int:
    path = Path(args.results)
    if path.is_dir():
        raise JevError(f"cannot read {path}: it is a directory; give a results file written by `jev score`")
    if not path.is_file():
        raise JevError(f"cannot read {path}: no such file")
    return print_summary(Path(args.results), plot=args.plot, json_out=args.json)


def add_parser(sub) -> None:
    p = sub.add_parser("report", help="aggregate a results file: mean score, pass rate, MAE, accuracy, ECE, Brier",
                       description="Aggregate a jev score results file per evaluator: mean score, pass rate and, "
                       "where there is gold, MAE, exact accuracy, pass agreement, ECE (15 bins), Brier.")
    p.add_argument("results", help="a results file written by jev score")
    p.add_argument("--plot", metavar="PNG", help="write a reliability diagram (one per evaluator with gold)")
    p.add_argument("--json", action="store_true", help="print the summaries as JSON")
    p.set_defaults(func=cmd_report)
