"""Replays: step through a finished table as a spectator saw it, for the debrief.

``GET /api/tables/{id}/replay?step=K`` answers the spectator's view after the
first K actions of a finished (or teacher-ended) table, and the spectator's
log up to that moment, rebuilt from the stored record with ``Match`` (the
engine replays a record exactly). Nothing else leaves: never the seed, the
record's actions, a seat's own view or a private log line.

Who may watch: the teacher (the key) any finished table; a player with their
seat code (``?token=``) their own table, once it is over. Who asks is checked
before any table is read: without the key or a well-formed code, 401 and
nothing read; a code for a table put away is checked against its stored seats
(one row read) before the table is loaded and kept.

Each table's replay is built once (in a worker thread, so the other tables
play on) and kept for a while: a copy of the match every ``EVERY`` steps, and
for each step its round and how many log lines a spectator had seen, so a
step costs at most ``EVERY`` actions and one view.
"""

from __future__ import annotations

import asyncio
import re
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.rounds import round_word
from evogames.core.types import LogEntry, Record
from evogames.server.lobby import Lobby
from evogames.server.seats import ALPHABET, CODE_LENGTH
from evogames.server.storage import StorageError
from evogames.server.tables import LiveTable
from evogames.server.teacher import is_teacher

EVERY = 16  # steps between two kept copies of the match
KEPT = 24  # replays kept (the least recently watched is dropped first)
MAX_STEP_TEXT = 12  # characters of a refused number repeated in the refusal
NOT_YOURS = "Replays are for the teacher, or for a player of this table with their seat code once the game is over."
BAD_CODE = "That seat code is not one of this table's: a player replays their own table."


@dataclass(frozen=True)
class Replay:
    """A finished table's game, ready to be shown at any step."""

    steps: int
    checkpoints: list[Match]  # the match after 0, EVERY, 2*EVERY, ... actions
    actions: list[tuple[int, dict[str, Any]]]
    rounds: list[Any]  # the round shown at each step (0..steps)
    log: list[LogEntry]  # the spectator's whole log
    log_counts: list[int]  # how many of its lines a spectator had seen at each step

    @classmethod
    def build(cls, record: Record) -> Replay:
        match = Match(record["game"], record["players"], record["seed"], record["options"])
        actions = [(seat, dict(action)) for seat, action in record["actions"]]
        spec = match.game
        shown = [spec.render_event(e, None) is not None for e in spec.events(match.state)]
        checkpoints, rounds, counts = [match.clone()], [spec.round_of(match.view(None))], [sum(shown)]
        for step, (seat, action) in enumerate(actions, start=1):
            match.act(seat, action)
            events = spec.events(match.state)
            shown.extend(spec.render_event(e, None) is not None for e in events[len(shown):])
            counts.append(sum(shown))
            rounds.append(spec.round_of(match.view(None)))
            if step % EVERY == 0:
                checkpoints.append(match.clone())
        return cls(len(actions), checkpoints, actions, rounds, match.log_for(None), counts)

    def view(self, step: int) -> dict[str, Any]:
        """The spectator's view after ``step`` actions."""
        match = self.checkpoints[step // EVERY].clone()
        for seat, action in self.actions[step // EVERY * EVERY:step]:
            match.act(seat, action)
        return match.view(None)

    def round_starts(self) -> list[list[Any]]:
        """[round, first step in it] for each round, in order: what "jump to round N" needs."""
        out: list[list[Any]] = []
        for step, name in enumerate(self.rounds):
            if not out or out[-1][0] != name:
                out.append([name, step])
        return out


class Replays:
    """The replays being watched, built once per table (and version) and kept while they are watched."""

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, int], asyncio.Task[Replay]] = OrderedDict()

    async def of(self, table: LiveTable) -> Replay:
        key = (table.id, table.version)
        task = self.kept.get(key)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            task = asyncio.ensure_future(asyncio.to_thread(Replay.build, table.match.record()))
            self.kept[key] = task
        self.kept.move_to_end(key)
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return await asyncio.shield(task)


def register(app: FastAPI, lobby: Lobby, key: str, web: Path) -> None:
    """The replay page (``/replay/{id}``, open: its data asks who watches) and its data door."""
    replays = Replays()

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def page(table_id: str) -> FileResponse:
        return FileResponse(web / "replay.html")

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request, step: str | None = None, log_from: str | None = None,
                     token: str | None = None) -> dict[str, Any]:
        """The spectator's view at ``step`` (default: the end) and the log lines from ``log_from`` to then
        (``step_log_from``: where the lines of this step's action begin)."""
        code = check_asker(request, key, token)  # before anything is read: who asks
        if code is not None:
            await check_stored_code(lobby, table_id, code)
        table = await lobby.finished(table_id)  # a table put away replays too
        check_watcher(table, code)
        shown = await replays.of(table)
        at = whole_number(step, "step", 0, shown.steps, default=shown.steps)
        since = whole_number(log_from, "log_from", 0, len(shown.log), default=0)
        count, view = shown.log_counts[at], shown.view(at)
        return {
            "table_id": table.id, "name": table.name, "game": table.match.game.name, "players": table.match.players,
            "seats": table.public_seats(), "over": table.match.over, "ended": table.ended,
            "steps": shown.steps, "step": at, "round": shown.rounds[at], "rounds": shown.round_starts(),
            "round_word": round_word(view, table.match.game), "view": view, "log_count": count,
            "step_log_from": shown.log_counts[at - 1] if at else 0,
            "log_from": since, "log": shown.log[since:count],
        }


def check_asker(request: Request, key: str, token: str | None) -> str | None:
    """Who asks, from the request alone (nothing read yet): the seat code (cleaned) a player brings, or None for
    the teacher. Without either, 401 as at the teacher's other doors; a code that cannot be a seat's is refused."""
    if token is None:
        if not is_teacher(request, key):
            raise HTTPException(401, NOT_YOURS)
        return None
    code = token.strip().upper()[:20]
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        raise IllegalAction(BAD_CODE, ErrorCode.SEAT_BAD_TOKEN)
    return code


async def check_stored_code(lobby: Lobby, table_id: str, code: str) -> None:
    """A table put away and not yet kept: its stored seats are read (one row, nothing kept) and the code must be one
    of them before the table is loaded to be replayed. (A live or kept table is checked by ``check_watcher``.)"""
    if table_id in lobby.tables or table_id in lobby.put_away:
        return
    try:
        row = await lobby.storage.run(lobby.storage.load_put_away, table_id)
    except StorageError:
        raise IllegalAction("The table could not be read just now (the database is busy); try again in a moment.",
                            ErrorCode.STORAGE_UNAVAILABLE) from None
    if row is None:
        raise IllegalAction("No such table.", ErrorCode.TABLE_UNKNOWN)
    if not any(isinstance(seat, dict) and seat.get("code") == code for seat in row.seats):
        raise IllegalAction(BAD_CODE, ErrorCode.SEAT_BAD_TOKEN)


def check_watcher(table: LiveTable, code: str | None) -> None:
    """After ``check_asker``: a player's code (None: the teacher) is one of this table's; and the game is over."""
    if code is not None and table.seat_for(code) is None:
        raise IllegalAction(BAD_CODE, ErrorCode.SEAT_BAD_TOKEN)
    if not (table.match.over or table.ended):
        raise IllegalAction("This table is still playing: its replay opens when the game is over.",
                            ErrorCode.TABLE_NOT_OVER)


def whole_number(text: str | None, name: str, low: int, high: int, default: int) -> int:
    """``text`` as a whole number from ``low`` to ``high``, or a clear refusal."""
    if text is None:
        return default
    if not re.fullmatch(r"[0-9]{1,9}", text) or not low <= int(text) <= high:
        raise IllegalAction(f"The {name} must be a whole number from {low} to {high}, not {text[:MAX_STEP_TEXT]!r}.",
                            ErrorCode.REPLAY_STEP)
    return int(text)
