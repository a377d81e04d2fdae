"""`jev score --ray ADDRESS` on a two-node Ray cluster (#26): two Ray nodes on this machine, on
loopback only, 1 CPU each, and the CLI as its own process joining them by address, on the
tiny model.  What a real cluster needs and a local instance never exercises:

- the driver ships its `jev_model` to the workers (`py_modules`): the nodes get no PYTHONPATH,
  and the package they unpacked is checked to be this checkout's;
- the driver passes `JEV_HOME` and `JEV_MODEL` to the workers: the nodes have no `JEV_MODEL`
  and an empty `JEV_HOME` of their own, the model is named only by the driver's `JEV_MODEL`,
  and a calibration only in the driver's `JEV_HOME` must show in every record;
- the data is a path both nodes see, given relative to the driver's directory (the nodes run
  elsewhere: the driver makes it absolute);
- both nodes score: the pool is 2 actors x 1 CPU and each node has 1 CPU.

Ray turns a loopback address into this machine's interface address (`ray._private.services.
resolve_ip_for_localhost`: "localhost"/127.0.0.1 become `get_node_ip_address()`, the address
a UDP socket would leave by) unless `RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0`, which makes it
127.0.0.1: the nodes and the driver run with it, so nothing here leaves loopback.  The nodes
are `ray.cluster_utils.Cluster` nodes in a child process (`ray start` refuses to add a worker
node with that switch off), with their own temp dir; they are shut down when the test ends."""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="jev score --ray needs the ray extra: pip install -e '.[ray]'")
pytest.importorskip("pyarrow", reason="jev score --ray needs the ray extra: pip install -e '.[ray]'")

from helpers import items, results, write_jsonl  # noqa: E402
from test_scale import ARGS, LOOPBACK as RAY_LOOPBACK, assert_same, per_actor  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
START_S = 240  # for both nodes to come up (a loaded 2-core machine)
RUN_S = 480  # for one `jev score` run

# RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0: loopback stays loopback (see above); no usage stats, which ask
# cloud metadata addresses which cloud this is
LOOPBACK = {**RAY_LOOPBACK, "OMP_NUM_THREADS": "1"}

# A head node and a worker node on 127.0.0.1, 1 CPU each, without a dashboard; prints the
# address and each node's IP, then holds the cluster until its stdin closes
NODES = """
import json, sys
from ray.cluster_utils import Cluster
temp = sys.argv[1]
args = {"node_ip_address": "127.0.0.1", "num_cpus": 1, "temp_dir": temp}
cluster = Cluster(initialize_head=True, head_node_args={**args, "include_dashboard": False})
try:
    cluster.add_node(**args)
    cluster.wait_for_nodes(120)
    nodes = [n["NodeManagerAddress"] for n in cluster.global_state.node_table() if n["Alive"]]
    print(json.dumps({"address": cluster.address, "nodes": nodes}), flush=True)
    sys.stdin.read()
finally:
    cluster.shutdown()
"""


def _ours(marker: str) -> list[int]:
    """Processes whose command line names ``marker`` (this test's own Ray temp dir)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc") if os.path.isdir("/proc") else []):
        try:
            if marker in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                found.append(int(pid))
        except OSError:
            continue
    return found


@pytest.fixture(scope="module")
def two_nodes():
    """(address, node IPs, the cluster's temp root) of a two-node cluster on loopback."""
    # a short private root: Ray's socket paths must stay under 108 bytes, and its
    # ray_current_cluster file must not point another user of this machine at this cluster
    root = tempfile.mkdtemp(prefix="jevray", dir="/tmp")
    temp = os.path.join(root, "ray")
    os.mkdir(temp)
    node_home = os.path.join(root, "node-home")  # the nodes' own JEV_HOME: no models, no calibration
    os.mkdir(node_home)
    env = {k: v for k, v in os.environ.items() if not k.startswith("JEV_")}
    env.pop("PYTHONPATH", None)  # the nodes get jev_model only through py_modules
    env.update(LOOPBACK, RAY_TMPDIR=root, JEV_HOME=node_home)
    log = Path(root) / "nodes.log"
    err = open(log, "w")
    proc = subprocess.Popen([sys.executable, "-c", NODES, temp], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=err, text=True, env=env, start_new_session=True,
                            cwd=root)  # not the driver's directory: a relative data path must not work by chance
    try:
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)
        reader.start()
        reader.join(START_S)
        if not line or not line[0].strip():
            proc.kill()
            pytest.fail(f"the two Ray nodes did not start in {START_S} s: {log.read_text()[-3000:]}")
        info = json.loads(line[0])
        yield info["address"], info["nodes"], Path(root)
    finally:
        try:
            proc.stdin.close()  # the child shuts the cluster down
            proc.wait(timeout=120)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        err.close()
        for pid in _ours(temp):  # anything of this cluster that outlived it
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        shutil.rmtree(root, ignore_errors=True)


def jev(args: list, env: dict, cwd: Path) -> subprocess.CompletedProcess:
    """`jev ARGS` as its own process (the installed entry point's code), in ``cwd``."""
    code = "import sys; from jev_model import cli; sys.exit(cli.main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], env=env, cwd=cwd, capture_output=True,
                          text=True, timeout=RUN_S)


def test_two_node_cluster_scores_like_jev_score(two_nodes, tiny_model_dir, tmp_path):
    address, nodes, root = two_nodes
    assert address.startswith("127.0.0.1:") and nodes == ["127.0.0.1", "127.0.0.1"], (address, nodes)

    # the driver's JEV_HOME holds a calibration for the tiny backbone: a worker that did not
    # get it would score answer_correctness uncalibrated
    from jev_model.core.weights import backbone_id

    home = tmp_path / "home"
    cal = home / "readouts" / backbone_id(Path(tiny_model_dir)) / "answer_correctness.calibration.json"
    cal.parent.mkdir(parents=True)
    cal.write_text(json.dumps({"temperature": 2.5}))
    env = {k: v for k, v in os.environ.items() if not k.startswith("JEV_")}
    env.update(LOOPBACK, PYTHONPATH=str(ROOT), JEV_HOME=str(home), JEV_MODEL=str(tiny_model_dir),
               JEV_DTYPE_PROBE="off")
    data = write_jsonl(tmp_path / "d.jsonl", items(40))

    local = jev(["score", data.name, *ARGS, "--out", "local.jsonl"], env, tmp_path)
    assert local.returncode == 0, local.stderr[-3000:]
    reference = results(tmp_path / "local.jsonl")
    assert len(reference) == 80
    calibrated = [r for r in reference.values() if r["evaluator"] == "answer_correctness"]
    assert all(str(r.get("calibration", "")).startswith("T=2.500") for r in calibrated), calibrated[0]

    got = jev(["score", data.name, *ARGS, "--out", "r.jsonl", "--ray", address, "--actors", 2, "--batch-size", 2],
              env, tmp_path)
    assert got.returncode == 0, got.stderr[-3000:]
    assert f"Ray: joined {address}, 2 CPU(s)" in got.stderr
    assert "scored 80 new result(s); 0 were already" in got.stdout
    tally = per_actor(got.stderr)
    assert len({name.split("/")[0] for name in tally}) == 2, tally  # actors on both nodes
    assert all(n >= 1 for n in tally.values()), tally
    records = results(tmp_path / "r.jsonl")
    assert_same(records, reference)
    for key, rec in records.items():
        assert rec.get("calibration") == reference[key].get("calibration") and rec["model"] == reference[key]["model"]
    # the workers ran the driver's package, unpacked from what the driver uploaded
    shipped = list(root.glob("ray/session_*/runtime_resources/py_modules_files/*/jev_model/scale/ray_data.py"))
    assert shipped and all(p.read_bytes() == (ROOT / "jev_model/scale/ray_data.py").read_bytes() for p in shipped)
