"""Phylo's state: the table as a grid of spaces, each seat's deck, hand and discard pile.

Cards in play are physical cards with their own ids (``A07``: seat A's 7th card);
``card_of`` maps them to the card they are (``S001``), and never changes in a game.
A space holds up to two cards, top first: a species, and a PARASITE under it.

``clone`` is derived from the fields declared below (``core/state.py``'s ``PlainState``);
``sandbox`` is a cheaper copy for trials on the table.
"""

from __future__ import annotations

from typing import Any, ClassVar

from evogames.core.events import EventLog
from evogames.core.rng import Rng
from evogames.core.state import (
    Copy,
    PlainState,
    copy_clone,
    copy_dicts,
    copy_lists,
)
from evogames.games.phylo.events import Event
from evogames.games.phylo.rules.index import TableIndex

Pos = tuple[int, int]
SEATS = "ABCD"
ACTIONS_PER_TURN = 3
LOSSES = ("event", "links", "cascade", "bluff", "invaded")


def copy_board(board: dict[Pos, list[str]]) -> dict[Pos, list[str]]:
    """The table: each space's stack copied."""
    return {pos: list(stack) for pos, stack in board.items()}


def _fresh_events(events: list[Event]) -> list[Event]:
    return []


def _fresh_index(index: TableIndex) -> TableIndex:
    return TableIndex()


class PhyloState(PlainState, EventLog):
    """Everything about one game of Phylo.

    ``SHARED`` fields hold numbers, booleans and strings, or values the rules replace but never
    change in place (``READ_ONLY``): ``card_of`` (what each physical card is, fixed at set-up;
    ``determinize`` gives its copy a new dict), ``options``, ``last_event`` (the record of the last
    event, replaced by the next one or by its counter) and ``outcome`` (set once, at the end).
    Events are logged with core's ``EventLog.log`` (``s.log(Play, "play", PUBLIC, ...)``).
    """

    __slots__ = (
        "actions_left",
        "board",
        "card_of",
        "challenged",
        "challenged_this_turn",
        "cleanups",
        "climate_change_used",
        "decks",
        "discards",
        "entered",
        "event_played",
        "events",
        "flooded",
        "hands",
        "history",
        "index",
        "insight",
        "last_event",
        "last_turn",
        "lost",
        "n",
        "options",
        "outcome",
        "over",
        "pending",
        "player",
        "plays",
        "rng",
        "step",
        "threatened",
        "turn",
        "urban",
        "where",
        "wind",
    )
    READ_ONLY: ClassVar[tuple[str, ...]] = ("card_of", "last_event", "options", "outcome")
    SHARED = (
        "actions_left",
        "challenged_this_turn",
        "climate_change_used",
        "entered",
        "event_played",
        "last_turn",
        "n",
        "over",
        "pending",
        "player",
        "step",
        "turn",
        "wind",
        *READ_ONLY,
    )
    COPIED: ClassVar[dict[str, Copy]] = {  # builtin copiers where one level is enough (they are the fastest)
        "rng": copy_clone,
        "decks": copy_lists,
        "hands": copy_lists,
        "discards": copy_lists,
        "plays": copy_lists,
        "board": copy_board,
        "where": dict.copy,
        "threatened": dict.copy,
        "flooded": dict.copy,
        "urban": set.copy,
        "insight": list.copy,
        "challenged": set.copy,  # of frozensets
        "events": list.copy,  # of tuples
        "lost": copy_dicts,
        "cleanups": list.copy,
        "history": copy_lists,
        "index": TableIndex.copy,
    }
    # A sandbox (a trial on the table) shares what a trial never changes, starts a log and an index of
    # its own, and copies the rest as ``clone`` does.
    SANDBOX_SHARED: ClassVar[tuple[str, ...]] = ("decks", "hands", "plays", "insight", "challenged", "history")
    SANDBOX_FRESH: ClassVar[dict[str, Copy]] = {"events": _fresh_events, "index": _fresh_index}

    def __init__(self, n: int, options: dict[str, Any], rng: Rng) -> None:
        self.n = n
        self.options = options
        self.rng = rng
        self.card_of: dict[str, str] = {}
        self.decks: list[list[str]] = [[] for _ in range(n)]  # END = top
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[list[str]] = [[] for _ in range(n)]
        self.board: dict[Pos, list[str]] = {}
        self.where: dict[str, Pos] = {}
        self.turn = 0
        self.player = 0
        self.step = 0  # the turn's step: an index into flow.ORDER (0: the draw that begins a turn)
        self.entered = False  # flow.py's steps never wait half-way, so they never set it
        self.actions_left = 0
        self.event_played = False
        self.wind = False
        self.threatened: dict[str, int] = {}  # species without a link -> the turn at whose end it is checked
        self.flooded: dict[Pos, int] = {}  # space -> last turn it is ocean
        self.urban: set[Pos] = set()  # spaces whose grassland became urban
        self.insight = [False] * n
        self.climate_change_used = False
        self.last_event: dict[str, Any] | None = None
        self.last_turn = 0  # the game ends after this turn (0: not known yet)
        self.pending = -1  # the seat that won a bluff and removes a card
        self.challenged: set[frozenset[str]] = set()
        self.challenged_this_turn = False
        self.over = False
        self.outcome: dict[str, Any] | None = None
        self.events: list[Event] = []
        self.lost = [dict.fromkeys(LOSSES, 0) for _ in range(n)]
        self.cleanups: list[int] = []  # species removed by each loss of links (with its cascade)
        self.history: list[list[int]] = []  # points on the table per seat, after each turn
        self.plays: list[list[str]] = [[] for _ in range(n)]
        self.index = TableIndex()  # derived from the table, kept up to date where it is used (index.py)

    def sandbox(self) -> PhyloState:
        """A cheap copy for trying out a change on the table (previews, bots): the table, piles and
        tallies are copied, the log starts empty, hands and decks are shared and must not change."""
        other = object.__new__(PhyloState)
        for name in _SANDBOX_SHARES:
            setattr(other, name, getattr(self, name))
        for name, copy in _SANDBOX_COPIES:
            setattr(other, name, copy(getattr(self, name)))
        return other

    def cards(self, iids: Any) -> tuple[str, ...]:
        """What physical cards are (for the log, which names cards, not copies)."""
        return tuple(self.card_of[i] for i in iids)


def owner(iid: str) -> int:
    """The seat a physical card belongs to."""
    return SEATS.index(iid[0])


def _sandbox_plan() -> tuple[tuple[str, ...], tuple[tuple[str, Copy], ...]]:
    """What a sandbox shares (the SHARED fields and ``SANDBOX_SHARED``), and how it copies the rest."""
    shared, fresh, copied = PhyloState.SANDBOX_SHARED, PhyloState.SANDBOX_FRESH, PhyloState.COPIED
    if set(shared) - set(copied) or set(fresh) - set(copied):
        raise TypeError("PhyloState: a sandbox's fields must be COPIED ones")
    plan = tuple((name, fresh.get(name, copy)) for name, copy in copied.items() if name not in shared)
    return (*PhyloState.SHARED, *shared), plan


_SANDBOX_SHARES, _SANDBOX_COPIES = _sandbox_plan()
