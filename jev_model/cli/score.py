"""``jev score``: wires the command line to jev_model.datasets.score (resumable dataset scoring)."""

from __future__ import annotations

import json
from pathlib import Path

from jev_model.cli.common import add_model_flags, settings_from_args
from jev_model.core.rubric import add_rubric_dir, load_rubric
from jev_model.core.weights import resolve_model
from jev_model.cli.report import print_summary
from jev_model.datasets.score import EngineSpec, LocalScoring, Plan, check_io, run
from jev_model.datasets.rows import FORMATS
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


def parse_gold(specs: list[str] | None, names: list[str]) -> dict[str, str]:
    """--gold-column [EVALUATOR=]COLUMN: evaluator -> column; a bare COLUMN is every other evaluator's."""
    gold: dict[str, str] = {}
    for spec in specs or []:
        ev, sep, column = spec.partition("=")
        if sep:
            if ev not in names:
                raise JevError(f"--gold-column {spec!r}: {ev!r} is not one of the --evaluator names {names}")
            gold[ev] = column
        else:
            gold.update({name: spec for name in names if name not in gold})
    return gold


def scoring_for(args, data, fmt: str, engine: EngineSpec):
    """--ray and its flags: where the two passes run (RayScoring or LocalScoring)."""
    if args.ray is None:
        if args.actors is not None or args.cpus_per_actor is not None:
            raise JevError("--actors and --cpus-per-actor need --ray")
        return LocalScoring(data, fmt, engine)
    try:
        from jev_model.scale import Cluster, RayScoring
    except ImportError as exc:
        if exc.name not in ("ray", "pyarrow") and not str(exc.name).startswith(("ray.", "pyarrow.")):
            raise
        raise JevError("--ray needs Ray Data: pip install 'jev-model[ray]'") from None
    if args.actors is not None and args.actors < 1:
        raise JevError(f"--actors {args.actors}: must be at least 1")
    if args.cpus_per_actor is not None and not args.cpus_per_actor > 0:
        raise JevError(f"--cpus-per-actor {args.cpus_per_actor}: must be more than 0")
    cluster = Cluster(address=args.ray or None, actors=args.actors, cpus_per_actor=args.cpus_per_actor)
    return RayScoring(str(data), fmt, engine, cluster)


def cmd_score(args) -> int:
    for d in args.rubrics or []:
        add_rubric_dir(d)
    data = args.data if args.ray is not None and "://" in args.data else Path(args.data)  # Ray also reads s3://, ...
    out_path = Path(args.out)
    fmt = check_io(data, out_path, args.format)
    settings = settings_from_args(args)  # a bad flag fails here, before any work
    names = list(dict.fromkeys(args.evaluator))
    evaluators = [load_rubric(name) for name in names]
    gold = parse_gold(args.gold_column, names)
    plan = Plan(evaluators, parse_pairs(args.map, "--map"), parse_pairs(args.set, "--set", json_values=True),
                gold, args.id_column, checks=not args.no_checks,
                settings={"raw_readout": bool(args.raw_readout), "min_level_mass": args.min_level_mass,
                          "calibration": not getattr(args, "no_calibration", False), "dtype": args.dtype,
                          # a second model changes the results it reads (absent otherwise: earlier results resume)
                          **({"explanations": settings.explanations} if settings.explanations else {})})
    engine = EngineSpec(args.model, args.device, args.dtype, settings)
    scoring = scoring_for(args, data, fmt, engine)
    outcome = run(str(data), plan, out_path, resolve_model(args.model).name, scoring)
    if outcome.interrupted:
        return 130
    print(outcome.summary(out_path))
    print_summary(out_path, plot=args.plot, json_out=False)
    return 0


def add_parser(sub) -> None:

    p = sub.add_parser("score", help="score a JSONL, CSV or Parquet dataset into a results file (resumable)",
                       description="Score a JSONL, CSV or Parquet dataset with one or more evaluators into a results file; "
                       "a re-run with the same --out continues where the last one stopped.")
    p.add_argument("data", help="a .jsonl file (one JSON object a line), a .csv/.tsv file with a header or a "
                   ".parquet file (with --ray also a URI Ray reads: s3://, gs://, ...)")
    p.add_argument("--evaluator", action="append", required=True, help="evaluator name (repeatable)")
    p.add_argument("--out", required=True, help="results file (JSONL, or Parquet when it ends in .parquet); "
                   "re-running with it continues where it stopped")
    p.add_argument("--map", action="append", metavar="FIELD=COLUMN",
                   help="take evaluator field FIELD from column COLUMN (repeatable), e.g. --map output=answer")
    p.add_argument("--set", action="append", metavar="FIELD=VALUE",
                   help="a field with the same value for every row (repeatable), e.g. --set criteria='Is it polite?' "
                        "or --set levels='[\"bad\", \"ok\", \"good\"]'")
    p.add_argument("--gold-column", action="append", metavar="[EVALUATOR=]COLUMN",
                   help="column with the gold level: its index, token or name (repeatable, per evaluator)")
    p.add_argument("--id-column", default="id", help="column copied into each result as its id (default: id)")
    p.add_argument("--format", choices=FORMATS, help="data format (default: from the suffix)")
    p.add_argument("--plot", metavar="PNG", help="also write a reliability diagram (where there is gold)")
    p.add_argument("--rubrics", action="append", metavar="DIR", help="also load the rubric files in DIR")
    p.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                   help="score on Ray Data with a pool of actors, each loading the model once: alone, a local Ray "
                        "instance sized to this machine; with ADDRESS (auto, ray://host:10001, host:6379) an existing "
                        "cluster (pip install 'jev-model[ray]'); give it after the data file, or as --ray=ADDRESS")
    p.add_argument("--actors", type=int, default=None, metavar="N",
                   help="--ray: actors, each one model copy (default: the cluster's GPUs with --device cuda, "
                        "else its CPUs / --cpus-per-actor)")
    p.add_argument("--cpus-per-actor", type=float, default=None, metavar="C",
                   help="--ray: CPUs (torch threads) per actor (default 1; with --device cuda each actor also "
                        "takes one GPU)")
    add_model_flags(p)
    p.set_defaults(func=cmd_score)
