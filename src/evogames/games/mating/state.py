"""The Mating Game's state: plain lists, one entry per seat, cheap to clone."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from evogames.core.events import EventLog
from evogames.core.rng import Rng
from evogames.core.state import PlainState, copy_clone, copy_list, copy_lists
from evogames.games.mating.events import Event

# status of a seat's Strategy this round
NONE, IN_PLAY, EATEN, LOST = 0, 1, 2, 3

# round effects (bit flags per seat) set by sneaky Strategies and predators
HIDDEN = 1          # hide_from_predators
NO_FOOD_LOSS = 2    # ignore_food_loss
GUARDED = 4         # mate_guarding
AVOID = 8           # avoid_combat (satellite male)
LEVEL_UP = 16       # level_up: a flashy Strategy fights
EXTRA_DICE = 32     # extra_combat_dice
FITNESS_DOWN = 64   # lower_fitness
HUNTED = 128        # already faced a predator this round
REJOINED = 256      # came back after losing combat

# per-seat tallies for the lab
TALLIES = (
    "combat_played", "flashy_played", "sneaky_played", "out_to_lunch", "food_spent",
    "times_eaten", "escapes", "combats_fought", "combats_won", "females_attracted",
)
T = {name: i for i, name in enumerate(TALLIES)}

class MatingState(PlainState, EventLog):
    """Everything about one game of The Mating Game.

    ``clone`` is derived from the declarations below (``PlainState``): every slot is
    either SHARED (never changed in place, so clones share it) or COPIED (name -> how
    to copy it). ``options`` and ``outcome`` are dicts, shared as read-only: the
    options are validated once and never written, and the outcome is set once, at
    the end, and only ever read (``view`` and ``result`` hand out copies).
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
        "events",
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
    SHARED = (
        "combat", "combat_winner", "entered", "env", "first", "marker_drawn", "n", "options",
        "outcome", "over", "predators_left", "round", "step", "target",
    )
    #: the dicts in SHARED, never changed in place (see the class docstring)
    READ_ONLY = ("options", "outcome")
    COPIED = MappingProxyType({
        "rng": copy_clone,
        "hands": copy_lists,
        "tally": copy_lists,
        "plays": copy_lists,
        **dict.fromkeys((
            "food", "offspring", "choice", "played", "status", "flags", "females", "gained", "stands",
            "deck", "discard", "env_deck", "env_discard", "window", "pending", "discarding", "events",
            "history",
        ), copy_list),
    })

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
