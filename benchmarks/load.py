"""Load test of ``POST /v1/evaluate``: requests/s and p50/p95 latency with N concurrent clients.

    .venv/bin/python benchmarks/load.py                          # starts `jev serve` (default model) on loopback
    .venv/bin/python benchmarks/load.py --clients 8 --requests 64 --max-seconds 600
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000   # a server already running here

Bounded: at most ``--requests`` requests and ``--max-seconds`` of sending, to loopback only.
Each request is the seed's shape (one answer_correctness item, items cycled).  Writes
``benchmarks/results/load-<model>-<N>clients.json`` and ``.md``; prints the figures.  Measured on a
shared CPU the figures say what that machine did then, nothing more.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
ITEMS = [  # (input, output, expected): right, wrong and partial answers
    ("A key was created on 2026-09-22 with a 90-day expiry. When does it expire?", "November 21, 2026.", "2026-12-21"),
    ("What is 17 * 3?", "51", "51"),
    ("What is the capital of Australia?", "Sydney", "Canberra"),
    ("How many days are in a leap year?", "366 days.", "366"),
    ("Convert 2 km to metres.", "200 m", "2000 m"),
    ("Who wrote 'Pride and Prejudice'?", "Jane Austen wrote it in 1813.", "Jane Austen"),
    ("What is 15% of 80?", "12", "12"),
    ("Which planet is closest to the sun?", "Venus", "Mercury"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(model: str, port: int, max_batch: int) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "JEV_API_KEY"}
    proc = subprocess.Popen([sys.executable, "-m", "jev_model", "serve", "--model", model, "--host", "127.0.0.1",
                             "--port", str(port), "--max-batch", str(max_batch)], cwd=ROOT, env=env)
    import httpx

    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"the server exited with {proc.returncode} before it was ready")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        time.sleep(0.5)
    proc.terminate()
    sys.exit("the server was not ready after 300 s")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def run(url: str, clients: int, requests: int, max_seconds: float, warmup: int) -> dict:
    import httpx
    from tqdm import tqdm

    def body(i: int) -> dict:
        q, a, ref = ITEMS[i % len(ITEMS)]
        return {"evaluators": ["answer_correctness"], "input": q, "output": a, "expected": ref}

    with httpx.Client(timeout=max_seconds) as c:  # warm-up: model caches, first-call costs
        for i in range(warmup):
            c.post(f"{url}/v1/evaluate", json=body(i)).raise_for_status()

    lock = threading.Lock()
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    issued = [0]
    bar = tqdm(total=requests, desc=f"{clients} clients", file=sys.stderr, unit="req")
    start = time.perf_counter()
    stop_at = start + max_seconds

    def client() -> None:
        with httpx.Client(timeout=max_seconds) as c:
            while True:
                with lock:
                    if issued[0] >= requests or time.perf_counter() > stop_at:
                        return
                    i = issued[0]
                    issued[0] += 1
                t0 = time.perf_counter()
                try:
                    status = c.post(f"{url}/v1/evaluate", json=body(i)).status_code
                except httpx.TransportError:
                    status = 0  # no response (counted, not timed)
                elapsed = time.perf_counter() - t0
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1
                    if status == 200:
                        latencies.append(elapsed)
                    bar.update(1)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    bar.close()
    ok = len(latencies)
    return {
        "clients": clients, "requests_sent": sum(statuses.values()), "ok": ok, "statuses": statuses,
        "seconds": round(wall, 2), "requests_per_s": round(ok / wall, 3) if wall else None,
        "latency_s": {"p50": round(percentile(latencies, 0.5), 3), "p95": round(percentile(latencies, 0.95), 3),
                      "mean": round(statistics.mean(latencies), 3)} if latencies else None,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", help="a running server on loopback (default: start one)")
    p.add_argument("--model", default="default", help="model for the server this script starts (default: default)")
    p.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    p.add_argument("--requests", type=int, default=64, help="requests in all (default 64)")
    p.add_argument("--max-seconds", type=float, default=600, help="stop sending after this long (default 600)")
    p.add_argument("--warmup", type=int, default=2, help="requests sent one by one first, not timed (default 2)")
    p.add_argument("--max-batch", type=int, default=8, help="the started server's --max-batch (default 8)")
    p.add_argument("--out", default=str(ROOT / "benchmarks" / "results"), help="folder for the results")
    args = p.parse_args()
    if min(args.clients, args.requests) < 1 or args.max_seconds <= 0:
        p.error("--clients and --requests must be at least 1 and --max-seconds positive")

    proc = None
    if args.url:
        host = urllib.parse.urlsplit(args.url).hostname
        if host not in LOOPBACK:
            p.error(f"--url must be on loopback (127.0.0.1, localhost, ::1), not {host!r}")
        url = args.url.rstrip("/")
    else:
        port = free_port()
        proc = start_server(args.model, port, args.max_batch)
        url = f"http://127.0.0.1:{port}"
    try:
        import httpx

        model = httpx.get(f"{url}/health", timeout=10).json().get("model", args.model)
        figures = run(url, args.clients, args.requests, args.max_seconds, args.warmup)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
    result = {"benchmark": "load /v1/evaluate (answer_correctness)", "model": model, **figures,
              "max_batch": args.max_batch if proc is not None else None,
              "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                          "load_average_1m": round(os.getloadavg()[0], 2)},
              "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "command": "python benchmarks/load.py " + " ".join(sys.argv[1:])}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"load-{model}-{figures['clients']}clients"
    stem.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n")
    lat = figures["latency_s"] or {}
    stem.with_suffix(".md").write_text(
        f"# Load: POST /v1/evaluate, {figures['clients']} concurrent clients, {model}\n\n"
        f"| requests ok / sent | seconds | requests/s | p50 latency (s) | p95 latency (s) |\n|---|---|---|---|---|\n"
        f"| {figures['ok']} / {figures['requests_sent']} | {figures['seconds']} | {figures['requests_per_s']} | "
        f"{lat.get('p50')} | {lat.get('p95')} |\n\n"
        f"Statuses: {figures['statuses']}. Machine: {result['machine']['cpus']} CPUs, 1-minute load average "
        f"{result['machine']['load_average_1m']} at the end (a shared machine), {result['when']}.\n\n"
        f"Command: `{result['command']}`\n")
    print(json.dumps(result, indent=2))
    print(f"wrote {stem.with_suffix('.json')} and .md", file=sys.stderr)
    return 0 if figures["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
