"""The HTTP server on a tiny random-weight model: the official SDK, the wire shapes, errors,
compression, auth, 429 and batching.  A real uvicorn on a free loopback port per server."""

from __future__ import annotations

import gzip
import json
import logging
import socket
import threading
import time

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
zstandard = pytest.importorskip("zstandard")

from jev_model.server.app import create_app  # noqa: E402
from conftest import BASE, QUESTIONS, TICKET, Served, post  # noqa: E402


@pytest.fixture(scope="module")
def keyed(serve_engine):
    s = Served(create_app(serve_engine, api_key="s3cret", deadline=60))
    yield s
    s.close()


# -- the official SDK ------------------------------------------------------------------------
def test_official_sdk_gets_noul_choice_and_score(server):
    pytest.importorskip("typesafe_sdk")
    from typesafe_sdk import Choice, Noul, Score, TypeSafeClient

    questions = {
        "urgent": Noul(instructions="Is this urgent?"),
        "team": Choice(instructions="Which team?", criteria={"billing": "Payments", "sales": None}),
        "anger": Score(instructions="How angry?", criteria=["Calm", "Frustrated", "Very angry"]),
    }
    with TypeSafeClient(api_key="anything", base_url=server.url, compression="zstd", timeout=60) as client:
        small = client.system_one(state=TICKET, questions=questions)
        # over 1 KiB: the SDK sends it zstd-compressed 
        big = client.system_one(state={"ticket": TICKET, "notes": "The capital of France is Paris. " * 40},
                                questions=questions)
        listed = client.models.list()
    for r in (small, big):
        assert 0.0 <= r.nouls["urgent"].noul <= 1.0
        team = r.choices["team"]
        assert team.choice == max(team.probabilities, key=team.probabilities.get)
        assert set(team.probabilities) == {"billing", "sales"}
        anger = r.scores["anger"]
        assert anger.legend == {0: "Calm", 1: "Frustrated", 2: "Very angry"}
        assert anger.score == pytest.approx(sum(i * p for i, p in anger.probabilities.items()))
        assert isinstance(r.usage.input_tokens, int) and r.usage.output_tokens == 0
        assert r.request_id.startswith("req_")
    assert big.usage.input_tokens > small.usage.input_tokens
    assert {m.name for m in listed.models} == {"jev-latest", server.app.state.engine.name}


# -- the answer shape ------------------------------------------------------------------------
def test_answer_shape_matches_the_contract(server):
    r = post(server, {"model": "jev-latest", "state": {"ticket": TICKET, "tags": [1, 2]}, "questions": QUESTIONS,
                      "some_future_field": True})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/json")
    assert r.headers["x-typesafe-request-id"].startswith("req_")
    body = json.loads(r.content, parse_constant=lambda c: pytest.fail(f"{c} in the response"))
    assert set(body) == {"model", "answers", "usage"} and body["model"] == server.app.state.engine.name
    assert set(body["answers"]) == set(QUESTIONS)
    assert all(type(v) is int for v in body["usage"].values())
    urgent, team, anger = (body["answers"][k] for k in ("urgent", "team", "anger"))
    assert urgent["type"] == "noul" and "confidence" not in urgent and 0 <= urgent["noul"] <= 1
    assert list(team["probabilities"]) == list(QUESTIONS["team"]["criteria"])  # byte for byte, in order
    assert team["choice"] == max(team["probabilities"], key=team["probabilities"].get)
    assert sum(team["probabilities"].values()) == pytest.approx(1.0)
    probs = list(team["probabilities"].values())
    assert team["confidence"] == pytest.approx((max(probs) - 1 / 3) / (1 - 1 / 3))
    assert anger["legend"] == {"0": "Calm", "1": "Frustrated", "2": {"label": "Very angry"}}
    assert anger["score"] == pytest.approx(sum(int(k) * p for k, p in anger["probabilities"].items()))  # not 0-1
    for answer in body["answers"].values():
        assert all(k in ("type", "noul", "choice", "score", "legend", "probabilities", "confidence")
                   or k.startswith("x_") for k in answer)


def test_question_ids_never_reach_the_model(server):
    first = post(server, {"state": TICKET, "questions": QUESTIONS}).json()["answers"]
    renamed = {"질문 🎯": QUESTIONS["urgent"], "q.2-x": QUESTIONS["team"], " ": QUESTIONS["anger"]}
    second = post(server, {"state": TICKET, "questions": renamed}).json()["answers"]
    assert second["질문 🎯"]["noul"] == pytest.approx(first["urgent"]["noul"], abs=1e-5)
    for a, b in ((first["team"], second["q.2-x"]), (first["anger"], second[" "])):
        assert list(a["probabilities"]) == list(b["probabilities"])
        assert list(a["probabilities"].values()) == pytest.approx(list(b["probabilities"].values()), abs=1e-5)


def test_the_state_counts_once_in_usage(server):
    state = "The customer writes at length about a double charge. " * 20
    one = post(server, {"state": state, "questions": {"a": QUESTIONS["urgent"]}}).json()["usage"]["input_tokens"]
    two = post(server, {"state": state, "questions": {"a": QUESTIONS["urgent"], "b": QUESTIONS["anger"]}})
    alone = post(server, {"state": state, "questions": {"b": QUESTIONS["anger"]}}).json()["usage"]["input_tokens"]
    state_tokens = 100  # well under the state's length in this tokenizer
    assert two.json()["usage"]["input_tokens"] < one + alone - state_tokens


# -- errors: never a 5xx -------------------------------------------------------------------------
INVALID = {
    "not-json": b'{"state": "x", "questions": {',
    "not-utf8": b'{"state": "\xff\xfe", "questions": {}}',
    "nan": b'{"state": NaN, "questions": {"q": {"type": "noul"}}}',
    "huge-number": b'{"state": "x", "questions": {"q": {"type": "noul", "instructions": 1e999}}}',
    "lone-surrogate": b'{"state": "\\ud800", "questions": {"q": {"type": "noul"}}}',
    "deep": ("[" * 5000 + "]" * 5000).encode(),
    "array-body": b"[1, 2]",
    "missing-state": {"questions": BASE["questions"]},
    "null-state": {**BASE, "state": None},
    "number-state": {**BASE, "state": 3},
    "missing-questions": {"state": TICKET},
    "empty-questions": {**BASE, "questions": {}},
    "questions-list": {**BASE, "questions": [QUESTIONS["urgent"]]},
    "empty-id": {**BASE, "questions": {"": QUESTIONS["urgent"]}},
    "question-string": {**BASE, "questions": {"q": "noul"}},
    "missing-type": {**BASE, "questions": {"q": {"instructions": "x"}}},
    "unknown-type": {**BASE, "questions": {"q": {"type": "boolean"}}},
    "noul-unknown-side": {**BASE, "questions": {"q": {"type": "noul", "criteria": {"maybe": "x"}}}},
    "choice-1": {**BASE, "questions": {"q": {"type": "choice", "criteria": {"a": None}}}},
    "choice-256": {**BASE, "questions": {"q": {"type": "choice", "criteria": {f"o{i}": None for i in range(256)}}}},
    "choice-list": {**BASE, "questions": {"q": {"type": "choice", "criteria": ["a", "b"]}}},
    "choice-bad-description": {**BASE, "questions": {"q": {"type": "choice", "criteria": {"a": 1, "b": None}}}},
    "score-map": {**BASE, "questions": {"q": {"type": "score", "criteria": {"0": "Calm", "1": "Angry"}}}},
    "score-1": {**BASE, "questions": {"q": {"type": "score", "criteria": ["Calm"]}}},
    "score-11": {**BASE, "questions": {"q": {"type": "score", "criteria": [str(i) for i in range(11)]}}},
    "score-null-level": {**BASE, "questions": {"q": {"type": "score", "criteria": ["Calm", None]}}},
    "model-number": {**BASE, "model": 4},
    "assets": {**BASE, "assets": {"img": {"type": "image", "part": "asset-0"}}},
}


@pytest.mark.parametrize("name", list(INVALID))
def test_invalid_requests_get_422_with_detail(server, name):
    r = post(server, INVALID[name])
    assert r.status_code == 422, (name, r.status_code, r.text)
    detail = r.json()["detail"]
    assert detail and all(d["loc"][0] == "body" and isinstance(d["msg"], str) and isinstance(d["type"], str)
                          for d in detail)


def test_other_errors_carry_error_type(server):
    cases = [
        (post(server, {**BASE, "model": "no-such-model"}), 404, "not_found"),
        (post(server, BASE, path="/v1/nowhere"), 404, "not_found"),
        (httpx.get(server.url + "/v1/systemone"), 405, "method_not_allowed"),
        (post(server, b"\x28\xb5\x2f\xfd garbage", headers={"Content-Encoding": "zstd"}), 400, "invalid_request_error"),
        (post(server, BASE, headers={"Content-Encoding": "br"}), 415, "unsupported_encoding"),
        (post(server, b"x" * (9 << 20)), 413, "request_too_large"),
        (post(server, zstandard.ZstdCompressor().compress(b" " * (9 << 20)), headers={"Content-Encoding": "zstd"}),
         413, "request_too_large"),
    ]
    for r, status, kind in cases:
        assert r.status_code == status, (status, r.text)
        assert r.json()["detail"]["error_type"] == kind and r.json()["detail"]["message"]


def test_an_internal_error_is_a_500_with_error_type_and_request_id(serve_engine, monkeypatch):
    """A bug (here a broken batcher) gives the contract's error shape and the request id,
    not a bare traceback page."""
    app = create_app(serve_engine)

    def broken(*a, **k):
        raise RuntimeError("boom")

    monkeypatch.setattr(app.state.batcher, "submit", broken, raising=False)
    from fastapi.testclient import TestClient

    with TestClient(app, raise_server_exceptions=False) as client:
        r = client.post("/v1/systemone", json=BASE)
    assert r.status_code == 500, r.text
    assert r.json()["detail"] == {"error_type": "internal_error", "message": "internal error: RuntimeError"}
    assert r.headers["x-typesafe-request-id"].startswith("req_")


def test_a_question_over_the_context_gets_413(server):
    r = post(server, {**BASE, "state": "refund " * 3000})
    assert r.status_code == 413 and r.json()["detail"]["error_type"] == "request_too_large"


def test_a_request_over_64k_tokens_gets_413(server):
    long_question = {"type": "noul", "instructions": "Is this urgent? " * 250}  # ~1000 tokens, under the context
    r = post(server, {**BASE, "questions": {f"q{i}": long_question for i in range(70)}})
    assert r.status_code == 413 and "65536" in r.json()["detail"]["message"]


# -- encodings -------------------------------------------------------------------------------
def test_compressed_and_multipart_bodies(server):
    raw = json.dumps(BASE).encode()
    plain = post(server, raw).json()["answers"]["q"]["noul"]
    for encoding, data in (("zstd", zstandard.ZstdCompressor().compress(raw)), ("gzip", gzip.compress(raw))):
        r = post(server, data, headers={"Content-Encoding": encoding})
        assert r.status_code == 200 and r.json()["answers"]["q"]["noul"] == pytest.approx(plain, abs=1e-5)
    multipart = httpx.post(server.url + "/v1/systemone", files={"request": (None, raw, "application/json")})
    assert multipart.status_code == 200, multipart.text
    image = httpx.post(server.url + "/v1/systemone", files={"request": (None, raw, "application/json"),
                                                            "asset-0": ("asset-0", b"\x89PNG", "image/png")})
    assert image.status_code == 422 and "image" in image.json()["detail"][0]["msg"]


def test_broken_bodies_are_named_for_what_they_are(server, caplog):
    """A cut zstd body is a 400 (not a JSON error), a multipart body is told which part is
    missing or unknown (not "image parts"), and a malformed one leaves no stray line on stderr."""
    caplog.set_level(logging.DEBUG)
    raw = json.dumps(BASE).encode()
    frame = zstandard.ZstdCompressor().compress(raw)
    for cut in (frame[: len(frame) // 2], frame + frame[:-3]):  # inside the only frame, inside a second one
        r = post(server, cut, headers={"Content-Encoding": "zstd"})
        assert r.status_code == 400, r.text
        assert r.json()["detail"] == {"error_type": "invalid_request_error",
                                      "message": "the zstd body cannot be decompressed: it is cut short "
                                                 "(the zstd stream ends inside a frame)"}
    two = post(server, frame + zstandard.ZstdCompressor().compress(b" "), headers={"Content-Encoding": "zstd"})
    assert two.status_code == 200, two.text  # frames one after another are one body

    def form(**parts):
        return httpx.post(server.url + "/v1/systemone", files=parts, timeout=60)

    only_other = form(other=(None, "hello"))
    assert only_other.status_code == 422
    assert only_other.json()["detail"] == [{"loc": ["body", "request"], "type": "missing", "msg":
                                            "multipart body without the part named 'request' (the JSON); it has 'other'"}]
    extra = form(request=(None, raw, "application/json"), other=(None, "hello"))
    assert extra.status_code == 422 and extra.json()["detail"][0]["loc"] == ["body", "other"]
    assert "unknown multipart part(s) 'other'" in extra.json()["detail"][0]["msg"]
    as_file = form(request=("body.json", raw, "application/json"))  # curl -F request=@body.json
    assert as_file.status_code == 200, as_file.text
    broken = post(server, b"--x\r\nnot the boundary", headers={"Content-Type": "multipart/form-data; boundary=zz"})
    assert broken.status_code == 400 and "multipart body cannot be read" in broken.json()["detail"]["message"]
    assert not [r for r in caplog.records if r.name.startswith("python_multipart")]  # printed bare before


# -- auth ------------------------------------------------------------------------------------
def test_auth(server, keyed):
    assert post(server, BASE, headers={"Authorization": "Bearer whatever"}).status_code == 200  # no key set
    missing = post(keyed, BASE)
    wrong = post(keyed, BASE, headers={"Authorization": "Bearer nope"})
    for r in (missing, wrong, httpx.get(keyed.url + "/v1/models")):
        assert r.status_code == 401 and r.json()["detail"]["error_type"] == "authentication_error"
    assert post(keyed, BASE, headers={"Authorization": "Bearer s3cret"}).status_code == 200
    assert httpx.get(keyed.url + "/health").status_code == 200


def _raw_exchange(server, request: bytes) -> str:
    """Send bytes no HTTP client would, read until the server closes."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks).decode("latin-1")


def test_every_response_carries_a_request_id_even_the_protocols_own(keyed, serve_engine):
    body = json.dumps(BASE).encode()
    empty = _raw_exchange(keyed, b"POST /v1/systemone HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                                 b"Authorization: Bearer \r\nContent-Type: application/json\r\n"
                                 b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    assert empty.startswith("HTTP/1.1 401") and "x-typesafe-request-id: req_" in empty, empty
    assert "no key after 'Bearer'" in empty
    basic = post(keyed, BASE, headers={"Authorization": "Basic czNjcmV0"})
    assert basic.status_code == 401 and "'Bearer <key>'" in basic.json()["detail"]["message"]
    assert basic.headers["x-typesafe-request-id"].startswith("req_")
    for request in (b"POST /v1/systemone HTTP/1.1\r\nConnection: close\r\n\r\n",  # no Host: h11 refuses it
                    b"HELLO\r\n\r\n"):
        reply = _raw_exchange(keyed, request)
        assert reply.startswith("HTTP/1.1 400") and "x-typesafe-request-id: req_" in reply, reply
        head, _, payload = reply.partition("\r\n\r\n")
        assert json.loads(payload)["detail"]["error_type"] == "invalid_request_error"
    from jev_model.server.protocol import H11WithHeaderTimeout

    quick = type("Quick", (H11WithHeaderTimeout,), {"header_timeout": 0.3})
    s = Served(create_app(serve_engine), http=quick)
    try:
        reply = _raw_exchange(s, b"POST /v1/systemone HTTP/1.1\r\nHost: x\r\nContent-Ty")  # headers stall
        assert reply.startswith("HTTP/1.1 408") and "x-typesafe-request-id: req_" in reply, reply
    finally:
        s.close()


# -- /v1/evaluate ------------------------------------------------------------------------------
def test_evaluate_several_evaluators_in_one_call(server):
    body = {"evaluators": ["answer_correctness", "closed_qa"], "input": "2+2?", "output": "4", "expected": "4",
            "criteria": "Is the answer right?"}
    r = post(server, body, path="/v1/evaluate")
    assert r.status_code == 200, r.text
    results = r.json()["results"]
    assert [x["evaluator"] for x in results] == ["answer_correctness", "closed_qa"]
    assert all(0 <= x["score"] <= 1 and abs(sum(x["probabilities"].values()) - 1) < 1e-6 for x in results)
    for bad in ({"evaluators": ["nope"], "input": "a", "output": "b"}, {"evaluators": ["answer_correctness"]},
                {"evaluators": []}, [1]):
        r = post(server, bad, path="/v1/evaluate")
        assert r.status_code == 422 and r.json()["detail"][0]["loc"][0] == "body", r.text


# -- batching and back-pressure ------------------------------------------------------------------
class Gated:
    """The engine, with ``read`` held until the gate opens; records each read's job count."""

    def __init__(self, engine):
        self.__dict__.update(_engine=engine, gate=threading.Event(), entered=threading.Event(), reads=[])

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def __setattr__(self, name, value):
        setattr(self._engine, name, value)

    def read(self, jobs):
        self.entered.set()
        self.gate.wait(60)
        self.reads.append(len(jobs))
        return self._engine.read(jobs)


def _in_thread(fn):
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("r", fn()), daemon=True)
    t.start()
    return t, out


def _wait(cond):
    deadline = time.monotonic() + 30
    while not cond():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_concurrent_requests_share_one_read_and_a_full_queue_gets_429(serve_engine):
    gated = Gated(serve_engine)
    s = Served(create_app(gated, max_batch=8, max_queue=4, chunk_tokens=4096, deadline=60))
    try:
        batcher = s.app.state.batcher
        first = _in_thread(lambda: post(s, BASE))
        gated.entered.wait(30)  # the worker holds the first request; the next ones wait
        waiting = [_in_thread(lambda i=i: post(s, {**BASE, "state": f"ticket {i}"})) for i in range(3)]
        _wait(lambda: batcher.waiting == 4)  # the one being read and three waiting
        busy = post(s, BASE)
        assert busy.status_code == 429 and int(busy.headers["retry-after"]) >= 1
        assert "--max-queue 4" in busy.json()["detail"]["message"]
        assert busy.json()["detail"]["error_type"] == "rate_limit_error"
        gated.gate.set()
        for t, out in [first, *waiting]:
            t.join(60)
            assert out["r"].status_code == 200
        per = len(serve_engine.plan_ask(BASE["state"], BASE["questions"])[1].requests)  # its option orders
        assert gated.reads == [per, 3 * per]  # the three waiting requests were read in one call
    finally:
        gated.gate.set()
        s.close()


def test_serve_rejects_a_bad_port():
    from jev_model.cli import main

    assert main(["serve", "--port", "70000"]) == 2


def test_serve_shows_a_client_hang_up_as_one_info_line(serve_engine, monkeypatch, capsys):
    """uvicorn runs at `warning`, but the library's INFO line for a hang-up reaches the console."""
    import uvicorn

    from jev_model.cli import main, serve

    def run(self, sockets=None):  # instead of serving: what the app logs when a client hangs up
        logging.getLogger("jev.server").info("client went away during the upload (POST /v1/systemone req_1)")

    monkeypatch.setattr(serve, "load_engine", lambda args, **kw: serve_engine)
    monkeypatch.setattr("jev_model.server.warmup.measure_speed", lambda engine: 0.01)
    monkeypatch.setattr(uvicorn.Server, "run", run)
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert main(["serve", "--port", str(port)]) == 0
    assert "client went away during the upload (POST /v1/systemone req_1)\n" in capsys.readouterr().err


def test_serve_on_a_busy_port_exits_4_before_loading_the_model(capsys):
    from jev_model.cli import main

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        # a model that does not exist: loading it would exit 2, so 4 means the port was checked first
        assert main(["serve", "--port", str(port), "--model", "/nonexistent/model"]) == 4
    assert "model was not loaded" in capsys.readouterr().err
