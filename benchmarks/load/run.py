"""The server under load, measured with the official SDK on its default settings (10 s timeout,
its own retries of timeouts, 408, 429 and 5xx honouring Retry-After).  Loopback only.

    python -m benchmarks.load sdk --clients 1,8,32,64 --seconds 60    # answers, timeouts, 429s, returns
    python -m benchmarks.load hol                                     # small requests while an 8k-token one runs
    python -m benchmarks.load abandoned --clients 50                  # the next request after 50 hang-ups
    python -m benchmarks.load states --count 1000 --cache-mb 64       # RSS over distinct states
    python -m benchmarks.load burst --clients 128,256                 # every client at once (#24)
    python -m benchmarks.load memory --count 300 --state-tokens 1000  # distinct long states at once: RSS
    python -m benchmarks.load all --seconds 60 --count 300            # sdk, hol, abandoned, states; --server-arg=--threads=1 ...

Each scenario starts its own `jev serve` (default model; `--server-arg` adds flags) and samples
the server's RSS (VmRSS) every second.  ``sdk``: N threads, each one SDK client starting calls
to ``system_one`` (a short ticket, three questions) one after another for ``--seconds``; a call
the SDK gives up on with a 429 (RateLimitError) waits the Retry-After it carries and is called
again, as an application would, until it is answered (or ``--cap`` seconds have passed); the
run lasts until every call started has finished.  Each call's HTTP attempts (statuses, times)
are read from the SDK's own log lines, so every return after a Retry-After is seen: admitted,
or refused again.  ``--quiet-file`` starts each level only while that file exists (on a shared
machine).  ``burst``: N official-SDK clients (``AsyncTypeSafeClient``, its defaults) each
send one short noul request (its own state) at the same moment; a call refused once the SDK's
retries are spent waits its Retry-After and is called again, until answered (or ``--cap``).
Counted: HTTP attempts without a response (the SDK's timeouts), admitted answers later than
10 s (``--client http``: a plain client waiting 60 s sees them; the SDK's own 10 s timeout
hides them, so the server's /health counts ``answered_past_timeout`` and ``dropped`` too),
429s, 5xx, returns after a Retry-After admitted, and each call's outcome.  ``memory``: N
clients at once, each sending distinct ~``--state-tokens`` states one after another until
``--count`` have been sent (the SDK with ``--client-timeout`` 60 s, also sent as
``x-jev-timeout``: a long state alone may take longer than 10 s on a 2-core CPU); RSS after
every call and every second, and whether it was flat over the last third of the calls.  Writes ``benchmarks/results/load/load-<scenario>.json`` and ``.md`` (after every level;
``--out benchmarks/results/load/load-sdk-promise`` names them otherwise).
On a shared CPU the figures say what that machine did then; the load average is recorded
beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import json
import logging
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from benchmarks.harness import RESULTS_DIR, ROOT, machine

OUT = RESULTS_DIR / "load"
SDK_TIMEOUT = 10.0  # the official SDK's default, used unchanged
DEFAULT_CLIENTS = {"sdk": "1,8,32,64", "burst": "128,256", "memory": "8"}
ADMISSION_KEYS = ("seconds_per_token", "estimate_error", "cold", "in_flight", "waiting", "backlog_s", "promised")
MEMORY_CLIENT_TIMEOUT = 60.0  # a ~1,000-token state alone takes seconds on a 2-core CPU: past the SDK's 10 s queued
QUESTIONS = {
    "refund": {"type": "noul", "instructions": "Is the customer asking for money back?"},
    "team": {"type": "choice", "instructions": "Which team?", "criteria": {"billing": "Payments, refunds", "sales": None}},
    "anger": {"type": "score", "instructions": "How angry?", "criteria": ["Calm", "Frustrated", "Very angry"]},
}


def by_refusals(answered: list[dict]) -> dict:
    """Answered calls by how many 429s each met first (0, 1, 2, 3+)."""
    return {"0": sum(c["refusals"] == 0 for c in answered), "1": sum(c["refusals"] == 1 for c in answered),
            "2": sum(c["refusals"] == 2 for c in answered), "3+": sum(c["refusals"] >= 3 for c in answered)}


def ticket(i: int) -> str:
    return f"Ticket {i}: I was charged twice for invoice {1000 + i} and want my money back."


# -- the server and its memory ----------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`jev serve` on a free loopback port, with an RSS sampler."""

    def __init__(self, model: str, extra: list[str]):
        import httpx

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if k != "JEV_API_KEY"}
        self.cmd = [sys.executable, "-m", "jev_model", "serve", "--model", model, "--port", str(self.port), *extra]
        self.proc = subprocess.Popen(self.cmd, cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                sys.exit(f"the server exited with {self.proc.returncode}: {self.proc.stderr.read()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/health", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.5)
        else:
            self.proc.terminate()
            sys.exit("the server was not ready after 300 s")
        self.log: list[str] = []
        threading.Thread(target=lambda: self.log.extend(self.proc.stderr), daemon=True).start()
        self.rss: list[tuple[float, float]] = []  # (seconds since start, MB)
        self.admission: list[list] = []  # (seconds since start, *ADMISSION_KEYS) from /health
        self.t0 = time.monotonic()
        self._stop = threading.Event()
        threading.Thread(target=self._sample, daemon=True).start()

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def _sample(self):
        import httpx

        while not self._stop.wait(1.0):
            t = round(time.monotonic() - self.t0, 1)
            try:
                self.rss.append((t, round(self.rss_mb(), 1)))
            except OSError:
                return
            try:  # what admission thought each second: its estimate, cold, error, requests in the server
                h = httpx.get(f"{self.url}/health", timeout=2).json()
                self.admission.append([t] + [h.get(k) for k in ADMISSION_KEYS])
            except (httpx.HTTPError, ValueError):
                pass

    def health(self) -> dict:
        import httpx

        return httpx.get(f"{self.url}/health", timeout=10).json()

    def close(self):
        self._stop.set()
        self.proc.terminate()
        self.proc.wait(timeout=60)


# -- counting what the SDK did, from its own log lines ------------------------------------------------
CALL_ATTEMPTS: contextvars.ContextVar[list | None] = contextvars.ContextVar("call_attempts", default=None)


class SdkLog(logging.Handler):
    """The SDK logs ``POST url <- 200 in 812ms (request ...)``, ``<- ReadTimeout`` and, at
    debug level, each response's headers, on the calling thread (or task): each client
    thread's attempts, in order, are its current call's, each ``[status, ms, retry-after s or
    None]``; an asyncio task's go to the list it set in ``CALL_ATTEMPTS``."""

    STATUS = re.compile(r"<- (\d{3}) in (\d+)ms")
    ERROR = re.compile(r"<- ([A-Za-z]+)$")
    TOLD = re.compile(r"<- headers=.*'retry-after-ms': '(\d+)'")

    def __init__(self):
        super().__init__(logging.DEBUG)
        self._mu = threading.Lock()  # not self.lock: logging.Handler holds that one around emit
        self.attempts: dict[int, list[list]] = {}  # thread -> its attempts since the last take

    def emit(self, record):
        msg = record.getMessage()
        with self._mu:
            mine = CALL_ATTEMPTS.get()
            if mine is None:
                mine = self.attempts.setdefault(record.thread, [])
            if m := self.STATUS.search(msg):
                mine.append([m.group(1), int(m.group(2)), None])
            elif m := self.ERROR.search(msg):
                mine.append([m.group(1), None, None])
            elif (m := self.TOLD.search(msg)) and mine:
                mine[-1][2] = int(m.group(1)) / 1000

    def take(self) -> list[list]:
        """This thread's attempts since the last take."""
        with self._mu:
            return self.attempts.pop(threading.get_ident(), [])


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return round(ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo), 3)


def call_record(outcome: str, t0: float, attempts: list[list]) -> dict:
    """One call: its outcome, its seconds (waits included) and its HTTP attempts."""
    statuses = [status for status, _, _ in attempts]
    returns = [after for before, after in zip(statuses, statuses[1:]) if before == "429"]
    return {"outcome": outcome, "seconds": round(time.monotonic() - t0, 3), "attempts": attempts,
            "refusals": statuses.count("429"), "returns": len(returns),
            "returns_admitted": sum(r != "429" for r in returns),
            "told_s": [told for _, _, told in attempts if told is not None]}


# -- scenarios ---------------------------------------------------------------------------------------
def sdk_level(server: Server, clients: int, seconds: float, cap: float) -> dict:
    """``clients`` official-SDK clients on default settings, each starting calls one after
    another for ``seconds``; a call refused with 429 once the SDK's own retries are spent waits
    what it was told and is called again, until answered, or ``cap`` seconds after it began."""
    from typesafe_sdk import TypeSafeAPITimeoutError, TypeSafeClient
    from typesafe_sdk import TypeSafeInternalServerError as InternalServerError
    from typesafe_sdk import TypeSafeRateLimitError as RateLimitError

    log = SdkLog()
    sdk_logger = logging.getLogger("typesafe_sdk")
    sdk_logger.addHandler(log)
    sdk_logger.setLevel(logging.DEBUG)  # the response headers: each 429's Retry-After
    sdk_logger.propagate = False
    lock = threading.Lock()
    calls: list[dict] = []
    counter = [0]
    start = time.monotonic()
    stop_at = start + seconds

    def call(sdk, i: int) -> dict:
        t0, attempts, outcome = time.monotonic(), [], None
        while outcome is None:
            try:
                sdk.system_one(state=ticket(i), questions=QUESTIONS)
                outcome = "answered"
            except RateLimitError as exc:  # the SDK's own retries are spent: wait as told, call again
                wait = float(exc.headers.get("retry-after-ms", 0)) / 1000 or float(exc.headers.get("retry-after", 1))
                if time.monotonic() + wait > t0 + cap:
                    outcome = "hit the cap"
                else:
                    attempts += log.take()
                    time.sleep(wait)
            except TypeSafeAPITimeoutError:
                outcome = "timeout"
            except InternalServerError:
                outcome = "5xx"
            except Exception as exc:  # noqa: BLE001 - counted by kind
                outcome = f"error: {type(exc).__name__}"
        attempts += log.take()
        return call_record(outcome, t0, attempts)

    def client():
        with TypeSafeClient(api_key="load", base_url=server.url) as sdk:  # the SDK's defaults otherwise
            while time.monotonic() < stop_at:
                with lock:
                    i = counter[0]
                    counter[0] += 1
                one = call(sdk, i)
                with lock:
                    calls.append(one)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - start
    sdk_logger.removeHandler(log)
    outcomes: dict[str, int] = {}
    for c in calls:
        outcomes[c["outcome"]] = outcomes.get(c["outcome"], 0) + 1
    answered = [c for c in calls if c["outcome"] == "answered"]
    attempts = [a for c in calls for a in c["attempts"]]
    ok_s = [ms / 1000 for status, ms, _ in attempts if status == "200"]
    statuses: dict[str, int] = {}
    for status, _, _ in attempts:
        statuses[status] = statuses.get(status, 0) + 1
    return {"clients": clients, "seconds": round(wall, 1), "calls": len(calls), "outcomes": outcomes,
            "answered_after_refusals": by_refusals(answered),
            "returns_after_retry_after": sum(c["returns"] for c in calls),
            "returns_admitted": sum(c["returns_admitted"] for c in calls),
            "http_attempts": len(attempts), "http_statuses": statuses,
            "attempts_over_10s": sum(s > SDK_TIMEOUT for s in ok_s) + statuses.get("ReadTimeout", 0),
            "answered_per_s": round(len(answered) / wall, 3),
            "answered_attempt_s": {"p50": percentile(ok_s, 0.5), "p95": percentile(ok_s, 0.95), "max": max(ok_s, default=None)},
            "answered_call_s": {"p50": percentile([c["seconds"] for c in answered], 0.5),
                                "p95": percentile([c["seconds"] for c in answered], 0.95),
                                "max": max((c["seconds"] for c in answered), default=None)},
            "longest_retry_after_s": max((w for c in calls for w in c["told_s"]), default=None),
            "calls_detail": [{k: v for k, v in c.items() if k != "attempts"} | {"statuses": [s for s, _, _ in c["attempts"]]}
                             for c in calls]}


# -- a burst: every client at once (#24) -------------------------------------------------------------
BURST_QUESTION = {"urgent": {"type": "noul", "instructions": "Is this urgent?"}}


def long_state(k: int, tokens: int) -> str:
    """A distinct state of about ``tokens`` tokens (about 16 a line)."""
    return " ".join(f"Case {k}, line {n}: the customer repeats the complaint about invoice {k}-{n}."
                    for n in range(max(1, tokens // 16)))


async def sdk_call(sdk, state: str, questions: dict, cap: float) -> dict:
    """One ``system_one`` call through an ``AsyncTypeSafeClient``: a 429 the SDK gives up on
    waits its Retry-After and is called again, until answered or ``cap`` seconds; its attempts
    come from the SDK's log lines (``CALL_ATTEMPTS``: this task's own list)."""
    from typesafe_sdk import TypeSafeAPITimeoutError
    from typesafe_sdk import TypeSafeInternalServerError as InternalServerError
    from typesafe_sdk import TypeSafeRateLimitError as RateLimitError

    attempts: list[list] = []
    CALL_ATTEMPTS.set(attempts)  # a task runs in its own copy of the context
    t0, outcome, tokens = time.monotonic(), None, None
    while outcome is None:
        try:
            answer = await sdk.system_one(state=state, questions=questions)
            outcome, tokens = "answered", answer.usage.input_tokens
        except RateLimitError as exc:
            wait = float(exc.headers.get("retry-after-ms", 0)) / 1000 or float(exc.headers.get("retry-after", 1))
            if time.monotonic() + wait > t0 + cap:
                outcome = "hit the cap"
            else:
                await asyncio.sleep(wait)
        except TypeSafeAPITimeoutError:
            outcome = "timeout"
        except InternalServerError:
            outcome = "5xx"
        except Exception as exc:  # noqa: BLE001 - counted by kind
            outcome = f"error: {type(exc).__name__}"
    return call_record(outcome, t0, attempts) | {"input_tokens": tokens}


async def http_call(client, url: str, body: dict, cap: float, headers: dict | None = None) -> dict:
    """The same call with a plain HTTP client (its own timeout, no retries of its own): every
    admitted answer's real time is seen, also past 10 s; a 429 waits its Retry-After."""
    import httpx

    attempts: list[list] = []
    t0, outcome, tokens = time.monotonic(), None, None
    while outcome is None:
        a0 = time.monotonic()
        try:
            r = await client.post(f"{url}/v1/systemone", json=body, headers=headers)
        except httpx.TimeoutException as exc:
            attempts.append([type(exc).__name__, None, None])
            outcome = "timeout"
            break
        except httpx.HTTPError as exc:
            attempts.append([type(exc).__name__, None, None])
            outcome = f"error: {type(exc).__name__}"
            break
        told = float(r.headers["retry-after-ms"]) / 1000 if "retry-after-ms" in r.headers else None
        attempts.append([str(r.status_code), round((time.monotonic() - a0) * 1000), told])
        if r.status_code == 200:
            outcome, tokens = "answered", r.json()["usage"]["input_tokens"]
        elif r.status_code == 429:
            wait = told if told is not None else float(r.headers.get("retry-after", 1))
            if time.monotonic() + wait > t0 + cap:
                outcome = "hit the cap"
            else:
                await asyncio.sleep(wait)
        else:
            outcome = "5xx" if r.status_code >= 500 else f"error: {r.status_code}"
    return call_record(outcome, t0, attempts) | {"input_tokens": tokens}


def make_client(kind: str, url: str, client_timeout: float | None):
    """An official ``AsyncTypeSafeClient`` on its defaults (``client_timeout``: its timeout,
    also sent as ``x-jev-timeout``), or a plain ``httpx.AsyncClient`` (60 s unless told)."""
    headers = {"x-jev-timeout": f"{client_timeout:g}"} if client_timeout else None
    if kind == "sdk":
        from typesafe_sdk import AsyncTypeSafeClient

        extra = {"timeout": client_timeout, "headers": headers} if client_timeout else {}
        return AsyncTypeSafeClient(api_key="load", base_url=url, **extra)
    import httpx

    return httpx.AsyncClient(timeout=client_timeout or 60.0, headers=headers,
                             limits=httpx.Limits(max_connections=1, max_keepalive_connections=1))


async def one_call(kind: str, client, url: str, body: dict, cap: float) -> dict:
    if kind == "sdk":
        return await sdk_call(client, body["state"], body["questions"], cap)
    return await http_call(client, url, body, cap)


def with_sdk_log(run):
    """Run ``run()`` with the SDK's log lines (debug: each response's headers) counted."""
    log = SdkLog()
    sdk_logger = logging.getLogger("typesafe_sdk")
    sdk_logger.addHandler(log)
    sdk_logger.setLevel(logging.DEBUG)
    sdk_logger.propagate = False
    try:
        return run()
    finally:
        sdk_logger.removeHandler(log)


def call_figures(calls: list[dict], wall: float) -> dict:
    """What every call and HTTP attempt came to (the burst and memory scenarios)."""
    outcomes: dict[str, int] = {}
    for c in calls:
        outcomes[c["outcome"]] = outcomes.get(c["outcome"], 0) + 1
    answered = [c for c in calls if c["outcome"] == "answered"]
    attempts = [a for c in calls for a in c["attempts"]]
    statuses: dict[str, int] = {}
    for status, _, _ in attempts:
        statuses[status] = statuses.get(status, 0) + 1
    ok_s = [ms / 1000 for status, ms, _ in attempts if status == "200"]
    refused_s = [ms / 1000 for status, ms, _ in attempts if status == "429"]
    call_s = [c["seconds"] for c in answered]
    return {"calls": len(calls), "outcomes": outcomes,
            "answered_after_refusals": by_refusals(answered),
            "returns_after_retry_after": sum(c["returns"] for c in calls),
            "returns_admitted": sum(c["returns_admitted"] for c in calls),
            "http_attempts": len(attempts), "http_statuses": statuses,
            "attempts_without_response": sum(n for s, n in statuses.items() if not s.isdigit()),
            "attempts_5xx": sum(n for s, n in statuses.items() if s.isdigit() and int(s) >= 500),
            "admitted_answers_over_10s": sum(t > SDK_TIMEOUT for t in ok_s),
            "answered_attempt_s": {"p50": percentile(ok_s, 0.5), "p95": percentile(ok_s, 0.95), "max": max(ok_s, default=None)},
            "refused_attempt_s": {"p50": percentile(refused_s, 0.5), "max": max(refused_s, default=None)},
            "answered_call_s": {"p50": percentile(call_s, 0.5), "p95": percentile(call_s, 0.95), "max": max(call_s, default=None)},
            "longest_retry_after_s": max((w for c in calls for w in c["told_s"]), default=None),
            "answered_per_s": round(len(answered) / wall, 3) if wall else None,
            "input_tokens": {"min": min((c["input_tokens"] for c in answered), default=None),
                             "max": max((c["input_tokens"] for c in answered), default=None)},
            "calls_detail": [{k: v for k, v in c.items() if k != "attempts"} | {"statuses": [s for s, _, _ in c["attempts"]]}
                             for c in calls]}


def verdict(r: dict) -> dict:
    """The issue's bar for a burst: no attempt without a response within 10 s, no admitted
    answer later than 10 s (the client's or the server's count), no 5xx, every call answered or
    still waiting a Retry-After at the cap, and every return after a Retry-After admitted."""
    h = r["health_after"]
    o = r["outcomes"]
    checks = {"no attempt without a response": r["attempts_without_response"] == 0,
              "no admitted answer over 10 s": r["admitted_answers_over_10s"] == 0 and h.get("answered_past_timeout", 0) == 0
              and h.get("dropped", 0) == 0,
              "no 5xx": r["attempts_5xx"] == 0,
              "every call answered": o.get("answered", 0) == r["calls"],
              "every Retry-After held": r["returns_admitted"] == r["returns_after_retry_after"]}
    return {"met": all(checks.values()), **checks}


def burst(server: Server, clients: int, kind: str, cap: float, client_timeout: float | None) -> dict:
    """``clients`` clients, each sending one short noul request (its own state) at the same
    moment (``kind``: the official SDK on its defaults, or a plain HTTP client)."""
    bodies = [{"state": ticket(70_000 + i), "questions": BURST_QUESTION} for i in range(clients)]

    async def run() -> tuple[list[dict], float]:
        made = [make_client(kind, server.url, client_timeout) for _ in range(clients)]
        start = time.monotonic()
        try:
            calls = await asyncio.gather(*(one_call(kind, c, server.url, b, cap) for c, b in zip(made, bodies)))
        finally:
            await asyncio.gather(*(c.aclose() for c in made), return_exceptions=True)
        return list(calls), time.monotonic() - start

    calls, wall = with_sdk_log(lambda: asyncio.run(run()))
    figures = {"clients": clients, "client": kind, "client_timeout": client_timeout, "seconds": round(wall, 1),
               **call_figures(calls, wall), "health_after": server.health()}
    figures["verdict"] = verdict(figures)
    return figures


def memory(server: Server, clients: int, count: int, state_tokens: int, kind: str, cap: float,
           client_timeout: float | None) -> dict:
    """``clients`` clients at once, each sending distinct ~``state_tokens``-token states one
    after another until ``count`` calls have been made; RSS over time, and whether it was flat
    over the last third of the run."""
    by_calls: list[tuple[int, float]] = []  # (calls finished, RSS MB) after every call
    started, finished = [0], [0]

    async def client_loop(client) -> list[dict]:
        mine = []
        while started[0] < count:
            k = started[0]
            started[0] += 1
            body = {"state": long_state(k, state_tokens), "questions": BURST_QUESTION}
            mine.append(await one_call(kind, client, server.url, body, cap))
            finished[0] += 1
            by_calls.append((finished[0], round(server.rss_mb(), 1)))
            if finished[0] % 10 == 0:
                print(f"memory: {finished[0]} states, RSS {by_calls[-1][1]} MB", file=sys.stderr, flush=True)
        return mine

    async def run() -> tuple[list[dict], float]:
        made = [make_client(kind, server.url, client_timeout) for _ in range(clients)]
        start = time.monotonic()
        try:
            per_client = await asyncio.gather(*(client_loop(c) for c in made))
        finally:
            await asyncio.gather(*(c.aclose() for c in made), return_exceptions=True)
        return [c for calls in per_client for c in calls], time.monotonic() - start

    calls, wall = with_sdk_log(lambda: asyncio.run(run()))
    return {"clients": clients, "client": kind, "client_timeout": client_timeout, "count": count,
            "state_tokens_approx": state_tokens, "seconds": round(wall, 1), **call_figures(calls, wall),
            "rss_mb_by_calls": by_calls[9::10], "flat": flat_over_last_third(by_calls), "health_after": server.health()}


def flat_over_last_third(samples: list[tuple[float, float]]) -> dict:
    """Whether RSS (``(calls done, MB)`` after each call; the server's own 1 s samples are in
    ``rss_mb_over_time``) grew over the last third of the run: the most in the last third
    against the most before it, within a tolerance of max(16 MB, 1 %)."""
    if len(samples) < 3:
        return {"flat": None, "why": "fewer than 3 RSS samples"}
    t0, t1 = samples[0][0], samples[-1][0]
    cut = t0 + (t1 - t0) * 2 / 3
    before = max(mb for t, mb in samples if t < cut)
    last = max((mb for t, mb in samples if t >= cut), default=before)
    tolerance = max(16.0, 0.01 * before)
    return {"flat": last - before <= tolerance, "max_before_mb": before, "max_last_third_mb": last,
            "growth_mb": round(last - before, 1), "tolerance_mb": round(tolerance, 1),
            "first_mb": samples[0][1], "max_mb": max(mb for _, mb in samples)}


def timed_post(url: str, body: dict, timeout: float = 120, headers: dict | None = None) -> tuple[int, float]:
    import httpx

    t0 = time.perf_counter()
    r = httpx.post(f"{url}/v1/systemone", json=body, timeout=timeout, headers=headers)
    return r.status_code, round(time.perf_counter() - t0, 3)


def small(i: int) -> dict:
    return {"state": ticket(i), "questions": {"urgent": {"type": "noul", "instructions": "Is this urgent?"}}}


def hol(server: Server, big_tokens: int, repeats: int, big_wait: float = 45.0) -> dict:
    """A small request alone, then while a ~``big_tokens``-token state is being read (its
    client waits ``big_wait`` seconds, then hangs up)."""
    import httpx

    alone = [timed_post(server.url, small(10_000 + k)) for k in range(repeats)]
    words = " ".join(f"line {n}: the customer repeats the complaint about invoice {n}." for n in range(big_tokens // 14))
    big = {"state": words, "questions": {"urgent": {"type": "noul", "instructions": "Is this urgent?"}}}
    out: dict = {}

    def send_big():
        try:
            out["big"] = timed_post(server.url, big, timeout=big_wait, headers={"x-jev-timeout": "3600"})
        except httpx.TimeoutException:
            out["big"] = ("client timeout", None)

    t = threading.Thread(target=send_big, daemon=True)
    t.start()
    time.sleep(2.0)
    during_health = server.health()
    during = [timed_post(server.url, small(20_000 + k)) for k in range(repeats)]
    after_health = server.health()
    t.join(timeout=big_wait + 30)  # the big client gives up after big_wait: its work is dropped
    a = statistics.median(s for _, s in alone)
    d = statistics.median(s for _, s in during)
    return {"small_alone_s": alone, "small_during_s": during, "big": out.get("big"),
            "big_state_tokens_approx": big_tokens, "health_during": during_health, "health_after_smalls": after_health,
            "median_alone_s": a, "median_during_s": d, "ratio": round(d / a, 2),
            "chunk_s_estimate": round(during_health["seconds_per_token"] * 256, 2)}


def abandoned(server: Server, clients: int, repeats: int) -> dict:
    """``clients`` requests whose clients hang up after 0.5 s, then the next request."""
    import httpx

    alone = [timed_post(server.url, small(30_000 + k)) for k in range(repeats)]

    def quit_early(i):
        try:
            httpx.post(f"{server.url}/v1/systemone", json=small(40_000 + i), timeout=0.5)
        except httpx.TimeoutException:
            pass

    threads = [threading.Thread(target=quit_early, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    time.sleep(0.5)
    health = server.health()
    after = [timed_post(server.url, small(50_000 + k)) for k in range(repeats)]
    a, b = statistics.median(s for _, s in alone), statistics.median(s for _, s in after)
    return {"clients_hung_up": clients, "small_alone_s": alone, "small_after_s": after, "health_after_hang_ups": health,
            "median_alone_s": a, "median_after_s": b, "ratio": round(b / a, 2)}


def states(server: Server, count: int) -> dict:
    """``count`` distinct states one after another; RSS every 25."""
    samples = []
    base = server.rss_mb()
    for i in range(count):
        status, _ = timed_post(server.url, small(60_000 + i))
        assert status == 200, status
        if (i + 1) % 25 == 0:
            samples.append((i + 1, round(server.rss_mb(), 1)))
            print(f"states: {i + 1}, RSS {samples[-1][1]} MB", file=sys.stderr, flush=True)  # a cut run keeps these
    return {"count": count, "rss_mb_before": round(base, 1), "rss_mb_by_states": samples,
            "rss_mb_max": max(m for _, m in samples), "health": server.health()}


# -- writing -----------------------------------------------------------------------------------------
def write(name: str, result: dict, md: str, out: str | None = None) -> None:
    """``<out>.json`` and ``<out>.md``; ``out`` defaults to ``benchmarks/results/load/load-<name>``."""
    stem = Path(out) if out else OUT / f"load-{name}"
    stem.parent.mkdir(parents=True, exist_ok=True)
    Path(f"{stem}.json").write_text(json.dumps(result, indent=2) + "\n")
    m = result["machine"]
    Path(f"{stem}.md").write_text(
        f"{md}\nMachine: {m['cores']} CPUs, flags {', '.join(m['cpu_flags'])}, load average {m['load_average']} "
        f"(shared with other jobs), {result['when']}.  Server: `{' '.join(result['server'])}`.\n\n"
        f"Command: `{result['command']}`\n")
    print(f"wrote {stem}.md", file=sys.stderr)


def wait_for_quiet(path: str | None) -> bool:
    """On a shared machine: wait until ``path`` exists (another job's signal that the CPU is
    quiet), checking every 30 s; returns whether it existed (True when none is asked for)."""
    if not path:
        return True
    while not os.path.exists(path):
        print(f"waiting for {path} (a quiet CPU) ...", file=sys.stderr)
        time.sleep(30)
    return True


def run_scenario(name: str, args) -> None:
    extra = list(args.server_arg)
    if name in ("states", "memory"):
        extra += ["--cache-mb", str(args.cache_mb)]
    clients = args.clients or DEFAULT_CLIENTS.get(name, "")
    levels = [int(x) for x in clients.split(",")] if name in ("sdk", "burst") else [None]
    rows = []
    for level in levels:
        wait_for_quiet(args.quiet_file)
        server = Server(args.model, extra)
        try:
            load_before = os.getloadavg()[0]
            if name == "sdk":
                figures = sdk_level(server, level, args.seconds, args.cap)
            elif name == "hol":
                figures = hol(server, args.big_tokens, args.repeats)
            elif name == "abandoned":
                figures = abandoned(server, args.hang_ups, args.repeats)
            elif name == "burst":
                figures = burst(server, level, args.client, args.cap, args.client_timeout)
            elif name == "memory":
                figures = memory(server, int(clients), args.count or 300, args.state_tokens, args.client, args.cap,
                                 MEMORY_CLIENT_TIMEOUT if args.client_timeout is None else args.client_timeout or None)
            else:
                figures = states(server, args.count or 1000)
            figures["load_average_1m_before_after"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
            if args.quiet_file:  # was the machine still quiet at the end of the level?
                figures["quiet_file_at_end"] = os.path.exists(args.quiet_file)
            figures["rss_mb_over_time"] = server.rss[:: max(1, len(server.rss) // 60)]
            figures["server_log_lines"] = len(server.log)
            broken = [re.sub(r"[\d.]+", "N", line.split("refused again: ", 1)[1].strip())
                      for line in server.log if "refused again: " in line]
            figures["promises_broken_why"] = {w: broken.count(w) for w in sorted(set(broken))}
            figures["promises_broken_lines"] = [line.strip() for line in server.log if "refused again: " in line][:20]
            figures["admission_over_time"] = {"keys": ["s", *ADMISSION_KEYS], "rows": server.admission}
            seen = [row for row in server.admission if row[1] is not None]
            if seen:
                figures["admission_summary"] = {"cold_seconds": sum(1 for row in seen if row[3]),
                                                "estimate_error_max": max(row[2] or 1 for row in seen),
                                                "seconds_per_token_min_max": [min(row[1] for row in seen),
                                                                              max(row[1] for row in seen)],
                                                "in_flight_max": max(row[4] or 0 for row in seen)}
        finally:
            server.close()
        rows.append(figures)
        print(json.dumps({k: v for k, v in figures.items() if k not in ("rss_mb_over_time", "calls_detail", "admission_over_time")}),
              file=sys.stderr)
        if "verdict" in figures:
            print(f"burst of {figures['clients']}: " + ("MET" if figures["verdict"]["met"] else "MISSED") + " - "
                  + ", ".join(f"{k}: {'yes' if v else 'NO'}" for k, v in figures["verdict"].items() if k != "met"),
                  file=sys.stderr)
        if "flat" in figures:
            f = figures["flat"]
            print(f"RSS flat over the last third: {'yes' if f['flat'] else 'NO' if f['flat'] is False else '?'} "
                  f"({json.dumps(f)})", file=sys.stderr)
        result = {"scenario": name, "rows": rows, "machine": machine(), "server": server.cmd[2:],
                  "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                  "command": "python -m benchmarks.load " + " ".join(sys.argv[1:])}
        write(name, result, markdown(name, rows, args), args.out)  # after every level: a long run keeps what it measured


def markdown(name: str, rows: list[dict], args) -> str:
    rss = lambda r: f"{min(m for _, m in r['rss_mb_over_time']):.0f}-{max(m for _, m in r['rss_mb_over_time']):.0f}"  # noqa: E731
    if name == "sdk":
        out = [f"# Official SDK clients on default settings, calls started for {args.seconds:g} s\n",
               "Each client calls `system_one` one call after another; the SDK (10 s timeout, 2 retries honouring "
               "`retry-after-ms`, 30 s retry budget) retries by itself, and a call it gives up on with a 429 waits "
               f"what it was told and is called again, until answered (cap {args.cap:g} s a call). A *return* is an "
               "attempt made after a 429's Retry-After; *admitted* means it was not refused again.\n",
               "| clients | calls | answered first try | after 1 / 2 / 3+ refusals | hit the cap | returns admitted / all "
               "| timeouts | 5xx | other | attempts over 10 s | answered attempt p50 / p95 / max (s) | call p50 / p95 / max (s), "
               "waits included | longest Retry-After (s) | answered/s | HTTP attempts (429s) | RSS MB | load avg 1 min "
               "(before, after) |", "|" + "---|" * 18]
        for r in rows:
            o, n, a, c = r["outcomes"], r["answered_after_refusals"], r["answered_attempt_s"], r["answered_call_s"]
            other = sum(v for k, v in o.items() if k not in ("answered", "hit the cap", "timeout", "5xx"))
            quiet = "" if r.get("quiet_file_at_end", True) else " (not quiet at the end)"
            out.append(f"| {r['clients']} | {r['calls']} | {n['0']} | {n['1']} / {n['2']} / {n['3+']} | "
                       f"{o.get('hit the cap', 0)} | {r['returns_admitted']} / {r['returns_after_retry_after']} | "
                       f"{o.get('timeout', 0)} | {o.get('5xx', 0)} | {other} | {r['attempts_over_10s']} | "
                       f"{a['p50']} / {a['p95']} / {a['max']} | {c['p50']} / {c['p95']} / {c['max']} | "
                       f"{r['longest_retry_after_s']} | {r['answered_per_s']} | {r['http_attempts']} "
                       f"({r['http_statuses'].get('429', 0)}) | {rss(r)} | {r['load_average_1m_before_after']}{quiet} |")
        others = {r["clients"]: {k: v for k, v in r["outcomes"].items() if k not in ("answered", "hit the cap", "timeout", "5xx")}
                  for r in rows}
        if any(others.values()):
            out.append("\n'other': " + json.dumps(others))
        out.append("")
        return "\n".join(out)
    if name == "burst":
        out = [f"# A burst: every client at once ({rows[0]['client']} clients)\n",
               "Each client sends one short noul request (its own state) at the same moment: the official SDK's "
               "`AsyncTypeSafeClient` on its defaults (10 s timeout, 2 retries honouring `retry-after-ms`, 30 s retry "
               "budget), or a plain HTTP client (`--client http`, 60 s) that sees admitted answers past 10 s. A call "
               f"refused once the client's retries are spent waits its Retry-After and is called again (cap {args.cap:g} s). "
               "*Without a response*: attempts that timed out; *past timeout / dropped*: the server's own count of "
               "answers later than the client's timeout and of work dropped when its client hung up.\n",
               "| clients | calls answered | hit the cap | other outcomes | HTTP attempts | 429s | attempts without a "
               "response | admitted answers over 10 s | past timeout / dropped (server) | 5xx | returns admitted / all "
               "| 429 latency p50 / max (s) | answered attempt p50 / p95 / max (s) | call p50 / p95 / max (s) | longest "
               "Retry-After (s) | met | load avg 1 min (before, after) |", "|" + "---|" * 17]
        for r in rows:
            o, h, a, c, q = r["outcomes"], r["health_after"], r["answered_attempt_s"], r["answered_call_s"], r["refused_attempt_s"]
            other = {k: v for k, v in o.items() if k not in ("answered", "hit the cap")}
            out.append(f"| {r['clients']} | {o.get('answered', 0)} | {o.get('hit the cap', 0)} | {json.dumps(other) if other else 0} "
                       f"| {r['http_attempts']} | {r['http_statuses'].get('429', 0)} | {r['attempts_without_response']} | "
                       f"{r['admitted_answers_over_10s']} | {h.get('answered_past_timeout')} / {h.get('dropped')} | "
                       f"{r['attempts_5xx']} | {r['returns_admitted']} / {r['returns_after_retry_after']} | "
                       f"{q['p50']} / {q['max']} | {a['p50']} / {a['p95']} / {a['max']} | {c['p50']} / {c['p95']} / {c['max']} | "
                       f"{r['longest_retry_after_s']} | {'yes' if r['verdict']['met'] else 'no'} | "
                       f"{r['load_average_1m_before_after']} |")
        out.append("\nMissed checks: " + json.dumps({r["clients"]: [k for k, v in r["verdict"].items() if v is False]
                                                       for r in rows}) + "\n")
        return "\n".join(out)
    r = rows[0]
    if name == "memory":
        f = r["flat"]
        return (f"# Memory: {r['clients']} clients at once, {r['calls']} distinct ~{r['state_tokens_approx']}-token states "
                f"(--cache-mb {args.cache_mb:g})\n\n| calls answered | input tokens min-max | RSS first / max MB | RSS "
                f"flat over the last third | growth in the last third (MB, tolerance) | attempts without a response | "
                f"5xx | returns admitted / all |\n|---|---|---|---|---|---|---|---|\n| {r['outcomes'].get('answered', 0)} | "
                f"{r['input_tokens']['min']}-{r['input_tokens']['max']} | {f.get('first_mb')} / {f.get('max_mb')} | "
                f"{'yes' if f.get('flat') else 'no'} | {f.get('growth_mb')} ({f.get('tolerance_mb')}) | "
                f"{r['attempts_without_response']} | {r['attempts_5xx']} | {r['returns_admitted']} / "
                f"{r['returns_after_retry_after']} |\n\n| calls done | RSS MB |\n|---|---|\n"
                + "\n".join(f"| {n} | {m} |" for n, m in r["rss_mb_by_calls"])
                + f"\n\nCaches at the end: {json.dumps({k: v for k, v in r['health_after'].items() if k in ('cache_bytes', 'cache_bound_bytes')})}"
                  f"; client: {r['client']}, timeout {r['client_timeout']} s.  RSS over time: {rss(r)} MB.\n")
    if name == "hol":
        return (f"# A small request while a ~{r['big_tokens_approx'] if 'big_tokens_approx' in r else r['big_state_tokens_approx']}"
                f"-token state is read\n\n| small alone (median s) | small during (median s) | ratio | one chunk (256 tokens, "
                f"est. s) | big request |\n|---|---|---|---|---|\n| {r['median_alone_s']} | {r['median_during_s']} | "
                f"{r['ratio']} | {r['chunk_s_estimate']} | {r['big']} |\n\nEach: alone {r['small_alone_s']}, during "
                f"{r['small_during_s']}.  Health while the big one ran: {json.dumps(r['health_during'])}.  RSS MB {rss(r)}.\n")
    if name == "abandoned":
        return (f"# The next request after {r['clients_hung_up']} clients hung up\n\n| small alone (median s) | small "
                f"after the hang-ups (median s) | ratio | dropped | waiting |\n|---|---|---|---|---|\n| {r['median_alone_s']} "
                f"| {r['median_after_s']} | {r['ratio']} | {r['health_after_hang_ups']['dropped']} | "
                f"{r['health_after_hang_ups']['waiting']} |\n\nEach: alone {r['small_alone_s']}, after {r['small_after_s']}. "
                f"RSS MB {rss(r)}.\n")
    return (f"# RSS over {r['count']} distinct states (--cache-mb {args.cache_mb:g})\n\n| states | RSS MB |\n|---|---|\n"
            + "\n".join(f"| {n} | {m} |" for n, m in r["rss_mb_by_states"])
            + f"\n\nRSS before the first state: {r['rss_mb_before']} MB; max {r['rss_mb_max']} MB; caches at the end: "
              f"{json.dumps({k: v for k, v in r['health'].items() if k in ('cache_bytes', 'cache_bound_bytes')})}.\n")


def main() -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("scenario", choices=["sdk", "hol", "abandoned", "states", "burst", "memory", "all"])
    p.add_argument("--model", default="default")
    p.add_argument("--server-arg", action="append", default=[], help="a flag for `jev serve` (repeat), e.g. --server-arg=--threads=1")
    p.add_argument("--clients", help="sdk, burst: concurrent clients, comma-separated (default 1,8,32,64 and "
                                     "128,256); memory: clients at once (default 8)")
    p.add_argument("--client", choices=["sdk", "http"], default="sdk",
                   help="burst, memory: the official AsyncTypeSafeClient (default) or a plain HTTP client (60 s)")
    p.add_argument("--client-timeout", type=float,
                   help="burst, memory: the client's timeout, also sent as x-jev-timeout (default: burst the SDK's own "
                        f"10 s, no header; memory {MEMORY_CLIENT_TIMEOUT:g} s; 0: the SDK's own)")
    p.add_argument("--state-tokens", type=int, default=1000, help="memory: each distinct state's tokens (about)")
    p.add_argument("--seconds", type=float, default=60, help="sdk: seconds during which calls are started, per level")
    p.add_argument("--cap", type=float, default=1200, help="sdk: seconds a call may take, its waits included")
    p.add_argument("--quiet-file", help="start each level only while this file exists (a shared machine's quiet signal)")
    p.add_argument("--big-tokens", type=int, default=8000, help="hol: the large state's tokens (about)")
    p.add_argument("--hang-ups", type=int, default=50, help="abandoned: clients that hang up")
    p.add_argument("--repeats", type=int, default=3, help="hol, abandoned: small requests measured each way")
    p.add_argument("--count", type=int, help="states, memory: distinct states (default 1000 and 300)")
    p.add_argument("--cache-mb", type=float, default=64, help="states, memory: the server's --cache-mb")
    p.add_argument("--out", help="results as OUT.json and OUT.md (default benchmarks/results/load/load-<scenario>); "
                                 "one scenario only")
    args = p.parse_args()
    if args.out and args.scenario == "all":
        p.error("--out names one scenario's results: not with 'all'")
    for name in (["sdk", "hol", "abandoned", "states"] if args.scenario == "all" else [args.scenario]):
        run_scenario(name, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
