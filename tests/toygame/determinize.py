"""The other players' secret dice and the RNG's future, resampled."""

from __future__ import annotations

from evogames.core.rng import Rng
from tests.toygame.state import RaceState


def determinize(s: RaceState, seat: int, rng: Rng) -> RaceState:
    other = s.clone()
    other.secret = [s.secret[i] if i == seat else rng.die() for i in range(s.n)]
    other.rng = Rng(rng.next64())
    return other
