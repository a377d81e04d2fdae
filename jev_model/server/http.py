"""HTTP plumbing shared by every route: request ids, keys, bodies, deadlines, hang-ups.

* ``RequestId``: every response carries ``x-typesafe-request-id``;
* ``check_auth``: ``Authorization: Bearer KEY`` when the server has a key;
* ``read_json``: the body, size- and time-limited, decompressed (zstd, gzip, deflate),
  multipart unpacked (the JSON in the part named ``request``), parsed as strict JSON;
* ``with_cancellation``: wait for an admitted request's answer or the client's hang-up,
  whichever comes first, and drop the work of a client that has gone (vLLM's decorator of
  the same name, written once here);
* ``client_deadline`` and ``body_key``: the client's own timeout, and the key by which a
  client refused with 429 is known when it comes back.

Example:
    >>> body = await read_json(request, config)            # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import hmac
import io
import json
import logging
import math
import uuid
import zlib

from fastapi import Request
from starlette.requests import ClientDisconnect

from jev_model.server.config import ServerConfig
from jev_model.server.wire import WireError, error, invalid, parse_json

DEADLINE_HEADER = "x-jev-timeout"  # seconds the client waits (optional; see client_deadline)
MAX_CLIENT_DEADLINE = 3600.0
ZSTD_FEED = 256  # compressed bytes fed to zstd at a time: one feed inflates to at most ~8 MiB (ratio <= 32768)

REQUEST_ID_HEADER = b"x-typesafe-request-id"
REQUEST_ID_KEY = "jev.request_id"

# python-multipart logs each malformed body at WARNING on its own logger, which no handler of
# ours formats (Python then prints it bare to stderr); the client gets that error as a 400.
logging.getLogger("python_multipart").setLevel(logging.ERROR)


def new_request_id() -> bytes:
    """A response's ``x-typesafe-request-id`` value (also for the protocol's own 400 and 408)."""
    return f"req_{uuid.uuid4().hex}".encode()


class RequestId:
    """Every response carries ``x-typesafe-request-id`` (the SDK exposes it as request_id)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        rid = new_request_id()
        scope[REQUEST_ID_KEY] = rid  # the 500 handler answers from outside this middleware

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != REQUEST_ID_HEADER]
                message["headers"] = [*headers, (REQUEST_ID_HEADER, rid)]
            await send(message)

        await self.app(scope, receive, send_with_id)



def check_auth(request: Request, api_key: str | None) -> None:
    """401 unless the request carries the server's key (any header is fine without one: the
    SDK always sends one)."""
    if not api_key:
        return
    header = request.headers.get("authorization")
    if not header:
        raise error(401, "authentication_error", "missing API key: send Authorization: Bearer <key>",
                    {"WWW-Authenticate": "Bearer"})
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer":
        raise error(401, "authentication_error", f"the Authorization header must be 'Bearer <key>', not a "
                                                 f"{scheme[:20]!r} credential", {"WWW-Authenticate": "Bearer"})
    if not token.strip():
        raise error(401, "authentication_error", "missing API key: the Authorization header has no key after "
                                                 "'Bearer'", {"WWW-Authenticate": "Bearer"})
    if not hmac.compare_digest(token.strip().encode(), api_key.encode()):
        raise error(401, "authentication_error", "invalid API key", {"WWW-Authenticate": "Bearer"})


async def read_json(request: Request, config: ServerConfig):
    """The body as a JSON value: size- and time-limited, decompressed, multipart unpacked."""
    limit = config.max_body_bytes
    try:
        raw = await asyncio.wait_for(_read_limited(request, limit), config.body_timeout)
    except asyncio.TimeoutError:
        raise error(408, "request_timeout", f"the body did not arrive within {config.body_timeout:g} s",
                    {"connection": "close"}) from None
    except ClientDisconnect:
        raise ClientGone("during the upload") from None
    raw = _decode(raw, request.headers.get("content-encoding", ""), limit)
    if request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        raw = await _request_part(request, raw, limit)
    errors, body = parse_json(raw)
    if errors:
        raise WireError(422, errors)
    return body


async def with_cancellation(request: Request, future, cancel) -> object:
    """The answer of an admitted request, or ``ClientGone`` (after ``cancel()``, which drops
    its remaining work) when the client hangs up first."""
    answer = asyncio.wrap_future(future)
    gone = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({answer, gone}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        gone.cancel()
    if not answer.done():
        cancel()
        raise ClientGone("before the answer; its work was dropped")
    return answer.result()


class ClientGone(Exception):
    """The client hung up: one short log line, no response to send."""


async def _disconnected(request: Request) -> None:
    """Returns when the client hangs up (the body is read by now, so only that can arrive)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def body_key(request: Request, body) -> str:
    """The same request sent again (a client coming back after a 429) has the same key."""
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(f"{request.url.path}\n{canonical}".encode(), digest_size=16).hexdigest()


def client_deadline(request: Request) -> float | None:
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
        stream = _Unzstd(raw)
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
    except EOFError as exc:  # a body cut short: the stream ends before its end marker
        raise error(400, "invalid_request_error", f"the {encoding} body cannot be decompressed: it is cut short "
                                                  f"({str(exc)[:200] or 'it ends inside the stream'})") from None
    except Exception as exc:  # noqa: BLE001 - every decoder's own error kinds (zlib.error, ZstdError, OSError, ...)
        raise error(400, "invalid_request_error", f"the {encoding} body cannot be decompressed: "
                                                  f"{str(exc)[:200] or 'it is not valid ' + encoding}") from None
    return b"".join(out)


class _Unzstd:
    """zstd frames one after another with ``read(n)``; the input is fed ``ZSTD_FEED`` bytes at a
    time, so one call never inflates far past the limit, and a body that stops inside a frame
    raises ``EOFError`` (zstandard's stream reader returns what it has, silently)."""

    def __init__(self, raw: bytes):
        import zstandard

        self.new = zstandard.ZstdDecompressor().decompressobj
        self.d, self.raw, self.pos, self.held, self.in_frame = self.new(), raw, 0, b"", False

    def read(self, n: int) -> bytes:  # n: any size; the caller counts what comes out
        while True:
            if self.d.eof:  # a frame ended: what follows it is the next frame
                self.held, self.d, self.in_frame = self.d.unused_data, self.new(), False
            if self.held:
                feed, self.held = self.held, b""
            else:
                feed = self.raw[self.pos:self.pos + ZSTD_FEED]
                self.pos += len(feed)
            if not feed:
                if self.in_frame:
                    raise EOFError("the zstd stream ends inside a frame")
                return b""
            self.in_frame = True
            if out := self.d.decompress(feed):
                return out


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
    """multipart/form-data: the JSON is the part named ``request``; file parts (the SDK's image
    assets) and any other part are refused, each by what it is."""
    async def replay():
        return {"type": "http.request", "body": raw, "more_body": False}

    try:
        form = await Request(request.scope, replay).form(max_files=64, max_fields=64, max_part_size=limit)
    except Exception as exc:  # noqa: BLE001 - starlette raises HTTPException or MultiPartException
        raise error(400, "invalid_request_error", f"the multipart body cannot be read: "
                                                  f"{getattr(exc, 'detail', None) or exc}") from None
    names = list(dict.fromkeys(form.keys()))
    files = [k for k in names if k != "request" and any(hasattr(v, "read") for v in form.getlist(k))]
    if files:
        raise WireError(422, [invalid([files[0]], f"this server's models read text only; file parts such as "
                                                  f"images ({', '.join(files)}) are not supported")])
    if "request" not in names:
        got = f"; it has {', '.join(repr(k) for k in names)}" if names else "; it has no parts"
        raise WireError(422, [invalid(["request"], f"multipart body without the part named 'request' (the JSON)"
                                                   f"{got}", "missing")])
    others = [k for k in names if k != "request"]
    if others:
        raise WireError(422, [invalid([others[0]], f"unknown multipart part(s) {', '.join(repr(k) for k in others)}: "
                                                   "the JSON goes in the part named 'request', and no other is read")])
    if len(form.getlist("request")) > 1:
        raise WireError(422, [invalid(["request"], "the part named 'request' appears more than once")])
    part = form["request"]  # a text part (the SDK's), or a file part (curl -F request=@body.json)
    return await part.read() if hasattr(part, "read") else part.encode("utf-8")
