"""``jev score``: score a JSONL, CSV or Parquet dataset with one or more evaluators, never losing work.

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
``run`` is one run, whichever backend runs the two passes: ``LocalScoring`` here, or
``jev_model.scale.RayScoring`` on Ray Data (``jev score --ray``).
"""

from __future__ import annotations

import logging

import hashlib
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from jev_model.core.catalogue import complete_rubric
from jev_model.errors import JevError
from jev_model.core.render import render, render_prefix
from jev_model.core.result import gold_index, gold_passes  # noqa: F401 (gold_index: the one gold parser)
from jev_model.core.rubric import Rubric, add_rubric_dir, load_rubric  # noqa: F401
from jev_model.datasets.results import ResultsFile, open_results  # noqa: F401
from jev_model.datasets.rows import Row, data_format, read_rows  # noqa: F401 (the one row reader)

log = logging.getLogger("jev.score")

WINDOW_BATCHES = 4  # a window of this many batches is sorted by length, so batches pad little
MAX_SHOWN = 20  # bad rows printed one by one; the rest are counted


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

    def count(self, line: int, keys: list[tuple[str, str]], problems: list[str], done: dict) -> None:
        """One row: its problems, and its (evaluator, hash) keys against ``done`` (the results file's)."""
        self.rows += 1
        for p in problems:
            self.problem(line, p)
        for name, key_hash in keys:
            was = done.get((line, name))
            if was is None:
                self.todo += 1
                continue
            self.matched[name] += 1
            if was == key_hash:
                self.already += 1
            else:
                self.changed_count += 1
                if len(self.changed) < 5:
                    self.changed.append(f"line {line} ({name})")


def row_keys(row: Row, plan: Plan) -> tuple[list[tuple[str, str]], list[str]]:
    """What the check pass needs of a row: its (evaluator, hash) keys and its problems."""
    jobs, problems = jobs_for(row, plan)
    return [(job.rubric.name, job.key_hash) for job in jobs], problems


def check_data(path: Path, fmt: str, plan: Plan, out: ResultsFile) -> Check:
    """Validate every row, count the work left and find results whose item has changed."""
    check = Check(matched={r.name: 0 for r in plan.evaluators})
    for row in read_rows(path, fmt):
        check.count(row.line, *row_keys(row, plan), out.done)
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


# -- one run: the same steps wherever the passes run ----------------------------------------------
def check_io(data: Path | str, out_path: Path, fmt: str | None = None) -> str:
    """The data's format, once the paths are known to be usable (before any work): the data a
    file (a ``str`` is a URI Ray reads, not checked here), ``out_path`` not the data file and
    in a folder that exists.

    >>> check_io(Path("d.jsonl"), Path("r.jsonl"))   # doctest: +SKIP
    'jsonl'
    """
    if isinstance(data, Path):
        if data.is_dir():
            raise JevError(f"cannot read {data}: it is a directory; give a .jsonl, .csv, .tsv or .parquet file")
        if not data.is_file():
            raise JevError(f"cannot read {data}: no such file")
    fmt = data_format(data, fmt)
    if isinstance(data, Path) and out_path.resolve() == data.resolve():
        raise JevError("--out must not be the data file")
    if not out_path.parent.is_dir():
        raise JevError(f"--out {out_path}: the directory {out_path.parent} does not exist")
    return fmt


@dataclass(frozen=True)
class EngineSpec:
    """How to load the engine: here, or once in each Ray actor (``jev_model.scale``)."""

    model: str = "default"
    device: str = "cpu"
    dtype: str = "auto"
    settings: object = None  # jev_model.core.engine.Settings (the flags'), or the engine's defaults

    def load(self, plan: Plan):
        """The engine, with each evaluator's level tokens checked (one token each) before any item."""
        from jev_model.core.engine import Engine

        engine = Engine.load(self.model, device=self.device, dtype=self.dtype, settings=self.settings)
        for rubric in plan.evaluators:
            if not rubric.caller_levels:
                engine.bind(rubric)  # a level token that is not one token fails here, not mid-run
        return engine


@dataclass
class LocalScoring:
    """Both passes in this process: ``check_data``, then ``score_dataset``."""

    path: Path
    fmt: str
    engine: EngineSpec

    def check(self, plan: Plan, out: ResultsFile) -> Check:
        return check_data(self.path, self.fmt, plan, out)

    def score(self, plan: Plan, out: ResultsFile, check: Check) -> int:
        engine = self.engine.load(plan)
        return score_dataset(engine, self.path, self.fmt, plan, out, engine.settings, check.todo, engine.name)


@dataclass
class Outcome:
    check: Check
    written: int = 0
    interrupted: bool = False

    def summary(self, out_path) -> str:
        check = self.check
        return (f"scored {self.written} new result(s); {check.already} were already in {out_path}; "
                f"{check.bad_count} bad row(s) skipped" + (f" ({'; '.join(check.bad[:5])}"
                                                           + (" ..." if check.bad_count > 5 else "") + ")"
                                                           if check.bad_count else ""))


def run(data_name: str, plan: Plan, out_path: Path, model_name: str, scoring) -> Outcome:
    """Score ``data_name`` into ``out_path`` with ``scoring`` (``LocalScoring`` or
    ``jev_model.scale.RayScoring``): check every row, refuse a results file of other data or
    another model, report bad rows, score what is left, write the results file's final form.

    >>> run("d.jsonl", plan, Path("r.jsonl"), "gemma-3-270m",
    ...     LocalScoring(Path("d.jsonl"), "jsonl", EngineSpec()))   # doctest: +SKIP
    """
    out = open_results(out_path)
    try:
        if out.dropped_partial:
            log.warning("dropped an incomplete last line of %s (a run was cut short while writing)", out_path)
        other = out.models - {model_name}
        if other:
            raise JevError(f"{out_path} holds results from model {sorted(other)[0]!r}; this run uses {model_name!r}. "
                           "Use another --out")
        check = scoring.check(plan, out)
        if not check.rows:
            raise JevError(f"{data_name} holds no rows: nothing to score (is it the right file?)")
        for line in check.bad:
            log.warning("skipped %s: %s", data_name, line)
        if check.bad_count > len(check.bad):
            log.warning("skipped %d more bad row(s)", check.bad_count - len(check.bad))
        refuse_changed(check, out, data_name)
        if check.bad_count and not check.todo and not check.already:
            raise JevError(f"no row of {data_name} can be scored; the first problem: {check.bad[0]}")
        log.info("%s: %d rows, %d result(s) to compute, %d already in %s", data_name, check.rows, check.todo,
                 check.already, out_path)
        outcome = Outcome(check)
        if check.todo:
            try:
                outcome.written = scoring.score(plan, out, check)
            except KeyboardInterrupt:
                log.warning("interrupted: every finished batch is saved in %s; run the same command again to "
                            "continue", getattr(out, "journal", out).path)
                outcome.interrupted = True
                return outcome
        out.finish()
        return outcome
    finally:
        out.close()
