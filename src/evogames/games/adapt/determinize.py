"""Determinization: a copy of the state that ``seat`` cannot tell from the real one.

In Adapt or Die everything a player holds is on the table (creatures, NICHE and
ADAPTATION cards, the mats and their pressures, the face-up ADAPTATION pile, the
NICHE pile's counts), and every event is public. What nobody sees is the order of
the face-down piles and the future of the die, so a determinization is the same
for every seat.
"""

from __future__ import annotations

from typing import Any

from evogames.core.rng import Rng
from evogames.games.adapt.setup import RANDOM
from evogames.games.adapt.state import AdaptState
from evogames.games.adapt.view import SCRIPTED


def determinize(s: AdaptState, seat: int, rng: Rng) -> AdaptState:
    """A fresh copy of ``s`` with what ``seat`` cannot see drawn again from ``rng``; ``s`` is not changed.

    Resampled (each pile keeps its cards and its size, only their order changes):

    - the HABITAT MAT pile (``deck``): the mats not yet turned over, in a new order (each pile is
      sorted before it is shuffled, so the real order does not steer the new one);
    - the randomizer pile (``randomizers``): the cards not yet laid on a mat, in a new order;
    - the creature pile (``creature_pile``) when creatures are drawn face down; with the
      ``creatures = "choose"`` variant it lies face up, sorted, and is kept;
    - the future of the die and of anything else drawn later: ``rng`` becomes ``Rng(rng.next64())``;
    - the scripted pile orders in the options (``creature_order``, ``habitat_order``,
      ``randomizer_order``), which players see only as "N cards scripted": each becomes N
      ``"*"`` (a card at random), so the copy holds no trace of the real order.

    Kept exactly: everything else, and so every seat's view, legal actions and log: the
    creatures, positions, NICHE and ADAPTATION cards held (public in this game), the mats
    and their pressures, the face-up ADAPTATION pile, the NICHE pile's counts, the step,
    roll, pending choice, offer, trades, tallies, history and events. ``seat`` changes
    nothing: every seat is equally blind to the piles.
    """
    det = s.clone()
    _shuffle(det.deck, rng)
    _shuffle(det.randomizers, rng)
    if det.options["creatures"] != "choose":
        _shuffle(det.creature_pile, rng)
    det.options = _unscripted(s.options)
    det.rng = Rng(rng.next64())
    return det


def _shuffle(pile: list[str], rng: Rng) -> None:
    """The pile in a new order drawn from what the seat knows, its cards (sorted first: the real
    order must not steer the copy, so two states a seat cannot tell apart give the same copy)."""
    pile.sort()
    rng.shuffle(pile)


def _unscripted(options: dict[str, Any]) -> dict[str, Any]:
    """The options with each scripted pile order replaced by as many random draws."""
    if not any(options.get(name) for name in SCRIPTED):
        return options
    out = dict(options)
    for name in SCRIPTED:
        if out.get(name):
            out[name] = [RANDOM] * len(out[name])
    return out
