"""Set-up: the count at 0, a secret die for each player, a random first player."""

from __future__ import annotations

from typing import Any

from evogames.core.rng import Rng
from tests.toygame.state import RaceState


def new_state(players: int, seed: int, options: dict[str, Any]) -> RaceState:
    rng = Rng(seed)
    state = RaceState(players, options, rng)
    state.turn = rng.below(players)
    return state
