"""Reading an action's fields: a space of the table, a card in hand (``Match.act`` refuses a field no action has).

Shared by ``actions.py`` and the bluff's actions (``rules/bluff.py``); each refusal is an
``IllegalAction`` saying what was wrong.
"""

from __future__ import annotations

from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.games.phylo.state import PhyloState, Pos


def pos_of(value: Any, field: str) -> Pos:
    if isinstance(value, list) and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        return value[0], value[1]
    raise IllegalAction(f"'{field}' must be a space [x, y] of the table.", ErrorCode.ACTION_MALFORMED)


def held(s: PhyloState, seat: int, card: Any) -> str:
    if not isinstance(card, str) or card not in s.hands[seat]:
        raise IllegalAction(f"You do not hold a card {card!r}.", ErrorCode.ACTION_INVALID_MOVE)
    return card

