"""The lobby: every table of the session, created, restored, listed, put away.

Limits keep one client from filling the server: each address may create a few
tables a minute (the teacher's key lifts that), there is a ceiling on live
tables, and tables that are finished or abandoned are put away by a janitor.
"""

from __future__ import annotations

import asyncio
import csv
import io
import logging
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import evogames
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.rng import secret_seed
from evogames.server.seats import Seat, parse_seats
from evogames.server.storage import Storage, StorageError, StoredTable
from evogames.server.tables import LiveTable, from_stored, now, scores_of

LOG = logging.getLogger("evogames.server")

NAME_LENGTH = 60
PERSON_NAME_LENGTH = 30
MAX_CLASS_TABLES = 40
CREATE_PER_MINUTE = 12  # tables one address may create in a minute without the teacher's key
MAX_TABLES = 1000  # live tables in memory
FINISHED_KEPT = 24 * 3600.0  # seconds a finished table stays listed after its last move
ABANDONED_AFTER = 48 * 3600.0  # seconds without a move before an unfinished table is put away
JANITOR_EVERY = 300.0


class Lobby:
    def __init__(self, db_url: str, bot_delay: float) -> None:
        self.storage = Storage(db_url)
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}
        self.created_by: dict[str, deque[float]] = {}
        self.janitor: asyncio.Task[None] | None = None
        self.paused = self.storage.setting("paused") == "1"

    def restore(self) -> None:
        """Replay every stored table; bots pick up where they were.

        A table whose record no longer replays (say, after its card file was
        edited) is left out with a warning instead of stopping the server.
        """
        for row in self.storage.load_all():
            try:
                table = from_stored(row, self.storage, self.bot_delay)
            except (IllegalAction, KeyError, TypeError, ValueError) as err:
                LOG.warning("table %s (%s) cannot be restored: %s", row.id, row.name, err)
                self.broken[row.id] = str(err)
                continue
            table.paused = self.paused
            self.tables[table.id] = table
            table.wake_bots()
        self.janitor = asyncio.get_running_loop().create_task(self._sweep_forever())

    # -- creating ------------------------------------------------------------
    def check_quota(self, client: str) -> None:
        """Refuse a client that creates tables too fast, before anything is built."""
        stamps = self.created_by.setdefault(client, deque())
        while stamps and stamps[0] < time.monotonic() - 60:
            stamps.popleft()
        if len(stamps) >= CREATE_PER_MINUTE:
            raise IllegalAction(f"Too many new tables from this device ({CREATE_PER_MINUTE} a minute); "
                                "wait a minute, or ask the teacher to set up the class.", ErrorCode.TABLE_TOO_MANY)
        stamps.append(time.monotonic())

    async def create(self, body: dict[str, Any], teacher: bool = False) -> dict[str, Any]:
        game = evogames.game(_text(body.get("game", evogames.names()[0]), "game"))
        seats = parse_seats(body.get("seats"), game.min_players, game.max_players)
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise IllegalAction("Options must be an object of name: value.", ErrorCode.OPTION_INVALID)
        seed = self._seed(body, teacher)
        await self._make_room()
        match = Match(game, len(seats), seed, options)  # validates seed and options
        table_id = "t_" + secrets.token_hex(6)
        name = clean_name(body.get("name")) or f"Table {len(self.tables) + 1}"
        row = StoredTable(table_id, name, game.name, len(seats), seed, match.options,
                          [s.to_row() for s in seats], now(), [])
        try:
            await self.storage.run(self.storage.create_table, row)
        except StorageError as err:
            LOG.warning("a new table could not be stored (%s)", type(err).__name__)
            raise IllegalAction("The table could not be saved just now (the database is busy); try again in a "
                                "moment.", ErrorCode.STORAGE_UNAVAILABLE) from None
        table = LiveTable(table_id, name, match, seats, row.created, self.storage, self.bot_delay)
        table.paused = self.paused
        self.tables[table_id] = table
        table.wake_bots()
        return {
            "table_id": table_id, "name": name, "game": game.name, "spectator_url": f"/table/{table_id}",
            "seats": [{**s.public(i), **({"code": s.code, "join_url": f"/table/{table_id}?token={s.code}"}
                                         if s.code else {})} for i, s in enumerate(seats)],
        }

    def _seed(self, body: dict[str, Any], teacher: bool) -> int:
        """A secret seed; a chosen one only with the teacher's key (for a demonstration)."""
        if "seed" not in body:
            return secret_seed()
        if not teacher:
            raise IllegalAction("Only the teacher may choose a table's seed (a chosen seed lets anyone who knows it "
                                "predict every card).", ErrorCode.TABLE_SEED_NEEDS_TEACHER)
        seed = body["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise IllegalAction(f"The seed must be a whole number from 0 to 2^64 - 1, not {str(seed)[:30]}.",
                                ErrorCode.MATCH_SEED)
        return seed

    async def _make_room(self) -> None:
        if len(self.tables) < MAX_TABLES:
            return
        finished = sorted((t for t in self.tables.values() if t.match.over), key=lambda t: t.touched)
        for table in finished[: max(1, len(finished) // 4)]:
            await self.archive(table.id)
        if len(self.tables) >= MAX_TABLES:
            raise IllegalAction(f"The server already holds {MAX_TABLES} tables; the teacher can delete finished "
                                "ones.", ErrorCode.TABLE_TOO_MANY)

    # -- finding -------------------------------------------------------------
    def get(self, table_id: str) -> LiveTable:
        if table_id not in self.tables:
            raise IllegalAction("No such table.", ErrorCode.TABLE_UNKNOWN)
        return self.tables[table_id]

    def find_code(self, code: str) -> LiveTable | None:
        return next((t for t in self.tables.values() if t.seat_for(code) is not None), None)

    def listing(self, offset: int, limit: int) -> list[dict[str, Any]]:
        """One page of table summaries, oldest first (each summary is cached until its table changes)."""
        chosen = list(self.tables.values())[offset:offset + limit]
        return [t.summary() for t in chosen]

    # -- the teacher's doors ---------------------------------------------------
    async def delete(self, table_id: str) -> None:
        """Delete a table: from the database first, then from memory (a failed delete changes nothing)."""
        await self._put_away(self.get(table_id), self.storage.delete_table)

    async def archive(self, table_id: str) -> None:
        if table_id in self.tables:
            await self._put_away(self.tables[table_id], self.storage.archive)

    async def _put_away(self, table: LiveTable, write: Any) -> None:
        async with table.lock:  # no move lands between the write and the table leaving memory
            await self._write(write, table.id)
            table.ended = True  # a move or a bot waiting for the lock finds the table closed
            self.tables.pop(table.id, None)
        await table.close()

    async def _write(self, func: Any, *args: Any) -> None:
        """A write on the storage's thread, before memory changes: a failure is ``storage/unavailable``."""
        try:
            await self.storage.run(func, *args)
        except StorageError as err:
            LOG.warning("a change could not be stored (%s)", type(err).__name__)
            raise IllegalAction("That could not be saved just now (the database is busy); nothing changed. "
                                "Try again in a moment.", ErrorCode.STORAGE_UNAVAILABLE) from None

    async def set_seat(self, table_id: str, seat: int, entry: Any) -> dict[str, Any]:
        """Hand a seat to a bot, or back to a person (the person's code and name stay the same)."""
        table = self.get(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise IllegalAction(f"There is no seat {seat}.", ErrorCode.ACTION_BAD_SEAT)
        new = parse_seats([entry], 1, 1)[0]
        old = table.seats[seat]
        if new.kind == "human":
            new = Seat("human", code=old.code or new.code, name=old.name)
        else:
            new = Seat("bot", bot=new.bot, code=old.code, name=old.name)
        await self._store_seats(table, [*table.seats[:seat], new, *table.seats[seat + 1:]])
        return table.summary()

    async def name_seat(self, table: LiveTable, seat: int, raw: Any) -> None:
        """A student's name for their seat: plain text, at most PERSON_NAME_LENGTH characters."""
        name = clean_name(raw)[:PERSON_NAME_LENGTH].strip()
        if not name:
            raise IllegalAction("Type a name (letters, at most 30).", ErrorCode.SEAT_NAME)
        if name == table.seats[seat].name:
            return
        await self._store_seats(table, [*table.seats[:seat], replace(table.seats[seat], name=name),
                                        *table.seats[seat + 1:]])

    async def reclaim(self, table: LiveTable, seat: int) -> None:
        """A person whose seat a bot kept comes back: the seat is theirs again."""
        old = table.seats[seat]
        if old.kind == "bot" and old.code:
            await self._store_seats(table, [*table.seats[:seat], Seat("human", code=old.code, name=old.name),
                                            *table.seats[seat + 1:]])

    async def _store_seats(self, table: LiveTable, seats: list[Seat]) -> None:
        async with table.lock:
            await self._write(self.storage.update_seats, table.id, [s.to_row() for s in seats])
            table.seats = seats
            table.seat_bots()
        table.broadcast()
        table.wake_bots()

    async def pause(self, paused: bool) -> None:
        """Pause (or resume) every table: for a class discussion."""
        await self._write(self.storage.put_setting, "paused", "1" if paused else "0")
        self.paused = paused
        for table in self.tables.values():
            table.paused = paused
            table.broadcast()
            table.wake_bots()

    async def end(self, table_id: str) -> None:
        """End a table where it stands: nobody acts any more (its record stays)."""
        table = self.get(table_id)
        await self._write(self.storage.end, table_id)
        table.ended = True
        table.broadcast()

    async def create_class(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        """A whole class in one step: ``tables`` tables of ``players`` seats, ``people`` of them for students
        and the rest for bots of level ``bot``; the same game and options everywhere."""
        count = _whole(body.get("tables"), "tables", 1, MAX_CLASS_TABLES)
        game = evogames.game(_text(body.get("game", evogames.names()[0]), "game"))
        players = _whole(body.get("players", game.min_players), "players", game.min_players, game.max_players)
        people = _whole(body.get("people", players), "people", 0, players)
        bot = _text(body.get("bot", "heuristic"), "bot")
        seats = [{"kind": "human"}] * people + [{"kind": "bot", "bot": bot}] * (players - people)
        prefix = clean_name(body.get("name")) or "Table"
        made = []
        for index in range(count):
            made.append(await self.create({"game": game.name, "seats": seats, "options": body.get("options") or {},
                                           "name": f"{prefix} {index + 1}"}, teacher=True))
        return made

    # -- the janitor -----------------------------------------------------------
    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(JANITOR_EVERY)
            try:
                await self.sweep()
            except (StorageError, IllegalAction) as err:
                LOG.warning("the janitor could not put tables away (%s)", getattr(err, "code", type(err).__name__))

    async def sweep(self) -> int:
        """Put away finished tables nobody watches after a day, and abandoned ones after two."""
        old = [t.id for t in list(self.tables.values()) if not t.clients and t.idle_for() > (
            FINISHED_KEPT if t.match.over else ABANDONED_AFTER)]
        for table_id in old:
            await self.archive(table_id)
        if old:
            LOG.info("put away %d finished or abandoned tables", len(old))
        return len(old)

    async def close(self) -> None:
        if self.janitor:
            self.janitor.cancel()
        for table in self.tables.values():
            await table.close()
        self.storage.close()


def clean_name(raw: Any) -> str:
    """A name as plain text: no control characters, no lone surrogates, at most NAME_LENGTH characters."""
    if raw is None:
        return ""
    text = str(raw)
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cs", "Cf", "Co", "Cn"))
    return " ".join(kept.split())[:NAME_LENGTH]


def _whole(value: Any, what: str, least: int, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise IllegalAction(f"The number of {what} must be a whole number from {least} to {most}.",
                            ErrorCode.CLASS_INVALID)
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise IllegalAction(f"The {what} must be a short name.", ErrorCode(f"{what}/unknown"))
    return value


CSV_FIELDS = ["table_id", "name", "game", "seat", "player", "kind", "bot", "score", "score_counts", "winner",
              "over", "rounds"]
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "|", "%")


def results_csv(tables: Iterable[LiveTable]) -> str:
    """One row per seat of every table, finished or not; no cell can run as a spreadsheet formula."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS)
    writer.writeheader()
    for table in tables:
        result: dict[str, Any] = dict(table.match.result or {})
        view = table.match.view(None)
        spec = table.match.game
        scores = scores_of(spec, view, table.match.result)
        for seat, info in enumerate(table.seats):
            writer.writerow({key: neutral(value) for key, value in {
                "table_id": table.id, "name": table.name, "game": table.match.game.name, "seat": seat,
                "player": info.name or "",
                "kind": info.kind, "bot": info.bot or "", "score": _blank(scores[seat] if scores else None),
                "score_counts": spec.score_label, "winner": int(seat in result.get("winners", [])),
                "over": int(table.match.over), "rounds": _blank(spec.round_of(view)),
            }.items()})
    return out.getvalue()


def neutral(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def _blank(value: Any) -> Any:
    return "" if value is None else value
