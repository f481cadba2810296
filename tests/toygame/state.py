"""Race to Ten's state."""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from evogames.core.events import EventLog
from evogames.core.rng import Rng
from evogames.core.state import Copy, PlainState, copy_clone, copy_list


class Event(NamedTuple):
    kind: str
    visible_to: int  # -1: everyone
    seat: int
    value: int


class RaceState(PlainState, EventLog):
    __slots__ = ("count", "events", "n", "options", "outcome", "over", "rng", "secret", "steps", "turn")
    SHARED: ClassVar[tuple[str, ...]] = ("n", "options", "count", "turn", "over", "outcome")
    COPIED: ClassVar[dict[str, Copy]] = {"secret": copy_list, "steps": copy_list, "rng": copy_clone,
                                         "events": copy_list}

    def __init__(self, n: int, options: dict[str, Any], rng: Rng) -> None:
        self.n, self.options, self.rng = n, options, rng
        self.count, self.turn = 0, 0
        self.secret = [rng.die() for _ in range(n)]
        self.steps = [0] * n
        self.events: list[Event] = []
        self.over = False
        self.outcome: dict[str, Any] | None = None
