"""The ``jev`` command: each subcommand is one module here that wires arguments to library calls.

    jev weights prepare [gemma-3-270m|smollm2-135m-instruct]   # once: GGUF -> $JEV_HOME/models/
    jev doctor                                                  # prepared models and their readouts
    jev evaluate request.json                                   # the seed's request shape
    echo '{"evaluators": [...], "input": ..}' | jev evaluate
    jev evaluate --evaluator answer_correctness --input Q --output A --expected REF
    jev evaluators [--json] [NAME ...]                          # the catalogue
    jev score data.jsonl --evaluator answer_correctness --out results.jsonl
    jev report results.jsonl --plot reliability.png
    jev train / jev calibrate / jev serve

Every user error prints one line naming the problem and exits 2; no tracebacks.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from jev_model.errors import JevError

# one module per command, each with add_parser(sub); keep their imports light (no torch)
COMMANDS = ("evaluate", "evaluators", "weights", "score", "report", "train", "calibrate", "serve")


def build_parser() -> argparse.ArgumentParser:
    from jev_model import __version__

    parser = argparse.ArgumentParser(prog="jev", description="Local one-pass decision model: evaluators and typed questions.")
    parser.add_argument("--version", action="version", version=f"jev-model {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        importlib.import_module(f"jev_model.cli.{name}").add_parser(sub)
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
