"""Adapt or Die's state: plain lists and small dicts, one entry per seat, cheap to clone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from evogames.core.events import EventLog
from evogames.core.rng import Rng
from evogames.core.state import Copy, PlainState, copy_clone, copy_dict, copy_list, copy_lists
from evogames.games.adapt.events import Event

if TYPE_CHECKING:
    from evogames.games.adapt.action_types import AdaptAction

# per-seat tallies for the lab
TALLIES = ("exits", "niches_taken", "niches_forced", "niches_received", "niches_returned",
           "exchanges", "trades", "offers_declined", "mats_drawn", "distance_moved")
T = {name: i for i, name in enumerate(TALLIES)}

class AdaptState(PlainState, EventLog):
    """Everything about one game of Adapt or Die; ``clone`` copies what ``COPIED`` names and shares the rest."""

    __slots__ = (
        "active", "adapt_pile", "adapts", "asked", "board", "choice", "creature_pile", "creatures",
        "deck", "entered", "events", "exit_place", "goal", "history", "mats", "n", "niche_pile",
        "niches", "offer", "options", "outcome", "over", "pending", "pos", "pressures", "queue",
        "randomizers", "rng", "roll", "shared", "step", "tally", "traded", "turn",
    )
    # never changed in place: numbers, strings, a tuple or None, and the two dicts in READ_ONLY;
    # ``choice`` is None whenever a clone is taken (set and used within one ``apply``)
    SHARED = ("active", "board", "choice", "entered", "exit_place", "goal", "n", "offer", "options",
              "outcome", "over", "pending", "roll", "step", "turn")
    # read-only, so shared between clones: ``options`` (the rules never change it; determinize gives
    # its copy new options) and ``outcome`` (None until ``scoring.finish`` sets it whole, once)
    READ_ONLY: ClassVar[tuple[str, ...]] = ("options", "outcome")
    COPIED: ClassVar[dict[str, Copy]] = {
        "rng": copy_clone,
        "niches": copy_lists, "adapts": copy_lists, "tally": copy_lists,
        "creatures": copy_list, "pos": copy_list, "deck": copy_list, "randomizers": copy_list,
        "creature_pile": copy_list, "adapt_pile": copy_list, "shared": copy_list, "queue": copy_list,
        "asked": copy_list, "traded": copy_list, "events": copy_list,  # of tuples
        "history": copy_list,  # of per-round dicts, appended and never changed after
        "mats": copy_dict, "pressures": copy_dict, "niche_pile": copy_dict,  # of strings, tuples, ints
    }

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
