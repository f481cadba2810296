"""How a search bot judges an Adapt or Die game it cut short (the ``search`` part).

The public view has no score a higher number of which is better, and the unfit score so far
is no guide: a player with no NICHE card yet has an unfit score of 0. Each player is judged
instead by the heuristic's projected unfit score (``bot.Table``): their NICHE cards with their
ADAPTATION cards in the best order, each NICHE card still to get priced at the creature's
average fit. The lowest projection is best; the share of the win is read by rank.
"""

from __future__ import annotations

from evogames.core.types import View
from evogames.games.adapt.bot import Table
from evogames.kit.judge import share_by_rank


def evaluate(view: View, seat: int) -> float:
    """``seat``'s share of the win, judged from the public ``view`` of an unfinished game."""
    players = view["players"]
    if not all(p["creature"] for p in players):  # creatures still being chosen: no one is ahead
        return share_by_rank([0.0] * len(players), seat)
    table = Table(dict(view))
    return share_by_rank([-table.now(s) for s in range(len(players))], seat)
