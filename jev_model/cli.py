"""The ``jev`` command.

    jev weights prepare [gemma-3-270m|smollm2-135m-instruct]   # once: GGUF -> weights/
    jev evaluate request.json                                   # the seed's request shape
    echo '{"evaluators": [...], "input": ..}' | jev evaluate -
    jev evaluate --evaluator answer_correctness --input Q --output A --expected REF
    jev evaluators [--json] [NAME ...]                          # the catalogue
    jev score data.jsonl --evaluator answer_correctness --out results.jsonl
    jev report results.jsonl --plot reliability.png

Every user error prints one line naming the problem and exits 2; no tracebacks.
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import JevError

FIELD_FLAGS = ("input", "output", "expected", "criteria", "expected_assertion")
# modules that register their own subcommands (add_parser(sub)); keep imports light there
COMMAND_MODULES: tuple[str, ...] = ("calibrate", "score", "report", "train", "server.serve")


def add_model_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--model", default="default",
                   help="embedded model name or a local Hugging Face model directory (default: gemma-3-270m)")
    p.add_argument("--device", default="cpu", help="cpu or cuda (default: cpu)")
    p.add_argument("--dtype", default="auto", help="auto (float32 on CPU, bfloat16 on CUDA), float32, bfloat16, float16")
    p.add_argument("--raw-readout", action="store_true",
                   help="read the LM head's own level-token rows even where a trained readout exists")
    p.add_argument("--min-level-mass", type=float, default=None,
                   help="raw readout: below this share of next-token probability on the level tokens, "
                        "a reading is unscored (default 0.01)")
    p.add_argument("--no-checks", action="store_true",
                   help="do not add computed checks (dates, numbers, units, the input's arithmetic) to the "
                        "state of answer-comparing evaluators")
    p.add_argument("--no-calibration", action="store_true",
                   help="ignore a stored calibration temperature (jev calibrate)")
    p.add_argument("--batch-size", type=int, default=None,
                   help="items per forward pass (default 8; see README \"Speed\")")


def load_engine(args):
    from .engine import Engine

    return Engine.load(args.model, device=args.device, dtype=args.dtype,
                       use_trained_readouts=not getattr(args, "raw_readout", False),
                       checks=not getattr(args, "no_checks", False),
                       use_calibration=not getattr(args, "no_calibration", False),
                       **({"batch_size": args.batch_size} if getattr(args, "batch_size", None) is not None else {}),
                       **({"min_level_mass": args.min_level_mass} if args.min_level_mass is not None else {}))


def read_request(args) -> dict:
    """The request from a file, stdin ('-') or flags; flags override file fields."""
    request: dict = {}
    if args.request:
        try:
            text = sys.stdin.read() if args.request == "-" else open(args.request, encoding="utf-8").read()
        except OSError as exc:
            raise JevError(f"cannot read {args.request}: {exc.strerror}") from None
        try:
            request = json.loads(text)
        except json.JSONDecodeError as exc:
            raise JevError(f"{args.request}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
        if not isinstance(request, dict):
            raise JevError(f"{args.request}: the request must be a JSON object")
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
    from .catalogue import plan_request

    rubrics, fields = plan_request(read_request(args))  # bad input fails before the model loads
    engine = load_engine(args)
    results = [engine.evaluate(rubric, **fields) for rubric in rubrics]
    out = {"model": engine.name, "results": [r.to_dict() for r in results]}
    print(json.dumps(out, ensure_ascii=False, indent=2))
    unscored = [r for r in results if r.unscored]
    for r in unscored:
        print(f"error: {r.evaluator} is unscored: {r.unscored}", file=sys.stderr)
    return 3 if unscored else 0


def cmd_weights(args) -> int:
    from .weights import prepare

    path = prepare(args.name, force=args.force)
    print(path)
    return 0


def cmd_evaluators(args) -> int:
    from .catalogue import print_catalogue

    return print_catalogue(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jev", description="Local one-pass decision model: evaluators and typed questions.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("evaluate", help="score one request with one or more evaluators")
    p.add_argument("request", nargs="?", help="request JSON file, or - for stdin")
    p.add_argument("--evaluator", action="append", help="evaluator name (repeatable)")
    for name in FIELD_FLAGS:
        p.add_argument(f"--{name.replace('_', '-')}", dest=name)
    add_model_flags(p)
    p.set_defaults(func=cmd_evaluate)

    p = sub.add_parser("weights", help="prepare embedded model weights")
    wsub = p.add_subparsers(dest="weights_command", required=True)
    w = wsub.add_parser("prepare", help="convert an embedded GGUF model into weights/NAME (once)")
    w.add_argument("name", nargs="?", default="gemma-3-270m")
    w.add_argument("--force", action="store_true")
    w.set_defaults(func=cmd_weights)

    p = sub.add_parser("evaluators", help="list the evaluator catalogue with fields, levels and rules")
    p.add_argument("names", nargs="*", help="only these evaluators")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.add_argument("--rubrics", action="append", metavar="DIR",
                   help="also load the rubric files in DIR (repeatable; like $JEV_RUBRICS_PATH)")
    p.set_defaults(func=cmd_evaluators)

    # Larger commands live beside the code they drive; each module has add_parser(sub).
    import importlib

    for module in COMMAND_MODULES:
        importlib.import_module(f"jev_model.{module}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except JevError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `jev ... | head`
        return 0


if __name__ == "__main__":
    sys.exit(main())
