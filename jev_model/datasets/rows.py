"""Rows of a dataset, each with the line it starts on: JSONL, CSV/TSV and Parquet.

One reader serves ``jev score`` (a local path) and ``jev score --ray`` (a stream Ray Data
opened on any filesystem it reads): ``read_rows(path, fmt)`` opens the file and hands it to
``rows_from(f, fmt)``.  A bad row carries its error instead of data, so it can be reported
with its line and skipped.  For Parquet, ``line`` is the row's 1-based position in the file.

    >>> import io
    >>> [(r.line, r.data, r.error) for r in rows_from(io.BytesIO(b'{"a": 1}\\n\\n[2]\\n'), "jsonl")]
    [(1, {'a': 1}, None), (3, None, 'a row must be a JSON object, got an array')]
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterator

from jev_model.datasets.jsonl import malformed_json, not_an_object, not_utf8
from jev_model.errors import JevError

FORMATS = ("jsonl", "csv", "tsv", "parquet")


@dataclass
class Row:
    line: int  # 1-based line where the row starts (a CSV header is line 1; a Parquet row's position)
    data: dict | None
    error: str | None = None


def data_format(path: str | Path, fmt: str | None) -> str:
    """The format named by ``--format``, or by the file's suffix."""
    if fmt:
        return fmt
    suffix = Path(str(path)).suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".csv", ".tsv", ".parquet"):
        return suffix[1:]
    raise JevError(f"{path}: cannot tell the format from the suffix {suffix!r}; use .jsonl, .csv, .tsv or "
                   ".parquet, or pass --format jsonl|csv|tsv|parquet")


def read_rows(path: Path, fmt: str) -> Iterator[Row]:
    """Rows of a local file, one at a time."""
    with open(path, "rb") as f:
        yield from rows_from(f, fmt, str(path))


def rows_from(f: BinaryIO, fmt: str, name: str = "data") -> Iterator[Row]:
    """Rows of an open binary file (seekable for Parquet); ``name`` names it in errors."""
    if fmt == "jsonl":
        yield from _jsonl_rows(f)
    elif fmt == "parquet":
        yield from _parquet_rows(f, name)
    else:
        yield from _csv_rows(f, "\t" if fmt == "tsv" else ",", name)


def _jsonl_rows(f: BinaryIO) -> Iterator[Row]:
    for n, raw in enumerate(f, 1):
        if n == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield Row(n, None, not_utf8(exc))
            continue
        if not text.strip():
            continue
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            yield Row(n, None, malformed_json(exc, with_line=False))
            continue
        if not isinstance(data, dict):
            yield Row(n, None, not_an_object(data, "a row"))
            continue
        yield Row(n, data)


def _csv_rows(f: BinaryIO, delimiter: str, name: str) -> Iterator[Row]:
    text = io.TextIOWrapper(f, encoding="utf-8-sig", errors="surrogateescape", newline="")
    reader = csv.reader(text, delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except StopIteration:
        return
    except csv.Error as exc:
        raise JevError(f"{name}: line 1: the header is not valid CSV: {exc}") from None
    if len(set(header)) != len(header) or any(not h.strip() for h in header) or _bad_text(header):
        raise JevError(f"{name}: line 1: the header must hold distinct, non-empty UTF-8 column names, got {header}")
    last = reader.line_num
    while True:
        start = last + 1
        try:
            values = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            last = reader.line_num
            yield Row(start, None, f"bad CSV row: {exc}")
            continue
        last = reader.line_num
        if not values:
            continue  # a blank line
        if len(values) != len(header):
            yield Row(start, None, f"{len(values)} columns where the header has {len(header)}")
        elif _bad_text(values):
            yield Row(start, None, not_utf8())
        else:
            yield Row(start, dict(zip(header, values)))


def _bad_text(values: list[str]) -> bool:
    return any("\udc80" <= ch <= "\udcff" for v in values for ch in v)  # surrogateescape'd bytes


def _parquet_rows(f: BinaryIO, name: str) -> Iterator[Row]:
    pq = parquet_module()
    try:
        table = pq.ParquetFile(f)
    except Exception as exc:  # pyarrow raises ArrowInvalid and friends for a file that is not Parquet
        raise JevError(f"{name}: not a Parquet file ({exc})") from None
    n = 0
    for batch in table.iter_batches(batch_size=1024):  # a stream: a row group's slice at a time
        for data in batch.to_pylist():
            n += 1
            yield Row(n, data)


def parquet_module():
    """pyarrow.parquet, or one line saying how to install it (Parquet is optional)."""
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise JevError("Parquet needs pyarrow: pip install 'jev-model[ray]' (or pyarrow)") from None
    return pq
