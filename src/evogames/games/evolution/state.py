"""Evolution's state: plain lists and small Animal records, cheap to clone."""

from __future__ import annotations

from typing import Any

from evogames.core.rng import Rng
from evogames.games.evolution.components import components

DEVELOPMENT, FEEDING, OVER = "development", "feeding", "over"

# per-seat tallies for the lab
TALLIES = (
    "animals_born", "animals_starved", "animals_eaten", "animals_poisoned", "traits_played",
    "parasites_played", "red_taken", "blue_gained", "attacks", "kills", "escapes", "tails_lost",
    "mimicries", "food_grazed", "food_pirated", "hibernations", "fat_converted",
)
T = {name: i for i, name in enumerate(TALLIES)}

Event = tuple[Any, ...]


class Animal:
    """An animal on the table: the face-down card, its traits, its tokens and its turn flags."""

    __slots__ = ("attacked", "blue", "card", "extra", "fat", "grazed", "hibernated_last", "hibernating", "id",
                 "kinds", "owner", "pirated", "poisoned", "red", "slots", "traits")

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

    def copy(self) -> Animal:
        other = Animal.__new__(Animal)
        for name in Animal.__slots__:
            setattr(other, name, getattr(self, name))
        other.traits = list(self.traits)
        return other

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
    """A pair trait (its card) between animals ``a`` and ``b`` of one player (Symbiosis: ``a`` is the symbiont)."""

    __slots__ = ("a", "b", "card", "trait")

    def __init__(self, trait: str, a: str, b: str, card: str) -> None:
        self.trait, self.a, self.b, self.card = trait, a, b, card

    def other(self, animal: str) -> str:
        return self.b if animal == self.a else self.a


class Attack:
    """An attack waiting for the defender's choice of active defence."""

    __slots__ = ("carnivore", "mimicked", "target", "used")

    def __init__(self, carnivore: str, target: str) -> None:
        self.carnivore, self.target = carnivore, target
        self.mimicked = False
        self.used: list[str] = []  # defence trait cards already used in this attack

    def copy(self) -> Attack:
        other = Attack(self.carnivore, self.target)
        other.mimicked, other.used = self.mimicked, list(self.used)
        return other


class EvolutionState:
    """Everything about one game of Evolution."""

    __slots__ = ("after", "animals", "attack", "bank", "born", "busy", "chain", "current", "deck", "discards", "events",
                 "first", "hands", "history", "idle", "last_turn", "link_used", "links", "main_done", "n", "options",
                 "outcome", "passed", "phase", "plays", "rng", "scripted", "tables", "tally", "tokens", "trait_fate",
                 "turn")

    def __init__(self, n: int, options: dict[str, Any], rng: Rng) -> None:
        self.n = n
        self.options = options
        self.rng = rng
        self.scripted: list[int] = []          # die faces to use before random ones (demonstrations)
        self.turn = 1
        self.first = 0
        self.phase = DEVELOPMENT
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
        self.trait_fate: dict[str, list[int]] = {}  # trait -> [survived, starved, eaten]
        self.plays: list[list[str]] = [[] for _ in range(n)]
        self.outcome: dict[str, Any] | None = None

    def clone(self) -> EvolutionState:
        other = EvolutionState.__new__(EvolutionState)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.rng = self.rng.clone()
        for name in ("scripted", "passed", "deck", "events", "history", "links", "chain", "after"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("hands", "discards", "tables", "tally", "plays"):
            setattr(other, name, [list(x) for x in getattr(self, name)])
        other.animals = {k: a.copy() for k, a in self.animals.items()}
        other.attack = self.attack.copy() if self.attack else None
        other.tokens = dict(self.tokens)
        other.link_used = set(self.link_used)
        other.trait_fate = {k: list(v) for k, v in self.trait_fate.items()}
        return other

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def log(self, *event: Any) -> None:
        """Record an event: (kind, visible_to, data...); visible_to -1 is public."""
        self.events.append(event)

    def roll(self) -> int:
        """One die: a scripted face if any are left, else the seeded generator."""
        return self.scripted.pop(0) if self.scripted else self.rng.die()

    def order(self, start: int) -> list[int]:
        """Seats clockwise from ``start``."""
        return [(start + i) % self.n for i in range(self.n)]
