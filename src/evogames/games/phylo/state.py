"""Phylo's state: the table as a grid of spaces, each seat's deck, hand and discard pile.

Cards in play are physical cards with their own ids (``A07``: seat A's 7th card);
``card_of`` maps them to the card they are (``S001``), and never changes in a game.
A space holds up to two cards, top first: a species, and a PARASITE under it.

``clone`` is written out field by field (a native class when mypyc compiles this module;
tests/core/test_clone.py checks that a clone has every field and shares nothing the rules
change); ``sandbox`` is a cheaper copy for trials on the table.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, Final

from evogames.core.events import LoggedState
from evogames.core.rng import Rng
from evogames.games.phylo.events import Event
from evogames.games.phylo.rules.index import Pos as Pos  # (x, y), as the index has it
from evogames.games.phylo.rules.index import TableIndex

SEATS: Final = "ABCD"
ACTIONS_PER_TURN: Final = 3
LOSSES: Final = ("event", "links", "cascade", "bluff", "invaded")


class PhyloState(LoggedState):
    """Everything about one game of Phylo.

    ``clone`` is written out field by field. Shared values are never changed in place: numbers,
    booleans and strings, and the read-only dicts (``READ_ONLY``) the rules replace but never
    change: ``card_of`` (what each physical card is, fixed at set-up; ``determinize`` gives its
    copy a new dict), ``options``, ``last_event`` (the record of the last event, replaced by the
    next one or by its counter) and ``outcome`` (set once, at the end). Events are logged with
    core's ``LoggedState.log`` (``s.log(Play, "play", PUBLIC, ...)``).
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
    #: the dicts a clone shares, never changed in place (see the class docstring)
    READ_ONLY: ClassVar[tuple[str, ...]] = ("card_of", "last_event", "options", "outcome")

    def __new__(cls, *_: object) -> PhyloState:
        """A blank state (``clone`` and ``sandbox`` fill it in; ``__init__`` sets up a new game)."""
        return super().__new__(cls)

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

    def clone(self) -> PhyloState:
        """A copy that shares nothing the rules change in place (the server clones the state on every action)."""
        other = self._copy_table(TableIndex.copy(self.index))
        other.events = list(self.events)  # of tuples
        # one list per seat (decks, hands, the cards each seat played): both levels copied
        other.decks = [list(deck) for deck in self.decks]
        other.hands = [list(hand) for hand in self.hands]
        other.plays = [list(played) for played in self.plays]
        other.history = list(self.history)  # one row of points per past turn, never changed once appended
        other.insight = list(self.insight)
        other.challenged = set(self.challenged)  # of frozensets
        return other

    def sandbox(self) -> PhyloState:
        """A cheap copy for trying out a change on the table (previews, bots): the table, piles and
        tallies are copied, the log starts empty, hands and decks are shared and must not change."""
        other = self._copy_table(TableIndex())
        other.events = []
        other.decks, other.hands, other.plays, other.history = self.decks, self.hands, self.plays, self.history
        other.insight, other.challenged = self.insight, self.challenged
        return other

    def _copy_table(self, index: TableIndex) -> PhyloState:
        """A new state with this one's numbers and read-only dicts, its own copy of the table, the discard
        piles and the tallies, and ``index``; ``clone`` and ``sandbox`` fill in the rest."""
        other = PhyloState.__new__(PhyloState)
        # numbers, booleans and the read-only dicts: shared
        other.n, other.options, other.card_of, other.outcome = self.n, self.options, self.card_of, self.outcome
        other.turn, other.player, other.step, other.entered = self.turn, self.player, self.step, self.entered
        other.actions_left, other.event_played, other.wind = self.actions_left, self.event_played, self.wind
        other.climate_change_used, other.last_event = self.climate_change_used, self.last_event
        other.last_turn, other.pending, other.over = self.last_turn, self.pending, self.over
        other.challenged_this_turn = self.challenged_this_turn
        # the table: each space's stack copied
        other.board = {pos: list(stack) for pos, stack in self.board.items()}
        other.where, other.threatened, other.flooded = dict(self.where), dict(self.threatened), dict(self.flooded)
        other.urban = set(self.urban)
        other.discards = [list(pile) for pile in self.discards]
        other.lost = [dict(tally) for tally in self.lost]
        other.cleanups = list(self.cleanups)
        other.rng = self.rng.clone()
        other.index = index
        return other

    def cards(self, iids: Any) -> tuple[str, ...]:
        """What physical cards are (for the log, which names cards, not copies)."""
        card_of = self.card_of
        return tuple([card_of[i] for i in iids])


def owner(iid: str) -> int:
    """The seat a physical card belongs to."""
    return SEATS.index(iid[0])


@cache
def physical_cards(seat: int, count: int) -> tuple[str, ...]:
    """The first ``count`` physical cards of a seat's deck, in dealing order: ``A01``, ``A02``..."""
    return tuple(f"{SEATS[seat]}{i + 1:02d}" for i in range(count))
