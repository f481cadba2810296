"""Shared helpers for the test suite."""

from __future__ import annotations

import os
from typing import Any

# The toy game (tests/toygame/) is a plug-in like any other: every test that walks the
# registry plays it too, and worker processes and test servers inherit the variable.
os.environ.setdefault("EVOGAMES_GAMES", "tests.toygame")

from evogames import Match
from evogames.core.rng import Rng


def random_playout(match: Match, seed: int = 0, limit: int = 20_000) -> int:
    """Play random legal actions to the end; return the number of actions."""
    rng = Rng(seed)
    steps = 0
    while not match.over:
        seats = match.to_act
        assert seats, "a game that is not over must wait for someone"
        seat = seats[rng.below(len(seats))]
        match.act(seat, rng.choice(match.legal(seat)))
        steps += 1
        assert steps < limit, "the game did not end"
    return steps


def first_legal(match: Match, seat: int, kind: str) -> dict[str, Any]:
    return next(a for a in match.legal(seat) if a["type"] == kind)
