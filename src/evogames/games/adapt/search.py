"""How a search bot judges an Adapt or Die game it cut short (the ``search`` part).

The public view has no score a higher number of which is better, and the unfit score so far
is no guide: a player with no NICHE card yet has an unfit score of 0. Each player is judged
instead by the ``medium`` bot's projected unfit score (``bot_medium.MediumTable``): their NICHE
cards with their ADAPTATION cards in the best order, each NICHE card still to get priced by the
adapted creature. The lowest projection is likeliest to win, and by how much counts: a seat's
share is a softmax over the projections, ``exp(-unfit / T)`` over the sum, so a move that gains a
point of fit gains reward even when it changes no one's rank (a judge by rank alone left nearly
every move of a choice level). ``T``, the unfit points that make a difference, shrinks as the NICHE
cards still to be won run out (the end is near and less is left to chance): fitted on 300 games
of four heuristic bots cut every 15 actions; on 300 other games of 2–6 heuristic bots it foretells the
winners better than a share by rank or a fair share (Brier score 0.47, the rank 0.78, fair shares 0.59). The fit is for
the standard scoring; the variants (``scoring=extinction``, ``shared_habitats``) are judged by the same
projection, which ranks fit, not their own win condition.
"""

from __future__ import annotations

import math
from typing import Final

from evogames.core.types import View
from evogames.games.adapt.bot_medium import MediumTable

#: the softmax temperature: ``SPREAD_PER_NICHE`` unfit points per NICHE card still to be won at the table, at
#: least ``CLOSE`` (all NICHEs won: only the last ADAPTATION cards move the scores), at most ``OPEN``
CLOSE: Final = 1.0
SPREAD_PER_NICHE: Final = 1.2
OPEN: Final = 12.0


def evaluate(view: View, seat: int) -> float:
    """``seat``'s share of the win, judged from the public ``view`` of an unfinished game."""
    players = view["players"]
    if not 0 <= seat < len(players):
        return 0.0
    if not all(p["creature"] for p in players):  # creatures still being chosen: no one is ahead
        return 1.0 / len(players)
    table = MediumTable(dict(view))
    unfit = [table.now(s) for s in range(len(players))]
    return win_shares(unfit, temperature(view))[seat]


def temperature(view: View) -> float:
    """How many unfit points make a difference now: fewer as the NICHE cards still to be won run out."""
    goal = int(view["goal"])
    left = sum(max(0, goal - len(p["niches"])) for p in view["players"])
    return min(OPEN, CLOSE + SPREAD_PER_NICHE * left)


def win_shares(unfit: list[float], spread: float) -> list[float]:
    """Each player's chance of the lowest unfit score: a softmax over ``-unfit / spread`` (they sum to 1)."""
    best = min(unfit)
    weights = [math.exp((best - u) / spread) for u in unfit]
    total = sum(weights)
    return [w / total for w in weights]
