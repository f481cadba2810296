"""What keeps one client from hurting the others, below the app: body size, slow headers, secrets in logs.

- ``BodyLimit``: a request body over ``MAX_BODY`` is answered 413 before it is read.
- ``ConnectionCap``: one address holds at most ``MAX_PER_ADDRESS`` websockets and
  requests in flight; past that a request gets 429 and a websocket a polite close
  (one device cannot use up the server's connections and give everyone 503s).
- ``GuardedHttp``: a connection that has not sent a whole request head within
  ``HEADER_TIMEOUT`` seconds is closed (a thousand half-sent requests would
  otherwise hold a laptop's file descriptors forever), and a body that has not
  arrived ``BODY_TIMEOUT`` seconds after its head gets 408 and is closed. One address
  may hold twice ``MAX_PER_ADDRESS`` HTTP connections (idle or half-sent too): one
  more gets 429 at once.
- ``AbortableWebSockets``: gives the app a way to cut a websocket at once
  (a client that stops reading cannot be closed politely).
- ``RedactSecrets``: no seat code, teacher's key or query string in a log line.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import re
import socket
import time
from collections.abc import Callable
from typing import Any, ClassVar

from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from evogames.core.errors import ErrorCode

MAX_BODY = 64 * 1024
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 10.0  # seconds for a whole body (at most MAX_BODY) once the head is in: 6.4 KB/s at worst
MAX_PER_ADDRESS = 200  # a class behind one router: ~35 devices with a window or two each, and their requests
TRY_AGAIN = 1013  # websocket close code: try again later (the page reconnects by itself)
LOG = logging.getLogger("evogames.server")

ASGIApp = Any


class BodyLimit:
    """ASGI middleware: 413 for a body over ``MAX_BODY`` (declared or streamed)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            await _too_large(send)
            return
        seen = 0

        async def counted() -> dict[str, Any]:
            nonlocal seen
            message: dict[str, Any] = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise _TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _TooLarge:
            await _too_large(send)


class _TooLarge(Exception):
    pass


async def _too_large(send: Any) -> None:
    body = (b'{"error":{"code":"message/too_large","reason":"The request is too large (at most '
            + str(MAX_BODY // 1024).encode() + b' KB)."}}')
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class ConnectionCap:
    """ASGI middleware: at most ``limit`` open websockets and requests in flight from one address.

    Past it a request gets 429 and a websocket an error message and a close frame (code 1013, with a
    reason), before the app sees either. ``exempt(scope)`` (the teacher's key) lifts the cap for that
    connection; it still counts."""

    def __init__(self, app: ASGIApp, limit: int = MAX_PER_ADDRESS,
                 exempt: Callable[[dict[str, Any]], bool] | None = None) -> None:
        self.app, self.limit, self.exempt = app, limit, exempt
        self.open: dict[str, int] = {}
        self.warned: dict[str, float] = {}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        address = str((scope.get("client") or ("?",))[0])
        if self.open.get(address, 0) >= self.limit and not (self.exempt and self.exempt(scope)):
            self._warn(address)
            await (_refuse_socket(receive, send) if scope["type"] == "websocket" else _refuse_request(send))
            return
        self.open[address] = self.open.get(address, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.open[address] - 1
            if left:
                self.open[address] = left
            else:
                del self.open[address]

    def _warn(self, address: str) -> None:
        """One log line a minute for an address that is refused."""
        if time.monotonic() - self.warned.get(address, -60.0) >= 60.0:
            if len(self.warned) > 1000:
                self.warned.clear()
            self.warned[address] = time.monotonic()
            LOG.warning("%s holds %d connections: new ones are refused", address, self.limit)


TOO_MANY = ("Too many connections from this network just now; the page tries again by itself. (Close "
            "windows of the game you do not need.)")
TOO_MANY_BODY = json.dumps({"error": {"code": ErrorCode.HTTP_TOO_MANY_CONNECTIONS, "reason": TOO_MANY}}).encode()


async def _refuse_request(send: Any) -> None:
    await send({"type": "http.response.start", "status": 429,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(TOO_MANY_BODY)).encode()),
                            (b"retry-after", b"5"), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": TOO_MANY_BODY})


async def _refuse_socket(receive: Any, send: Any) -> None:
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.send",
                "text": json.dumps({"type": "error", "code": ErrorCode.HTTP_TOO_MANY_CONNECTIONS, "reason": TOO_MANY})})
    await send({"type": "websocket.close", "code": TRY_AGAIN, "reason": "Too many connections from this network."})


TOO_SLOW = json.dumps({"error": {"code": ErrorCode.HTTP_TOO_SLOW, "reason": (
    f"The request's body did not arrive within {BODY_TIMEOUT:.0f} s.")}}).encode()


class GuardedHttp(HttpToolsProtocol):
    """Uvicorn's HTTP protocol with a deadline for each request head, and one for its body.

    It also counts the HTTP connections of each address (open, idle or half-sent: before any request
    reaches ``ConnectionCap``), and answers one past ``most_per_address`` with 429 at once, so that no
    device can fill the server's connections (uvicorn answers 503 to everyone past ``limit_concurrency``)."""

    most_per_address: ClassVar[int] = 2 * MAX_PER_ADDRESS  # ``serve`` sets it from its own cap
    per_address: ClassVar[dict[str, int]] = {}
    counted: str | None = None
    header_timer: asyncio.TimerHandle | None = None
    body_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = str(self.client[0]) if self.client else None
        if address is not None and self.per_address.get(address, 0) >= self.most_per_address:
            self._answer_and_close(b"429 Too Many Requests", TOO_MANY_BODY)
            return
        if address is not None:
            self.per_address[address] = self.per_address.get(address, 0) + 1
            self.counted = address
        self._start_header_timer()

    def _answer_and_close(self, status: bytes, body: bytes) -> None:
        """A JSON answer written straight to the connection (no request reached the app), then closed."""
        self.transport.write(b"HTTP/1.1 " + status + b"\r\ncontent-type: application/json\r\nretry-after: 5\r\n"
                             b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n" + body)
        self.transport.close()

    def _uncount(self) -> None:
        """This connection closed, or became a websocket (``ConnectionCap`` counts those)."""
        if self.counted is not None:
            left = self.per_address[self.counted] - 1
            if left:
                self.per_address[self.counted] = left
            else:
                del self.per_address[self.counted]
            self.counted = None

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._start_header_timer()

    def on_headers_complete(self) -> None:
        self._stop_header_timer()
        super().on_headers_complete()
        if self.body_timer is None:
            self.body_timer = self.loop.call_later(BODY_TIMEOUT, self._body_too_slow)

    def on_message_complete(self) -> None:
        self._stop_body_timer()
        super().on_message_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._uncount()
        self._stop_header_timer()
        self._stop_body_timer()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        self._uncount()
        self._stop_header_timer()
        self._stop_body_timer()
        super().handle_websocket_upgrade()

    def _start_header_timer(self) -> None:
        if self.header_timer is None:
            self.header_timer = self.loop.call_later(HEADER_TIMEOUT, self._headers_too_slow)

    def _stop_header_timer(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _headers_too_slow(self) -> None:
        self.header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def _stop_body_timer(self) -> None:
        if self.body_timer is not None:
            self.body_timer.cancel()
            self.body_timer = None

    def _body_too_slow(self) -> None:
        """A body trickled in (or never sent): 408 if nothing was answered yet, and the connection closed."""
        self.body_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is not None and not self.cycle.response_started:  # the app then hears a disconnect
            self._answer_and_close(b"408 Request Timeout", TOO_SLOW)
        self.transport.close()


SEND_BUFFER = 128 * 1024  # bytes the kernel holds for one websocket (Linux doubles it); not megabytes each


class AbortableWebSockets(WebSocketsSansIOProtocol):
    """Uvicorn's websocket protocol, with ``scope["extensions"]["evogames.abort"]`` to cut it at once,
    and a bounded kernel send buffer: a client that stops reading is noticed within a few hundred
    kilobytes, instead of after the megabytes a loopback or LAN socket would otherwise grow to hold."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        super().connection_made(transport)

    async def run_asgi(self) -> None:
        extensions = self.scope.setdefault("extensions", {})
        extensions["evogames.abort"] = {"abort": self.transport.abort}
        await super().run_asgi()


SECRET = re.compile(r"(\?[^\s\"']*)|(/join/)[^\s/\"'?]+", re.IGNORECASE)


def redact(text: str) -> str:
    """A path with its query string and join code blanked: ``/table/t_1?…``, ``/join/…``."""
    return SECRET.sub(lambda m: "?…" if m.group(1) else m.group(2) + "…", text)


class RedactSecrets(logging.Filter):
    """Blanks query strings and join codes in every argument of a log record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str) and not record.args:
            record.msg = redact(record.msg)
        return True


def log_config() -> dict[str, Any]:
    """Uvicorn's logging, with the redacting filter on every handler."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"redact": {"()": "evogames.server.limits.RedactSecrets"}}
    for handler in config["handlers"].values():
        handler["filters"] = ["redact"]
    config["loggers"]["evogames"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config
