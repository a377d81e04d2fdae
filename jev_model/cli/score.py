"""``jev score``: wires the command line to jev_model.datasets.score (resumable dataset scoring)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from jev_model.cli.common import add_model_flags, load_engine, settings_from_args
from jev_model.core.rubric import add_rubric_dir, load_rubric
from jev_model.core.weights import resolve_model
from jev_model.datasets.report import print_summary
from jev_model.datasets.score import (Plan, ResultsFile, check_data, data_format, refuse_changed,
                                      score_dataset)
from jev_model.errors import JevError


def parse_pairs(values: list[str] | None, flag: str, json_values: bool = False) -> dict:
    out = {}
    for text in values or []:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise JevError(f"{flag} {text!r}: expected NAME=VALUE")
        if json_values and (value.strip()[:1] in ("[", "{") or name.strip() == "pass_threshold"):
            try:  # llm_judge's levels (a list) and pass_threshold (a number) are not text
                value = json.loads(value)
            except json.JSONDecodeError as exc:
                raise JevError(f"{flag} {text!r}: the value is not valid JSON: {exc.msg}") from None
        out[name.strip()] = value
    return out


def cmd_score(args) -> int:
    for d in args.rubrics or []:
        add_rubric_dir(d)
    data = Path(args.data)
    if data.is_dir():
        raise JevError(f"cannot read {data}: it is a directory; give a .jsonl, .csv or .tsv file")
    if not data.is_file():
        raise JevError(f"cannot read {data}: no such file")
    fmt = data_format(data, args.format)
    out_path = Path(args.out)
    if out_path.resolve() == data.resolve():
        raise JevError("--out must not be the data file")
    if not out_path.parent.is_dir():
        raise JevError(f"--out {out_path}: the directory {out_path.parent} does not exist")
    settings = settings_from_args(args)  # a bad flag fails here, before any work
    names = list(dict.fromkeys(args.evaluator))
    evaluators = [load_rubric(name) for name in names]
    gold = {}
    for spec in args.gold_column or []:
        ev, sep, column = spec.partition("=")
        if sep:
            if ev not in names:
                raise JevError(f"--gold-column {spec!r}: {ev!r} is not one of the --evaluator names {names}")
            gold[ev] = column
        else:
            gold.update({name: spec for name in names if name not in gold})
    plan = Plan(evaluators, parse_pairs(args.map, "--map"), parse_pairs(args.set, "--set", json_values=True),
                gold, args.id_column, checks=not args.no_checks,
                settings={"raw_readout": bool(args.raw_readout), "min_level_mass": args.min_level_mass,
                          "calibration": not getattr(args, "no_calibration", False), "dtype": args.dtype})
    model_name = resolve_model(args.model).name

    out = ResultsFile(out_path)
    try:
        if out.dropped_partial:
            print(f"note: dropped an incomplete last line of {out_path} (a run was cut short while writing)",
                  file=sys.stderr)
        other = out.models - {model_name}
        if other:
            raise JevError(f"{out_path} holds results from model {sorted(other)[0]!r}; this run uses {model_name!r}. "
                           "Use another --out")
        check = check_data(data, fmt, plan, out)
        for line in check.bad:
            print(f"skipped {data}: {line}", file=sys.stderr)
        if check.bad_count > len(check.bad):
            print(f"skipped {check.bad_count - len(check.bad)} more bad row(s)", file=sys.stderr)
        refuse_changed(check, out, data)
        if check.bad_count and not check.todo and not check.already:
            raise JevError(f"no row of {data} can be scored; the first problem: {check.bad[0]}")
        print(f"{data}: {check.rows} rows, {check.todo} result(s) to compute, {check.already} already in {out_path}",
              file=sys.stderr)
        written = 0
        if check.todo:
            engine = load_engine(args)
            for rubric in evaluators:
                if not rubric.caller_levels:
                    engine.bind(rubric)  # a level token that is not one token fails here, not mid-run
            try:
                written = score_dataset(engine, data, fmt, plan, out, settings, check.todo, engine.name)
            except KeyboardInterrupt:
                print(f"interrupted: every finished batch is saved in {out_path}; run the same command "
                      "again to continue", file=sys.stderr)
                return 130
    finally:
        out.close()
    print(f"scored {written} new result(s); {check.already} were already in {out_path}; "
          f"{check.bad_count} bad row(s) skipped" + (f" ({'; '.join(check.bad[:5])}"
                                                     + (" ..." if check.bad_count > 5 else "") + ")"
                                                     if check.bad_count else ""))
    print_summary(out_path, plot=args.plot, json_out=False)
    return 0


def add_parser(sub) -> None:

    p = sub.add_parser("score", help="score a JSONL or CSV dataset into a results file (resumable)",
                       description="Score a JSONL or CSV dataset with one or more evaluators into a results file; "
                       "a re-run with the same --out continues where the last one stopped.")
    p.add_argument("data", help="a .jsonl file (one JSON object a line) or a .csv/.tsv file with a header")
    p.add_argument("--evaluator", action="append", required=True, help="evaluator name (repeatable)")
    p.add_argument("--out", required=True, help="results file (JSONL); re-running with it continues where it stopped")
    p.add_argument("--map", action="append", metavar="FIELD=COLUMN",
                   help="take evaluator field FIELD from column COLUMN (repeatable), e.g. --map output=answer")
    p.add_argument("--set", action="append", metavar="FIELD=VALUE",
                   help="a field with the same value for every row (repeatable), e.g. --set criteria='Is it polite?' "
                        "or --set levels='[\"bad\", \"ok\", \"good\"]'")
    p.add_argument("--gold-column", action="append", metavar="[EVALUATOR=]COLUMN",
                   help="column with the gold level: its index, token or name (repeatable, per evaluator)")
    p.add_argument("--id-column", default="id", help="column copied into each result as its id (default: id)")
    p.add_argument("--format", choices=("jsonl", "csv", "tsv"), help="data format (default: from the suffix)")
    p.add_argument("--plot", metavar="PNG", help="also write a reliability diagram (where there is gold)")
    p.add_argument("--rubrics", action="append", metavar="DIR", help="also load the rubric files in DIR")
    add_model_flags(p)
    p.set_defaults(func=cmd_score)
