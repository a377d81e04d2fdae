"""The results file of ``jev score``: what is already scored, and appending more, never twice.

``--out results.jsonl`` is appended to and fsynced batch by batch (``ResultsFile``).
``--out results.parquet`` (``ParquetResults``) cannot be appended to, so its results go to
the same kind of journal, ``results.parquet.journal.jsonl``, batch by batch, and the Parquet
file is written from it (to a temporary name, then renamed) once every item is scored; the
journal is then removed.  A later run reads what is done from both, so resume works the
same way for either.

    >>> import pathlib, tempfile
    >>> out = open_results(pathlib.Path(tempfile.mkdtemp()) / "r.jsonl")
    >>> out.append([{"line": 1, "evaluator": "closed_qa", "hash": "ab", "model": "m"}])
    >>> out.done, out.finish(), out.close()
    ({(1, 'closed_qa'): 'ab'}, None, None)
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from jev_model.errors import JevError

JOURNAL_SUFFIX = ".journal.jsonl"


def open_results(path: Path):
    """The results file for ``--out``: Parquet when it ends in .parquet, else JSONL."""
    return ParquetResults(path) if path.suffix.lower() == ".parquet" else ResultsFile(path)


class ResultsFile:
    """The --out file, locked for this run: what is already scored, and appending more."""

    def __init__(self, path: Path):
        self.path = path
        self.created = not path.exists()  # made by this run: removed again at close if nothing was written
        try:
            self.f = open(path, "a+b")
        except OSError as exc:
            raise JevError(f"cannot open --out {path}: {exc.strerror}") from None
        try:
            import fcntl

            fcntl.flock(self.f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except ImportError:  # not POSIX: no lock
            pass
        except OSError:
            self.f.close()
            raise JevError(f"{path} is being written by another `jev score`; wait for it or use another --out") from None
        self.done: dict[tuple[int, str], str] = {}  # (line, evaluator) -> hash
        self.models: set[str] = set()
        self.dropped_partial = False
        self._scan()

    def _scan(self) -> None:
        """Read what is there; drop a last line cut short by a kill (it was never complete)."""
        self.f.seek(0)
        good_end = 0
        bad: list[int] = []  # lines that are not results
        for n, raw in enumerate(self.f, 1):
            if not raw.endswith(b"\n"):
                self.f.truncate(good_end)
                self.dropped_partial = True
                break
            good_end += len(raw)
            if not raw.strip():
                continue
            try:
                rec = json.loads(raw)
                key, h = (int(rec["line"]), str(rec["evaluator"])), str(rec["hash"])
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                bad.append(n)
                continue
            if key in self.done:
                self.f.close()
                raise JevError(f"{self.path}: line {n} repeats the result of data line {key[0]} ({key[1]}); "
                               "the file was not written by one `jev score` run")
            self.done[key] = h
            if rec.get("model"):
                self.models.add(rec["model"])
        self.f.seek(0, os.SEEK_END)
        if bad:
            self.f.close()
            raise JevError(self._not_results(bad))

    def _not_results(self, bad: list[int]) -> str:
        """Why the file is refused, and, where it holds results around the bad lines (a line cut
        short in a crash, or mangled by an edit), how to repair it."""
        if not self.done:
            return (f"{self.path}: line {bad[0]} is not a `jev score` result; refusing to append to this file "
                    "(choose another --out)")
        lines = ", ".join(map(str, bad[:5])) + (f" and {len(bad) - 5} more" if len(bad) > 5 else "")
        fix = f" (e.g. sed -i '{';'.join(f'{n}d' for n in bad)}' {self.path})" if len(bad) <= 5 else ""
        return (f"{self.path}: line{'s' if len(bad) > 1 else ''} {lines}, among {len(self.done)} results, "
                f"{'are' if len(bad) > 1 else 'is'} not a `jev score` result (cut short or edited?); delete "
                f"{'them' if len(bad) > 1 else 'it'}{fix} and run the same command again: the items "
                f"{'they' if len(bad) > 1 else 'it'} held are scored again")

    def append(self, records: list[dict]) -> None:
        data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8", "surrogatepass")
        self.f.write(data)
        self.f.flush()
        os.fsync(self.f.fileno())  # on disk before the next batch starts: a crash loses at most one batch
        for r in records:
            self.done[(int(r["line"]), str(r["evaluator"]))] = str(r["hash"])

    def records(self) -> list[dict]:
        self.f.seek(0)
        out = [json.loads(raw) for raw in self.f if raw.strip()]
        self.f.seek(0, os.SEEK_END)
        return out

    def finish(self) -> None:
        """Every item is scored: nothing more to do for JSONL (it was written as it went)."""

    def close(self) -> None:
        """Close the file; one this run created and wrote nothing to is removed (an empty data
        file, or a run refused before scoring, leaves no empty --out behind)."""
        if self.created and not self.f.closed and os.fstat(self.f.fileno()).st_size == 0:
            self.path.unlink(missing_ok=True)  # still locked by us: no other run is using it
        self.f.close()


class ParquetResults:
    """--out X.parquet: a journal (a ResultsFile) while scoring, the Parquet file when done."""

    def __init__(self, path: Path):
        self.path = path
        self.journal = ResultsFile(path.with_name(path.name + JOURNAL_SUFFIX))  # the lock is the journal's
        self.dropped_partial = self.journal.dropped_partial
        self.done = self.journal.done  # one dict: appends through the journal land here
        self.models = self.journal.models
        self.in_parquet: set[tuple[int, str]] = set()
        if path.exists():
            try:
                table = read_table(path, columns=["line", "evaluator", "hash", "model"])
            except JevError:
                self.journal.close()
                raise
            for line, name, h, model in zip(*(table.column(c).to_pylist() for c in ("line", "evaluator", "hash", "model"))):
                key = (int(line), name)
                if self.done.get(key, h) != h:  # a kill between writing the Parquet file and removing the journal
                    self.journal.close()
                    raise JevError(f"{path} and its journal {self.journal.path} disagree on data line {line} ({name}); "
                                   "delete one of them")
                self.done[key] = h
                self.in_parquet.add(key)
                if model:
                    self.models.add(model)

    def append(self, records: list[dict]) -> None:
        self.journal.append(records)

    def finish(self) -> None:
        """Write the Parquet file from the old one and the journal (atomically), then drop the journal."""
        pa, pq = _pyarrow()
        new = [r for r in self.journal.records() if (int(r["line"]), r["evaluator"]) not in self.in_parquet]
        if new or not self.path.exists():
            parts = [read_table(self.path)] if self.path.exists() else []
            parts.append(pa.Table.from_pylist([parquet_row(r) for r in new], schema=result_schema()))
            tmp = self.path.with_name(self.path.name + ".tmp")
            pq.write_table(pa.concat_tables(parts), tmp)
            with open(tmp, "rb") as f:
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
            _fsync_dir(self.path.parent)
        os.unlink(self.journal.path)  # still locked by us: no other run can be appending to it

    def close(self) -> None:
        self.journal.close()


# -- records as Parquet rows, and back ------------------------------------------------------------
def result_schema():
    """The Parquet schema of a result record: one column per key of a JSONL record."""
    pa, _ = _pyarrow()
    return pa.schema([
        ("line", pa.int64()), ("id", pa.string()), ("evaluator", pa.string()), ("score", pa.float64()),
        ("label", pa.string()), ("confidence", pa.float64()),
        ("probabilities", pa.map_(pa.string(), pa.float64())),  # level token -> probability
        ("passed", pa.bool_()), ("level", pa.float64()), ("unscored", pa.string()), ("level_mass", pa.float64()),
        ("readout", pa.string()), ("calibration", pa.string()), ("checks", pa.string()), ("warning", pa.string()),
        ("gold", pa.int64()), ("gold_passed", pa.bool_()), ("hash", pa.string()), ("model", pa.string()),
    ])


def parquet_row(rec: dict) -> dict:
    """A JSONL record as a Parquet row: ``id`` as text (JSON for a non-string id)."""
    names = set(result_schema().names)
    extra = set(rec) - names
    assert not extra, f"result keys without a Parquet column: {sorted(extra)}"
    row = dict(rec)
    if "id" in row and not isinstance(row["id"], str):
        row["id"] = json.dumps(row["id"], ensure_ascii=False)
    if row.get("probabilities") is not None:
        row["probabilities"] = list(row["probabilities"].items())
    return row


def record_from_parquet(row: dict) -> dict:
    """A Parquet row as the JSONL record it was (absent keys dropped, ``unscored`` kept)."""
    rec = {k: v for k, v in row.items() if v is not None or k == "unscored"}
    if rec.get("probabilities") is not None:
        rec["probabilities"] = dict(rec["probabilities"])
    return rec


def read_table(path: Path, columns: list[str] | None = None):
    _, pq = _pyarrow()
    try:
        table = pq.read_table(path, columns=columns)
        return table if columns else table.cast(result_schema())
    except (OSError, ValueError, KeyError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        raise JevError(f"{path} is not a `jev score` Parquet results file ({exc}); choose another --out") from None


def read_records(path: Path):
    """The records of a Parquet results file, one at a time."""
    _, pq = _pyarrow()
    for batch in pq.ParquetFile(path).iter_batches(batch_size=4096):
        for row in batch.to_pylist():
            yield record_from_parquet(row)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _pyarrow():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise JevError("Parquet results need pyarrow: pip install 'jev-model[ray]' (or pyarrow)") from None
    return pa, pq
