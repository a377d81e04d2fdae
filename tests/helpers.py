"""Helpers the tests share: run the command line in-process, write JSONL rows, read results
back (tests/test_score.py, tests/test_scale.py); ``need`` an optional framework (the adapter tests).  Imported as `helpers`
(pytest puts tests/ on sys.path); fixtures live in tests/conftest.py."""

from __future__ import annotations

import json
from pathlib import Path

import os

import pytest

from jev_model import cli


def need(module: str, extra: str):
    """Import an extra's framework, or skip the test saying which extra is missing; where
    ``JEV_REQUIRE_EXTRAS`` names the extra (scripts/frameworks_check.sh), a missing one fails."""
    required = {e.strip() for e in os.environ.get("JEV_REQUIRE_EXTRAS", "").split(",") if e.strip()}
    if extra in required:
        import importlib

        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"extra '{extra}' not installed")


def items(n: int) -> list[dict]:
    """n question items: every third output is off by one and has gold 0, the rest gold 4."""
    return [{"id": f"q{i}", "input": f"Question {i}: what is {i} + {i}?", "output": f"{i + i + (i % 3 == 0)}",
             "expected": f"{i + i}", "gold": 4 if i % 3 else 0}
            for i in range(n)]


def run(*args) -> int:
    """`jev ARGS...` in this process; returns the exit code."""
    return cli.main([str(a) for a in args])


def write_jsonl(path, rows):
    """One line per row: a dict as JSON, a str as it is (for malformed rows)."""
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def results(path) -> dict:
    """(line, evaluator) -> record; fails on a duplicate."""
    out = {}
    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        rec = json.loads(raw)
        key = (rec["line"], rec["evaluator"])
        assert key not in out, f"duplicate result {key}"
        out[key] = rec
    return out


def count_lines(path) -> int:
    """Lines written so far (0 before the file exists)."""
    path = Path(path)
    return path.read_bytes().count(b"\n") if path.exists() else 0
