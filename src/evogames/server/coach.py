"""The coach (a hint): on their turn a student asks, and the search's top moves come back in a sentence.

It runs in the search pool on a small fixed budget, for the seat that asks only, on its turn only, one
at a time per seat and per device, and only while the hints' share of the pool has room (see
``search``): otherwise it is refused at once, so a flood of hints never slows the bots.
It searches as the ``hard`` bot does, from ``determinize(state, seat)``, so it
knows only what the seat's own view shows; the moves are named in the game's own words (its
terminal board's ``describe``) from that same view.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from evogames.bots.coach import HINT_SECONDS, advice
from evogames.bots.levels import search_settings
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.types import View
from evogames.server.messages import HintMessage
from evogames.server.search import Answer, HintsFull, Job, SearchPool

CROWDED = "The coach is helping other players; ask again in a moment."


def check_hint(allowed: bool, over: bool, my_turn: bool, busy: bool) -> None:
    """Why a hint cannot be given now, as IllegalAction; nothing if it can."""
    if not allowed:
        raise IllegalAction("Your teacher has switched hints off for this class.", ErrorCode.HINT_OFF)
    if over:
        raise IllegalAction("The game is over: there is nothing left to hint.", ErrorCode.ACTION_GAME_OVER)
    if not my_turn:
        raise IllegalAction("A hint is for your own turn: wait until it is your move.", ErrorCode.HINT_NOT_YOUR_TURN)
    if busy:
        raise IllegalAction("The coach is still thinking about your last question.", ErrorCode.HINT_BUSY)


async def work_out(pool: SearchPool, game: str, state: Any, seat: int, view: View, version: int,
                   device: str, wanted: Callable[[], bool]) -> HintMessage | None:
    """The coach's answer for ``seat`` in ``state`` (its ``view`` names the moves), in a place of ``device``'s
    own in the pool, or refused at once (``CROWDED``); None if it was dropped unrun because ``wanted()`` turned
    False."""
    depth = search_settings("hard", game)["depth"]  # it searches as the hard bot does
    job = Job(game, state, seat, depth, HINT_SECONDS, secrets.randbits(64))
    try:
        answer = await pool.run_hint(job, device, wanted)
    except HintsFull:
        raise IllegalAction(CROWDED, ErrorCode.HINT_UNAVAILABLE) from None
    return None if answer is None else hint_message(game, view, version, answer)


def hint_message(game: str, view: View, version: int, answer: Answer) -> HintMessage:
    text, moves = advice(game, view, answer.shares, answer.action, answer.iterations)
    return {"type": "hint", "version": version, "text": text, "moves": moves, "games": answer.iterations}

