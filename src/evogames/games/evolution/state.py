"""Evolution's state: plain lists and small Animal records, each with a clone written out field by field."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from evogames.core.events import LoggedState
from evogames.core.rng import Rng
from evogames.games.evolution.components import components
from evogames.games.evolution.events import Event

# per-seat tallies for the lab
TALLIES: Final = (
    "animals_born", "animals_starved", "animals_eaten", "animals_poisoned", "traits_played",
    "parasites_played", "red_taken", "blue_gained", "attacks", "kills", "escapes", "tails_lost",
    "mimicries", "food_grazed", "food_pirated", "hibernations", "fat_converted",
)
T: Final = {name: i for i, name in enumerate(TALLIES)}


class Animal:
    """An animal on the table: the face-down card, its traits, its tokens and its turn flags.

    ``clone`` shares the numbers, strings, flags and the ``kinds`` frozenset, and copies ``traits`` (a list of
    (trait, card) tuples, changed in place by ``add_trait`` and ``remove_card``)."""

    __slots__ = ("attacked", "blue", "card", "extra", "fat", "grazed", "hibernated_last", "hibernating", "id",
                 "kinds", "owner", "pirated", "poisoned", "red", "slots", "traits")

    def __new__(cls, *_: object) -> Animal:
        """A blank animal (``clone`` fills it in)."""
        return super().__new__(cls)

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

    def clone(self) -> Animal:
        """A copy (a state clone copies every animal; tests/core/test_clone.py checks every field)."""
        other = Animal.__new__(Animal)
        other.id, other.card, other.owner, other.kinds = self.id, self.card, self.owner, self.kinds
        other.extra, other.slots, other.fat = self.extra, self.slots, self.fat
        other.red, other.blue = self.red, self.blue
        other.attacked, other.pirated, other.grazed = self.attacked, self.pirated, self.grazed
        other.hibernating, other.hibernated_last, other.poisoned = self.hibernating, self.hibernated_last, self.poisoned
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
    """A pair trait (its card) between animals ``a`` and ``b`` of one player (Symbiosis: ``a`` is the symbiont).

    Never changed once made (a link is added or removed whole), so clones share it."""

    __slots__ = ("a", "b", "card", "trait")

    def __new__(cls, *_: object) -> Link:
        """A blank link (pickle fills it in: a compiled class's own ``__new__`` would ask for ``__init__``'s
        arguments)."""
        return super().__new__(cls)

    def __init__(self, trait: str, a: str, b: str, card: str) -> None:
        self.trait, self.a, self.b, self.card = trait, a, b, card

    def other(self, animal: str) -> str:
        return self.b if animal == self.a else self.a


class Attack:
    """An attack waiting for the defender's choice of active defence."""

    __slots__ = ("carnivore", "mimicked", "target", "used")

    def __new__(cls, *_: object) -> Attack:
        """A blank attack (``clone`` fills it in)."""
        return super().__new__(cls)

    def __init__(self, carnivore: str, target: str) -> None:
        self.carnivore, self.target = carnivore, target
        self.mimicked = False
        self.used: list[str] = []  # defence trait cards already used in this attack

    def clone(self) -> Attack:
        other = Attack.__new__(Attack)
        other.carnivore, other.target, other.mimicked = self.carnivore, self.target, self.mimicked
        other.used = list(self.used)
        return other


class EvolutionState(LoggedState):
    """Everything about one game of Evolution.

    ``clone`` is written out field by field (a native class when mypyc compiles this module;
    tests/core/test_clone.py checks that a clone has every field and shares nothing the rules change). Shared
    values are never changed in place: numbers, strings, flags, the Links (a link is added or removed whole), and
    two read-only dicts: ``options`` (the rules never change it) and ``outcome`` (None until ``scoring.finish``
    sets it whole, once). Events are logged with core's ``LoggedState.log`` (``s.log(Took, "take", PUBLIC, ...)``).
    """

    __slots__ = ("after", "animals", "attack", "bank", "born", "busy", "chain", "current", "deck", "discards",
                 "entered", "first", "hands", "history", "idle", "last_turn", "link_used", "links",
                 "main_done", "n", "options", "outcome", "over", "passed", "plays", "rng", "scripted", "step",
                 "tables", "tally", "tokens", "trait_fate", "turn")
    #: the dicts a clone shares, never changed in place (see the class docstring)
    READ_ONLY: ClassVar[tuple[str, ...]] = ("options", "outcome")

    def __new__(cls, *_: object) -> EvolutionState:
        """A blank state (``clone`` fills it in; ``__init__`` sets up a new game)."""
        return super().__new__(cls)

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

    def clone(self) -> EvolutionState:
        """A copy that shares nothing the rules change in place (the server clones the state on every action)."""
        other = EvolutionState.__new__(EvolutionState)
        # numbers, flags and the read-only dicts: shared
        other.n, other.options, other.outcome, other.over = self.n, self.options, self.outcome, self.over
        other.turn, other.first, other.step, other.entered = self.turn, self.first, self.step, self.entered
        other.current, other.idle, other.main_done, other.busy = self.current, self.idle, self.main_done, self.busy
        other.born, other.last_turn, other.bank = self.born, self.last_turn, self.bank
        # lists of numbers, strings, tuples or Links, a set and a dict of numbers: one level copied
        other.scripted, other.passed, other.deck = list(self.scripted), list(self.passed), list(self.deck)
        other.links, other.chain, other.after = list(self.links), list(self.chain), list(self.after)
        other.events, other.history = list(self.events), list(self.history)
        other.link_used, other.tokens = set(self.link_used), dict(self.tokens)
        # lists of lists, the fates, the animals and the attack: both levels copied
        other.hands = [list(cards) for cards in self.hands]
        other.discards = [list(cards) for cards in self.discards]
        other.tables = [list(ids) for ids in self.tables]
        other.plays = [list(cards) for cards in self.plays]
        other.tally = [list(counts) for counts in self.tally]
        other.trait_fate = {trait: list(fates) for trait, fates in self.trait_fate.items()}
        other.animals = {k: a.clone() for k, a in self.animals.items()}
        other.attack = self.attack.clone() if self.attack is not None else None
        other.rng = self.rng.clone()
        return other

    def roll(self) -> int:
        """One die: a scripted face if any are left, else the seeded generator."""
        return self.scripted.pop(0) if self.scripted else self.rng.die()

    def order(self, start: int) -> list[int]:
        """Seats clockwise from ``start``."""
        return [(start + i) % self.n for i in range(self.n)]
