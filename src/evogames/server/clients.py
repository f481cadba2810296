"""One open websocket: its seat, its outbox, and how fast it may talk.

A table never waits on a client. A new state only marks each client "behind";
the client's own task builds its view and sends it when the connection can take
it, so a slow client skips to the latest state instead of piling up old ones.
Other messages (errors, pongs) wait in a bounded outbox. A client that stops
reading (a sleeping laptop, a tab in a train tunnel, a spectator that never
reads) holds up only itself; once its outbox is full or one send has waited
too long, it is dropped with a log line and its connection cut. Its page
reconnects by itself and gets the current state.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from evogames.server import protocol
from evogames.server.messages import ServerMessage

LOG = logging.getLogger("evogames.server")

MAX_BACKLOG = 64  # messages waiting for one client before it is dropped
SEND_TIMEOUT = 10.0  # seconds one send may wait on a client that does not read
RATE = 50.0  # messages a second a client may send, on average (a person sends a few)
BURST = 100.0  # ... and at once


@dataclass(eq=False)
class Client:
    """A seat's (or a spectator's, seat None) connection: what it has seen and what waits for it."""

    socket: protocol.Socket
    seat: int | None
    label: str = "a client"
    address: str = "?"  # the device's network address (one hint at a time per device)
    abort: Callable[[], None] | None = None  # cuts the connection at once (the server's transport)
    on_drop: Callable[[Client], None] | None = None
    state_of: Callable[[Client], str] | None = None  # builds this client's next state message (JSON text)
    seen: int = 0
    closed: bool = False
    behind: bool = False  # a newer state than the last one sent exists
    close_code: int | None = None  # close the connection with this code once the outbox is sent
    sending_since: float | None = None
    outbox: deque[str] = field(default_factory=deque)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)
    warned: float = 0.0  # when this client was last told to slow down

    def start(self) -> None:
        self.task = asyncio.create_task(self._pump())

    def push(self, message: ServerMessage) -> bool:
        """Queue ``message``; never waits. False if the client is gone or was just dropped."""
        if not self._keeping_up():
            return False
        if len(self.outbox) >= MAX_BACKLOG:
            self.drop(f"{MAX_BACKLOG} messages were waiting for it")
            return False
        self.outbox.append(protocol.encode(message))
        self.ready.set()
        return True

    def fall_behind(self) -> None:
        """A new state exists: send it (the latest one) when the connection can take it."""
        if self._keeping_up():
            self.behind = True
            self.ready.set()

    def _keeping_up(self) -> bool:
        if self.closed:
            return False
        if self.sending_since is not None and time.monotonic() - self.sending_since > SEND_TIMEOUT:
            self.drop(f"a message has waited {SEND_TIMEOUT:.0f} s to be sent")
            return False
        return True

    def allow(self) -> bool:
        """A token bucket: may this client send one more message now?"""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def should_warn(self) -> bool:
        """Tell a client to slow down at most once a second (the warnings must not flood it in turn)."""
        now = time.monotonic()
        if now - self.warned < 1.0:
            return False
        self.warned = now
        return True

    async def _pump(self) -> None:
        while not self.closed:
            await self.ready.wait()
            self.ready.clear()
            while (self.outbox or self.behind) and not self.closed:
                try:
                    self.sending_since = time.monotonic()
                    await self.socket.send_text(self._next())
                    self.sending_since = None
                except Exception:  # the socket went away; its handler cleans up
                    self.close()
                    return
            if self.close_code is not None and not self.closed:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.socket.close(code=self.close_code), SEND_TIMEOUT)
                self.close()

    def send_off(self, message: ServerMessage, code: int) -> None:
        """Send ``message``, then close with ``code`` (e.g. the seat was opened in a newer window)."""
        self.behind = False
        self.push(message)
        self.close_code = code
        self.ready.set()

    def _next(self) -> str:
        if self.outbox:
            return self.outbox.popleft()
        self.behind = False
        assert self.state_of is not None
        return self.state_of(self)

    def drop(self, why: str) -> None:
        """Give up on a client that does not keep up: log it, forget it, cut its connection."""
        if self.closed:
            return
        LOG.warning("%s dropped: %s", self.label, why)
        self.close()
        if self.abort is not None:
            self.abort()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        self.outbox.clear()
        self.ready.set()
        if self.on_drop is not None:
            self.on_drop(self)
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
