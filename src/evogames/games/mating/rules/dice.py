"""Die rolls that break ties: every tied player rolls, ties roll again."""

from __future__ import annotations

from evogames.core.events import PUBLIC
from evogames.games.mating.events import Rolls
from evogames.games.mating.state import MatingState


def rank_by_dice(s: MatingState, seats: list[int], purpose: str) -> list[int]:
    """``seats`` from the highest roll to the lowest; tied rolls are rerolled."""
    if len(seats) < 2:
        return list(seats)
    rolls = [(seat, s.rng.die()) for seat in seats]
    s.log(Rolls, "rolls", PUBLIC, purpose, tuple(rolls))
    ranked: list[int] = []
    for value in sorted({r for _, r in rolls}, reverse=True):
        tied = [seat for seat, r in rolls if r == value]
        ranked.extend(rank_by_dice(s, tied, purpose) if len(tied) > 1 else tied)
    return ranked
