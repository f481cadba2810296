"""What keeps one client from hurting the others, below the app: body size, slow headers, secrets in logs.

- ``BodyLimit``: a request body over ``MAX_BODY`` is answered 413 before it is read.
- ``GuardedHttp``: a connection that has not sent a whole request head within
  ``HEADER_TIMEOUT`` seconds is closed (a thousand half-sent requests would
  otherwise hold a laptop's file descriptors forever).
- ``AbortableWebSockets``: gives the app a way to cut a websocket at once
  (a client that stops reading cannot be closed politely).
- ``RedactSecrets``: no seat code, teacher's key or query string in a log line.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import re
import socket
from typing import Any

from uvicorn.config import LOGGING_CONFIG
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

MAX_BODY = 64 * 1024
HEADER_TIMEOUT = 10.0

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


class GuardedHttp(HttpToolsProtocol):
    """Uvicorn's HTTP protocol with a deadline for each request head."""

    header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_header_timer()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._start_header_timer()

    def on_headers_complete(self) -> None:
        self._stop_header_timer()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self) -> None:
        self._stop_header_timer()
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
