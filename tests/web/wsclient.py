"""A tiny real websocket client for the tests (the `websockets` library, sync API)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

import evogames
from evogames.core.options import teacher_only_set
from evogames.core.rng import Rng

TEACHER_KEYS: dict[str, str] = {}  # server URL -> its teacher's key (set by the Server fixture)


def teacher(base: str) -> dict[str, str]:
    """The header that carries the teacher's key of the server at ``base``."""
    return {"X-Teacher-Key": TEACHER_KEYS[base]}


def create_table(base: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    """A new table; the teacher's key is sent when the body names a seed or scripts a deck (only the teacher may)."""
    body = {"game": "mating", "seats": seats, **body}
    scripted = teacher_only_set(evogames.game(body["game"]).options, body.get("options") or {})
    headers = teacher(base) if "seed" in body or scripted else {}
    response = httpx.post(base + "/api/tables", json=body, headers=headers, timeout=10)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


class Player:
    """One connection to a table: it keeps the latest state and every message it got."""

    def __init__(self, ws_base: str, table_id: str, token: str | None = None) -> None:
        query = f"?token={token}" if token else ""
        self._stack = contextlib.ExitStack()
        self.conn: ClientConnection = self._stack.enter_context(
            connect(f"{ws_base}/ws/tables/{table_id}{query}", max_size=2**24))
        self.messages: list[str] = []
        self.state: dict[str, Any] = {}
        self.welcome = self.receive()
        self.receive()

    def receive(self, timeout: float = 10) -> dict[str, Any]:
        raw = self.conn.recv(timeout=timeout)
        text = raw if isinstance(raw, str) else raw.decode()
        self.messages.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "state":
            self.state = message
        return message

    def send(self, message: Any) -> None:
        self.conn.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def error(self, message: Any) -> dict[str, Any]:
        """Send something and return the error it earns (skipping state pushes)."""
        self.send(message)
        while True:
            reply = self.receive()
            if reply["type"] == "error":
                return reply

    @property
    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.state["view"]
        return view

    def my_turn(self) -> bool:
        return self.state["view"]["seat"] in self.view["to_act"] and not self.view["over"]

    def wait(self, until: Any, timeout: float = 30) -> None:
        while not until(self):
            self.receive(timeout)

    def act(self, action: dict[str, Any]) -> None:
        self.send({"type": "action", "version": self.state["version"], "action": action})

    def act_randomly(self, rng: Rng) -> None:
        self.act(rng.choice(self.view["legal"]))

    def drain(self) -> None:
        """Read every message already waiting."""
        while True:
            try:
                self.receive(timeout=0)
            except TimeoutError:
                return

    def close(self) -> None:
        self._stack.close()


def settle(players: list[Player], people: tuple[int, ...] | None = None, quiet: float = 0.5,
           seconds: float = 60) -> None:
    """Read until every move in flight has landed.

    With ``people`` (the human seats): also until the table waits only for them (or is over), so no
    bot still has a move to make however slow the machine is; then quiet again for a last broadcast."""
    _quiet(players, quiet, seconds)
    if people is None:
        return
    for p in players:
        p.wait(lambda q: q.view["over"] or (bool(q.view["to_act"]) and set(q.view["to_act"]) <= set(people)), seconds)
    _quiet(players, quiet, seconds)


def _quiet(players: list[Player], quiet: float, seconds: float) -> None:
    import time

    deadline = time.time() + seconds
    while time.time() < deadline:
        heard = False
        for p in players:
            try:
                p.receive(timeout=quiet)
                heard = True
            except TimeoutError:
                pass
        if not heard:
            return
    raise AssertionError("the table never settled")


def play_humans(players: list[Player], rng: Rng, until: Any = None, seconds: float = 120) -> None:
    """The human seats act at random whenever it is their turn, until ``until`` or the end."""
    import time

    deadline = time.time() + seconds
    while time.time() < deadline:
        for p in players:
            p.drain()
        if players[0].view["over"] or (until and until()):
            return
        mover = next((p for p in players if p.my_turn()), None)
        if mover is None:
            time.sleep(0.01)
            continue
        mover.act_randomly(rng)
        mover.receive(timeout=30)  # the new state, or an error (a bot moved first)
    raise AssertionError("the game did not end in time")


def run_async(coro: Any) -> Any:
    """``asyncio.run`` on a thread of its own: the session's browser (Playwright's sync API) keeps an event
    loop running on the main thread once a browser test has run, where ``asyncio.run`` refuses to start."""
    import asyncio
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
