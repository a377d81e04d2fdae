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

Every user error prints one line naming the problem and exits 2; no tracebacks.  The library
logs (logger ``jev``) and warns; this layer prints both to stderr, one line each.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
import warnings

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


class _StderrLines(logging.Handler):
    """The library's log records as lines on the current stderr ("warning: ..." for warnings)."""

    def emit(self, record: logging.LogRecord) -> None:
        prefix = "" if record.levelno < logging.WARNING else f"{record.levelname.lower()}: "
        print(prefix + record.getMessage(), file=sys.stderr)


def show_library_messages() -> None:
    """Route the library's logging (``jev.*``) and warnings to stderr as one line each (once)."""
    root = logging.getLogger("jev")
    if not any(isinstance(h, _StderrLines) for h in root.handlers):
        root.addHandler(_StderrLines())
        root.setLevel(logging.INFO)
        root.propagate = False
    warnings.showwarning = lambda message, category, *_a, **_k: print(f"warning: {message}", file=sys.stderr)
    # and where a library puts Python's own showwarning back (or logs warnings through
    # logging.captureWarnings), still one line, never the file, line number and source code
    warnings.formatwarning = lambda message, category, *_a, **_k: f"warning: {message}\n"


def main(argv: list[str] | None = None) -> int:
    show_library_messages()
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
