"""Tough Luck, Dodo's state: the grid, the creatures, the supply, the turn; cheap to clone."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from evogames.core.events import LoggedState
from evogames.core.rng import Rng
from evogames.games.dodo.events import Event

# per-seat tallies for the lab
TALLIES: Final = (
    "born", "starved", "captures", "fed", "migrations", "advantage_used", "famine_used",
    "relocation_used", "mutations_at_death", "mutations_at_capture", "no_child_supply",
)
T: Final = {name: i for i, name in enumerate(TALLIES)}


class Creature:
    """A creature base (its owner's colour) with mutation blocks, on one environment.

    Every field holds an immutable value (ints, tuples, a bool): the rules move a
    creature by assigning ``pos`` and ``captured``, never by changing a value in place.
    """

    __slots__ = ("blocks", "captured", "counts", "id", "owner", "pos")

    def __new__(cls, *_: object) -> Creature:
        """A blank creature (``clone`` fills it in)."""
        return super().__new__(cls)

    def __init__(self, cid: int, owner: int, blocks: tuple[int, ...], pos: int = -1) -> None:
        self.id = cid
        self.owner = owner
        self.blocks = blocks  # colour indices, in the order they were added
        self.counts = (blocks.count(0), blocks.count(1), blocks.count(2))
        self.pos = pos  # grid position, -1 while waiting to be placed
        self.captured = False

    @property
    def size(self) -> int:
        return len(self.blocks)

    def clone(self) -> Creature:
        """A copy (a state clone copies every creature; tests/core/test_clone.py checks every field)."""
        other = Creature.__new__(Creature)
        other.id, other.owner, other.blocks, other.counts = self.id, self.owner, self.blocks, self.counts
        other.pos, other.captured = self.pos, self.captured
        return other


class DodoState(LoggedState):
    """Everything about one game of Tough Luck, Dodo.

    ``clone`` is written out field by field (a native class when mypyc compiles this
    module; tests/core/test_clone.py checks that a clone has every field and shares
    nothing the rules change). Shared values are never changed in place: numbers,
    strings, tuples (the grid, the neighbours, a pending choice), and two read-only
    dicts: ``options`` (checked once when the match is made) and ``outcome``
    (written once when the game ends). Events are logged with core's
    ``LoggedState.log`` (``s.log(Eat, "eat", PUBLIC, ...)``).
    """

    __slots__ = (
        "active",
        "advantage",
        "bases",
        "captor",
        "capture_mutations",
        "captured_by",
        "captures_by_size",
        "choices",
        "cols",
        "consume_pos",
        "covered",
        "creatures",
        "death_mutations",
        "eaten",
        "eaters",
        "entered",
        "fed",
        "grid",
        "history",
        "migrated",
        "migration_round",
        "n",
        "neighbours",
        "next_id",
        "options",
        "order",
        "outcome",
        "over",
        "pending",
        "relocated",
        "rng",
        "rows",
        "step",
        "supply",
        "tally",
        "tokens",
        "turn",
    )
    #: the dicts a clone shares, never changed in place (see the class docstring)
    READ_ONLY: ClassVar[tuple[str, ...]] = ("options", "outcome")

    def __new__(cls, *_: object) -> DodoState:
        """A blank state (``clone`` fills it in; ``__init__`` sets up a new game)."""
        return super().__new__(cls)

    def __init__(self, n: int, options: dict[str, Any], rng: Rng) -> None:
        self.n = n
        self.options = options
        self.rng = rng
        self.grid: tuple[str, ...] = ()
        self.rows = self.cols = 0
        self.neighbours: tuple[tuple[int, ...], ...] = ()
        self.captured_by: list[int] = []
        self.captor: list[int] = []
        self.covered: list[list[int]] = []
        self.creatures: dict[int, Creature] = {}
        self.next_id = 1
        self.supply = [0, 0, 0]
        self.bases = [0] * n
        self.tokens = [[True, True, True] for _ in range(n)]
        self.active = 0
        self.turn = 0
        self.step = 0  # the index in ``flow.ORDER`` of the step the game is in: 0 is the set-up
        self.entered = False  # that step has started (``core/flow.py``)
        self.order: list[int] = []
        self.pending: tuple[Any, ...] = ()
        self.migration_round = 0
        self.migrated: set[int] = set()
        self.relocated: set[int] = set()
        self.advantage: set[int] = set()
        self.consume_pos = 0
        self.eaten: list[list[int]] = []
        self.eaters: list[list[int]] = []
        self.fed: list[int] = []
        self.choices: list[int] = []
        self.over = False
        self.outcome: dict[str, Any] | None = None
        self.events: list[Event] = []
        self.history: list[dict[str, list[int]]] = []
        self.tally = [[0] * len(TALLIES) for _ in range(n)]
        self.death_mutations: dict[int, int] = {}
        self.capture_mutations: dict[int, int] = {}
        self.captures_by_size: dict[int, int] = {}

    def clone(self) -> DodoState:
        """A copy that shares nothing the rules change in place (the server clones the state on every action)."""
        other = DodoState.__new__(DodoState)
        # numbers, booleans, tuples and the read-only dicts: shared
        other.n, other.options, other.outcome, other.over = self.n, self.options, self.outcome, self.over
        other.grid, other.rows, other.cols, other.neighbours = self.grid, self.rows, self.cols, self.neighbours
        other.active, other.turn, other.step, other.entered = self.active, self.turn, self.step, self.entered
        other.next_id, other.pending, other.consume_pos = self.next_id, self.pending, self.consume_pos
        other.migration_round = self.migration_round
        # lists of numbers, sets and dicts of numbers: one level copied
        other.captured_by, other.captor, other.supply = list(self.captured_by), list(self.captor), list(self.supply)
        other.bases, other.order, other.fed = list(self.bases), list(self.order), list(self.fed)
        other.choices, other.events, other.history = list(self.choices), list(self.events), list(self.history)
        other.migrated, other.relocated, other.advantage = set(self.migrated), set(self.relocated), set(self.advantage)
        other.death_mutations = dict(self.death_mutations)
        other.capture_mutations = dict(self.capture_mutations)
        other.captures_by_size = dict(self.captures_by_size)
        # lists of lists, and the creatures: both levels copied
        other.covered = [list(row) for row in self.covered]
        other.eaten = [list(row) for row in self.eaten]
        other.eaters = [list(row) for row in self.eaters]
        other.tally = [list(counts) for counts in self.tally]
        other.tokens = [list(kinds) for kinds in self.tokens]
        other.creatures = {cid: c.clone() for cid, c in self.creatures.items()}
        other.rng = self.rng.clone()
        return other

    # -- small queries used everywhere -------------------------------------
    def seat_order(self) -> list[int]:
        """Seats clockwise from the active player."""
        return [(self.active + k) % self.n for k in range(self.n)]

    def distance(self, seat: int) -> int:
        """How far clockwise ``seat`` sits from the active player (0 = the active player)."""
        return (seat - self.active) % self.n

    def on_board(self, seat: int | None = None) -> list[Creature]:
        """Creatures on the board (captors included), of ``seat`` or everyone."""
        return [c for c in self.creatures.values() if c.pos >= 0 and (seat is None or c.owner == seat)]

    def living(self, seat: int | None = None) -> list[Creature]:
        """Creatures still in play: on the board and not a captor."""
        return [c for c in self.creatures.values()
                if c.pos >= 0 and not c.captured and (seat is None or c.owner == seat)]

    def captures(self, seat: int) -> int:
        return self.captured_by.count(seat)
