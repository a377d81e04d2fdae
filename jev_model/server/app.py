"""The HTTP app: the System One wire protocol and the evaluator catalogue over one engine.

    POST /v1/systemone   state + typed questions -> answers + usage   (the hosted API's shape)
    POST /v1/evaluate    {"evaluators": [...], "input", "output", "expected"} -> results
    GET  /v1/models      {"models": [{name, description, release_date}]}
    GET  /health         readiness (never needs a key)

Handlers only read, decode and validate; every model call runs on the batcher's worker.
Bodies may be zstd- or gzip-compressed (Content-Encoding) and may arrive as
multipart/form-data with the JSON in the part named ``request``.  Errors: 422 with
``detail[]`` for validation, ``{"detail": {"error_type", "message"}}`` for the rest; a bad
request never gets a 5xx.

Example:
    >>> app = create_app(Engine.load("default"), api_key=None)   # doctest: +SKIP
    >>> uvicorn.run(app, host="127.0.0.1", port=8000)            # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import datetime as dt
import gzip
import hashlib
import hmac
import io
import json
import logging
import math
import uuid
import zlib
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from jev_model.core.catalogue import plan_request
from jev_model.errors import JevError
from jev_model.server.batcher import BODY_TIMEOUT, DEFAULT_CHUNK_TOKENS, DEFAULT_DEADLINE, Batcher, Busy, TooLarge
from jev_model.server.wire import WireError, error, invalid, parse_json, validate_systemone, wire_answer

log = logging.getLogger("jev.server")

ALIAS = "jev-latest"  # the SDKs' default model name
MAX_BODY_BYTES = 8 << 20  # compressed or not; a larger body gets 413
MAX_REQUEST_TOKENS = 65536  # the contract's limit: the state once plus every question
DEADLINE_HEADER = "x-jev-timeout"  # seconds the client waits (optional; see _client_deadline)
MAX_CLIENT_DEADLINE = 3600.0


REQUEST_ID_KEY = "jev.request_id"


class RequestId:
    """Every response carries ``x-typesafe-request-id`` (the SDK exposes it as request_id)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        rid = f"req_{uuid.uuid4().hex}".encode()
        scope[REQUEST_ID_KEY] = rid  # the 500 handler answers from outside this middleware

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), (b"x-typesafe-request-id", rid)]
            await send(message)

        await self.app(scope, receive, send_with_id)


def create_app(engine, *, api_key: str | None = None, max_batch: int = 8, max_queue: int = 64,
               max_body_bytes: int = MAX_BODY_BYTES, deadline: float = DEFAULT_DEADLINE,
               chunk_tokens: int = DEFAULT_CHUNK_TOKENS, body_timeout: float = BODY_TIMEOUT) -> FastAPI:
    """The app over a loaded engine; its worker thread starts now and stops with the app.
    ``deadline``: seconds a request may take from admission to answer (a client's
    ``x-jev-timeout`` header overrides it); ``body_timeout``: seconds to receive a body."""
    batcher = Batcher(engine, max_batch=max_batch, max_queue=max_queue, deadline=deadline, chunk_tokens=chunk_tokens)
    label_pool = list(engine.label_pool)  # computed once here, read by validation only
    served = {ALIAS, engine.name}

    @asynccontextmanager
    async def lifespan(app):
        yield
        batcher.close()

    app = FastAPI(title="jev-model", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.state.batcher, app.state.engine = batcher, engine
    app.add_middleware(RequestId)

    # -- errors ------------------------------------------------------------------------------
    @app.exception_handler(WireError)
    async def _wire_error(request: Request, exc: WireError):
        return JSONResponse({"detail": exc.detail}, status_code=exc.status, headers=exc.headers)

    @app.exception_handler(ClientGone)
    async def _client_gone(request: Request, exc: ClientGone):
        rid = request.scope.get(REQUEST_ID_KEY, b"").decode()
        log.info("client went away %s (%s %s %s)", exc, request.method, request.url.path, rid)
        return Response(status_code=499)  # nobody reads it; uvicorn drops it quietly

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        kinds = {404: "not_found", 405: "method_not_allowed"}
        return JSONResponse({"detail": {"error_type": kinds.get(exc.status_code, "invalid_request_error"),
                                        "message": str(exc.detail)}}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _internal_error(request: Request, exc: Exception):
        log.exception("internal error on %s %s", request.method, request.url.path)
        rid = request.scope.get(REQUEST_ID_KEY, b"").decode()  # Starlette runs this outside RequestId
        return JSONResponse({"detail": {"error_type": "internal_error",
                                        "message": f"internal error: {type(exc).__name__}"}}, status_code=500,
                            headers={"x-typesafe-request-id": rid} if rid else None)

    # -- plumbing ----------------------------------------------------------------------------
    def check_auth(request: Request) -> None:
        if not api_key:
            return  # no key set: any Authorization header (the SDK always sends one) is fine
        header = request.headers.get("authorization")
        if not header:
            raise error(401, "authentication_error", "missing API key: send Authorization: Bearer <key>",
                        {"WWW-Authenticate": "Bearer"})
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(token.strip().encode(), api_key.encode()):
            raise error(401, "authentication_error", "invalid API key", {"WWW-Authenticate": "Bearer"})

    async def read_json(request: Request):
        """The body as a JSON value: size- and time-limited, decompressed, multipart unpacked."""
        try:
            raw = await asyncio.wait_for(_read_limited(request, max_body_bytes), body_timeout)
        except asyncio.TimeoutError:
            raise error(408, "request_timeout", f"the body did not arrive within {body_timeout:g} s",
                        {"connection": "close"}) from None
        except ClientDisconnect:
            raise ClientGone("during the upload") from None
        raw = _decode(raw, request.headers.get("content-encoding", ""), max_body_bytes)
        if request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
            raw = await _request_part(request, raw, max_body_bytes)
        errors, body = parse_json(raw)
        if errors:
            raise WireError(422, errors)
        return body

    def check_model(body: dict) -> None:
        model = body.get("model")
        if model is not None and model not in served:
            raise error(404, "not_found", f"model {model!r} is not served here; this server serves "
                                          f"{engine.name!r} (also as {ALIAS!r}); see GET /v1/models")

    async def run(request: Request, body, kind: str, plan, finish):
        """Plan (tokenize) off the event loop, admit by deadline, wait for the answer or the
        client's hang-up, whichever comes first.  The body's hash is the key by which a client
        refused with 429 is known when it comes back."""
        client_deadline = _client_deadline(request)
        try:
            jobs, costs = await run_in_threadpool(plan)
        except JevError as exc:  # a request the engine could not take (rendering, tokens)
            raise WireError(422, [invalid([], str(exc))]) from None
        try:
            work = batcher.submit(kind, jobs, costs, finish, deadline=client_deadline, key=_key(request, body))
        except Busy as exc:
            raise error(429, "rate_limit_error", f"the server is busy: {exc}",
                        {"retry-after": str(math.ceil(exc.retry_after)),
                         "retry-after-ms": str(math.ceil(exc.retry_after * 1000))}) from None
        except TooLarge as exc:
            raise error(413, "request_too_large", str(exc)) from None
        answer = asyncio.wrap_future(work.future)
        gone = asyncio.ensure_future(_disconnected(request))
        try:
            await asyncio.wait({answer, gone}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if not answer.done():
            batcher.cancel(work)
            raise ClientGone("before the answer; its work was dropped")
        try:
            return answer.result()
        except JevError as exc:
            raise WireError(422, [invalid([], str(exc))]) from None

    # -- routes ------------------------------------------------------------------------------
    @app.get("/health")
    async def health():
        return {"status": "ok", "model": engine.name, "waiting": batcher.waiting,
                "backlog_s": round(batcher.backlog(), 2), "seconds_per_token": batcher.seconds_per_token,
                "dropped": batcher.dropped, "promised": len(batcher.line), "deadline_s": batcher.deadline,
                "cache_bytes": engine.cached_bytes, "cache_bound_bytes": engine.cache_bytes}

    @app.get("/v1/models")
    async def models(request: Request):
        check_auth(request)
        released = _release_date(engine)
        about = f"{engine.name} ({engine.describe()['dtype']} on {engine.device}), read in one forward pass"
        return {"models": [{"name": ALIAS, "description": f"alias of {about}", "release_date": released},
                           {"name": engine.name, "description": about, "release_date": released}]}

    @app.post("/v1/systemone")
    async def systemone(request: Request):
        check_auth(request)
        body = await read_json(request)
        errors = validate_systemone(body, label_pool)
        if errors:
            raise WireError(422, errors)
        check_model(body)
        state, questions = body["state"], body["questions"]
        planned: dict = {}

        def plan():
            planned["questions"], jobs, planned["usage"] = engine.plan_ask(state, questions)
            if planned["usage"]["input_tokens"] > MAX_REQUEST_TOKENS:
                raise error(413, "request_too_large", f"the request is {planned['usage']['input_tokens']} tokens; "
                                                      f"the limit is {MAX_REQUEST_TOKENS} a request")
            return jobs, engine.read_cost(jobs)

        def finish(results):
            answers = {qid: wire_answer(q, questions[qid], r)
                       for (qid, q), r in zip(planned["questions"].items(), results)}
            return {"model": engine.name, "answers": answers, "usage": planned["usage"]}

        return await run(request, body, "questions", plan, finish)

    @app.post("/v1/evaluate")
    async def evaluate(request: Request):
        check_auth(request)
        body = await read_json(request)
        if not isinstance(body, dict):
            raise WireError(422, [invalid([], "Input should be a valid dictionary", "dict_type")])
        check_model(body)
        try:
            rubrics, fields = plan_request({k: v for k, v in body.items() if k != "model"})
        except JevError as exc:
            raise WireError(422, [invalid([], str(exc))]) from None

        def plan():
            jobs = [engine.prepare(rubric, fields) for rubric in rubrics]
            return jobs, engine.read_cost(jobs)

        def finish(results):
            return {"model": engine.name, "results": [r.to_dict() for r in results]}

        return await run(request, body, "evaluate", plan, finish)

    return app


class ClientGone(Exception):
    """The client hung up: one short log line, no response to send."""


async def _disconnected(request: Request) -> None:
    """Returns when the client hangs up (the body is read by now, so only that can arrive)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def _key(request: Request, body) -> str:
    """The same request sent again (a client coming back after a 429) has the same key."""
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(f"{request.url.path}\n{canonical}".encode(), digest_size=16).hexdigest()


def _client_deadline(request: Request) -> float | None:
    """Seconds the client will wait, from ``x-jev-timeout`` (the SDK sends no timeout of its
    own; a client may add this header); None: the server's deadline."""
    raw = request.headers.get(DEADLINE_HEADER)
    if raw is None:
        return None
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_CLIENT_DEADLINE:
        raise error(400, "invalid_request_error", f"{DEADLINE_HEADER} must be seconds, more than 0 and at most "
                                                  f"{MAX_CLIENT_DEADLINE}, not {raw[:40]!r}")
    return value


async def _read_limited(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise error(413, "request_too_large", f"the body is {declared} bytes; the limit is {limit}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise error(413, "request_too_large", f"the body is over the limit of {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _decode(raw: bytes, encoding: str, limit: int) -> bytes:
    """Undo Content-Encoding (zstd, gzip, deflate; several, comma-separated, are undone last
    first), never inflating past ``limit``.  A body that does not decode is a 400."""
    for name in reversed([e.strip().lower() for e in encoding.split(",") if e.strip()]):
        if name != "identity":
            raw = _decode_one(raw, name, limit)
    return raw


def _decode_one(raw: bytes, encoding: str, limit: int) -> bytes:
    if encoding == "zstd":
        import zstandard

        stream = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(raw), read_across_frames=True)
    elif encoding in ("gzip", "x-gzip"):
        stream = gzip.GzipFile(fileobj=io.BytesIO(raw))
    elif encoding == "deflate":  # RFC 9110: zlib-wrapped; some clients send raw deflate
        wbits = zlib.MAX_WBITS if raw[:1] and (raw[0] & 0x0F) == 8 and int.from_bytes(raw[:2], "big") % 31 == 0 \
            else -zlib.MAX_WBITS
        stream = _Inflate(raw, wbits)
    else:
        raise error(415, "unsupported_encoding", f"Content-Encoding {encoding!r} is not supported; "
                                                 "send zstd, gzip, deflate or an uncompressed body")
    out, size = [], 0
    try:
        while chunk := stream.read(1 << 16):
            size += len(chunk)
            if size > limit:
                raise error(413, "request_too_large", f"the body inflates past the limit of {limit} bytes")
            out.append(chunk)
    except WireError:
        raise
    except Exception as exc:  # noqa: BLE001 - every decoder's own error kinds (zlib.error, ZstdError, EOFError, ...)
        raise error(400, "invalid_request_error", f"the {encoding} body cannot be decompressed: "
                                                  f"{str(exc)[:200] or type(exc).__name__}") from None
    return b"".join(out)


class _Inflate:
    """A zlib/raw deflate stream with ``read(n)``, bounded output per call."""

    def __init__(self, raw: bytes, wbits: int):
        self.d, self.raw, self.done = zlib.decompressobj(wbits), raw, False

    def read(self, n: int) -> bytes:
        while not self.done:
            out = self.d.decompress(self.raw, n)
            self.raw = self.d.unconsumed_tail  # input held back because n bytes came out
            if out:
                return out
            if not self.raw:  # every byte consumed: the stream must have ended
                self.done = True
                if not self.d.eof:
                    raise EOFError("the deflate stream ends before its end marker")
                return self.d.flush()
        return b""


async def _request_part(request: Request, raw: bytes, limit: int) -> bytes:
    """multipart/form-data: the JSON is the part named ``request``; image parts are refused."""
    async def replay():
        return {"type": "http.request", "body": raw, "more_body": False}

    try:
        form = await Request(request.scope, replay).form(max_files=64, max_fields=64, max_part_size=limit)
    except Exception as exc:  # noqa: BLE001 - starlette raises HTTPException or MultiPartException
        raise error(400, "invalid_request_error", f"the multipart body cannot be read: "
                                                  f"{getattr(exc, 'detail', None) or exc}") from None
    others = sorted(k for k in form.keys() if k != "request")
    if others:
        raise WireError(422, [invalid([others[0]], f"this server's models read text only; image parts "
                                                   f"({', '.join(others)}) are not supported")])
    part = form.get("request")
    if part is None:
        raise WireError(422, [invalid(["request"], "multipart body without the part named 'request' (the JSON)",
                                      "missing")])
    return await part.read() if hasattr(part, "read") else part.encode("utf-8")


def _release_date(engine) -> str:
    """The day the served weights were written (YYYY-MM-DD)."""
    config = engine.model_dir / "config.json" if engine.model_dir else None
    when = dt.datetime.fromtimestamp(config.stat().st_mtime, dt.timezone.utc) if config and config.exists() \
        else dt.datetime.now(dt.timezone.utc)
    return when.date().isoformat()
