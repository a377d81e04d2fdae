"""``jev evaluators``: the catalogue with fields, levels and rules."""

from __future__ import annotations


def cmd_evaluators(args) -> int:
    from jev_model.core.catalogue import list_catalogue

    print(list_catalogue(args.names, args.rubrics, args.json))
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("evaluators", help="list the evaluator catalogue with fields, levels and rules")
    p.add_argument("names", nargs="*", help="only these evaluators")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.add_argument("--rubrics", action="append", metavar="DIR",
                   help="also load the rubric files in DIR (repeatable; like $JEV_RUBRICS_PATH)")
    p.set_defaults(func=cmd_evaluators)
