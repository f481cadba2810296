"""The lobby: every table of the session, created, restored, listed, put away.

Limits keep one client from filling the server: each address may create a few
tables a minute (the teacher's key lifts that), there is a ceiling on live
tables, and tables that are finished or abandoned are put away by a janitor.
"""

from __future__ import annotations

import asyncio
import csv
import io
import itertools
import logging
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import evogames
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.options import teacher_only_set, validate_options
from evogames.core.rng import secret_seed
from evogames.core.rounds import round_word
from evogames.core.spec import GameSpec
from evogames.server.names import check_person_name, skeleton
from evogames.server.search import SearchPool
from evogames.server.seats import Seat, parse_seats
from evogames.server.storage import Storage, StorageError, StoredClass, StoredTable
from evogames.server.tables import LiveTable, from_stored, now, played, scores_of

LOG = logging.getLogger("evogames.server")

NAME_LENGTH = 60
PERSON_NAME_LENGTH = 30
MAX_CLASS_TABLES = 40
REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")  # the teacher's page makes one for each class it asks for
CREATE_PER_MINUTE = 12  # tables one address may create in a minute without the teacher's key
MAX_TABLES = 1000  # live tables in memory
LIVE_PER_DEVICE = 24  # unfinished lobby tables one address may hold at once without the teacher's key
IDLE_LOBBY = 600.0  # seconds without a move after which a lobby table may be put away to make room
RENAME_EVERY = 3.0  # seconds between two changes of a seat's name (a name flickering on classmates' boards)
FINISHED_KEPT = 24 * 3600.0  # seconds a finished table stays listed after its last move
ABANDONED_AFTER = 48 * 3600.0  # seconds without a move before an unfinished table is put away
JANITOR_EVERY = 300.0


class Lobby:
    def __init__(self, db_url: str, bot_delay: float, search_workers: int | None = None) -> None:
        self.storage = Storage(db_url)
        self.bot_delay = bot_delay
        self.search = SearchPool(search_workers)  # the search bots' and the coach's workers (started lazily)
        self.hints_off: set[str] = set()  # the classes whose teacher switched the coach off
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}
        self.created_by: dict[str, deque[float]] = {}
        self.janitor: asyncio.Task[None] | None = None
        self.paused = self.storage.setting("paused") == "1"
        self.classes: dict[str, StoredClass] = {}
        self.class_lock = asyncio.Lock()  # one class at a time: a retry waits for the first try's answer
        self.put_away: dict[str, LiveTable] = {}  # classes' archived tables, replayed once for their debrief
        self.pending: dict[str, int] = {}  # a device -> its tables being stored (``check_live`` counts them)
        self.reserved = 0  # tables being stored, not yet in ``tables`` (counted against ``MAX_TABLES``)

    def restore(self) -> None:
        """Replay every stored table; bots pick up where they were.

        A table whose record no longer replays (say, after its card file was
        edited) is left out with a warning instead of stopping the server.
        """
        self.classes = {c.id: c for c in self.storage.load_classes()}
        self.hints_off = {c for c in self.classes if self.storage.setting(hints_key(c)) == "off"}
        for row in self.storage.load_all():
            try:
                table = from_stored(row, self.storage, self.bot_delay, self.search)
            except (IllegalAction, KeyError, TypeError, ValueError) as err:
                LOG.warning("table %s (%s) cannot be restored: %s", row.id, row.name, err)
                self.broken[row.id] = str(err)
                continue
            table.paused, table.coach = self.paused, self.hints_on(table)
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

    def check_live(self, client: str) -> None:
        """Refuse a device that already holds ``LIVE_PER_DEVICE`` unfinished lobby tables (students filling the
        server would leave the teacher no room)."""
        held = self.pending.get(client, 0) + sum(1 for t in self.tables.values()
                                                 if t.made_by == client and not t.match.over and not t.ended)
        if held >= LIVE_PER_DEVICE:
            raise IllegalAction(f"This device already has {LIVE_PER_DEVICE} unfinished tables; finish or leave some "
                                "first (a table nobody plays for 10 minutes may be put away).",
                                ErrorCode.TABLE_TOO_MANY)

    async def create(self, body: dict[str, Any], teacher: bool = False, client: str | None = None) -> dict[str, Any]:
        game = evogames.game(_text(body.get("game", evogames.names()[0]), "game"))
        seats = parse_seats(body.get("seats"), game.min_players, game.max_players)
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise IllegalAction("Options must be an object of name: value.", ErrorCode.OPTION_INVALID)
        seed = self._seed(body, teacher)
        _check_scripts(game, options, teacher)
        match = Match(game, len(seats), seed, options)  # validates seed and options
        mine = client if client is not None and not teacher else None
        if mine is not None:
            self.check_live(mine)
            self.pending[mine] = self.pending.get(mine, 0) + 1  # counted from here: concurrent creates see it
        try:
            table_id, name, row = await self._store_new(body, game.name, seats, seed, match, teacher)
        finally:
            if mine is not None:
                self.pending[mine] -= 1
                if not self.pending[mine]:
                    del self.pending[mine]
        table = LiveTable(table_id, name, match, seats, row.created, self.storage, self.bot_delay,
                          search=self.search, made_by=mine)
        table.paused = self.paused
        self.tables[table_id] = table
        table.wake_bots()
        return made(table)

    async def _store_new(self, body: dict[str, Any], game: str, seats: list[Seat], seed: int, match: Match,
                         teacher: bool) -> tuple[str, str, StoredTable]:
        """Room under the ceiling, then the new table's row stored (its place reserved while it is written, so
        concurrent creates cannot all pass the ceiling): its id, name and row."""
        await self._make_room(teacher=teacher)
        table_id = "t_" + secrets.token_hex(6)
        name = self.free_name(clean_name(body.get("name")))
        row = StoredTable(table_id, name, game, len(seats), seed, match.options, [s.to_row() for s in seats], now(), [])
        self.reserved += 1
        try:
            await self.storage.run(self.storage.create_table, row)
        except StorageError as err:
            LOG.warning("a new table could not be stored (%s)", type(err).__name__)
            raise IllegalAction("The table could not be saved just now (the database is busy); try again in a "
                                "moment.", ErrorCode.STORAGE_UNAVAILABLE) from None
        finally:
            self.reserved -= 1
        return table_id, name, row

    def free_name(self, wanted: str, taken: Iterable[str] = ()) -> str:
        """A name no live table has: the one asked for (then "… (2)"), or the first free "Table N"."""
        used = {t.name for t in self.tables.values()} | set(taken)
        names = (itertools.chain([wanted], (f"{wanted} ({n})" for n in itertools.count(2))) if wanted
                 else (f"Table {n}" for n in itertools.count(1)))
        return next(name for name in names if name not in used)

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

    async def _make_room(self, adding: int = 1, teacher: bool = False) -> None:
        """Room for ``adding`` tables under ``MAX_TABLES``: finished and ended tables are put away first (the
        oldest), then lobby tables nobody played for ``IDLE_LOBBY`` seconds; for the teacher, then any lobby
        table, least recently played first (a class's tables are never put away to make room)."""
        if self._count() + adding <= MAX_TABLES:
            return
        finished = sorted((t for t in self.tables.values() if t.match.over or t.ended), key=lambda t: t.touched)
        await self._archive_some(finished[: max(adding, len(finished) // 4)])
        idle = [t for t in self._lobby_tables() if t.idle_for() >= IDLE_LOBBY]
        await self._archive_some(idle[: self._count() + adding - MAX_TABLES])
        if teacher:
            await self._archive_some(self._lobby_tables()[: self._count() + adding - MAX_TABLES])
        if self._count() + adding > MAX_TABLES:
            raise IllegalAction(f"The server already holds {MAX_TABLES} tables, none of them finished or idle; "
                                "the teacher can end or delete some.", ErrorCode.TABLE_TOO_MANY)

    def _count(self) -> int:
        return len(self.tables) + self.reserved

    def _lobby_tables(self) -> list[LiveTable]:
        """The live tables outside any class, least recently played first."""
        return sorted((t for t in self.tables.values() if t.class_id is None), key=lambda t: t.touched)

    async def _archive_some(self, tables: list[LiveTable]) -> None:
        for table in tables:
            if table.id in self.tables:
                await self.archive(table.id)

    # -- finding -------------------------------------------------------------
    def get(self, table_id: str) -> LiveTable:
        if table_id not in self.tables:
            raise IllegalAction("No such table.", ErrorCode.TABLE_UNKNOWN)
        return self.tables[table_id]

    def find_code(self, code: str) -> LiveTable | None:
        return next((t for t in self.tables.values() if t.seat_for(code) is not None), None)

    def listing(self, offset: int, limit: int, everyone: bool = False) -> tuple[list[dict[str, Any]], int]:
        """One page of table summaries, oldest first (each summary is cached until its table changes), and how many
        there are in all. The open lobby lists the tables anyone may join or watch: not a class's (its students'
        names stay in their class: they reach it by their codes, the teacher by the teacher's page), not one the
        teacher ended; ``everyone`` (the teacher) lists every table."""
        tables = [t for t in self.tables.values() if everyone or (t.class_id is None and not t.ended)]
        return [t.summary() for t in tables[offset:offset + limit]], len(tables)

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
        """Hand a seat to a bot, or back to a person (the person's code and name stay the same).

        A seat the teacher gave to a bot stays with it until the teacher gives it back: its student may
        open the link and watch their own seat, and is told when it goes and when it comes back."""
        table = self.get(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise IllegalAction(f"There is no seat {seat}.", ErrorCode.ACTION_BAD_SEAT)
        wanted = parse_seats([entry], 1, 1)[0]

        def handed(seats: list[Seat]) -> list[Seat]:  # the seat as it is under the lock (a name just given)
            old = seats[seat]
            new = (Seat("human", code=old.code or wanted.code, name=old.name) if wanted.kind == "human"
                   else Seat("bot", bot=wanted.bot, code=old.code, name=old.name))
            return [*seats[:seat], new, *seats[seat + 1:]]

        before = table.seats[seat].kind
        await self._store_seats(table, handed)
        if table.seats[seat].kind != before:
            table.tell_seat(seat)
        return table.summary()

    async def name_seat(self, table: LiveTable, seat: int, raw: Any) -> None:
        """A student's name for their seat: plain text, at most PERSON_NAME_LENGTH characters, that passes
        for nobody else (the teacher, a bot, a seat's label, a classmate at this table: see ``names``)."""
        name = person_name(raw)
        if not name:
            raise IllegalAction("Type a name (letters, at most 30).", ErrorCode.SEAT_NAME)
        if table.ended:
            raise IllegalAction("The teacher has ended this table.", ErrorCode.TABLE_ENDED)
        last = table.renamed_at.get(seat)
        if name != table.seats[seat].name and last is not None and time.monotonic() - last < RENAME_EVERY:
            raise IllegalAction(f"You changed your name a moment ago; wait {RENAME_EVERY:g} seconds between "
                                "changes.", ErrorCode.SEAT_NAME)

        def renamed(seats: list[Seat]) -> list[Seat]:
            check_person_name(name, (s.name for i, s in enumerate(seats) if i != seat))
            return [*seats[:seat], replace(seats[seat], name=name), *seats[seat + 1:]]

        if name != table.seats[seat].name:
            await self._store_seats(table, renamed)
            table.renamed_at[seat] = time.monotonic()

    async def join_seat(self, raw_code: Any, raw_name: Any = None, rename: bool = False) -> dict[str, Any]:
        """What the join page needs to open a seat by its code: the seat's link and its name.

        A name typed for a seat that already has another is never dropped without a word: the answer's
        ``named`` says so, and how the name is changed. With ``rename`` the seat takes the typed name, within
        the rules of ``name_seat`` (a name that passes for nobody else, at most one change every few seconds).
        A seat with no name yet is named by its table page, as before (``name`` None here)."""
        code = seat_code(raw_code)
        table = self.find_code(code) if code else None
        if table is None:
            raise IllegalAction("No seat has that code. Check it with your teacher.", ErrorCode.SEAT_BAD_TOKEN)
        seat = table.seat_for(code)
        assert seat is not None
        typed = person_name(raw_name)
        if typed and rename and table.seats[seat].name:
            await self.name_seat(table, seat, typed)
        current = table.seats[seat].name
        answer: dict[str, Any] = {"url": f"/table/{table.id}?token={code}", "seat": seat, "name": current}
        if typed and current and skeleton(typed) != skeleton(current):
            answer["named"] = (f"This seat is already named {current}. If you are {current}, open your seat. "
                               f"If not, check the code with your teacher (it may be {current}'s). If {current} "
                               f"is a mistake, you can change the seat's name to {typed}.")
            answer["typed"] = typed
        return answer

    async def _store_seats(self, table: LiveTable, change: Callable[[list[Seat]], list[Seat]]) -> None:
        """Store ``change`` of the table's seats, made under the table's lock (so two students cannot
        take one name at once, and no change is lost); it may refuse (IllegalAction): nothing changes."""
        async with table.lock:
            seats = change(table.seats)
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

    def hints_on(self, table: LiveTable) -> bool:
        """Whether the coach answers at ``table``: on, unless its class's teacher switched it off."""
        return table.class_id not in self.hints_off

    async def set_hints(self, class_id: str, on: bool) -> None:
        """Switch the coach on or off for a class (stored: it outlives a restart)."""
        if class_id not in self.classes:
            raise IllegalAction("No such class.", ErrorCode.CLASS_UNKNOWN)
        await self._write(self.storage.put_setting, hints_key(class_id), "on" if on else "off")
        (self.hints_off.discard if on else self.hints_off.add)(class_id)
        for table in self.class_tables(class_id):
            table.coach = on
            table.broadcast()

    async def end(self, table_id: str) -> None:
        """End a table where it stands: nobody acts any more (its record stays)."""
        table = self.get(table_id)
        await self._write(self.storage.end, table_id)
        table.ended = True
        table.broadcast()

    async def create_class(self, body: dict[str, Any]) -> tuple[StoredClass, list[dict[str, Any]], bool]:
        """A whole class (a period) in one step: ``tables`` tables of ``players`` seats, ``people`` of them for
        students and the rest for bots of level ``bot``; the same game and options everywhere.

        The class and all its tables are stored in one transaction: all of them, or none (and nothing changes
        in memory before the commit). A ``request`` id the page made: the same id again returns the class
        already made (``False``: nothing new) instead of a second one."""
        request = _request_id(body.get("request"))
        async with self.class_lock:
            known = next((c for c in self.classes.values() if request and c.request == request), None)
            if known is not None:
                return known, [made(t) for t in self.tables.values() if t.class_id == known.id], False
            group, tables = self._plan_class(body, request)
            await self._make_room(len(tables), teacher=True)
            self.reserved += len(tables)
            try:
                await self.storage.run(self.storage.create_class, group, [_row_of(t) for t in tables])
            except StorageError as err:
                LOG.warning("a new class could not be stored (%s)", type(err).__name__)
                raise IllegalAction("The class could not be saved just now (the database is busy); nothing was "
                                    "made. Try again in a moment.", ErrorCode.STORAGE_UNAVAILABLE) from None
            finally:
                self.reserved -= len(tables)
            self.classes[group.id] = group
            for table in tables:
                table.paused = self.paused  # as it is now: a pause may have come while the class was stored
                table.coach = self.hints_on(table)
                self.tables[table.id] = table
                table.wake_bots()
            return group, [made(t) for t in tables], True

    def _plan_class(self, body: dict[str, Any], request: str | None) -> tuple[StoredClass, list[LiveTable]]:
        """The class and its tables, checked and built, not stored yet."""
        count = _whole(body.get("tables"), "tables", 1, MAX_CLASS_TABLES)
        game = evogames.game(_text(body.get("game", evogames.names()[0]), "game"))
        players = _whole(body.get("players", game.min_players), "players", game.min_players, game.max_players)
        people = _whole(body.get("people", players), "people", 0, players)
        bot = _text(body.get("bot", "heuristic"), "bot")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise IllegalAction("Options must be an object of name: value.", ErrorCode.OPTION_INVALID)
        entries = [{"kind": "human"}] * people + [{"kind": "bot", "bot": bot}] * (players - people)
        group = StoredClass("c_" + secrets.token_hex(6), self._class_name(body.get("name")), game.name, now(), request)
        tables: list[LiveTable] = []
        for index in range(count):
            seats = parse_seats(entries, game.min_players, game.max_players)
            match = Match(game, players, secret_seed(), options)  # validates the options
            name = self.free_name(f"{group.name} · Table {index + 1}", (t.name for t in tables))
            table = LiveTable("t_" + secrets.token_hex(6), name, match, seats, now(), self.storage, self.bot_delay,
                              search=self.search)
            table.class_id = group.id
            tables.append(table)
        return group, tables

    def _class_name(self, raw: Any) -> str:
        """The name asked for (no other class may have it), or the first free "Class N"."""
        taken = {c.name for c in self.classes.values()}
        wanted = clean_name(raw)
        if not wanted:
            return next(f"Class {n}" for n in itertools.count(1) if f"Class {n}" not in taken)
        if wanted in taken:
            raise IllegalAction(f"There is already a class called {wanted!r}: give this one another name (say "
                                f"\"Period 3\"; a class plays one game, so a second game in the same lesson is a "
                                f"class of its own, say \"{wanted} · second game\").", ErrorCode.CLASS_INVALID)
        return wanted

    def class_tables(self, class_id: str | None) -> list[LiveTable]:
        """The live tables of a class (None: those made outside any class)."""
        return [t for t in self.tables.values() if t.class_id == class_id]

    async def put_away_tables(self, class_id: str) -> list[LiveTable]:
        """A class's archived tables, each replayed from storage once (their results stay in its debrief)."""
        known = [table_id for table_id, table in self.put_away.items() if table.class_id == class_id]
        for row in await self.storage.run(self.storage.load_archived, class_id, known):
            self._keep_put_away(row)
        return [t for t in self.put_away.values() if t.class_id == class_id]

    async def finished(self, table_id: str) -> LiveTable:
        """A table to replay: a live one, or one put away (by the teacher or the janitor, a day after its
        game), read back from storage once and kept."""
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id not in self.put_away:
            try:
                row = await self.storage.run(self.storage.load_put_away, table_id)
            except StorageError:
                raise IllegalAction("The table could not be read just now (the database is busy); try again in a "
                                    "moment.", ErrorCode.STORAGE_UNAVAILABLE) from None
            if row is not None:
                self._keep_put_away(row)
        return self.put_away.get(table_id) or self.get(table_id)

    def _keep_put_away(self, row: StoredTable) -> None:
        try:
            self.put_away[row.id] = from_stored(row, self.storage, self.bot_delay, self.search)
        except (IllegalAction, KeyError, TypeError, ValueError) as err:
            LOG.warning("table %s (%s) cannot be replayed: %s", row.id, row.name, err)

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
        await self.search.close()
        self.storage.close()


def _check_scripts(game: GameSpec, options: dict[str, Any], teacher: bool) -> None:
    """The one check of teacher-only options: a scripted deck, deal or dice needs the teacher's key."""
    if teacher:
        return
    scripted = teacher_only_set(game.options, validate_options(game.options, options))
    if scripted:
        labels = ", ".join(f"'{name}'" for name in scripted)
        raise IllegalAction(f"Only the teacher may set {labels}: a scripted deck, deal or dice lets whoever "
                            "knows it predict the hidden cards. Leave it out, or ask the teacher to set up the "
                            "table.", ErrorCode.TABLE_OPTION_NEEDS_TEACHER)


def person_name(raw: Any) -> str:
    """A student's name as stored: plain text (``clean_name``), NFC, at most PERSON_NAME_LENGTH characters."""
    return unicodedata.normalize("NFC", clean_name(raw))[:PERSON_NAME_LENGTH].strip()


def seat_code(raw: Any) -> str:
    """A seat's code as typed or linked ("ab3k-7q9z x"): without spaces and dashes, upper case, at most 20."""
    return re.sub(r"[\s-]", "", raw if isinstance(raw, str) else "").upper()[:20]


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


def _request_id(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not REQUEST_ID.fullmatch(value):
        raise IllegalAction("A class's request id is 8 to 64 letters, digits, - or _.", ErrorCode.CLASS_INVALID)
    return value


def _row_of(table: LiveTable) -> StoredTable:
    match = table.match
    return StoredTable(table.id, table.name, match.game.name, match.players, match.seed, match.options,
                       [s.to_row() for s in table.seats], table.created, [], class_id=table.class_id)


def hints_key(class_id: str) -> str:
    return f"hints:{class_id}"


def made(table: LiveTable) -> dict[str, Any]:
    """A new table as its maker sees it: its links and each student seat's code."""
    return {
        "table_id": table.id, "name": table.name, "game": table.match.game.name, "class_id": table.class_id,
        "spectator_url": f"/table/{table.id}",
        "seats": [{**s.public(i), **({"code": s.code, "join_url": f"/table/{table.id}?token={s.code}"}
                                     if s.code else {})} for i, s in enumerate(table.seats)],
    }


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise IllegalAction(f"The {what} must be a short name.", ErrorCode(f"{what}/unknown"))
    return value


CSV_FIELDS = ["table_id", "name", "class", "game", "seat", "player", "kind", "bot", "held_by_bot", "score",
              "score_counts", "winner", "over", "rounds", "unit"]
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "|", "%")


def results_csv(tables: Iterable[LiveTable], classes: dict[str, str] | None = None) -> str:
    """One row per seat of every table, finished or not, with its class's name (``classes``: id -> name);
    no cell can run as a spreadsheet formula. A person's seat stays the person's (``kind`` human) while a bot
    the teacher handed it to holds it: ``held_by_bot`` names that bot's level (``bot`` is a bot's own seat's)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS)
    writer.writeheader()
    for table in tables:
        result: dict[str, Any] = dict(table.match.result or {})
        view = table.match.read_view(None)  # only read here (the scores and the round)
        spec = table.match.game
        scores = scores_of(spec, view, table.match.result)
        for seat, info in enumerate(table.seats):
            writer.writerow({key: neutral(value) for key, value in {
                "table_id": table.id, "name": table.name, "class": (classes or {}).get(table.class_id or "", ""),
                "game": table.match.game.name, "seat": seat,
                "player": info.name or "",
                "kind": info.owner, "bot": info.bot if info.owner == "bot" and info.bot else "",
                "held_by_bot": info.held_by_bot or "", "score": _blank(scores[seat] if scores else None),
                "score_counts": spec.score_label, "winner": int(seat in result.get("winners", [])),
                "over": int(table.match.over), "rounds": _blank(played(spec, view, table.match.result)),
                "unit": round_word(view, spec),
            }.items()})
    return out.getvalue()


def neutral(value: Any) -> Any:
    """A text cell that a spreadsheet would read as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def _blank(value: Any) -> Any:
    return "" if value is None else value
