"""The end: whoever reached the target wins."""

from __future__ import annotations

from tests.toygame.state import Event, RaceState


def finish(s: RaceState, seat: int) -> None:
    s.over = True
    s.outcome = {"scores": [int(i == seat) for i in range(s.n)], "winners": [seat], "reason": "target",
                 "rounds": sum(s.steps)}
    s.events.append(Event("win", -1, seat, s.count))
