"""Adapt or Die's state: plain lists and small dicts, one entry per seat, cheap to clone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from evogames.core.events import LoggedState
from evogames.core.rng import Rng
from evogames.games.adapt.events import Event

if TYPE_CHECKING:
    from evogames.games.adapt.action_types import AdaptAction

# per-seat tallies for the lab
TALLIES: Final = ("exits", "niches_taken", "niches_forced", "niches_received", "niches_returned",
           "exchanges", "trades", "offers_declined", "mats_drawn", "distance_moved")
T: Final = {name: i for i, name in enumerate(TALLIES)}

class AdaptState(LoggedState):
    """Everything about one game of Adapt or Die.

    ``clone`` is written out field by field (a native class when mypyc compiles this module;
    tests/core/test_clone.py checks that a clone has every field and shares nothing the rules change). Shared
    values are never changed in place: numbers, strings, a tuple or None (``offer``), ``choice`` (None whenever a
    clone is taken: set and used within one ``apply``), and two read-only dicts: ``options`` (the rules never
    change it; determinize gives its copy new options) and ``outcome`` (None until ``scoring.finish`` sets it
    whole, once). Events are logged with core's ``LoggedState.log`` (``s.log(Rolled, "roll", PUBLIC, ...)``).
    """

    __slots__ = (
        "active", "adapt_pile", "adapts", "asked", "board", "choice", "creature_pile", "creatures",
        "deck", "entered", "exit_place", "goal", "history", "mats", "n", "niche_pile",
        "niches", "offer", "options", "outcome", "over", "pending", "pos", "pressures", "queue",
        "randomizers", "rng", "roll", "shared", "step", "tally", "traded", "turn",
    )
    #: the dicts a clone shares, never changed in place (see the class docstring)
    READ_ONLY: ClassVar[tuple[str, ...]] = ("options", "outcome")

    def __new__(cls, *_: object) -> AdaptState:
        """A blank state (``clone`` fills it in; ``__init__`` sets up a new game)."""
        return super().__new__(cls)

    def __init__(self, n: int, options: dict[str, Any], rng: Rng, board: str) -> None:
        self.n = n
        self.options = options
        self.rng = rng
        self.board = board
        self.goal: int = options["habitats_per_player"]
        self.creatures: list[str] = [""] * n
        self.niches: list[list[str]] = [[] for _ in range(n)]   # habitat ids, in the order obtained
        self.adapts: list[list[str]] = [[] for _ in range(n)]   # adaptation ids
        self.pos: list[str] = [""] * n
        self.deck: list[str] = []            # HABITAT MAT pile, face down; END = top
        self.randomizers: list[str] = []     # randomizer pile, face down; END = top
        self.creature_pile: list[str] = []   # face down (draw) or face up (choose)
        self.mats: dict[str, str] = {}       # place -> habitat id
        self.pressures: dict[str, tuple[int, ...]] = {}  # habitat id -> its 5 pressures
        self.niche_pile: dict[str, int] = {}  # habitat id -> NICHE cards left
        self.adapt_pile: list[str] = []      # face up
        self.shared: list[str] = []          # shared-habitats variant: everyone's habitats
        self.turn = 0
        self.active = 0
        self.roll = 0
        self.step = 0                        # index in flow.ORDER: setup puts the game at its first step
        self.entered = False                 # core/flow.py's Round: the current step has not started
        self.choice: AdaptAction | None = None  # the checked action the current step waits for
        self.exit_place = ""
        self.pending = ""                    # the habitat whose NICHE card is being placed
        self.queue: list[int] = []           # seats that must select an ADAPTATION card, in order
        self.offer: tuple[int, str, str, str] | None = None  # (to, kind, give, take)
        self.asked: list[tuple[int, str]] = []  # (seat, kind) already offered this turn
        self.traded: list[str] = []          # kinds traded this turn ("niche", "adaptation")
        self.over = False
        self.outcome: dict[str, Any] | None = None
        self.events: list[Event] = []        # NamedTuples of events.py, logged by the rules (s.log)
        self.history: list[dict[str, list[int]]] = []
        self.tally = [[0] * len(TALLIES) for _ in range(n)]

    def clone(self) -> AdaptState:
        """A copy that shares nothing the rules change in place (the server clones the state on every action)."""
        other = AdaptState.__new__(AdaptState)
        # numbers, strings, a tuple or None and the read-only dicts: shared
        other.n, other.options, other.outcome, other.over = self.n, self.options, self.outcome, self.over
        other.board, other.goal, other.turn, other.active = self.board, self.goal, self.turn, self.active
        other.roll, other.step, other.entered, other.choice = self.roll, self.step, self.entered, self.choice
        other.exit_place, other.pending, other.offer = self.exit_place, self.pending, self.offer
        # lists of strings, numbers or tuples, and dicts of strings, tuples or numbers: one level copied
        other.creatures, other.pos, other.deck = list(self.creatures), list(self.pos), list(self.deck)
        other.randomizers, other.creature_pile = list(self.randomizers), list(self.creature_pile)
        other.adapt_pile, other.shared, other.queue = list(self.adapt_pile), list(self.shared), list(self.queue)
        other.asked, other.traded = list(self.asked), list(self.traded)
        other.events, other.history = list(self.events), list(self.history)
        other.mats, other.pressures, other.niche_pile = dict(self.mats), dict(self.pressures), dict(self.niche_pile)
        # lists of lists: both levels copied
        other.niches = [list(habitats) for habitats in self.niches]
        other.adapts = [list(cards) for cards in self.adapts]
        other.tally = [list(counts) for counts in self.tally]
        other.rng = self.rng.clone()
        return other
