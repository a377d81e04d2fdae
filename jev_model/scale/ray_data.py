"""``jev score --ray``: the same two passes as ``jev score``, on Ray Data.

    jev score data.jsonl --evaluator answer_correctness --out r.jsonl --ray            # local Ray, this machine
    jev score s3://bucket/d.parquet --evaluator answer_correctness --out r.parquet \\
        --ray auto --actors 8 --device cuda                                            # an existing cluster

1. **Read**: ``RowsDatasource`` streams the file from any filesystem Ray reads and parses it
   with the one row reader (``jev_model.datasets.rows``), so every row keeps its line and a
   bad row its error, exactly as ``jev score`` sees them.
2. **Check** (Ray tasks): each row's (evaluator, hash) keys and problems; the driver counts
   them against the results file (``Check.count``) and refuses changed data before any model
   is loaded.
3. **Score**: rows with an evaluator not yet in the results file go to ``map_batches`` on a
   pool of actors (``ActorPoolStrategy``), each loading the engine once (``EngineSpec.load``)
   and returning finished records (``record``).  The driver iterates the output blocks and
   appends and fsyncs each one to the results file as it arrives: a killed driver loses only
   the blocks in flight, a killed actor's batch is retried by Ray, and a record whose key is
   already written is never written again.

The engine inside the actor is whatever ``EngineSpec.load`` returns: anything with
``prepare`` and ``read`` (the torch engine today) fits without touching the pipeline.
"""

from __future__ import annotations

import logging

import io
import json
import os
import pickle
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import ray
from ray.data.datasource import FileBasedDatasource

from jev_model.datasets.rows import rows_from
from jev_model.datasets.score import (WINDOW_BATCHES, Check, EngineSpec, Outcome, Plan, ResultsFile, jobs_for,
                                      record, row_keys, run)
from jev_model.scale.cluster import Cluster, check_fits, connect, default_actors, ray_errors

log = logging.getLogger("jev.scale")

MAX_ROWS_PER_BLOCK = 1024  # the largest block the reader yields (a block is the unit Ray hands one actor)
BLOCKS_PER_ACTOR = 4  # blocks per actor at least: every actor has work and the last ones to finish are short
ACTORS_START_S = 1800  # the pool waits this long for all its actors (model loads, a growing cluster)


def rows_per_block(rows: int, actors: int, batch_rows: int) -> int:
    """Rows per block for ``rows`` rows on ``actors`` actors that score ``batch_rows`` rows a
    call: about ``BLOCKS_PER_ACTOR`` blocks per actor, each a whole number of batches, at
    least one batch and at most ``MAX_ROWS_PER_BLOCK`` rows (a few minutes of one actor's work).

    >>> rows_per_block(200, 2, 8), rows_per_block(2000, 2, 8), rows_per_block(10**6, 64, 8), rows_per_block(5, 4, 8)
    (32, 256, 1024, 8)
    """
    want = -(-max(rows, 1) // max(1, actors * BLOCKS_PER_ACTOR))  # ceil, at least 1
    whole = -(-want // batch_rows) * batch_rows  # a whole number of batches: at least one
    cap = max(batch_rows, MAX_ROWS_PER_BLOCK // batch_rows * batch_rows)
    return min(whole, cap)


# -- reading: the one row reader on a stream Ray opened ---------------------------------------------
class RowsDatasource(FileBasedDatasource):
    """Rows of one JSONL, CSV/TSV or Parquet file as blocks of (line, pickled ``Row``)."""

    def __init__(self, path: str, fmt: str, block_rows: int = MAX_ROWS_PER_BLOCK):
        super().__init__(path)
        self.fmt = fmt
        self.block_rows = block_rows

    def _read_stream(self, f, path: str):
        import pyarrow as pa

        if self.fmt == "parquet":  # Parquet reads its footer first: a seekable file, not the stream
            f = self._filesystem.open_input_file(path)
        else:
            f = io.BufferedReader(f, 1 << 20)  # line iteration over Arrow's stream
        lines, rows = [], []
        for row in rows_from(f, self.fmt, path):
            lines.append(row.line)
            rows.append(pickle.dumps(row))
            if len(rows) == self.block_rows:
                yield pa.table({"line": pa.array(lines, pa.int64()), "row": pa.array(rows, pa.binary())})
                lines, rows = [], []
        if rows:
            yield pa.table({"line": pa.array(lines, pa.int64()), "row": pa.array(rows, pa.binary())})


def read_rows_dataset(path: str, fmt: str, block_rows: int = MAX_ROWS_PER_BLOCK):
    # reading and parsing are light next to a forward pass: they must never wait for CPUs the actors hold
    return ray.data.read_datasource(RowsDatasource(path, fmt, block_rows), num_cpus=0)


# -- the check pass ---------------------------------------------------------------------------------
def _keys_of(batch: dict, plan: Plan) -> dict:
    keys, problems = [], []
    for blob in batch["row"]:
        k, p = row_keys(pickle.loads(blob), plan)
        keys.append(json.dumps(k))
        problems.append(json.dumps(p))
    return {"line": batch["line"], "keys": np.array(keys, dtype=object), "problems": np.array(problems, dtype=object)}


def check_on_ray(path: str, fmt: str, plan: Plan, out: ResultsFile) -> Check:
    """``check_data`` with the rows read and their jobs built on Ray; counted here, in file order."""
    ctx = ray.data.DataContext.get_current()
    keep = ctx.execution_options.preserve_order
    ctx.execution_options.preserve_order = True  # bad rows are listed in file order, as jev score lists them
    try:
        ds = read_rows_dataset(path, fmt).map_batches(_keys_of, fn_kwargs={"plan": plan}, batch_format="numpy",
                                                      num_cpus=0.5)
        check = Check(matched={r.name: 0 for r in plan.evaluators})
        for batch in ds.iter_batches(batch_size=None, batch_format="numpy"):
            for line, keys, problems in zip(batch["line"], batch["keys"], batch["problems"]):
                check.count(int(line), [tuple(k) for k in json.loads(keys)], json.loads(problems), out.done)
        return check
    finally:
        ctx.execution_options.preserve_order = keep


# -- the scoring pass -------------------------------------------------------------------------------
def _done_lines(done: dict, plan: Plan) -> dict[str, np.ndarray]:
    """Per evaluator, the sorted lines already in the results file (8 bytes a result)."""
    lines: dict[str, list[int]] = {r.name: [] for r in plan.evaluators}
    for line, name in done:
        if name in lines:
            lines[name].append(line)
    return {name: np.array(sorted(v), dtype=np.int64) for name, v in lines.items()}


def _is_done(done: dict[str, np.ndarray], line: int, name: str) -> bool:
    lines = done[name]
    i = int(np.searchsorted(lines, line))
    return i < len(lines) and int(lines[i]) == line


def _not_done(batch: dict, done_ref) -> dict:
    """The rows with at least one evaluator still to score (a bad row goes on; it yields no job)."""
    done = ray.get(done_ref)
    lines = batch["line"]
    keep = np.zeros(len(lines), dtype=bool)
    for name_lines in done.values():
        keep |= ~np.isin(lines, name_lines)
    return {k: v[keep] for k, v in batch.items()}


class ScoreActor:
    """One engine per actor, loaded once; each call scores a batch of rows into records."""

    def __init__(self, engine: EngineSpec, plan: Plan, done_ref, threads: int | None):
        if threads:
            import torch

            torch.set_num_threads(threads)
        self.engine = engine.load(plan)
        self.plan = plan
        self.done = ray.get(done_ref)
        context = ray.get_runtime_context()
        self.name = f"{context.get_node_id()[:8]}/{context.get_actor_id()[:8]}"  # node / actor, for the tally

    def __call__(self, batch: dict) -> dict:
        jobs = []
        for blob in batch["row"]:
            row_jobs, _ = jobs_for(pickle.loads(blob), self.plan)  # problems were reported by the check pass
            jobs += [job for job in row_jobs if not _is_done(self.done, job.line, job.rubric.name)]
        requests = [self.engine.prepare(job.rubric, job.fields, self.engine.settings) for job in jobs]
        results = self.engine.read(requests)
        records = [json.dumps(record(job, result, self.engine.name)) for job, result in zip(jobs, results)]
        return {"record": np.array(records, dtype=object), "actor": np.array([self.name] * len(records), dtype=object)}


@dataclass
class RayScoring:
    """The check and scoring passes of ``jev_model.datasets.score.run`` on Ray Data."""

    path: str
    fmt: str
    engine: EngineSpec
    cluster: Cluster = field(default_factory=Cluster)
    per_actor: dict = field(default_factory=dict)  # "node/actor" -> calls scored in the last run (logged)

    def __post_init__(self):
        # a local path is opened by whichever node runs the read task, in that worker's own
        # directory: made absolute here, against the driver's (a relative one failed on a cluster)
        if "://" not in self.path:
            self.path = os.path.abspath(self.path)

    def check(self, plan: Plan, out: ResultsFile) -> Check:
        connect(self.cluster)
        return ray_errors(check_on_ray, self.path, self.fmt, plan, out)

    def score(self, plan: Plan, out: ResultsFile, check: Check) -> int:
        ctx = ray.data.DataContext.get_current()
        keep = ctx.wait_for_min_actors_s
        # every actor loaded before the first block goes out: otherwise the first one up takes
        # blocks while the others still load, and a small file never reaches them
        ctx.wait_for_min_actors_s = ACTORS_START_S
        try:
            return ray_errors(self._score, plan, out, check)
        finally:
            ctx.wait_for_min_actors_s = keep

    def _score(self, plan: Plan, out: ResultsFile, check: Check) -> int:
        from tqdm import tqdm

        cuda = self.engine.device.startswith("cuda")
        cpus = self.cluster.cpus_per_actor or 1
        gpus = self.cluster.gpus_per_actor if cuda else 0
        actors = self.cluster.actors or default_actors(cpus, gpus)
        check_fits(actors, cpus, gpus, autoscaling=bool(self.cluster.address))
        done_ref = ray.put(_done_lines(out.done, plan))
        batch_rows = max(1, self.engine_batch_size() * WINDOW_BATCHES // len(plan.evaluators))
        # enough blocks that every actor has work and the tail is short (one block is one actor's)
        block_rows = rows_per_block(check.rows, actors, batch_rows)  # whole batches
        ds = read_rows_dataset(self.path, self.fmt, block_rows)
        if out.done:
            ds = ds.map_batches(_not_done, fn_kwargs={"done_ref": done_ref}, batch_format="numpy", num_cpus=0)
        ds = ds.map_batches(
            ScoreActor, fn_constructor_kwargs={"engine": self.engine, "plan": plan, "done_ref": done_ref,
                                               "threads": None if cuda else max(1, int(cpus))},
            batch_size=batch_rows, batch_format="numpy", num_cpus=cpus, num_gpus=gpus,
            # one batch at a time per actor: a batch waits for a free actor instead of queueing behind a busy one
            compute=ray.data.ActorPoolStrategy(size=actors, max_tasks_in_flight_per_actor=1))
        log.info("scoring on Ray: %d actor(s), %g CPU(s)%s each, %d rows a batch, blocks of %d rows", actors, cpus,
                 f" and {gpus:g} GPU(s)" if gpus else "", batch_rows, block_rows)
        self.per_actor = {}
        written = 0
        with tqdm(total=check.todo, unit="item", desc="scoring", file=sys.stderr, mininterval=0.5,
                  dynamic_ncols=True) as bar:
            for batch in ds.iter_batches(batch_size=None, batch_format="numpy", prefetch_batches=0):
                for name in set(batch["actor"]):
                    self.per_actor[name] = self.per_actor.get(name, 0) + 1
                records = [json.loads(text) for text in batch["record"]]
                # a batch Ray ran again after a failure can come back twice: a key is written once
                records = [r for r in records if (r["line"], r["evaluator"]) not in out.done]
                if records:
                    out.append(records)  # flushed and fsynced before the next block is taken
                    written += len(records)
                    bar.update(len(records))
        log.info("calls scored per actor (node/actor): %s",
                 ", ".join(f"{name} {n}" for name, n in sorted(self.per_actor.items())) or "none")
        return written

    def engine_batch_size(self) -> int:
        settings = self.engine.settings
        return settings.batch_size if settings is not None else 8


def score_dataset(data: str, plan: Plan, out: str | Path, engine: EngineSpec = EngineSpec(),
                  cluster: Cluster = Cluster(), fmt: str | None = None) -> Outcome:
    """Score ``data`` (a path or a URI Ray reads) into ``out`` on Ray: the Python form of
    ``jev score --ray``, resumable the same way.

    >>> plan = Plan([load_rubric("answer_correctness")], gold={"answer_correctness": "gold"})   # doctest: +SKIP
    >>> score_dataset("d.jsonl", plan, "r.jsonl", EngineSpec("gemma-3-270m"), Cluster(actors=2)).written  # doctest: +SKIP
    """
    from jev_model.core.weights import resolve_model
    from jev_model.datasets.rows import data_format

    out = Path(out)
    scoring = RayScoring(str(data), data_format(data, fmt), engine, cluster)
    return run(str(data), plan, out, resolve_model(engine.model).name, scoring)
