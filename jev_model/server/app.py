"""The HTTP app: the System One wire protocol and the evaluator catalogue over one engine.

    POST /v1/systemone   state + typed questions -> answers + usage   (the hosted API's shape)
    POST /v1/evaluate    {"evaluators": [...], "input", "output", "expected"} -> results
    GET  /v1/models      {"models": [{name, description, release_date}]}
    GET  /health         readiness (never needs a key)

``create_app`` only wires: a ``ServerConfig``, a ``Batcher`` (the worker thread that owns the
engine), one serving object per endpoint (``serving.py``), thin routes and the error
handlers.  Bodies may be zstd- or gzip-compressed and may arrive as multipart/form-data
(``http.py``).  Errors: 422 with ``detail[]`` for validation, ``{"detail": {"error_type",
"message"}}`` for the rest; a bad request never gets a 5xx.

Example:
    >>> app = create_app(Engine.load("default"), ServerConfig(api_key=None))   # doctest: +SKIP
    >>> uvicorn.run(app, host="127.0.0.1", port=8000)                          # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import logging
import math
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from jev_model.errors import JevError
from jev_model.server.batcher import Batcher, Busy, Held, TooLarge
from jev_model.server.config import ServerConfig
from jev_model.server.http import (REQUEST_ID_KEY, ClientGone, RequestId, body_key, check_auth, client_deadline,
                                   read_json, with_cancellation)
from jev_model.server.serving import ServingEvaluate, ServingModels, ServingSystemOne
from jev_model.server.wire import WireError, error, invalid

log = logging.getLogger("jev.server")


def create_app(engine, config: ServerConfig | None = None, **changes) -> FastAPI:
    """The app over a loaded engine; its worker thread starts now and stops with the app.
    Keywords change fields of ``config`` (``create_app(engine, deadline=60)``)."""
    config = (config or ServerConfig()).replace(**changes)
    batcher = Batcher(engine, config)

    @asynccontextmanager
    async def lifespan(app):
        yield
        batcher.close()

    app = FastAPI(title="jev-model", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.state.batcher, app.state.engine, app.state.config = batcher, engine, config
    app.add_middleware(RequestId)
    for kind, handler in _ERROR_HANDLERS.items():
        app.add_exception_handler(kind, handler)
    systemone, evaluate, models = (ServingSystemOne(engine, config), ServingEvaluate(engine, config),
                                   ServingModels(engine, config))
    planners = Gate(config.planners)

    @app.get("/health")
    async def health():
        return {**models.health(batcher), "in_flight": batcher.in_flight, "cold": batcher.cold,
                "estimate_error": round(batcher.estimate_error, 3), "answered_over_deadline": batcher.over_deadline,
                "answered_past_timeout": batcher.past_timeout, "promises_broken": batcher.promises_broken}

    @app.get("/v1/models")
    async def list_models(request: Request):
        check_auth(request, config.api_key)
        return models.models()

    @app.post("/v1/systemone")
    async def systemone_route(request: Request):
        return await serve(request, systemone, batcher, config, planners)

    @app.post("/v1/evaluate")
    async def evaluate_route(request: Request):
        return await serve(request, evaluate, batcher, config, planners)

    return app


class Gate:
    """At most ``n`` requests planned at once (an asyncio semaphore, made for the running loop):
    a burst of clients tokenized on many threads at once would take the CPU and the
    interpreter from the worker (issue #24); the rest wait their turn on the event loop."""

    def __init__(self, n: int):
        self.n, self._loop, self._semaphore = n, None, None

    def __call__(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop, self._semaphore = loop, asyncio.Semaphore(self.n)
        return self._semaphore


async def serve(request: Request, serving, batcher: Batcher, config: ServerConfig, planners: Gate):
    """A POST route's whole path: key, body, validation, planning off the event loop (a few
    at a time), admission by deadline (the time spent so far counted), then the answer or the
    client's hang-up.  The request counts as in the server throughout (``Batcher.holding``)."""
    check_auth(request, config.api_key)
    arrived = batcher.clock()
    with batcher.holding():
        return await _serve(request, serving, batcher, config, planners, arrived)


async def _serve(request: Request, serving, batcher: Batcher, config: ServerConfig, planners: Gate, arrived: float):
    body = await read_json(request, config)
    checked = serving.check(body)
    deadline = client_deadline(request)
    try:
        async with planners():
            planned = await run_in_threadpool(serving.plan, checked)
    except JevError as exc:  # a request the engine could not take (rendering, tokens)
        raise WireError(422, [invalid([], str(exc))]) from None
    try:
        work = await _admit(request, planned, batcher, deadline, body_key(request, body), arrived)
    except Busy as exc:
        raise error(429, "rate_limit_error", f"the server is busy: {exc}",
                    {"retry-after": str(math.ceil(exc.retry_after)),
                     "retry-after-ms": str(math.ceil(exc.retry_after * 1000))}) from None
    except TooLarge as exc:
        raise error(413, "request_too_large", str(exc)) from None
    try:
        return await with_cancellation(request, work.future, lambda: batcher.cancel(work))
    except JevError as exc:
        raise WireError(422, [invalid([], str(exc))]) from None


async def _admit(request: Request, planned, batcher: Batcher, deadline, key: str, arrived: float):
    """Submit a planned request; refused while admission is cold (a burst's first steps not
    measured yet), it waits here, off the CPU, until they are (``Batcher.on_warm``, at most
    ``COLD_HOLD`` s) and is submitted again: its Retry-After, if any, is then booked at the
    speed measured under this load, not the quiet speed guessed before (issue #24)."""
    def submit(hold: bool):
        return batcher.submit(planned.kind, planned.jobs, planned.costs, planned.finish, deadline=deadline,
                              key=key, arrived=arrived, hold=hold)
    try:
        return submit(hold=True)
    except Held as held:
        loop = asyncio.get_running_loop()
        warm = loop.create_future()
        forget = batcher.on_warm(lambda: loop.call_soon_threadsafe(lambda: warm.done() or warm.set_result(None)))
        try:
            await asyncio.wait_for(warm, held.seconds)
        except asyncio.TimeoutError:
            pass
        finally:
            forget()
        if await request.is_disconnected():
            raise ClientGone("while held for a burst's first steps") from None
        return submit(hold=False)


async def _wire_error(request: Request, exc: WireError):
    return JSONResponse({"detail": exc.detail}, status_code=exc.status, headers=exc.headers)


async def _client_gone(request: Request, exc: ClientGone):
    rid = request.scope.get(REQUEST_ID_KEY, b"").decode()
    log.info("client went away %s (%s %s %s)", exc, request.method, request.url.path, rid)
    return Response(status_code=499)  # nobody reads it; uvicorn drops it quietly


async def _http_error(request: Request, exc: StarletteHTTPException):
    kinds = {404: "not_found", 405: "method_not_allowed"}
    return JSONResponse({"detail": {"error_type": kinds.get(exc.status_code, "invalid_request_error"),
                                    "message": str(exc.detail)}}, status_code=exc.status_code)


async def _internal_error(request: Request, exc: Exception):
    log.exception("internal error on %s %s", request.method, request.url.path)
    rid = request.scope.get(REQUEST_ID_KEY, b"").decode()  # Starlette runs this outside RequestId
    return JSONResponse({"detail": {"error_type": "internal_error",
                                    "message": f"internal error: {type(exc).__name__}"}}, status_code=500,
                        headers={"x-typesafe-request-id": rid} if rid else None)


_ERROR_HANDLERS = {WireError: _wire_error, ClientGone: _client_gone, StarletteHTTPException: _http_error,
                   Exception: _internal_error}
