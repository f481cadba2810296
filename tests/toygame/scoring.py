"""The end: whoever reached the target wins."""

from __future__ import annotations

from evogames.core.events import PUBLIC
from tests.toygame.state import Event, RaceState


def finish(s: RaceState, seat: int) -> None:
    s.over = True
    s.outcome = {"scores": [int(i == seat) for i in range(s.n)], "winners": [seat], "reason": "target",
                 "rounds": sum(s.steps)}
    s.log(Event, "win", PUBLIC, seat, s.count)
