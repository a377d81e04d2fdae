"""Reading JSON text, and the one wording of what can be wrong with it.

Strict JSON-lines reading for the files this project writes and reads whole (items,
benchmark records, labelled results): a bad line is an error naming the file and line.
``jev score`` reads rows leniently (jev_model/datasets/rows.py) and ``jev evaluate`` reads one
request object; both word a bad line or file with the builders here.

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
from typing import TextIO

from jev_model.errors import JevError, json_kind


def not_utf8(exc: UnicodeDecodeError | None = None) -> str:
    """'not UTF-8 text (byte 7)', or 'not UTF-8 text' where the byte is not known."""
    return f"not UTF-8 text (byte {exc.start})" if exc else "not UTF-8 text"


def malformed_json(exc: json.JSONDecodeError, with_line: bool = True) -> str:
    """'malformed JSON at line 2 column 5: Expecting value'; ``with_line=False`` for text that
    is one line of a file (the caller names the file's line): 'malformed JSON at column 5: ...'."""
    at = f"line {exc.lineno} column {exc.colno}" if with_line else f"column {exc.colno}"
    return f"malformed JSON at {at}: {exc.msg}"


def not_an_object(value, what: str) -> str:
    """'a row must be a JSON object, got an array' for ``what="a row"``."""
    return f"{what} must be a JSON object, got {json_kind(value)}"


def read_text(path: str | Path, what: str, stream: TextIO | None = None) -> str:
    """The file's UTF-8 text (a leading byte order mark dropped, as editors on Windows write one),
    or ``stream``'s in its place (``path`` then names it, e.g. "-"); JevError naming the file
    when it cannot be read (``what`` is what it should be: 'cannot read x: it is a directory,
    not a request file')."""
    try:
        if stream is not None:
            return stream.read().removeprefix("\ufeff")
        with open(path, encoding="utf-8-sig") as f:
            return f.read()
    except IsADirectoryError:
        raise JevError(f"cannot read {path}: it is a directory, not {what}") from None
    except OSError as exc:
        raise JevError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise JevError(f"{path}: {not_utf8(exc)}") from None


def parse_object(text: str, where: str, what: str, with_line: bool = True) -> dict:
    """The JSON object ``text`` holds; JevError '<where>: malformed JSON at ...' or
    '<where>: <what> must be a JSON object, got an array'."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JevError(f"{where}: {malformed_json(exc, with_line)}") from None
    if not isinstance(obj, dict):
        raise JevError(f"{where}: {not_an_object(obj, what)}")
    return obj


def read_objects(path: str | Path) -> list[tuple[int, dict]]:
    """(line number, object) for each non-blank line; JevError on a line that is not a JSON object."""
    path = Path(path)
    out = []
    for n, line in enumerate(read_text(path, "a JSON-lines file").splitlines(), 1):
        if line.strip():
            out.append((n, parse_object(line, f"{path}:{n}", "each line", with_line=False)))
    return out
