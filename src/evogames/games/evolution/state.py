"""Evolution's state: plain lists and small Animal records, cloned from their declared fields (``core/state.py``)."""

from __future__ import annotations

from typing import Any, ClassVar

from evogames.core.events import EventLog
from evogames.core.rng import Rng
from evogames.core.state import Copy, PlainState, copy_clone, copy_lists
from evogames.games.evolution.components import components
from evogames.games.evolution.events import Event

# per-seat tallies for the lab
TALLIES = (
    "animals_born", "animals_starved", "animals_eaten", "animals_poisoned", "traits_played",
    "parasites_played", "red_taken", "blue_gained", "attacks", "kills", "escapes", "tails_lost",
    "mimicries", "food_grazed", "food_pirated", "hibernations", "fat_converted",
)
T = {name: i for i, name in enumerate(TALLIES)}


def _copy_attack(attack: Attack | None) -> Attack | None:
    return attack.clone() if attack is not None else None


def _copy_animals(animals: dict[str, Animal]) -> dict[str, Animal]:
    return {k: a.clone() for k, a in animals.items()}


def _copy_fates(fates: dict[str, list[int]]) -> dict[str, list[int]]:
    return {k: list(v) for k, v in fates.items()}


class Animal(PlainState):
    """An animal on the table: the face-down card, its traits, its tokens and its turn flags."""

    __slots__ = ("attacked", "blue", "card", "extra", "fat", "grazed", "hibernated_last", "hibernating", "id",
                 "kinds", "owner", "pirated", "poisoned", "red", "slots", "traits")
    SHARED = ("attacked", "blue", "card", "extra", "fat", "grazed", "hibernated_last", "hibernating", "id",
              "kinds", "owner", "pirated", "poisoned", "red", "slots")  # numbers, strings, flags, a frozenset
    COPIED: ClassVar[dict[str, Copy]] = {"traits": list}  # of (trait, card) tuples

    def __init__(self, animal_id: str, card: str, owner: int) -> None:
        self.id = animal_id     # public name ("A7"); the face-down card is the owner's secret
        self.card = card
        self.owner = owner
        self.traits: list[tuple[str, str]] = []  # (trait key, card id), in play order
        self.kinds: frozenset[str] = frozenset()  # the trait keys it has (kept with ``traits``)
        self.extra = 0                           # the traits' food modifiers
        self.slots = 0                           # its Fat Tissue cards
        self.red = 0
        self.blue = 0
        self.fat = 0
        self.attacked = False   # its Carnivorous was used this turn
        self.pirated = False    # its Piracy was used this turn
        self.grazed = False     # its Grazing was used in this feeding round
        self.hibernating = False
        self.hibernated_last = False
        self.poisoned = False

    @property
    def food(self) -> int:
        return self.red + self.blue

    def has(self, trait: str) -> bool:
        return trait in self.kinds

    def add_trait(self, trait: str, card: str) -> None:
        self.traits.append((trait, card))
        self._recount()

    def remove_card(self, card: str) -> bool:
        """Take the trait card ``card`` off this animal (False: it is not here)."""
        for i, (_, c) in enumerate(self.traits):
            if c == card:
                del self.traits[i]
                self._recount()
                return True
        return False

    def _recount(self) -> None:
        food = components().traits
        self.kinds = frozenset(key for key, _ in self.traits)
        self.extra = sum(food[key].food for key, _ in self.traits)
        self.slots = sum(1 for key, _ in self.traits if key == "fat_tissue")


class Link:
    """A pair trait (its card) between animals ``a`` and ``b`` of one player (Symbiosis: ``a`` is the symbiont).

    Never changed once made (a link is added or removed whole), so clones share it."""

    __slots__ = ("a", "b", "card", "trait")

    def __init__(self, trait: str, a: str, b: str, card: str) -> None:
        self.trait, self.a, self.b, self.card = trait, a, b, card

    def other(self, animal: str) -> str:
        return self.b if animal == self.a else self.a


class Attack(PlainState):
    """An attack waiting for the defender's choice of active defence."""

    __slots__ = ("carnivore", "mimicked", "target", "used")
    SHARED = ("carnivore", "mimicked", "target")
    COPIED: ClassVar[dict[str, Copy]] = {"used": list}

    def __init__(self, carnivore: str, target: str) -> None:
        self.carnivore, self.target = carnivore, target
        self.mimicked = False
        self.used: list[str] = []  # defence trait cards already used in this attack


class EvolutionState(PlainState, EventLog):
    """Everything about one game of Evolution; ``clone`` copies what ``COPIED`` names and shares the rest; events
    are logged with core's ``EventLog.log`` (``s.log(Took, "take", PUBLIC, ...)``)."""

    __slots__ = ("after", "animals", "attack", "bank", "born", "busy", "chain", "current", "deck", "discards",
                 "entered", "events", "first", "hands", "history", "idle", "last_turn", "link_used", "links",
                 "main_done", "n", "options", "outcome", "over", "passed", "plays", "rng", "scripted", "step",
                 "tables", "tally", "tokens", "trait_fate", "turn")
    # never changed in place: numbers, strings, flags, and the two values in READ_ONLY
    SHARED = ("bank", "born", "busy", "current", "entered", "first", "idle", "last_turn", "main_done", "n", "options",
              "outcome", "over", "step", "turn")
    # read-only, so shared between clones: ``options`` (the rules never change it) and ``outcome`` (None until
    # ``scoring.finish`` sets it whole, once)
    READ_ONLY: ClassVar[tuple[str, ...]] = ("options", "outcome")
    COPIED: ClassVar[dict[str, Copy]] = {
        "rng": copy_clone,
        "attack": _copy_attack,
        "animals": _copy_animals,
        "scripted": list, "passed": list, "deck": list,
        "events": list,  # of tuples
        "history": list,  # of per-turn dicts, appended and never changed after
        "links": list,  # of Links, never changed once made
        "chain": list, "after": list,  # of tuples
        "hands": copy_lists, "discards": copy_lists, "tables": copy_lists, "tally": copy_lists, "plays": copy_lists,
        "tokens": dict,  # of ints
        "link_used": set,
        "trait_fate": _copy_fates,
    }

    def __init__(self, n: int, options: dict[str, Any], rng: Rng) -> None:
        self.n = n
        self.options = options
        self.rng = rng
        self.scripted: list[int] = []          # die faces to use before random ones (demonstrations)
        self.turn = 1
        self.first = 0
        self.step = 0                          # the index in ``flow.ORDER`` of the step the turn is in
        self.entered = False                   # that step has started (``core/flow.py``)
        self.over = False
        self.current = 0
        self.passed = [False] * n
        self.idle = 0                          # seats in a row that did nothing this feeding phase
        self.main_done = False                 # the current seat has eaten/attacked/converted this round
        self.busy = False                      # the current seat has done anything this feeding round
        self.born = 0                          # animals ever played (their public ids A1, A2, ...)
        self.last_turn = False
        self.deck: list[str] = []              # END is the top card
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[list[str]] = [[] for _ in range(n)]
        self.tables: list[list[str]] = [[] for _ in range(n)]   # animal ids per seat, in play order
        self.animals: dict[str, Animal] = {}
        self.links: list[Link] = []
        self.link_used: set[str] = set()       # pair-trait cards used in the current seat's feeding round
        # the open chain of pair traits: (animal, "red" if it took a token from the bank else "blue") for each
        # token an animal with links got; its owner chooses which link fires next, or stops (pairs.py)
        self.chain: list[tuple[str, str]] = []
        self.after: list[tuple[Any, ...]] = []  # token steps waiting for the chain to close (a kill's, in order)
        self.bank = 0
        self.attack: Attack | None = None
        # the token ledger: red rolled, blue made, fat made; food tokens and fat tokens gone
        self.tokens = {"red": 0, "blue": 0, "fat": 0, "gone": 0, "fat_gone": 0}
        self.events: list[Event] = []
        self.history: list[dict[str, list[int]]] = []
        self.tally = [[0] * len(TALLIES) for _ in range(n)]
        self.trait_fate: dict[str, list[int]] = {}  # trait -> [animals carrying it that starved, were eaten]
        self.plays: list[list[str]] = [[] for _ in range(n)]
        self.outcome: dict[str, Any] | None = None

    def roll(self) -> int:
        """One die: a scripted face if any are left, else the seeded generator."""
        return self.scripted.pop(0) if self.scripted else self.rng.die()

    def order(self, start: int) -> list[int]:
        """Seats clockwise from ``start``."""
        return [(start + i) % self.n for i in range(self.n)]
