"""``jev evaluate``: one request, one or more evaluators, printed as JSON."""

from __future__ import annotations

import json
import sys

from jev_model.cli.common import add_model_flags, load_engine
from jev_model.datasets.jsonl import parse_object, read_text
from jev_model.errors import JevError

FIELD_FLAGS = ("input", "output", "expected", "criteria", "expected_assertion", "context")


def read_request(args, stdin=None) -> dict:
    """The request from a file, '-' or piped standard input, or flags; flags override file fields."""
    stdin = stdin if stdin is not None else sys.stdin
    request: dict = {}
    source = args.request
    if source is None and not any(getattr(args, n) is not None for n in FIELD_FLAGS) and not stdin.isatty():
        source = "-"  # `echo '{..}' | jev evaluate`: read the piped request
    if source:
        text = read_text(source, "a request file", stdin if source == "-" else None)
        where = "standard input" if source == "-" else source
        if not text.strip():
            raise JevError(f"{where} is empty: expected a JSON request object")
        request = parse_object(text, where, "the request")
    for name in FIELD_FLAGS:
        value = getattr(args, name)
        if value is not None:
            request[name] = value
    if args.evaluator:
        request["evaluators"] = args.evaluator
    if not request.get("evaluators"):
        raise JevError("no evaluator given: put \"evaluators\": [...] in the request or pass --evaluator NAME")
    return request


def cmd_evaluate(args) -> int:
    from jev_model.core.catalogue import plan_request

    rubrics, fields = plan_request(read_request(args))  # bad input fails before the model loads
    engine = load_engine(args)
    results = engine.read([engine.prepare(rubric, fields) for rubric in rubrics])
    about = engine.describe()
    out = {"model": engine.name, "backbone": about["backbone"], "dtype": about["dtype"],
           "dtype_choice": about["dtype_choice"], "device": about["device"],
           **({"explanations": about["readers"]} if about["readers"] else {}),  # the second model, where one reads
           "results": [r.to_dict() for r in results]}
    print(json.dumps(out, ensure_ascii=False, indent=2))
    for r in results:
        if r.unscored:
            print(f"error: {r.evaluator} is unscored: {r.unscored}", file=sys.stderr)
    return 3 if any(r.unscored for r in results) else 0


def add_parser(sub) -> None:
    p = sub.add_parser("evaluate", help="score one request with one or more evaluators")
    p.add_argument("request", nargs="?", help="request JSON file, or - for stdin (read when piped and no fields are given)")
    p.add_argument("--evaluator", action="append", help="evaluator name (repeatable)")
    for name in FIELD_FLAGS:
        p.add_argument(f"--{name.replace('_', '-')}", dest=name)
    add_model_flags(p)
    p.set_defaults(func=cmd_evaluate)
