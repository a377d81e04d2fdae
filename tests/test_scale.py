"""jev score --ray (jev_model/scale/): the single-process numbers, resume after a killed driver
or actor, Parquet in and out, bad rows by line.  On the tiny random-weight model, in a local
Ray instance these tests start (2 CPUs, loopback, no dashboard) and shut down."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="jev score --ray needs the ray extra: pip install -e '.[ray]'")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

import jev_model  # noqa: E402
from helpers import count_lines, items, results, run, write_jsonl  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ITEMS = items(40)
ARGS = ["--evaluator", "answer_correctness", "--evaluator", "factuality", "--gold-column", "answer_correctness=gold",
        "--min-level-mass", "0"]

pytestmark = pytest.mark.usefixtures("one_thread")


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray instance for this module: 2 CPUs, loopback only, no dashboard; workers run
    this checkout's jev_model with one torch thread each.  Ray turns 127.0.0.1 into the
    interface address unless RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0 (test_scale_cluster.py says
    why); its constant was read when ray was imported, so it is set there too, for this module."""
    from ray._private import ray_constants

    assert not ray.is_initialized()
    saved = {k: os.environ.get(k) for k in LOOPBACK}
    os.environ.update(LOOPBACK)
    was, ray_constants.ENABLE_RAY_CLUSTER = ray_constants.ENABLE_RAY_CLUSTER, False
    try:
        ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1", log_to_driver=False,
                 runtime_env={"py_modules": [str(Path(jev_model.__file__).parent)],
                              "env_vars": {"OMP_NUM_THREADS": "1"}})
        ray.data.DataContext.get_current().enable_progress_bars = False
        address = ray.get_runtime_context().gcs_address
        assert address.startswith("127.0.0.1:"), address  # nothing leaves loopback
        yield address
    finally:
        ray.shutdown()
        ray_constants.ENABLE_RAY_CLUSTER = was
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


LOOPBACK = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"}


def assert_same(got: dict, want: dict) -> None:
    """The same records: keys, hashes, gold, and probabilities within 1e-5."""
    assert got.keys() == want.keys()
    worst = 0.0
    for key, rec in want.items():
        assert got[key]["hash"] == rec["hash"] and got[key].get("gold") == rec.get("gold") and got[key]["id"] == rec["id"]
        assert got[key].get("unscored") == rec.get("unscored"), key
        if not rec.get("unscored"):
            assert got[key]["probabilities"].keys() == rec["probabilities"].keys()
            worst = max(worst, max(abs(got[key]["probabilities"][k] - p) for k, p in rec["probabilities"].items()))
    assert worst <= 1e-5, worst


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """40 items with a malformed row at line 21 and a row with an empty output at line 30."""
    rows = ITEMS[:20] + ["{bad"] + ITEMS[20:28] + [{**ITEMS[28], "output": ""}] + ITEMS[29:]
    return write_jsonl(tmp_path_factory.mktemp("data") / "d.jsonl", rows)


@pytest.fixture(scope="module")
def reference(data, tiny_model_dir, tmp_path_factory):
    """The single-process `jev score` results: what every --ray run must reproduce."""
    out = tmp_path_factory.mktemp("ref") / "reference.jsonl"
    assert run("score", data, *ARGS, "--model", tiny_model_dir, "--out", out) == 0
    recs = results(out)
    assert len(recs) == 2 * 39 and sum(not r.get("unscored") for r in recs.values()) >= 60
    return recs


def test_ray_gives_the_single_process_results_and_reports_bad_rows(local_ray, data, reference, tiny_model_dir,
                                                                   tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    assert run("score", data, *ARGS, "--model", tiny_model_dir, "--out", out, "--ray", "--actors", 2,
               "--batch-size", 4) == 0
    captured = capsys.readouterr()
    assert "line 21: malformed JSON" in captured.err
    assert "line 30: evaluator 'answer_correctness': required field 'output' is empty" in captured.err
    assert "scoring on Ray: 2 actor(s)" in captured.err
    assert "scored 78 new result(s); 0 were already" in captured.out and "3 bad row(s) skipped" in captured.out
    assert_same(results(out), reference)

    # a re-run scores nothing; other scoring flags under the same results are refused before any model work
    assert run("score", data, *ARGS, "--model", tiny_model_dir, "--out", out, "--ray") == 0
    assert "scored 0 new result(s); 78 were already" in capsys.readouterr().out
    assert run("score", data, *ARGS, "--model", tiny_model_dir, "--out", out, "--ray", "--no-checks") == 2
    assert "78 item(s) changed since they were scored" in capsys.readouterr().err


def per_actor(err: str) -> dict[str, int]:
    """The driver's tally "calls scored per actor (node/actor): a 3, b 2" as {name: calls}."""
    line = next(line for line in err.splitlines() if line.startswith("calls scored per actor"))
    pairs = [part.rsplit(" ", 1) for part in line.split(": ", 1)[1].split(", ")]
    return {name: int(n) for name, n in pairs}


def test_blocks_are_sized_to_the_pool():
    from jev_model.scale.ray_data import MAX_ROWS_PER_BLOCK, rows_per_block

    for rows in (1, 7, 40, 200, 2000, 10_000, 10**7):
        for actors in (1, 2, 3, 8, 64):
            for batch in (1, 2, 8, 32):
                block = rows_per_block(rows, actors, batch)
                assert block % batch == 0 and batch <= block <= max(batch, MAX_ROWS_PER_BLOCK)
                blocks = -(-rows // block)
                # every actor has work unless the rows run out (a block is at least one batch) or the cap binds
                assert blocks >= min(actors, -(-rows // batch)) or block == MAX_ROWS_PER_BLOCK // batch * batch


def test_every_actor_scores_some_batches(local_ray, data, reference, tiny_model_dir, tmp_path, capsys):
    """40 rows on 2 actors: the rows come in blocks sized to the pool, both actors score, and
    the records are the single-process ones (a 40-row file used to be one block: one actor)."""
    out = tmp_path / "r.jsonl"
    assert run("score", data, *ARGS, "--model", tiny_model_dir, "--out", out, "--ray", "--actors", 2,
               "--batch-size", 2) == 0
    tally = per_actor(capsys.readouterr().err)
    assert len(tally) == 2 and all(n >= 1 for n in tally.values()), tally
    assert_same(results(out), reference)


# the driver as its own process, joining the test's Ray instance; each append is followed by a
# pause, so the test can kill it between two appends (a test device only: the pause is not in jev)
SLOW_DRIVER = """
import sys, time
from jev_model.datasets import results
append = results.ResultsFile.append
def slow(self, records):
    append(self, records)
    time.sleep(0.5)
results.ResultsFile.append = slow
from jev_model import cli
sys.exit(cli.main(sys.argv[1:]))
"""


def test_killed_driver_resumes_to_the_uninterrupted_results(local_ray, data, reference, tiny_model_dir, tmp_path,
                                                            capsys):
    out = tmp_path / "r.jsonl"
    log = tmp_path / "driver.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": "1"}
    proc = subprocess.Popen([sys.executable, "-c", SLOW_DRIVER, "score", str(data), *ARGS, "--model",
                             str(tiny_model_dir), "--out", str(out), "--ray", local_ray, "--actors", "1",
                             "--batch-size", "1"], stdout=subprocess.DEVNULL, stderr=open(log, "w"), env=env)
    deadline = time.monotonic() + 180
    while count_lines(out) < 8:  # batches of 4 rows x 2 evaluators: at least one batch written
        assert proc.poll() is None, f"the driver ended (rc {proc.returncode}) early: {log.read_text()[-2000:]}"
        assert time.monotonic() < deadline, "no progress"
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    killed_at = count_lines(out)
    assert 8 <= killed_at < 78 and "Traceback" not in log.read_text()
    with open(out, "ab") as f:  # a write cut short by the kill
        f.write(b'{"line": 3, "evaluator": "answer_corr')

    assert run("score", data, *ARGS, "--model", tiny_model_dir, "--out", out, "--ray", "--batch-size", 8) == 0
    captured = capsys.readouterr()
    assert "dropped an incomplete last line" in captured.err
    assert f"scored {78 - killed_at} new result(s); {killed_at} were already" in captured.out
    assert_same(results(out), reference)


def _worker_pids(name: str) -> list[int]:
    """Ray worker processes of this test's own Ray instance (descendants of this process) running ``name``."""
    ours, found = {os.getpid()}, []
    procs = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        procs.append((int(pid), int(stat.rsplit(")", 1)[1].split()[1]), cmd))
    changed = True
    while changed:  # the descendants of this process
        changed = False
        for pid, ppid, _ in procs:
            if ppid in ours and pid not in ours:
                ours.add(pid)
                changed = True
    for pid, _, cmd in procs:
        if pid in ours and name in cmd:
            found.append(pid)
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the actor's process through /proc")
def test_killed_actor_loses_nothing(local_ray, data, reference, tiny_model_dir, tmp_path, capsys, monkeypatch):
    """An actor killed mid-run: Ray restarts it and runs its batch again; nothing is lost or written twice."""
    from jev_model.datasets import results as results_module

    out = tmp_path / "r.jsonl"
    append, killed = results_module.ResultsFile.append, []

    def kill_an_actor_after_the_first_batch(self, records):
        append(self, records)
        if not killed:
            pids = _worker_pids("ScoreActor")
            assert pids, "no scoring actor found"
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    monkeypatch.setattr(results_module.ResultsFile, "append", kill_an_actor_after_the_first_batch)
    assert run("score", data, *ARGS, "--model", tiny_model_dir, "--out", out, "--ray", "--actors", 2,
               "--batch-size", 1) == 0
    assert killed and "scored 78 new result(s)" in capsys.readouterr().out
    assert_same(results(out), reference)


def test_parquet_in_and_out(local_ray, data, reference, tiny_model_dir, tmp_path, capsys):
    """Parquet rows keep their position as `line`; Parquet results are written when the run is
    done, extended by a later run over more rows, and read back by `jev report`."""
    from jev_model.datasets.results import read_records

    good = [item for i, item in enumerate(ITEMS) if i != 28]
    pq.write_table(pa.Table.from_pylist(good[:20]), tmp_path / "first.parquet")
    table = pa.Table.from_pylist(good)
    pq.write_table(table, tmp_path / "d.parquet", row_group_size=16)
    out = tmp_path / "r.parquet"
    # the Python entry point: the same run as `jev score first.parquet ... --out r.parquet --ray`
    from jev_model.core.engine import Settings
    from jev_model.core.rubric import load_rubric
    from jev_model.datasets.score import EngineSpec, Plan
    from jev_model.scale import Cluster, score_dataset

    plan = Plan([load_rubric("answer_correctness"), load_rubric("factuality")], gold={"answer_correctness": "gold"},
                settings={"raw_readout": False, "min_level_mass": 0.0, "calibration": True, "dtype": "auto"})
    outcome = score_dataset(tmp_path / "first.parquet", plan, out,
                            EngineSpec(str(tiny_model_dir), settings=Settings(min_level_mass=0.0)), Cluster(actors=1))
    assert outcome.written == 40 and not outcome.interrupted
    assert out.exists() and not Path(f"{out}.journal.jsonl").exists()
    assert len(list(read_records(out))) == 40
    assert run("score", tmp_path / "d.parquet", *ARGS, "--model", tiny_model_dir, "--out", out, "--ray") == 0
    assert "scored 38 new result(s); 40 were already" in capsys.readouterr().out
    got = {(r["line"], r["evaluator"]): r for r in read_records(out)}
    assert len(got) == 78 and pq.read_table(out).num_rows == 78  # nothing twice
    assert pq.read_table(out).schema.field("probabilities").type == pa.map_(pa.string(), pa.float64())

    # the same items, numbered by row in Parquet and by line in the JSONL reference
    jsonl_line = {r["id"]: line for (line, _), r in reference.items()}
    assert_same({(jsonl_line[r["id"]], name): r for (_, name), r in got.items()}, reference)

    # the single-process path reads the same Parquet rows into the same results
    local = tmp_path / "local.jsonl"
    assert run("score", tmp_path / "d.parquet", *ARGS, "--model", tiny_model_dir, "--out", local) == 0
    assert_same(results(local), got)
    capsys.readouterr()
    assert run("report", out) == 0
    assert "answer_correctness" in capsys.readouterr().out


def test_bad_input_is_one_line(local_ray, tiny_model_dir, tmp_path, capsys):
    bad_header = tmp_path / "h.csv"
    bad_header.write_text("input,input\nq,a\n")
    assert run("score", bad_header, "--evaluator", "closed_qa", "--model", tiny_model_dir, "--out",
               tmp_path / "r.jsonl", "--ray") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("error: ") and "line 1: the header must hold distinct" in err[-1]
    assert "Traceback" not in "\n".join(err)
    not_parquet = tmp_path / "x.parquet"
    not_parquet.write_text("not parquet")
    assert run("score", not_parquet, "--evaluator", "closed_qa", "--model", tiny_model_dir, "--out",
               tmp_path / "r2.jsonl", "--ray") == 2
    assert "not a Parquet file" in capsys.readouterr().err
    assert run("score", not_parquet, "--evaluator", "closed_qa", "--model", tiny_model_dir, "--out",
               tmp_path / "r3.jsonl", "--actors", "2") == 2
    assert "--actors and --cpus-per-actor need --ray" in capsys.readouterr().err
    good = write_jsonl(tmp_path / "d.jsonl", ITEMS[:2])
    assert run("score", good, "--evaluator", "closed_qa", "--set", "criteria=Short?", "--model", tiny_model_dir,
               "--out", tmp_path / "r4.jsonl", "--ray", "--actors", "3") == 2  # would wait for a third CPU forever
    assert "--actors 3 x 1 CPU each needs 3 CPUs; the Ray cluster has 2" in capsys.readouterr().err
