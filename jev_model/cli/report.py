"""``jev report``: wires the command line to jev_model.datasets.report."""

from __future__ import annotations

from pathlib import Path

from jev_model.datasets.report import print_summary
from jev_model.errors import JevError


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
