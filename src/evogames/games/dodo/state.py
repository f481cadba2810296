"""Tough Luck, Dodo's state: the grid, the creatures, the supply, the turn; cheap to clone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from evogames.core.events import EventLog
from evogames.core.rng import Rng
from evogames.core.state import (
    Copy,
    PlainState,
    copy_clone,
    copy_dict,
    copy_list,
    copy_lists,
    copy_set,
)
from evogames.games.dodo.events import Event

# per-seat tallies for the lab
TALLIES = (
    "born", "starved", "captures", "fed", "migrations", "advantage_used", "famine_used",
    "relocation_used", "mutations_at_death", "mutations_at_capture", "no_child_supply",
)
T = {name: i for i, name in enumerate(TALLIES)}


class Creature(PlainState):
    """A creature base (its owner's colour) with mutation blocks, on one environment.

    Every field holds an immutable value (ints, tuples, a bool): the rules move a
    creature by assigning ``pos`` and ``captured``, never by changing a value in place.
    """

    __slots__ = ("blocks", "captured", "counts", "id", "owner", "pos")
    SHARED = ("blocks", "captured", "counts", "id", "owner", "pos")

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
        """``PlainState.clone`` written out for speed (a state clone copies every creature); a test checks
        it copies every declared slot."""
        other = Creature.__new__(Creature)
        other.id, other.owner, other.blocks, other.counts = self.id, self.owner, self.blocks, self.counts
        other.pos, other.captured = self.pos, self.captured
        return other


def copy_creatures(creatures: dict[int, Creature]) -> dict[int, Creature]:
    """The creatures by id, each one copied (the rules move and capture them in place)."""
    return {cid: c.clone() for cid, c in creatures.items()}


class DodoState(PlainState, EventLog):
    """Everything about one game of Tough Luck, Dodo.

    ``clone`` is derived from ``SHARED`` and ``COPIED``. Shared values are never
    changed in place: numbers, strings, tuples (the grid, the neighbours, a
    pending choice), and two read-only dicts: ``options`` (checked once when the
    match is made) and ``outcome`` (written once when the game ends). Events are
    logged with core's ``EventLog.log`` (``s.log(Eat, "eat", PUBLIC, ...)``).
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
        "events",
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
    SHARED = (
        "active", "cols", "consume_pos", "entered", "grid", "migration_round", "n", "neighbours", "next_id",
        "options", "outcome", "over", "pending", "rows", "step", "turn",
    )
    COPIED: ClassVar[Mapping[str, Copy]] = {
        "rng": copy_clone,
        "creatures": copy_creatures,
        "advantage": copy_set, "migrated": copy_set, "relocated": copy_set,
        "bases": copy_list, "captor": copy_list, "captured_by": copy_list, "choices": copy_list,
        "events": copy_list, "fed": copy_list, "history": copy_list, "order": copy_list, "supply": copy_list,
        "covered": copy_lists, "eaten": copy_lists, "eaters": copy_lists, "tally": copy_lists, "tokens": copy_lists,
        "capture_mutations": copy_dict, "captures_by_size": copy_dict, "death_mutations": copy_dict,
    }

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
