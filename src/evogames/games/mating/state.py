"""The Mating Game's state: plain lists, one entry per seat, cheap to clone."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from evogames.core.events import LoggedState
from evogames.core.rng import Rng
from evogames.games.mating.events import Event

# status of a seat's Strategy this round (Final: the compiled rules use the numbers themselves)
NONE: Final = 0
IN_PLAY: Final = 1
EATEN: Final = 2
LOST: Final = 3

# round effects (bit flags per seat) set by sneaky Strategies and predators
HIDDEN: Final = 1          # hide_from_predators
NO_FOOD_LOSS: Final = 2    # ignore_food_loss
GUARDED: Final = 4         # mate_guarding
AVOID: Final = 8           # avoid_combat (satellite male)
LEVEL_UP: Final = 16       # level_up: a flashy Strategy fights
EXTRA_DICE: Final = 32     # extra_combat_dice
FITNESS_DOWN: Final = 64   # lower_fitness
HUNTED: Final = 128        # already faced a predator this round
REJOINED: Final = 256      # came back after losing combat

# per-seat tallies for the lab
TALLIES: Final = (
    "combat_played", "flashy_played", "sneaky_played", "out_to_lunch", "food_spent",
    "times_eaten", "escapes", "combats_fought", "combats_won", "females_attracted",
)
T: Final = {name: i for i, name in enumerate(TALLIES)}


class MatingState(LoggedState):
    """Everything about one game of The Mating Game.

    ``clone`` is written out field by field (a native class when mypyc compiles this
    module; tests/core/test_clone.py checks that a clone shares nothing the rules
    change and has every field). ``options`` and ``outcome`` are dicts, shared as
    read-only: the options are validated once and never written, and the outcome
    is set once, at the end, and only ever read (``view`` and ``result`` hand out
    copies).
    """

    __slots__ = (
        "choice",
        "combat",
        "combat_winner",
        "deck",
        "discard",
        "discarding",
        "entered",
        "env",
        "env_deck",
        "env_discard",
        "females",
        "first",
        "flags",
        "food",
        "gained",
        "hands",
        "history",
        "marker_drawn",
        "n",
        "offspring",
        "options",
        "outcome",
        "over",
        "pending",
        "played",
        "plays",
        "predators_left",
        "rng",
        "round",
        "stands",
        "status",
        "step",
        "tally",
        "target",
        "window",
    )
    #: the dicts a clone shares, never changed in place (see the class docstring)
    READ_ONLY: ClassVar[tuple[str, ...]] = ("options", "outcome")

    def __new__(cls, *_: object) -> MatingState:
        """A blank state (``clone`` fills it in; ``__init__`` sets up a new game)."""
        return super().__new__(cls)

    def __init__(self, n: int, options: dict[str, Any], rng: Rng) -> None:
        self.n = n
        self.options = options
        self.rng = rng
        self.round = 1
        self.step = 0
        self.entered = False
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.food = [5] * n
        self.offspring = [0] * n
        self.choice: list[str | None] = [None] * n  # "" = Out to Lunch
        self.played: list[str | None] = [None] * n
        self.status = [NONE] * n
        self.flags = [0] * n
        self.females = [0] * n
        self.gained = [0] * n
        self.stands = [n + 1, n + 1]  # red, blue
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.env_deck: list[str] = []
        self.env_discard: list[str] = []
        self.env: str | None = None
        self.marker_drawn = False
        self.predators_left = 0
        self.target = -1
        self.combat = False
        self.combat_winner = -1
        self.window: list[int] = []
        self.pending: list[bool] = [False] * n
        self.discarding: list[tuple[str, ...]] = [()] * n  # chosen face down, revealed together
        self.over = False
        self.outcome: dict[str, Any] | None = None
        self.events: list[Event] = []
        self.history: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.tally = [[0] * len(TALLIES) for _ in range(n)]
        self.first = 0
        self.plays: list[list[str]] = [[] for _ in range(n)]  # every card each seat played

    def clone(self) -> MatingState:
        """A copy that shares nothing the rules change in place (the server clones the state on every action)."""
        other = MatingState.__new__(MatingState)
        # numbers, strings, booleans and the read-only dicts: shared
        other.n, other.options, other.outcome, other.over = self.n, self.options, self.outcome, self.over
        other.round, other.step, other.entered, other.first = self.round, self.step, self.entered, self.first
        other.env, other.marker_drawn, other.predators_left = self.env, self.marker_drawn, self.predators_left
        other.target, other.combat, other.combat_winner = self.target, self.combat, self.combat_winner
        # one entry per seat, lists of numbers, strings or tuples: one level copied
        other.food, other.offspring, other.choice = list(self.food), list(self.offspring), list(self.choice)
        other.played, other.status, other.flags = list(self.played), list(self.status), list(self.flags)
        other.females, other.gained, other.stands = list(self.females), list(self.gained), list(self.stands)
        other.pending, other.discarding = list(self.pending), list(self.discarding)
        other.deck, other.discard, other.window = list(self.deck), list(self.discard), list(self.window)
        other.env_deck, other.env_discard = list(self.env_deck), list(self.env_discard)
        other.events, other.history = list(self.events), list(self.history)
        # lists of lists: both levels copied
        other.hands = [list(hand) for hand in self.hands]
        other.tally = [list(counts) for counts in self.tally]
        other.plays = [list(cards) for cards in self.plays]
        other.rng = self.rng.clone()
        return other
