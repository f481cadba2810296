"""Determinization: a copy of the state that ``seat`` cannot tell from the real one.

Tough Luck, Dodo has no hidden information: the grid of environment cards, every
creature and its mutation blocks, the supply, every player's tokens and bases,
the turn order, a half-made choice and the log are all on the table, and the
environment cards not in the grid never come into play. The only thing nobody
knows is the future of the die (Reproduction's rolls).
"""

from __future__ import annotations

from evogames.core.rng import Rng
from evogames.games.dodo.state import DodoState


def determinize(s: DodoState, seat: int, rng: Rng) -> DodoState:
    """A fresh copy of ``s`` in which only the future of the die is resampled.

    Resampled: the state's random generator, replaced by ``Rng(rng.next64())``
    (one draw from ``rng``), so the die rolls still to come differ from the real
    game's. Kept exactly: everything else, since every seat sees it all (the
    grid, the creatures, their blocks and places, the supply and bases, the
    tokens, the Active Player token, the step, the turn order, a pending token
    or migration choice, the tied creatures to order, the tallies, the history
    and the log). ``seat`` is accepted for the common signature and changes
    nothing. ``s`` is never changed: the copy shares nothing the rules change
    in place.
    """
    other = s.clone()
    other.rng = Rng(rng.next64())
    return other
