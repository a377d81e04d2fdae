"""Scale-out: items/s of ``jev score`` against ``jev score --ray`` with 1 and 2 actors, in one run.

    python -m benchmarks.scale                                   # 64 items of examples/score_sample.jsonl
    python -m benchmarks.scale --items 100 --actors 1,2,4 --batch-size 8
    python -m benchmarks.scale --model /tmp/tiny-gemma3 --items 200   # the pipeline's own cost, not the model's

Each system is the real command in a fresh process, on the first ``--items`` answer_correctness
items of ``examples/score_sample.jsonl``, one after the other in one run (ratios within the run):

* ``jev score``, torch at its default threads (every core), and again with ``OMP_NUM_THREADS=1``;
* ``jev score --ray --actors N`` for each N of ``--actors``, each actor ``--cpus-per-actor 1``
  (one torch thread), in a local Ray instance the command starts.

Per system: the whole command's wall time; the scoring phase, from the line announcing the
work (after the check pass) to the last result written, which counts each engine's load
(in every actor, side by side) but not Ray's start; items/s over that phase; the peak RSS
(VmHWM) of the driver and of each scoring actor.  Ray's start-up overhead is what the
command spends outside its scoring phase beyond what ``jev score`` spends there, and,
measured alone, ``ray.init`` of a local instance plus a one-row dataset.  Every system's
results are checked against the first's (max |dp|).  Writes ``benchmarks/results/scale/ray_scale.md``,
``.json`` and ``.png``; prints the CPU flags and the load average beside the figures (a shared
machine's figures say what it did then).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from benchmarks.harness import RESULTS_DIR, ROOT, cpu_flags
from jev_model.core.precision import this_cpu

RESULTS = RESULTS_DIR / "scale"
DATA = ROOT / "examples" / "score_sample.jsonl"
ANNOUNCE = "result(s) to compute"


def _dtype() -> str:
    """The numeric path every system ran in: auto unless the probe is switched off."""
    if os.environ.get("JEV_DTYPE_PROBE", "").lower() in ("off", "0", "false", "no"):
        return "float32 (JEV_DTYPE_PROBE=off, passed to the actors)"
    return "auto (bfloat16 on a CPU with native bfloat16 where it measures faster, else float32)"


class TreeMemory(threading.Thread):
    """Polls the peak RSS (VmHWM) of a process and all its descendants until stopped."""

    def __init__(self, root_pid: int):
        super().__init__(daemon=True)
        self.root, self.peaks, self.names, self.stopped = root_pid, {}, {}, threading.Event()

    def run(self) -> None:
        while not self.stopped.is_set():
            for pid in self.tree():
                try:
                    status = Path(f"/proc/{pid}/status").read_text()
                    name = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                except OSError:
                    continue
                for line in status.splitlines():
                    if line.startswith("VmHWM:"):
                        kb = int(line.split()[1])
                        self.peaks[pid] = max(self.peaks.get(pid, 0), kb)
                        self.names[pid] = name
            time.sleep(0.25)

    def tree(self) -> set[int]:
        parent = {}
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                parent[int(pid)] = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
        tree, grew = {self.root}, True
        while grew:
            grew = False
            for pid, ppid in parent.items():
                if ppid in tree and pid not in tree:
                    tree.add(pid)
                    grew = True
        return tree

    def mb(self, match) -> list[float]:
        return sorted((kb / 1024 for pid, kb in self.peaks.items() if match(pid, self.names[pid])), reverse=True)


def run_system(name: str, args: list[str], env: dict, out: Path) -> dict:
    """One command in a fresh process: wall time, scoring phase, peak memory."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "jev_model", "score", *args, "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True, cwd=ROOT)
    memory = TreeMemory(proc.pid)
    memory.start()
    announced, last_write, lines = None, None, 0
    err_lines: list[str] = []

    def read_err() -> None:
        nonlocal announced
        buf = ""
        while True:
            chunk = proc.stderr.read(1)
            if not chunk:
                break
            buf += chunk
            if chunk in "\n\r":
                if ANNOUNCE in buf and announced is None:
                    announced = time.monotonic()
                err_lines.append(buf.strip())
                buf = ""

    reader = threading.Thread(target=read_err, daemon=True)
    reader.start()
    while proc.poll() is None:
        n = out.read_bytes().count(b"\n") if out.exists() else 0
        if n != lines:
            lines, last_write = n, time.monotonic()
        time.sleep(0.05)
    n = out.read_bytes().count(b"\n") if out.exists() else 0
    if n != lines:
        lines, last_write = n, time.monotonic()
    wall = time.monotonic() - start
    reader.join(5)
    memory.stopped.set()
    memory.join(2)
    stdout = proc.stdout.read()
    if proc.returncode != 0:
        sys.exit(f"{name} failed (rc {proc.returncode}):\n" + "\n".join(err_lines[-20:]) + stdout)
    phase = last_write - announced
    actors = memory.mb(lambda pid, cmd: "ScoreActor" in cmd)
    driver = memory.peaks.get(proc.pid, 0) / 1024
    print(f"{name}: {lines} results, wall {wall:.1f} s, scoring {phase:.1f} s, {lines / phase:.3f} items/s, "
          f"driver peak {driver:.0f} MB" + (f", actors {', '.join(f'{m:.0f}' for m in actors)} MB" if actors else ""),
          file=sys.stderr)
    return {"system": name, "command": "jev score " + " ".join(args), "env": env_shown(env), "results": lines,
            "wall_s": wall, "scoring_s": phase, "outside_scoring_s": wall - phase, "items_per_s": lines / phase,
            "driver_peak_mb": driver, "actor_peak_mb": actors}


def env_shown(env: dict) -> str:
    return " ".join(f"{k}={env[k]}" for k in ("OMP_NUM_THREADS",) if k in env)


def ray_start_overhead() -> float:
    """ray.init of a local instance plus one tiny dataset, in a fresh process."""
    code = ("import time, os; t = time.monotonic(); import ray; "
            "ray.init(num_cpus=os.cpu_count(), include_dashboard=False, logging_level='ERROR'); "
            "ray.data.DataContext.get_current().enable_progress_bars = False; ray.data.range(1).take_all(); "
            "print(time.monotonic() - t); ray.shutdown()")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def max_dp(a: Path, b: Path) -> float:
    def load(p):
        return {(r["line"], r["evaluator"]): r for r in map(json.loads, p.read_text().splitlines())}

    ra, rb = load(a), load(b)
    assert ra.keys() == rb.keys(), f"{a} and {b} hold different items"
    return max((abs(ra[k]["probabilities"][t] - rb[k]["probabilities"][t])
                for k in ra if ra[k].get("probabilities") for t in ra[k]["probabilities"]), default=0.0)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.scale", description=__doc__.split("\n")[0])
    p.add_argument("--items", type=int, default=64, help="first N items of --data (default 64)")
    p.add_argument("--data", default=str(DATA))
    p.add_argument("--model", default="default")
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--actors", default="1,2", help="actor counts to run (default 1,2)")
    p.add_argument("--out-dir", default=str(RESULTS))
    args = p.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="ray_scale-"))
    data = work / "items.jsonl"
    rows = Path(args.data).read_text(encoding="utf-8").splitlines()[: args.items]
    data.write_text("\n".join(rows) + "\n", encoding="utf-8")
    common = [str(data), "--evaluator", "answer_correctness", "--gold-column", "gold", "--model", args.model,
              "--batch-size", str(args.batch_size)]
    cores = os.cpu_count()
    load_before = os.getloadavg()
    flags = cpu_flags()
    print(f"CPU: {this_cpu().model}, {cores} cores, flags: {flags}; load average {load_before[0]:.2f}", file=sys.stderr)

    startup = ray_start_overhead()
    print(f"Ray start-up (ray.init of a local instance + a one-row dataset): {startup:.1f} s", file=sys.stderr)
    systems = [run_system(f"jev score ({cores} threads)", common, {}, work / "local.jsonl"),
               run_system("jev score (1 thread)", common, {"OMP_NUM_THREADS": "1"}, work / "local1.jsonl")]
    for n in [int(x) for x in args.actors.split(",")]:
        systems.append(run_system(f"--ray, {n} actor(s) x 1 CPU", [*common, "--ray", "--actors", str(n),
                                                                   "--cpus-per-actor", "1"], {},
                                  work / f"ray{n}.jsonl"))
    outs = [work / "local.jsonl", work / "local1.jsonl"] + [work / f"ray{int(x)}.jsonl" for x in args.actors.split(",")]
    for s, o in zip(systems, outs):
        s["max_dp_vs_first"] = max_dp(outs[0], o)
    load_after = os.getloadavg()
    base = systems[0]["items_per_s"]
    base1 = systems[1]["items_per_s"]
    local_outside = systems[0]["outside_scoring_s"]
    for s in systems:
        s["x_jev_score"] = s["items_per_s"] / base
        s["x_jev_score_1thread"] = s["items_per_s"] / base1
        s["extra_outside_scoring_s"] = s["outside_scoring_s"] - local_outside

    report = {"items": args.items, "model": args.model, "batch_size": args.batch_size, "cores": cores,
              "cpu": this_cpu().model, "cpu_flags": flags, "load_average_before": load_before,
              "load_average_after": load_after, "ray_start_s": startup, "systems": systems,
              "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "command": "python -m benchmarks.scale " + " ".join(argv if argv is not None else sys.argv[1:])}
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "ray_scale.json").write_text(json.dumps(report, indent=2) + "\n")
    (out_dir / "ray_scale.md").write_text(markdown(report))
    plot(report, out_dir / "ray_scale.png")
    print(markdown(report))
    return 0


def markdown(r: dict) -> str:
    rows = ["| system | wall (s) | scoring (s) | items/s | x `jev score` | x 1 thread | outside scoring, beyond `jev score` (s) "
            "| peak RSS driver / each actor (MB) | max abs dp vs first |",
            "|---|---:|---:|---:|---:|---:|---:|---|---:|"]
    for s in r["systems"]:
        actors = " / ".join(f"{m:.0f}" for m in s["actor_peak_mb"])
        rows.append(f"| {s['system']} | {s['wall_s']:.1f} | {s['scoring_s']:.1f} | {s['items_per_s']:.3f} | "
                    f"{s['x_jev_score']:.2f} | {s['x_jev_score_1thread']:.2f} | {s['extra_outside_scoring_s']:+.1f} | "
                    f"{s['driver_peak_mb']:.0f}" + (f" / {actors}" if actors else "") + f" | {s['max_dp_vs_first']:.1e} |")
    lb, la = r["load_average_before"], r["load_average_after"]
    return (f"# Scale-out: `jev score` and `jev score --ray`, {r['items']} answer_correctness items, {r['model']}\n\n"
            + "\n".join(rows) + "\n\n"
            f"Ray start-up alone (`ray.init` of a local instance and a one-row dataset, fresh process): "
            f"{r['ray_start_s']:.1f} s.\n\n"
            f"Scoring = from the command's announcing the work (after the check pass) to its last result written; "
            f"it counts each engine's load (in each actor, side by side). Batch size {r['batch_size']}, dtype {_dtype()}.\n\n"
            f"Machine: {r['cpu']}, {r['cores']} cores, CPU flags `{r['cpu_flags']}`; load average "
            f"{lb[0]:.2f} / {lb[1]:.2f} / {lb[2]:.2f} before and {la[0]:.2f} / {la[1]:.2f} / {la[2]:.2f} after "
            f"(1/5/15 min; other jobs share this CPU), {r['when']}.\n\n"
            f"Command: `{r['command']}`\n")


def plot(r: dict, png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [s["system"] for s in r["systems"]]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    ax.barh(names[::-1], [s["items_per_s"] for s in r["systems"]][::-1], color="#4c72b0")
    for i, s in enumerate(r["systems"][::-1]):
        ax.text(s["items_per_s"], i, f" {s['items_per_s']:.2f}", va="center", fontsize=8)
    ax.set_xlabel("items/s over the scoring phase (higher is better)")
    ax.set_title(f"{r['items']} items, {r['model']}, {r['cores']} cores, load {r['load_average_before'][0]:.1f}",
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)


if __name__ == "__main__":
    sys.exit(main())
