"""The improved heuristic of Phylo (the level ``medium``): the heuristic's judgement, and
- it uses its deck before the rival's runs out: when its deck holds ``spare`` cards or more than
  the rival's, the rival's will empty first and end the game, and every card still in its deck is
  lost; so at the start of its turn it discards a card it cannot play and draws three, choosing its
  plays among more cards, and rather than pass it discards any card to draw. The heuristic
  discarded only a card it could not play, once it had nothing better to do (and discarding
  while its own deck runs out first only brings the end nearer);
- it plays for its hand: a species is worth more where it opens a free space beside it to a
  species in its hand that can go nowhere yet (a producer next to which its herbivore can
  feed), by a share (``opening``) of that card's points; the heuristic judged each card alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evogames.games.phylo.bot import HeuristicBot, _Context
from evogames.games.phylo.rules.grid import SPECIES, link, near
from evogames.games.phylo.state import PhyloState, Pos

ACTIONS = 3  # a turn's actions: ``actions_left`` is 3 at its start


@dataclass
class MediumBot(HeuristicBot):
    """The heuristic, drawing while the rival's deck runs out first, weighing the cards in its hand
    that a species would make playable."""

    spare: int = 2
    opening: float = 0.5
    name: str = "medium"

    def _discard(self, s: PhyloState, me: int, view: dict[str, Any], iid: str, ctx: _Context) -> float:
        if spare_cards(view) >= self.spare:
            if iid not in ctx.playable and int(view["actions_left"]) == ACTIONS:
                return 100.0  # before any play
            return 0.5  # any card, rather than pass (0)
        return super()._discard(s, me, view, iid, ctx)

    def _play(self, s: PhyloState, me: int, iid: str, at: Pos, ctx: _Context) -> float:
        return super()._play(s, me, iid, at, ctx) + self.opening * opened(s, iid, at, ctx.playable)


def spare_cards(view: dict[str, Any]) -> int:
    """How many more cards this seat's deck holds than the smallest of its rivals' decks."""
    me = int(view["seat"])
    decks = [int(p["deck_size"]) for p in view["players"]]
    return decks[me] - min(d for i, d in enumerate(decks) if i != me)


def opened(s: PhyloState, iid: str, at: Pos, playable: set[str]) -> float:
    """The points of the species in hand, not playable now, that ``iid`` in ``at`` would give a
    link in a free space beside it (each card counted once)."""
    stuck = [c for c, card in s.card_of.items() if c not in s.where and c != iid and c not in playable
             and card in SPECIES]
    if not stuck or at in s.board:
        return 0.0
    free = [q for q in near(at) if q not in s.board and q not in s.flooded]
    s.board[at] = [iid]
    try:
        return float(sum(SPECIES[s.card_of[c]].points for c in stuck
                         if any(link(s, SPECIES[s.card_of[c]], q, at) for q in free)))
    finally:
        del s.board[at]


__all__ = ["MediumBot", "opened", "spare_cards"]
