"""Strict JSON-lines reading for the files this project writes and reads whole (items,
benchmark records, labelled results).  ``jev score`` has its own lenient reader that skips
bad rows; these files are ours, so a bad line is an error naming the file and line.

Example:
    >>> import pathlib, tempfile
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.jsonl"
    >>> _ = p.write_text('{"a": 1}\\n\\n{"a": 2}\\n')
    >>> read_objects(p)
    [(1, {'a': 1}), (3, {'a': 2})]
"""

from __future__ import annotations

import json
from pathlib import Path

from jev_model.errors import JevError


def read_objects(path: str | Path) -> list[tuple[int, dict]]:
    """(line number, object) for each non-blank line; JevError on a line that is not a JSON object."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise JevError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise JevError(f"{path}: not UTF-8 text") from None
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise JevError(f"{path}:{n}: malformed JSON: {exc.msg}") from None
        if not isinstance(obj, dict):
            raise JevError(f"{path}:{n}: each line must be a JSON object")
        out.append((n, obj))
    return out
