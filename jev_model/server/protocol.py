"""uvicorn's HTTP/1.1 protocol (h11) with a time limit on the request line and headers, and its
own error responses in the contract's shape.

uvicorn arms no timer on a new connection, and its keep-alive timer is cancelled by the first
byte of the next request, so a client that sends its headers a byte at a time (slowloris), or
connects and sends nothing, holds a connection for ever.  Here a request's line and headers
must arrive in full within ``header_timeout`` seconds of the connection opening or of the
previous response ending; otherwise the connection gets 408 (nothing, if no byte came) and is
closed.  The body has its own limit in the app (``--body-timeout``).  A request h11 cannot parse
gets uvicorn's 400, here as ``{"detail": {"error_type", "message"}}``; both carry
``x-typesafe-request-id``, as every response of the app does.

Example:
    >>> uvicorn.Config(app, http=H11WithHeaderTimeout)   # doctest: +SKIP
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from jev_model.server.http import REQUEST_ID_HEADER, new_request_id

HEADER_TIMEOUT = 10.0  # seconds for a request line and its headers (nginx's client_header_timeout is 60 s)


class H11WithHeaderTimeout(H11Protocol):
    header_timeout = HEADER_TIMEOUT

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._expect_headers()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._expect_headers()

    def _expect_headers(self) -> None:
        self.loop.call_later(self.header_timeout, self._headers_overdue, self.cycle)

    def _headers_overdue(self, cycle) -> None:
        if self.transport.is_closing() or self.cycle is not cycle or self.conn.their_state is not h11.IDLE:
            return  # closed, or a request's headers have arrived in full since
        received, _ = self.conn.trailing_data  # what came of a request line and headers not yet complete
        if received:
            self.transport.write(_error_response(408, "Request Timeout", "request_timeout", (
                f"the request line and headers did not arrive within {self.header_timeout:g} s")))
            self.logger.info("closed a connection whose headers did not arrive within %g s", self.header_timeout)
        self.transport.close()

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a request h11 cannot parse (a missing Host, a malformed line)."""
        self.transport.write(_error_response(400, "Bad Request", "invalid_request_error",
                                             f"{msg.rstrip('.')}: its request line or headers cannot be parsed"))
        self.transport.close()


def _error_response(status: int, reason: str, error_type: str, message: str) -> bytes:
    """A whole response written straight to the socket (no h11 state to keep: the connection closes)."""
    body = json.dumps({"detail": {"error_type": error_type, "message": message}}).encode()
    return (b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: %d\r\n"
            b"%s: %s\r\n\r\n%s" % (status, reason.encode(), len(body), REQUEST_ID_HEADER, new_request_id(), body))
