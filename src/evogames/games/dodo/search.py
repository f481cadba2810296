"""How a search bot judges a Tough Luck, Dodo game it cut short (the ``search`` part).

The public score, captures, is 0 for everyone most of the game, so a rollout cut short was
nearly always a tie. Each player is judged instead as the rules rank them, on the heuristic's
forecast of the coming Consumption (``bot.predict``): the captures they will have, then, as
the tie-break counts creatures on the board, the creatures that will eat.
"""

from __future__ import annotations

from evogames.core.types import View
from evogames.games.dodo.bot import board_of, predict
from evogames.kit.judge import share_by_rank

CAPTURE = 100.0  # a capture outweighs any number of creatures fed


def evaluate(view: View, seat: int) -> float:
    """``seat``'s share of the win, judged from the public ``view`` of an unfinished game."""
    caps, fed = predict(board_of(dict(view)))
    return share_by_rank([CAPTURE * c + f for c, f in zip(caps, fed, strict=True)], seat)
