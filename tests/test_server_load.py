"""The server under load, on a tiny random-weight model: admission by deadline (429 at once with
Retry-After, 413 for what never fits), abandoned work dropped, chunks of different requests
interleaved, no 5xx for anything a client can send (a fuzz test), stalled and cut uploads,
bounded caches.  Behaviour only: no assertion on how long anything took."""

from __future__ import annotations

import gzip
import json
import logging
import random
import socket
import threading
import time
import zlib

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
zstandard = pytest.importorskip("zstandard")

from jev_model.core.engine import Engine  # noqa: E402
from jev_model.server.app import create_app  # noqa: E402
from jev_model.server.costs import prefill_steps, read_cost  # noqa: E402
from conftest import BASE, QUESTIONS, TICKET, Served, post  # noqa: E402


class Stepper:
    """The engine, each ``read`` held until the test allows one more; records what each read
    held (the states of its prompts)."""

    def __init__(self, engine):
        self.__dict__.update(_engine=engine, allowed=threading.Semaphore(0), reads=[], entered=threading.Semaphore(0))

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def read(self, jobs):
        self.entered.release()
        assert self.allowed.acquire(timeout=60), "the test never allowed this read"
        self.reads.append([j.prompt.prefix for j in jobs])
        return self._engine.read(jobs)

    def allow(self, n=1000):
        for _ in range(n):
            self.allowed.release()


@pytest.fixture(autouse=True)
def one_read_per_question(serve_engine):
    """These tests count reads, steps and queue places of the batcher: each question read once,
    as sent (the option orders and priors of core/corrections.py are tested in test_corrections)."""
    kept = serve_engine.settings
    serve_engine.settings = kept.replace(option_orders=1, context_prior="off")
    yield
    serve_engine.settings = kept


def _in_thread(fn):
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", fn()), daemon=True)
    t.start()
    return t, out


def _wait(cond, what="condition"):
    deadline = time.monotonic() + 60
    while not cond():
        assert time.monotonic() < deadline, f"{what} never came"
        time.sleep(0.01)


def ask(state, n=1):
    return {"state": f"{state}: {TICKET}", "questions": {f"q{i}": {**QUESTIONS["urgent"], "instructions": f"Is point {i} urgent?"}
                                          for i in range(n)}}


def cost_of(engine, body) -> int:
    """Tokens the server will cost ``body`` at, its state read once first (cached: no prefill
    steps, whose measured speed would replace the test's)."""
    requests = engine.plan_ask(body["state"], body["questions"])[1].requests
    engine.read(requests)
    return sum(p + c for p, c in read_cost(engine, requests))


def held(stepper, s, body, **kw):
    """Send ``body`` while the worker is held on a first request; returns (thread, out)."""
    return _in_thread(lambda: post(s, body, **kw))


# -- admission by deadline ------------------------------------------------------------------------
def test_over_the_deadline_gets_429_at_once_and_fits_later(serve_engine):
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, deadline=1.0, chunk_tokens=4096))
    try:
        batcher = s.app.state.batcher
        cost = cost_of(serve_engine, ask("first"))
        batcher.assume_speed(0.4 / cost)  # one request: 0.4 s of 1 s
        first = held(stepper, s, ask("first"))
        assert stepper.entered.acquire(timeout=30)  # the worker holds "first"; its work is taken
        time.sleep(0.5)  # past the estimate of the step running, which then counts 0 s
        second = held(stepper, s, ask("first"))
        _wait(lambda: batcher.waiting == 2, "the second request admitted")
        third = held(stepper, s, ask("first"))
        _wait(lambda: batcher.waiting == 3, "the third request admitted")
        busy = post(s, ask("first"))  # 0.8 s queued + its own 0.4 s > 1 s: refused
        assert busy.status_code == 429, busy.text
        assert busy.json()["detail"]["error_type"] == "rate_limit_error"
        assert int(busy.headers["retry-after"]) >= 1 and int(busy.headers["retry-after-ms"]) >= 250
        assert busy.headers["x-typesafe-request-id"].startswith("req_")
        assert batcher.waiting == 3
        # a client that says it waits longer is admitted; one that waits too little for even its
        # own work gets a 4xx naming the limit
        patient = held(stepper, s, ask("first"), headers={"x-jev-timeout": "30"})
        _wait(lambda: batcher.waiting == 4, "the patient request admitted")
        never = post(s, ask("first"), headers={"x-jev-timeout": "0.01"})
        assert never.status_code == 413 and "deadline" in never.json()["detail"]["message"]
        assert post(s, ask("first"), headers={"x-jev-timeout": "soon"}).status_code == 400
        stepper.allow()
        for t, out in (first, second, third, patient):
            t.join(60)
            assert out["r"].status_code == 200
    finally:
        stepper.allow()
        s.close()


def test_clients_refused_together_are_told_to_come_back_spread_out_and_find_their_room(serve_engine):
    """Clients refused together are told to come back one after another; when they come back
    (the same request again) they are admitted, and a new request that would take their room
    is refused (the line's logic: tests/test_admission.py)."""
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, deadline=1.0, chunk_tokens=4096))
    try:
        batcher = s.app.state.batcher
        batcher.line.grace = 600.0  # this test's clients come back late, when the test gets to them
        cost = cost_of(serve_engine, ask("promise"))
        batcher.assume_speed(0.3 / cost)
        first = held(stepper, s, ask("promise"))
        assert stepper.entered.acquire(timeout=30)
        time.sleep(0.5)  # past the estimate of the step running, which then counts 0 s
        queued = [held(stepper, s, ask("promise")) for i in range(3)]
        _wait(lambda: batcher.waiting == 4)
        refused = [post(s, ask(f"refused {i}")) for i in range(3)]
        waits = [float(r.headers["retry-after-ms"]) for r in refused]
        assert all(r.status_code == 429 for r in refused)
        assert waits == sorted(waits) and waits[2] > waits[0]  # spread out, in the order refused
        assert len(batcher.line) == 3
        stepper.allow()
        for t, out in (first, *queued):
            t.join(60)
            assert out["r"].status_code == 200
        time.sleep(waits[2] / 1000)  # all three are due now
        batcher.assume_speed(0.3 / cost)  # the worker measured the tiny model meanwhile
        newcomer = post(s, ask("newcomer"))  # the queue is empty, but three clients are due
        assert newcomer.status_code == 429 and "told to come back before" in newcomer.json()["detail"]["message"]
        for i in range(3):
            assert post(s, ask(f"refused {i}")).status_code == 200  # back when told: admitted
        assert len(batcher.line) == 1  # only the newcomer's, booked behind them
    finally:
        stepper.allow()
        s.close()


def test_a_burst_is_planned_one_request_at_a_time_and_counted_while_in_the_server(serve_engine, monkeypatch):
    """Planning (rendering, tokenizing) a burst on many threads at once would starve the worker
    (#24): the app plans one request at a time (``ServerConfig.planners``), and every request
    counts as in the server (``Batcher.in_flight``, /health) from its arrival to its answer."""
    from jev_model.server.serving import ServingSystemOne

    real, lock, planning, most = ServingSystemOne.plan, threading.Lock(), [0], [0]

    def plan(self, checked):
        with lock:
            planning[0] += 1
            most[0] = max(most[0], planning[0])
        time.sleep(0.05)  # long enough for the other requests to come meanwhile
        try:
            return real(self, checked)
        finally:
            with lock:
                planning[0] -= 1

    monkeypatch.setattr(ServingSystemOne, "plan", plan)
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, deadline=600, chunk_tokens=4096))
    try:
        batcher = s.app.state.batcher
        burst = [held(stepper, s, ask(f"burst {i}")) for i in range(8)]
        _wait(lambda: batcher.waiting == 8, "the burst admitted")  # the worker is held on the first
        assert most[0] == 1
        health = httpx.get(s.url + "/health", timeout=30).json()
        assert health["in_flight"] == batcher.in_flight == 8 and health["cold"] is False
        assert health["estimate_error"] >= 1 and health["answered_past_timeout"] == 0
        stepper.allow()
        for t, out in burst:
            t.join(60)
            assert out["r"].status_code == 200
        _wait(lambda: batcher.in_flight == 0, "every request out of the server")
    finally:
        stepper.allow()
        s.close()


def test_a_burst_refused_while_cold_waits_in_the_server_and_is_answered_once_measured(serve_engine, monkeypatch):
    """In a burst, a new request that does not fit while admission is cold gets no 429 booked on
    the quiet speed: its handler holds it (no CPU) until steps under this load are measured,
    then submits it again: admitted, or a 429 booked at the measured speed (#24)."""
    from jev_model.server import batcher as batcher_module

    monkeypatch.setattr(batcher_module, "COLD_SLACK", 0)  # cold above twice the steps' load: 3 in the server
    monkeypatch.setattr(batcher_module, "COLD_HOLD", 60.0)  # the test, not a timer, decides when they go on
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, deadline=2.0, chunk_tokens=4096, max_batch=1))
    try:
        batcher = s.app.state.batcher
        cost = cost_of(serve_engine, ask("burst"))
        batcher.assume_speed(0.4 / cost)  # cold: 0.8 s a request, of 2 s
        first = held(stepper, s, ask("burst"))
        assert stepper.entered.acquire(timeout=30)
        time.sleep(0.5)  # past the estimate of the step running
        burst = [held(stepper, s, ask(f"burst {i}")) for i in range(6)]
        _wait(lambda: batcher.in_flight == 7 and len(batcher._held) >= 4, "the refused ones held")
        assert len(batcher.line) == 0 and not any(out for _, out in burst if out)  # no 429 on a guess
        stepper.allow()  # steps under the burst are measured: they go on
        for t, out in (first, *burst):
            t.join(60)
            assert out["r"].status_code in (200, 429), out["r"].text
        assert batcher._held == [] and sum(out["r"].status_code == 200 for _, out in burst) >= 2
        assert len(batcher.line) == sum(out["r"].status_code == 429 for _, out in burst)
    finally:
        stepper.allow()
        s.close()


# -- abandoned work ---------------------------------------------------------------------------------
def test_disconnected_clients_are_dropped_from_the_queue(serve_engine):
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, chunk_tokens=4096, deadline=600))
    try:
        batcher = s.app.state.batcher
        first = held(stepper, s, ask("first"))
        assert stepper.entered.acquire(timeout=30)

        def give_up(i):
            try:
                httpx.post(s.url + "/v1/systemone", json=ask(f"abandoned {i}"), timeout=0.5)
            except httpx.TimeoutException:
                pass

        quitters = [_in_thread(lambda i=i: give_up(i)) for i in range(10)]
        for t, _ in quitters:
            t.join(30)
        _wait(lambda: batcher.dropped == 10, "the abandoned requests dropped")
        assert batcher.waiting == 1  # only the one being read
        stepper.allow()
        first[0].join(60)
        assert first[1]["r"].status_code == 200
        after = post(s, ask("after"))
        assert after.status_code == 200
        read_states = " ".join(p for r in stepper.reads for p in r)
        assert "abandoned" not in read_states  # none of them was computed
    finally:
        stepper.allow()
        s.close()


def test_a_running_request_does_not_start_its_remaining_chunks_after_a_hang_up(serve_engine):
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, chunk_tokens=4096, max_batch=1, deadline=600))  # one prompt a step
    try:
        batcher = s.app.state.batcher

        def give_up():
            try:
                httpx.post(s.url + "/v1/systemone", json=ask("long one", 6), timeout=1.0)
            except httpx.TimeoutException:
                pass

        t, _ = _in_thread(give_up)
        assert stepper.entered.acquire(timeout=30)  # its first chunk is running
        t.join(30)
        _wait(lambda: batcher.dropped == 1, "the hang-up noticed")
        stepper.allow()
        assert post(s, ask("next")).status_code == 200
        assert batcher.waiting == 0
        assert sum("long one" in r[0] for r in stepper.reads) == 1  # the chunk in flight, no other
    finally:
        stepper.allow()
        s.close()


# -- fair chunks ------------------------------------------------------------------------------------
def test_a_small_request_is_not_stuck_behind_a_large_one(serve_engine):
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, chunk_tokens=4096, max_batch=1, deadline=600))
    try:
        done = []
        big = _in_thread(lambda: done.append(("big", post(s, ask("big state", 8)).status_code)))
        assert stepper.entered.acquire(timeout=30)  # the big one's first chunk is running
        small = _in_thread(lambda: done.append(("small", post(s, ask("small state")).status_code)))
        _wait(lambda: s.app.state.batcher.waiting == 2)
        stepper.allow()
        for t, _ in (big, small):
            t.join(60)
        assert done == [("small", 200), ("big", 200)]
        states = ["big" if "big state" in r[0] else "small" for r in stepper.reads]
        assert states == ["big", "small"] + ["big"] * 7  # one big chunk, then the small one whole
    finally:
        stepper.allow()
        s.close()


@pytest.fixture(scope="module")
def gemma_engine(tmp_path_factory):
    from conftest import build_model_dir

    path = build_model_dir(tmp_path_factory.mktemp("tiny-gemma-load"), "gemma3")  # sliding window 16
    return Engine.load(str(path), dtype="float32", min_level_mass=0.0)


def test_a_state_prefilled_in_chunks_reads_as_one_computed_at_once(gemma_engine):
    state = "The customer writes about a double charge, a late refund and a rude agent. " * 6
    requests = gemma_engine.plan_ask(state, {"a": QUESTIONS["urgent"], "b": QUESTIONS["anger"]})[1].requests
    gemma_engine.clear_caches()
    whole = gemma_engine.read(requests)
    gemma_engine.clear_caches()
    prefix_tokens = read_cost(gemma_engine, requests)[0][0]
    assert prefix_tokens > 3 * 7  # several chunks, past the sliding window
    steps = list(prefill_steps(gemma_engine, requests[0], 7))
    assert sum(steps) == prefix_tokens and max(steps) == 7
    assert read_cost(gemma_engine, requests)[0][0] == 0  # kept: the read runs only the suffixes
    chunked = gemma_engine.read(requests)
    for a, b in zip(whole, chunked):
        assert b.probabilities == pytest.approx(a.probabilities, abs=1e-5)


def test_the_worker_prefills_a_long_state_a_chunk_at_a_time(serve_engine):
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, chunk_tokens=16, deadline=600))
    stepper.allow()
    try:
        batcher = s.app.state.batcher
        r = post(s, ask("a long state about a refund. " * 20))
        assert r.status_code == 200
        assert len(batcher.steps) >= 5 and len(stepper.reads) == 1  # prefill chunks, then one read
    finally:
        stepper.allow()
        s.close()


def test_the_worker_returns_freed_heap_pages_after_a_long_prefill(serve_engine, monkeypatch):
    """#24: glibc keeps a prefill's freed activations in its heap; the worker trims once the
    state's prefill is done (not after every step)."""
    import jev_model.server.batcher as batcher_module

    trims = []
    monkeypatch.setattr(batcher_module, "trim", lambda: trims.append(1))
    stepper = Stepper(serve_engine)
    s = Served(create_app(stepper, chunk_tokens=16, deadline=600))
    stepper.allow()
    try:
        assert post(s, ask("a long state about a late parcel. " * 20)).status_code == 200  # not cached yet
        steps = len(s.app.state.batcher.steps)
        assert trims == [1] and steps >= 5  # one trim for the state's prefill of several chunks
    finally:
        stepper.allow()
        s.close()


# -- bad input: never a 5xx -------------------------------------------------------------------------
ENCODINGS = {
    "identity": lambda b: b, "gzip": gzip.compress, "zstd": lambda b: zstandard.ZstdCompressor().compress(b),
    "deflate": zlib.compress, "raw-deflate": lambda b: zlib.compress(b)[2:-4],
}


@pytest.mark.parametrize("encoding", ["gzip", "zstd", "deflate"])
def test_corrupt_compressed_bodies_get_400(server, encoding):
    raw = json.dumps(BASE).encode()
    good = ENCODINGS[encoding](raw)
    for data in (b"not compressed at all", good[: len(good) // 2], good[:4] + b"\x00" * 40, b""):
        r = post(server, data, headers={"Content-Encoding": encoding})
        assert 400 <= r.status_code < 500, (data, r.status_code, r.text)
        if r.status_code != 422:  # an empty body decodes to nothing, which is a JSON error
            assert r.json()["detail"]["error_type"] == "invalid_request_error"
        assert r.headers["x-typesafe-request-id"].startswith("req_")


def test_deflate_and_stacked_encodings_are_read(server):
    raw = json.dumps(BASE).encode()
    plain = post(server, raw).json()["answers"]["q"]["noul"]
    for encoding, data in (("deflate", zlib.compress(raw)), ("deflate", ENCODINGS["raw-deflate"](raw)),
                           ("gzip, zstd", zstandard.ZstdCompressor().compress(gzip.compress(raw)))):
        r = post(server, data, headers={"Content-Encoding": encoding})
        assert r.status_code == 200, (encoding, r.text)
        assert r.json()["answers"]["q"]["noul"] == pytest.approx(plain, abs=1e-5)


def _mutations(rng: random.Random, raw: bytes) -> bytes:
    data = bytearray(raw)
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(4)
        if kind == 0 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif kind == 1 and data:
            del data[rng.randrange(len(data)):][: rng.randint(1, 20)]
        elif kind == 2:
            data[rng.randrange(len(data) + 1):0] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        else:
            data = data[: rng.randrange(len(data) + 1)]
    return bytes(data)


SHAPES = [
    BASE, {**BASE, "questions": QUESTIONS}, {"state": None}, [], "x", 3, None, {"state": TICKET, "questions": []},
    {"state": {"a": [1, {"b": None}]}, "questions": {"q": {"type": "choice", "criteria": {"a": None, "b": 1}}}},
    {"state": TICKET, "questions": {"q": {"type": "score", "criteria": ["a"] * 12}}},
    {"evaluators": ["answer_correctness"], "input": "2+2?", "output": "4", "expected": "4"},
]
HEADER_CHOICES = {
    "content-type": ["application/json", "multipart/form-data", "multipart/form-data; boundary=x",
                     "text/plain", "application/json; charset=latin-1", "multipart/form-data; boundary="],
    "content-encoding": list(ENCODINGS) + ["br", "gzip, gzip", "zstd, identity", "", "GZIP", "deflate, br"],
    "x-jev-timeout": ["30", "0", "-1", "nan", "inf", "1e309", ""],
}


def test_fuzz_no_5xx_over_encodings_and_shapes(server):
    """Seeded: mutated JSON shapes, under every encoding (applied right or mislabelled), with
    odd content types, multipart bodies and timeout headers.  Nothing gets a 5xx; every error
    carries the contract's detail and the request id."""
    rng = random.Random(15)
    with httpx.Client(timeout=60) as client:
        for n in range(300):
            shape = rng.choice(SHAPES)
            raw = json.dumps(shape, ensure_ascii=rng.random() < 0.5).encode()
            if rng.random() < 0.6:
                raw = _mutations(rng, raw)
            encoding = rng.choice(list(ENCODINGS))
            body = ENCODINGS[encoding](raw) if rng.random() < 0.8 else raw
            if rng.random() < 0.3:
                body = _mutations(rng, body)
            label = "deflate" if encoding == "raw-deflate" else encoding
            headers = {"content-encoding": label if rng.random() < 0.8 else rng.choice(HEADER_CHOICES["content-encoding"]),
                       "content-type": rng.choice(HEADER_CHOICES["content-type"])}
            if rng.random() < 0.2:
                headers["x-jev-timeout"] = rng.choice(HEADER_CHOICES["x-jev-timeout"])
            if rng.random() < 0.15:  # a real multipart body, its part perhaps broken
                boundary = "jevfuzz"
                body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{rng.choice(['request', 'other'])}\""
                        f"\r\n\r\n").encode() + raw + (f"\r\n--{boundary}--\r\n".encode() if rng.random() < 0.7 else b"")
                headers = {"content-type": f"multipart/form-data; boundary={boundary}"}
            path = "/v1/evaluate" if "evaluators" in str(shape) and rng.random() < 0.7 else "/v1/systemone"
            r = client.post(server.url + path, content=body, headers=headers)
            assert r.status_code < 500, (n, headers, body[:200], r.status_code, r.text)
            assert r.headers["x-typesafe-request-id"].startswith("req_")
            if r.status_code >= 400:
                detail = r.json()["detail"]
                assert (isinstance(detail, list) and detail and "loc" in detail[0]) or detail["error_type"], r.text


# -- uploads that stall or stop ----------------------------------------------------------------------
def _partial_upload(url: str, body: bytes, sent: int) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    head = (f"POST /v1/systemone HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    sock.sendall(head + body[:sent])
    return sock


def _read_to_close(sock: socket.socket) -> str:
    """What the server sends until it closes (headers and body may come in separate reads)."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks).decode("latin-1")


def test_a_stalled_upload_gets_408(serve_engine):
    s = Served(create_app(serve_engine, body_timeout=0.5))
    try:
        body = json.dumps(BASE).encode()
        with _partial_upload(s.url, body, len(body) // 2) as sock:
            reply = _read_to_close(sock)  # waits for the server: the body never completes
        assert reply.startswith("HTTP/1.1 408"), reply[:200]
        assert "request_timeout" in reply and "x-typesafe-request-id" in reply
    finally:
        s.close()


def test_headers_that_stall_get_408_and_a_silent_connection_is_closed(serve_engine):
    from jev_model.server.protocol import H11WithHeaderTimeout

    quick = type("Quick", (H11WithHeaderTimeout,), {"header_timeout": 0.5})
    s = Served(create_app(serve_engine), http=quick)
    try:
        host, port = s.url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=30) as sock:
            sock.sendall(b"POST /v1/systemone HTTP/1.1\r\nHost: x\r\nContent-Ty")  # and no more (slowloris)
            reply = _read_to_close(sock)  # waits for the server: the headers never complete
            assert reply.startswith("HTTP/1.1 408"), reply[:200]
            assert "request_timeout" in reply and "headers" in reply
        with socket.create_connection((host, int(port)), timeout=30) as sock:
            assert sock.recv(65536) == b""  # sent nothing at all: closed without a word
        with httpx.Client() as client:  # a kept-alive connection serves one request after another
            assert [client.post(s.url + "/v1/systemone", json=BASE).status_code for _ in range(2)] == [200, 200]
    finally:
        s.close()


def test_a_hang_up_mid_upload_is_one_short_log_line(server, caplog):
    caplog.set_level(logging.INFO, logger="jev.server")
    body = json.dumps(BASE).encode()
    for _ in range(3):
        _partial_upload(server.url, body, len(body) // 2).close()
    _wait(lambda: sum("client went away" in r.getMessage() for r in caplog.records) == 3, "three log lines")
    mine = [r for r in caplog.records if r.name.startswith("jev")]
    assert all(r.levelno < logging.WARNING and r.exc_info is None and "\n" not in r.getMessage() for r in mine)
    assert post(server, BASE).status_code == 200


# -- bounded caches -------------------------------------------------------------------------------
def test_caches_stay_under_their_bound_over_1000_distinct_states(tmp_path_factory):
    from conftest import build_model_dir

    path = build_model_dir(tmp_path_factory.mktemp("tiny-cache"), "llama")
    bound = 256 << 10
    eng = Engine.load(str(path), dtype="float32", min_level_mass=0.0, cache_bytes=bound)
    question = {"q": QUESTIONS["urgent"]}
    peak = 0
    for i in range(1000):
        requests = eng.plan_ask(f"ticket {i}: charged twice, refund {i * 7} missing", question)[1].requests
        eng.read(requests)
        info = eng.cache_info()
        peak = max(peak, info["bytes"])
    assert info["prefixes"] > 1 and info["prefix_ids"] > 1  # both caches in use ...
    assert info["prefixes"] < 1000 and info["prefix_ids"] < 1000  # ... and trimmed
    assert peak <= bound
