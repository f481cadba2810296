"""A live table: the authoritative Match, its seats, its connections, its bots.

One lock per table orders every action. An action is tried on a clone,
committed to storage, and only then becomes the table's state and is
broadcast: each connection gets only its own seat's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

from evogames.bots import Bot, make_bot
from evogames.core.errors import IllegalAction
from evogames.core.match import Match
from evogames.core.rng import Rng
from evogames.server import protocol
from evogames.server.seats import Seat
from evogames.server.storage import Storage, StoredTable


@dataclass(eq=False)
class Client:
    """One open websocket: a seat (None: a spectator) and how much log it has seen."""

    socket: protocol.Socket
    seat: int | None
    seen: int = 0


@dataclass(eq=False)
class LiveTable:
    id: str
    name: str
    match: Match
    seats: list[Seat]
    created: float
    storage: Storage
    bot_delay: float
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    options_of: list[list[dict[str, Any]]] = field(default_factory=list)
    changed_at: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.bots = {i: make_bot(s.bot or "random", self.match.game.name)
                     for i, s in enumerate(self.seats) if s.kind == "bot"}
        self.options_of = [self.match.legal(seat) for seat in range(self.match.players)]
        self.changed_at = [self.version] * self.match.players

    @property
    def version(self) -> int:
        return len(self.match.actions)

    def seat_for(self, code: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.code and seat.code == code:
                return index
        return None

    # -- acting ------------------------------------------------------------
    async def act(self, seat: int, action: dict[str, Any], version: int) -> None:
        """Apply a person's action, commit, broadcast.

        Refused if illegal, or stale: sent against a version older than the last
        change of that seat's own choices (so players choosing at the same time
        do not invalidate each other)."""
        async with self.lock:
            if not self.changed_at[seat] <= version <= self.version:
                raise IllegalAction(
                    f"That was sent against an old state (version {version}, now {self.version}); "
                    "the board has been refreshed.", "action/stale")
            await self._commit(seat, action)
        await self.broadcast()
        self.wake_bots()

    async def _commit(self, seat: int, action: dict[str, Any]) -> None:
        """Called under the table's lock, so the table changes in stored order."""
        trial = self.match.clone()
        trial.act(seat, action)  # raises IllegalAction: nothing changed
        await self.storage.commit_action(self.id, self.version, seat, action)
        self.match = trial
        for other in range(trial.players):
            legal = trial.legal(other)
            if legal != self.options_of[other]:
                self.options_of[other] = legal
                self.changed_at[other] = self.version

    # -- bots --------------------------------------------------------------
    def wake_bots(self) -> None:
        if self.bots and (self.bot_task is None or self.bot_task.done()):
            self.bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while not self.match.over:
            waiting = [s for s in self.match.to_act if s in self.bots]
            if not waiting:
                return
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                seat = next((s for s in self.match.to_act if s in self.bots), None)
                if seat is None:
                    continue
                view = self.match.view(seat)
                rng = Rng(self.match.seed * 1_000_003 + self.version)
                await self._commit(seat, self.bots[seat].choose(view, rng))
            await self.broadcast()

    # -- telling -----------------------------------------------------------
    async def welcome(self, client: Client) -> None:
        await protocol.send(client.socket, {
            "type": "welcome", "table_id": self.id, "name": self.name, "game": self.match.game.name,
            "seat": client.seat, "players": self.match.players,
            "seats": [s.public(i) for i, s in enumerate(self.seats)],
        })
        self.clients.add(client)
        await self.send_state(client)

    async def send_state(self, client: Client) -> None:
        events = len(self.match.game.events(self.match.state))
        message = {
            "type": "state", "version": self.version, "view": self.match.view(client.seat),
            "log": self.match.log_for(client.seat, start=client.seen),
        }
        client.seen = events
        await protocol.send(client.socket, message)

    async def broadcast(self) -> None:
        for client in list(self.clients):
            try:
                await self.send_state(client)
            except Exception:  # a socket that went away; its handler cleans up
                self.clients.discard(client)

    def summary(self) -> dict[str, Any]:
        connected = {c.seat for c in self.clients}
        result = self.match.result
        view = self.match.view(None)
        return {
            "table_id": self.id, "name": self.name, "game": self.match.game.name,
            "players": self.match.players, "created": self.created,
            "seats": [{**s.public(i), "connected": i in connected} for i, s in enumerate(self.seats)],
            "round": round_of(view), "over": self.match.over, "result": result,
            "scores": scores_of(view, result),
            "version": self.version,
        }

    async def close(self) -> None:
        if self.bot_task:
            self.bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.bot_task


SCORE_KEYS = ("offspring", "score", "points")  # a seat's running score, by game


def scores_of(view: dict[str, Any], result: dict[str, Any] | None) -> list[Any]:
    """Each seat's score: the result's when over, else the running one the view shows (None if none)."""
    if result:
        return list(result["scores"])
    players = view.get("players", [])
    return [next((p[k] for k in SCORE_KEYS if isinstance(p.get(k), int | float)), None) for p in players]


def round_of(view: dict[str, Any]) -> Any:
    """The round (or turn) a game is in."""
    return view.get("round", view.get("turn"))


def from_stored(row: StoredTable, storage: Storage, bot_delay: float) -> LiveTable:
    """Rebuild a table by replaying its stored record."""
    record = {"game": row.game, "players": row.players, "seed": row.seed, "options": row.options,
              "actions": [[seat, action] for seat, action in row.actions]}
    return LiveTable(row.id, row.name, Match.replay(record), [Seat.from_row(s) for s in row.seats],
                     row.created, storage, bot_delay)


def now() -> float:
    return time.time()
