"""A live table: the authoritative Match, its seats, its connections, its bots.

One lock per table orders every action. An action is tried on a clone,
committed to storage, and only then becomes the table's state and is
broadcast: each connection gets only its own seat's view, through its own
outbox, so no connection can hold up another (see ``clients``).

A seat acts at most once per state it has seen: a frame sent twice (a
double click, a resent message) is applied once and the copy is ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from evogames.bots import Bot, make_bot
from evogames.bots.ismcts import ISMCTSBot
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.rng import Rng, derive_secret
from evogames.core.rounds import counted_in, round_word
from evogames.core.spec import GameSpec
from evogames.core.types import Result
from evogames.server import protocol
from evogames.server.clients import Client
from evogames.server.coach import check_hint, work_out
from evogames.server.messages import HintMessage, StateMessage, WelcomeMessage
from evogames.server.search import FLOOR, Job, SearchFailed, SearchPool, shared_pool
from evogames.server.seats import Seat
from evogames.server.storage import Conflict, Storage, StorageError, StoredTable

LOG = logging.getLogger("evogames.server")
RETRY_FIRST, RETRY_MOST = 0.2, 5.0  # seconds: backoff of a bot whose move could not be stored
HOLD_MARGIN = 0.1  # seconds a search bot's move is held past its budget (a full search runs over by up to ~0.1 s)


class Duplicate(Exception):
    """A frame this seat already acted on: ignored without a word."""


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
    acted_at: list[int] = field(default_factory=list)
    touched: float = field(default_factory=time.time)
    paused: bool = False  # the teacher paused the class (a discussion): nobody acts, bots wait
    ended: bool = False  # the teacher ended this table: it is over where it stands
    coach: bool = True  # hints answer here (False: the class's teacher switched them off)
    class_id: str | None = None  # the class (a period) it belongs to; None: made in the lobby
    search: SearchPool | None = None  # where the search bots think (the lobby's pool)
    hinting: set[int] = field(default_factory=set)  # seats whose hint is being worked out (one at a time)
    hints: dict[int, HintMessage] = field(default_factory=dict)  # each seat's last hint (asked again: the same)
    made_by: str | None = None  # the address that made it in the lobby (this run of the server; None: the teacher)
    renamed_at: dict[int, float] = field(default_factory=dict)  # each seat's last change of name (monotonic)
    _summary: tuple[Any, dict[str, Any]] | None = None
    _spectators: SpectatorTexts | None = None

    def __post_init__(self) -> None:
        self.seat_bots()
        self.options_of = [self.match.legal(seat) for seat in range(self.match.players)]
        self.changed_at = [self.version] * self.match.players
        self.acted_at = [-1] * self.match.players
        for index, (seat, _action) in enumerate(self.match.actions):
            self.acted_at[seat] = index

    def seat_bots(self) -> None:
        self.bots = {i: make_bot(s.bot or "random", self.match.game.name)
                     for i, s in enumerate(self.seats) if s.kind == "bot"}

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

        Refused if a bot holds the seat (whatever state it was sent against: a bot's own move on it must not make
        the person's look like a double click); ignored (``Duplicate``) if this seat already acted on that state;
        refused if illegal, or stale: sent against a version older than the last change of that seat's own choices
        (so players choosing at the same time do not invalidate each other)."""
        async with self.lock:
            self.check_open()
            if seat in self.bots:
                raise IllegalAction("A bot plays this seat now; ask your teacher to hand it back.", ErrorCode.SEAT_BOT)
            if version <= self.acted_at[seat]:
                raise Duplicate
            if not self.changed_at[seat] <= version <= self.version:
                raise IllegalAction(
                    f"That was sent against an old state (version {version}, now {self.version}); "
                    "the board has been refreshed.", ErrorCode.ACTION_STALE)
            try:
                await self._commit(seat, action)
            except StorageError as err:
                LOG.warning("table %s: a move could not be stored (%s)", self.id, type(err).__name__)
                raise IllegalAction("The move could not be saved just now (the database is busy); nothing "
                                    "changed. Try again in a moment.", ErrorCode.STORAGE_UNAVAILABLE) from None
        self.broadcast()
        self.wake_bots()

    async def _commit(self, seat: int, action: dict[str, Any]) -> None:
        """Called under the table's lock, so the table changes in stored order."""
        action = self.canonical(seat, action)
        trial = self.match.clone()
        trial.act(seat, action)  # raises IllegalAction: nothing changed
        try:
            await self.storage.commit_action(self.id, self.version, seat, action)
        except Conflict as conflict:  # an earlier, unacknowledged try of another move landed: it is the truth
            trial = self.match.clone()
            trial.act(conflict.stored["seat"], conflict.stored["action"])
            seat = conflict.stored["seat"]
            self._adopt(trial, seat)
            raise IllegalAction("The board changed; it has been refreshed.", ErrorCode.ACTION_STALE) from None
        self._adopt(trial, seat)

    def check_open(self) -> None:
        if self.ended:
            raise IllegalAction("The teacher has ended this table.", ErrorCode.TABLE_ENDED)
        if self.paused:
            raise IllegalAction("The teacher has paused the game for a moment; it goes on when they resume it.",
                                ErrorCode.TABLE_PAUSED)

    @property
    def stopped(self) -> bool:
        return self.match.over or self.paused or self.ended

    def _adopt(self, trial: Match, seat: int) -> None:
        self.acted_at[seat] = self.version
        self.match = trial
        self.touched = time.time()
        for other in range(trial.players):
            legal = trial.legal(other)
            if legal != self.options_of[other]:
                self.options_of[other] = legal
                self.changed_at[other] = self.version

    def canonical(self, seat: int, action: dict[str, Any]) -> dict[str, Any]:
        """The legal action this one names, without any extra field (only that is stored).

        An action that names none is returned as it is: applying it raises the
        game's own reason."""
        legal = self.options_of[seat]
        if action in legal:
            return action
        named = [a for a in legal if all(k in action and action[k] == v for k, v in a.items())]
        return max(named, key=len) if named else action

    # -- bots --------------------------------------------------------------
    def wake_bots(self) -> None:
        if self.bots and (self.bot_task is None or self.bot_task.done()):
            self.bot_task = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        failures, back = 0, ""
        while not self.stopped:
            if not any(s in self.bots for s in self.match.to_act):
                return
            if failures:
                await asyncio.sleep(min(RETRY_MOST, RETRY_FIRST * 2 ** failures))
            try:
                moved = await self._bot_move()
            except (StorageError, SearchFailed) as err:
                failures += 1
                back = "the search works again" if isinstance(err, SearchFailed) else "storage is back"
                if failures == 1 or failures % 20 == 0:
                    LOG.warning("table %s: a bot's move could not be %s (%s); retrying", self.id,
                                "worked out" if isinstance(err, SearchFailed) else "stored", type(err).__name__)
                continue
            if failures:
                LOG.warning("table %s: %s; the bots play on", self.id, back)
                failures = 0
            if moved:
                self.broadcast()

    async def _bot_move(self) -> bool:
        """One bot's move, ``bot_delay`` seconds after the table last changed, however long the bot took.

        A view bot chooses at once under the lock and its move is held until the delay is over: how long it
        took to choose (longer with some hands) must not show. A search bot waits the delay, then thinks in
        the pool, off the lock. Either move is dropped if the game moved on meanwhile (paused, ended, the seat
        handed back, or the seat's choices changed), as a person's stale move would be."""
        started = time.monotonic()
        async with self.lock:
            seat = self._bot_seat()
            if seat is None:
                return False
            bot, asked = self.bots[seat], self.version
            chosen = None if isinstance(bot, ISMCTSBot) else bot.choose(self.match.read_view(seat), self._bot_rng())
        await asyncio.sleep(max(0.0, self.bot_delay - (time.monotonic() - started)))
        if chosen is None:
            return await self._search_move(seat, bot)
        return await self._commit_if_current(seat, bot, asked, chosen)

    def _bot_seat(self) -> int | None:
        """The first seat to act that a bot plays (None: none, or the table is stopped)."""
        if self.stopped:
            return None
        return next((s for s in self.match.to_act if s in self.bots), None)

    def _bot_rng(self) -> Rng:
        """A stream of its own for each move: the same move if a failed commit is retried, and nothing a
        player sees of the bots' choices tells anything about the table's seed."""
        return Rng(derive_secret(self.match.seed, "bot", self.version))

    async def _search_move(self, seat: int, bot: Bot) -> bool:
        """A search bot's move: worked out in the pool from the table as it is now, and held to its budget."""
        async with self.lock:
            if self._bot_seat() != seat or self.bots.get(seat) is not bot or not isinstance(bot, ISMCTSBot):
                return False
            job, asked = self._job(seat, bot, self._bot_rng()), self.version
        answer = await self._pool().run(job)
        # held to its budget: a search settled early (a clear hand) or at once (one legal move) must not
        # answer sooner than one that weighed its hand to the end, a timing anyone at the table could read
        # (counted from when its worker took it up, so a wait in the queue hides nothing; ``HOLD_MARGIN``
        # covers a full search's last iteration running over)
        await asyncio.sleep(job.seconds + HOLD_MARGIN - answer.spent)
        return await self._commit_if_current(seat, bot, asked, answer.action, lambda: bot.memory.update(answer.played))

    async def _commit_if_current(self, seat: int, bot: Bot, asked: int, action: dict[str, Any],
                                 before: Callable[[], None] | None = None) -> bool:
        """Commit a bot's move worked out at version ``asked``, unless the game moved on since (see ``_bot_move``)."""
        async with self.lock:
            if self.stopped or self.bots.get(seat) is not bot or self.changed_at[seat] > asked \
                    or self.acted_at[seat] >= asked:
                return False
            if before is not None:
                before()
            await self._commit_bot(seat, action)
            return True

    async def _commit_bot(self, seat: int, action: dict[str, Any]) -> None:
        try:
            await self._commit(seat, action)
        except IllegalAction as err:
            if err.code != ErrorCode.ACTION_STALE:
                raise

    def _job(self, seat: int, bot: ISMCTSBot, rng: Rng) -> Job:
        """The search for ``seat``'s bot: a copy of the state, the bot's seconds shared out by the pool, and
        what it already played from this very view (a worker remembers nothing)."""
        key = bot.key(self.match.read_view(seat))
        played = {key: set(bot.memory[key])} if key in bot.memory else {}
        return Job(self.match.game.name, self.match.state.clone(), seat, bot.depth,
                   self._pool().budget(bot.seconds or FLOOR), rng.next64(), played, bot.early)

    def _pool(self) -> SearchPool:
        if self.search is None:  # a table made outside a lobby (a test): the process's shared pool
            self.search = shared_pool()
        return self.search

    # -- the coach ---------------------------------------------------------
    async def hint(self, seat: int, allowed: bool, device: str = "?",
                   wanted: Callable[[], bool] = lambda: True) -> HintMessage | None:
        """The coach's top moves for ``seat`` (see ``coach``): refused when hints are off, the game is over,
        paused or ended, it is not the seat's turn (or a bot plays it), its last hint is still being worked out,
        ``device`` has a hint in the pool or the hints' share of the pool is full. None if it was dropped before
        it ran: ``wanted()`` (the asker is still there) turned False, or the seat's choices changed."""
        my_turn = seat in self.match.to_act and seat not in self.bots
        check_hint(allowed and self.coach, self.match.over, my_turn, seat in self.hinting)
        self.check_open()
        last = self.hints.get(seat)
        if last is not None and last["version"] == self.version:
            return last  # nothing has changed since: no second search (a student pressing Hint again and again)
        pool, asked = self._pool(), self.version
        self.hinting.add(seat)

        def still_wanted() -> bool:
            return wanted() and not self.stopped and self.changed_at[seat] <= asked and self.acted_at[seat] < asked

        try:
            hint = await work_out(pool, self.match.game.name, self.match.state.clone(), seat, self.match.view(seat),
                                  asked, device, still_wanted)
            if hint is not None:
                self.hints[seat] = hint
            return hint
        except SearchFailed:
            raise IllegalAction("The coach could not think just now; ask again in a moment.",
                                ErrorCode.HINT_UNAVAILABLE) from None
        finally:
            self.hinting.discard(seat)

    # -- telling -----------------------------------------------------------
    def join(self, client: Client) -> None:
        client.on_drop = self.clients.discard
        client.state_of = self.state_text
        welcome: WelcomeMessage = {
            "type": "welcome", "table_id": self.id, "name": self.name, "game": self.match.game.name,
            "seat": client.seat, "players": self.match.players,
            "seats": self.public_seats(),
        }
        client.push(welcome)
        self.clients.add(client)
        client.fall_behind()

    def state_text(self, client: Client) -> str:
        """``state_message`` as JSON text. Every spectator sees the same view, so theirs is built and
        encoded once per state (and per start of the log), not once per socket: a thousand watching
        sockets cost one view, not a thousand."""
        if client.seat is not None:
            return protocol.encode(self.state_message(client))
        seats = self.public_seats()
        now_key = (self.version, self.paused, self.ended, self.coach)
        if self._spectators is None or (self._spectators.key, self._spectators.seats) != (now_key, seats):
            self._spectators = SpectatorTexts(now_key, seats)
        built = self._spectators.texts.get(client.seen)
        if built is None:
            start = client.seen
            built = self._spectators.texts[start] = (protocol.encode(self.state_message(client)), client.seen)
        client.seen = built[1]
        return built[0]

    def state_message(self, client: Client) -> StateMessage:
        """The current state as ``client`` may see it, with the log it has not seen yet. (A spectator's
        must depend only on the state, the seats, pause, end, hints and ``client.seen``: see ``state_text``.)
        Its view is the match's own, not a copy: ``state_text`` encodes the message at once and keeps only the text."""
        events = len(self.match.game.events(self.match.state))
        message: StateMessage = {
            "type": "state", "version": self.version, "view": self.match.read_view(client.seat),
            "log": self.match.log_for(client.seat, start=client.seen),
            "seats": self.public_seats(), "paused": self.paused, "ended": self.ended, "hints": self.coach,
        }
        client.seen = events
        return message

    def tell_seat(self, seat: int) -> None:
        """Tell ``seat``'s own connections who plays it now (the teacher gave it to a bot, or back)."""
        held = self.seats[seat]
        notice = protocol.seat_notice(seat, held.bot if held.kind == "bot" else None)
        for client in [c for c in self.clients if c.seat == seat]:
            client.push(notice)

    def broadcast(self) -> None:
        """Tell every connection a new state exists; never waits on any of them."""
        for client in list(self.clients):
            client.fall_behind()

    def public_seats(self) -> list[dict[str, Any]]:
        """Who sits where; once the game is over (or ended) a person's seat a bot held is the person's."""
        settled = self.match.over or self.ended
        return [s.public(i, settled) for i, s in enumerate(self.seats)]

    def summary(self) -> dict[str, Any]:
        connected = tuple(sorted({c.seat for c in self.clients if c.seat is not None}))
        key = (self.version, connected, tuple((s.kind, s.name) for s in self.seats), self.paused, self.ended)
        if self._summary is None or self._summary[0] != key:
            self._summary = (key, self._make_summary(set(connected)))
        return self._summary[1]

    def _make_summary(self, connected: set[int]) -> dict[str, Any]:
        result = self.match.result
        view = self.match.read_view(None)  # only read here (the round and the scores)
        return {
            "table_id": self.id, "name": self.name, "game": self.match.game.name,
            "players": self.match.players, "created": self.created,
            "seats": [{**s, "connected": s["seat"] in connected} for s in self.public_seats()],
            "round": self.match.game.round_of(view), "round_word": round_word(view, self.match.game),
            "over": self.match.over, "result": result,
            "scores": scores_of(self.match.game, view, result), "score_label": self.match.game.score_label,
            "lower_is_better": lower_is_better(self.match.game, view, result),
            "version": self.version, "paused": self.paused, "ended": self.ended, "class_id": self.class_id,
        }

    def idle_for(self) -> float:
        return time.time() - self.touched

    async def close(self) -> None:
        for client in list(self.clients):
            client.close()
        if self.bot_task:
            self.bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.bot_task


@dataclass
class SpectatorTexts:
    """The spectators' state text of one state: by where their log starts, the text and where it ends."""

    key: tuple[int, bool, bool, bool]
    seats: list[dict[str, Any]]
    texts: dict[int, tuple[str, int]] = field(default_factory=dict)


def scores_of(spec: GameSpec, view: dict[str, Any], result: Result | None) -> list[Any]:
    """Each seat's score: the result's when over, else the running one the game's ``score_of`` reads."""
    if result:
        return list(result["scores"])
    return [spec.score_of(view, seat) for seat in range(len(view.get("players") or []))]


def lower_is_better(spec: GameSpec, view: dict[str, Any], result: Result | None) -> bool:
    """Is a lower score better: the result's word when over, else the spec's for the running score (``lower_wins``,
    as Adapt or Die's unfit score)."""
    if result:
        return bool(result.get("lower_is_better"))
    return spec.lower_wins(view)


def played(spec: GameSpec, view: dict[str, Any], result: Result | None) -> Any:
    """How far a table got, counted in its ``round_word``: a finished game's own count (its result's ``turns``
    where it has them, else its ``rounds``, which count Evolution's turns: Adapt or Die's view has moved on to
    round 61 when its 60th ends), else the view's."""
    counted = None if result is None else counted_in(round_word(view, spec), dict(result))
    return spec.round_of(view) if counted is None else counted


def from_stored(row: StoredTable, storage: Storage, bot_delay: float, search: SearchPool | None = None) -> LiveTable:
    """Rebuild a table by replaying its stored record."""
    record = {"game": row.game, "players": row.players, "seed": row.seed, "options": row.options,
              "actions": [[seat, action] for seat, action in row.actions]}
    table = LiveTable(row.id, row.name, Match.replay(record), [Seat.from_row(s) for s in row.seats],
                      row.created, storage, bot_delay, search=search)
    table.ended = row.ended
    table.class_id = row.class_id
    return table


def now() -> float:
    return time.time()
