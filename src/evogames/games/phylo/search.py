"""How a search bot judges a Phylo game it cut short (the ``search`` part).

The share by rank (``kit.judge``) gave the player ahead on points the whole win. Cut 20 actions into
a rollout, the player who had just had a turn was nearly always ahead, so at the start of a turn every
move "won 100% of the games" (the coach said so to a student) and the search could not tell them
apart; on positions of games of two heuristic bots it foretold the winner worse than a coin (Brier
score 0.34, a fair share 0.24). Each player's share is instead a softmax over their points on the
table less ``TEMPO`` for each action they have had (so a player whose turn just ended is not ahead
by that alone), ``exp(x / T)`` over the sum, with ``T`` ``BASE`` points plus ``PER_CARD`` a card still
in the decks (the fewer cards to come, the more a point counts). Fitted on 1,560 positions of 300 games
of two heuristic bots (every 7th action); on 1,593 positions of 300 other games its Brier score is 0.196
(without the tempo 0.199, by rank 0.343, a fair share 0.242).
"""

from __future__ import annotations

import math
from typing import Final

from evogames.core.types import View
from evogames.games.phylo.state import ACTIONS_PER_TURN

BASE: Final = 2.5  # points that make a difference at the last card
PER_CARD: Final = 0.35  # and for each card still in the decks
TEMPO: Final = 1.75  # points an action is worth, on average


def evaluate(view: View, seat: int) -> float:
    """``seat``'s share of the win, judged from the public ``view`` of an unfinished game."""
    players = view["players"]
    if not 0 <= seat < len(players):
        return 0.0
    had = actions_had(int(view["turn"]), int(view["player"]), int(view["actions_left"]), len(players))
    points = [float(p["points"]) - TEMPO * n for p, n in zip(players, had, strict=True)]
    spread = BASE + PER_CARD * sum(int(p["deck_size"]) for p in players)
    best = max(points)
    weights = [math.exp((x - best) / spread) for x in points]
    return weights[seat] / sum(weights)


def actions_had(turn: int, player: int, left: int, n: int) -> list[int]:
    """The actions each seat has had by ``turn`` (``player``'s, with ``left`` of its actions to come): three a
    turn, the seats taking turns in order (SPREAD and a challenge, which are free, not counted)."""
    started = [0] * n
    for past in range(1, turn + 1):
        started[(player - (turn - past)) % n] += 1
    return [ACTIONS_PER_TURN * count - (left if seat == player else 0) for seat, count in enumerate(started)]
