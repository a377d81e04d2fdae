"""``jev score``: score a JSONL or CSV dataset with one or more evaluators, never losing work.

    jev score data.jsonl --evaluator answer_correctness --out results.jsonl
    jev score data.csv --evaluator closed_qa --set criteria="Is it polite?" --map output=reply --out r.jsonl
    jev score data.jsonl --evaluator answer_correctness --evaluator factuality \\
        --gold-column answer_correctness=gold --batch-size 16 --out r.jsonl

Each result is one JSON line appended to ``--out``: the item's line number (and ``id`` when
the row has one), ``Result.to_dict()``, the gold level index and the pass the gold level
would get (when a gold column is given), a hash of what was scored and the model name.
Lines are written, flushed and fsynced batch by batch as they are computed.  A re-run with
the same ``--out`` skips every (line, evaluator) already there, so a crash, a kill or
Ctrl-C loses at most the batch in flight and nothing is ever scored twice.  If the data
changed under a result (its hash differs) the run stops before loading the model and says
which lines.  Bad rows (malformed JSON, a bad CSV row, a missing field, a gold value that
is not a level) are reported with their line number and skipped.

Memory stays bounded: the data is read twice as a stream (a check pass, then the scoring
pass in windows of a few batches); only a small key per result already in ``--out`` is held.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from jev_model.core.catalogue import complete_rubric
from jev_model.errors import JevError
from jev_model.core.render import render, render_prefix
from jev_model.core.result import gold_index, gold_passes  # noqa: F401 (gold_index: the one gold parser)
from jev_model.core.rubric import Rubric, add_rubric_dir, load_rubric

WINDOW_BATCHES = 4  # a window of this many batches is sorted by length, so batches pad little
MAX_SHOWN = 20  # bad rows printed one by one; the rest are counted


# -- reading the data ---------------------------------------------------------------------
@dataclass
class Row:
    line: int  # 1-based line where the row starts (a CSV header is line 1)
    data: dict | None
    error: str | None = None


def data_format(path: Path, fmt: str | None) -> str:
    if fmt:
        return fmt
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".csv", ".tsv"):
        return suffix[1:]
    raise JevError(f"{path}: cannot tell the format from the suffix {suffix!r}; use .jsonl, .csv or .tsv, "
                   "or pass --format jsonl|csv|tsv")


def read_rows(path: Path, fmt: str) -> Iterator[Row]:
    """Rows of a JSONL or CSV file, one at a time; a bad row carries its error instead of data."""
    if fmt == "jsonl":
        yield from _jsonl_rows(path)
    else:
        yield from _csv_rows(path, "\t" if fmt == "tsv" else ",")


def _jsonl_rows(path: Path) -> Iterator[Row]:
    with open(path, "rb") as f:
        for n, raw in enumerate(f, 1):
            if n == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield Row(n, None, f"not valid UTF-8 (byte {exc.start})")
                continue
            if not text.strip():
                continue
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                yield Row(n, None, f"malformed JSON at column {exc.colno}: {exc.msg}")
                continue
            if not isinstance(data, dict):
                yield Row(n, None, f"a row must be a JSON object, not {type(data).__name__}")
                continue
            yield Row(n, data)


def _csv_rows(path: Path, delimiter: str) -> Iterator[Row]:
    with open(path, encoding="utf-8-sig", errors="surrogateescape", newline="") as f:
        reader = csv.reader(f, delimiter=delimiter, strict=True)
        try:
            header = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise JevError(f"{path}: line 1: the header is not valid CSV: {exc}") from None
        if len(set(header)) != len(header) or any(not h.strip() for h in header) or _bad_text(header):
            raise JevError(f"{path}: line 1: the header must hold distinct, non-empty UTF-8 column names, got {header}")
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
                yield Row(start, None, "not valid UTF-8")
            else:
                yield Row(start, dict(zip(header, values)))


def _bad_text(values: list[str]) -> bool:
    return any("\udc80" <= ch <= "\udcff" for v in values for ch in v)  # surrogateescape'd bytes


# -- from a row to what each evaluator scores -----------------------------------------------
@dataclass
class Plan:
    """What to score: the evaluators and how a row becomes their fields and gold."""

    evaluators: list[Rubric]
    mapping: dict[str, str] = field(default_factory=dict)  # field -> column
    constants: dict = field(default_factory=dict)  # field -> value, the same for every row
    gold: dict[str, str] = field(default_factory=dict)  # evaluator -> gold column
    id_column: str = "id"
    checks: bool = True  # computed checks in the state of answer-comparing rubrics (--no-checks)
    settings: dict = field(default_factory=dict)  # other flags that change a result (readout, calibration...)

    def fields(self, data: dict) -> dict:
        fields = dict(data)
        for name, column in self.mapping.items():
            if column not in data:
                raise JevError(f"column {column!r} (mapped to field {name!r}) is missing")
            fields[name] = data[column]
        fields.update(self.constants)
        if isinstance(fields.get("levels"), str):  # a CSV cell holding llm_judge's JSON list
            try:
                fields["levels"] = json.loads(fields["levels"])
            except json.JSONDecodeError:
                pass  # complete_rubric names the problem
        return fields


@dataclass
class Job:
    """One (row, evaluator) to score."""

    line: int
    rubric: Rubric
    fields: dict
    key_hash: str
    gold: int | None
    gold_passed: bool | None
    item_id: object = None


def item_hash(rubric: Rubric, fields: dict, gold_raw, checks: bool = True, settings: dict | None = None) -> str:
    """A hash of everything that decides this result: the fields the rubric reads, the gold,
    the rubric itself (its rendered question and levels, which hold llm_judge's criteria),
    whether computed checks are added to its state, and the flags that change a reading."""
    used = {name: fields.get(name) for name in (*rubric.fields, *rubric.optional_fields)}
    text = json.dumps({"fields": used, "gold": gold_raw, "rubric": [rubric.name, render_prefix(rubric),
                       rubric.pass_threshold], "checks": checks and rubric.checks,
                       "settings": settings or {}},
                      sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def jobs_for(row: Row, plan: Plan) -> tuple[list[Job], list[str]]:
    """A row's jobs (one per evaluator) and its problems, each naming the evaluator."""
    if row.error:
        return [], [row.error]
    try:
        fields = plan.fields(row.data)
    except JevError as exc:
        return [], [str(exc)]
    jobs, problems = [], []
    for base in plan.evaluators:
        try:
            rubric = complete_rubric(base, fields)
            render(rubric, fields)  # a missing or empty field is named here, before any model work
            gold_raw = row.data.get(plan.gold[base.name]) if base.name in plan.gold else None
            if gold_raw is not None and not (isinstance(gold_raw, str) and not gold_raw.strip()):
                gold = gold_index(rubric, gold_raw)
                gold_passed = gold_passes(rubric, gold)
            else:
                gold_raw = gold = gold_passed = None
        except JevError as exc:
            problems.append(str(exc) if base.name in str(exc) else f"{base.name}: {exc}")
            continue
        jobs.append(Job(row.line, rubric, fields, item_hash(rubric, fields, gold_raw, plan.checks, plan.settings), gold, gold_passed,
                        row.data.get(plan.id_column)))
    return jobs, problems


# -- the results file ------------------------------------------------------------------------
class ResultsFile:
    """The --out file, locked for this run: what is already scored, and appending more."""

    def __init__(self, path: Path):
        self.path = path
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
                raise JevError(f"{self.path}: line {n} is not a `jev score` result; refusing to append to "
                               "this file (choose another --out)") from None
            if key in self.done:
                raise JevError(f"{self.path}: line {n} repeats the result of data line {key[0]} ({key[1]}); "
                               "the file was not written by one `jev score` run")
            self.done[key] = h
            if rec.get("model"):
                self.models.add(rec["model"])
        self.f.seek(0, os.SEEK_END)

    def append(self, records: list[dict]) -> None:
        data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode("utf-8", "surrogatepass")
        self.f.write(data)
        self.f.flush()
        os.fsync(self.f.fileno())  # on disk before the next batch starts: a crash loses at most one batch

    def close(self) -> None:
        self.f.close()


# -- the run -----------------------------------------------------------------------------------
@dataclass
class Check:
    """The check pass: what is left to score, and what is wrong with the data."""

    todo: int = 0
    already: int = 0
    rows: int = 0
    bad: list[str] = field(default_factory=list)  # "line N: problem", the first MAX_SHOWN
    bad_count: int = 0
    changed: list[str] = field(default_factory=list)
    changed_count: int = 0
    matched: dict[str, int] = field(default_factory=dict)  # evaluator -> results in --out matched by a row

    def problem(self, line: int, message: str) -> None:
        self.bad_count += 1
        if len(self.bad) < MAX_SHOWN:
            self.bad.append(f"line {line}: {message}")


def check_data(path: Path, fmt: str, plan: Plan, out: ResultsFile) -> Check:
    """Validate every row, count the work left and find results whose item has changed."""
    check = Check(matched={r.name: 0 for r in plan.evaluators})
    for row in read_rows(path, fmt):
        check.rows += 1
        jobs, problems = jobs_for(row, plan)
        for p in problems:
            check.problem(row.line, p)
        for job in jobs:
            done = out.done.get((job.line, job.rubric.name))
            if done is None:
                check.todo += 1
                continue
            check.matched[job.rubric.name] += 1
            if done == job.key_hash:
                check.already += 1
            else:
                check.changed_count += 1
                if len(check.changed) < 5:
                    check.changed.append(f"line {job.line} ({job.rubric.name})")
    return check


def refuse_changed(check: Check, out: ResultsFile, data: Path) -> None:
    """Stop before any model work when --out holds results of a different version of the data."""
    orphans = sum(1 for (_, name) in out.done if name in check.matched) - sum(check.matched.values())
    if not check.changed_count and not orphans:
        return
    parts = []
    if check.changed_count:
        parts.append(f"{check.changed_count} item(s) changed since they were scored (their fields, gold, rubric or scoring flags): {', '.join(check.changed)}"
                     + (" ..." if check.changed_count > len(check.changed) else ""))
    if orphans:
        parts.append(f"{orphans} result(s) are for lines that are no longer valid items of {data}")
    raise JevError(f"{out.path} does not match {data}: {'; '.join(parts)}. Score into a new --out, "
                   "or delete the old one to start over")


def score_dataset(engine, path: Path, fmt: str, plan: Plan, out: ResultsFile, settings,
                  total: int, model_name: str) -> int:
    """The scoring pass: windows of jobs read through ``Engine.read_batches`` (which batches by
    prefix and length), each forward batch appended to ``out`` as soon as it is read."""
    from tqdm import tqdm

    window: list[Job] = []
    written = 0
    with tqdm(total=total, unit="item", desc="scoring", file=sys.stderr, mininterval=0.5,
              dynamic_ncols=True) as bar:

        def flush() -> None:
            nonlocal written
            requests = [engine.prepare(job.rubric, job.fields, settings) for job in window]
            for batch in engine.read_batches(requests):
                out.append([record(window[i], result, model_name) for i, result in batch])
                written += len(batch)
                bar.update(len(batch))
            window.clear()

        for row in read_rows(path, fmt):
            jobs, _ = jobs_for(row, plan)  # problems were reported by the check pass
            for job in jobs:
                if (job.line, job.rubric.name) not in out.done:
                    window.append(job)
            if len(window) >= settings.batch_size * WINDOW_BATCHES:
                flush()
        if window:
            flush()
    return written


def record(job: Job, result, model_name: str) -> dict:
    rec: dict = {"line": job.line}
    if job.item_id is not None:
        rec["id"] = job.item_id
    rec.update(result.to_dict())
    if job.gold is not None:
        rec["gold"] = job.gold
        rec["gold_passed"] = job.gold_passed
    rec["hash"] = job.key_hash
    rec["model"] = model_name
    return rec
