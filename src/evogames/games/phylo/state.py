"""Phylo's state: the table as a grid of spaces, each seat's deck, hand and discard pile.

Cards in play are physical cards with their own ids (``A07``: seat A's 7th card);
``card_of`` maps them to the card they are (``S001``), and never changes in a game.
A space holds up to two cards, top first: a species, and a PARASITE under it.
"""

from __future__ import annotations

from typing import Any

from evogames.core.rng import Rng
from evogames.games.phylo.rules.index import TableIndex

Pos = tuple[int, int]
Event = tuple[Any, ...]
SEATS = "ABCD"
ACTIONS_PER_TURN = 3
LOSSES = ("event", "links", "cascade", "bluff", "invaded")


class PhyloState:
    """Everything about one game of Phylo."""

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
        "threatened",
        "turn",
        "urban",
        "where",
        "wind",
    )

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

    def clone(self) -> PhyloState:
        other = PhyloState.__new__(PhyloState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.rng = self.rng.clone()
        for name in ("decks", "hands", "discards", "plays"):
            setattr(other, name, [list(x) for x in getattr(self, name)])
        other.board = {pos: list(stack) for pos, stack in self.board.items()}
        other.where = dict(self.where)
        other.threatened = dict(self.threatened)
        other.flooded = dict(self.flooded)
        other.urban = set(self.urban)
        other.insight = list(self.insight)
        other.challenged = set(self.challenged)
        other.events = list(self.events)
        other.lost = [dict(x) for x in self.lost]
        other.cleanups = list(self.cleanups)
        other.history = [list(h) for h in self.history]
        other.index = self.index.copy()
        return other

    def sandbox(self) -> PhyloState:
        """A cheap copy for trying out a change on the table (previews, bots): the table, piles and
        tallies are copied, the log starts empty, hands and decks are shared and must not change."""
        other = PhyloState.__new__(PhyloState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.rng = self.rng.clone()
        other.board = {pos: list(stack) for pos, stack in self.board.items()}
        other.where = dict(self.where)
        other.threatened = dict(self.threatened)
        other.flooded = dict(self.flooded)
        other.urban = set(self.urban)
        other.discards = [list(x) for x in self.discards]
        other.lost = [dict(x) for x in self.lost]
        other.cleanups = list(self.cleanups)
        other.events = []
        other.index = TableIndex()  # a trial is short-lived: its index is counted only if it is used
        return other

    def cards(self, iids: Any) -> tuple[str, ...]:
        """What physical cards are (for the log, which names cards, not copies)."""
        return tuple(self.card_of[i] for i in iids)

    def log(self, *event: Any) -> None:
        """Record an event: (kind, visible_to, data...); visible_to -1 is public."""
        self.events.append(event)


def owner(iid: str) -> int:
    """The seat a physical card belongs to."""
    return SEATS.index(iid[0])
