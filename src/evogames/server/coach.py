"""The coach (a hint): on their turn a student asks, and the search's top moves come back in a sentence.

It runs in the search pool on a small budget, for the seat that asks only, on its turn only, one
at a time per seat. It searches as the ``hard`` bot does, from ``determinize(state, seat)``, so it
knows only what the seat's own view shows; the moves are named in the game's own words (its
terminal board's ``describe``) from that same view.
"""

from __future__ import annotations

import secrets
from typing import Any

from evogames.bots.levels import search_settings
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.types import Action, View
from evogames.kit.parts import terminal_board
from evogames.server.messages import HintMessage
from evogames.server.search import Answer, Job, SearchPool

HINT_SECONDS = 0.5  # the coach's budget (shared out under load like the bots')
TOP = 3  # moves named at most


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


async def work_out(pool: SearchPool, game: str, state: Any, seat: int, view: View, version: int) -> HintMessage:
    """The coach's answer for ``seat`` in ``state`` (its ``view`` names the moves)."""
    depth = search_settings("hard", game)["depth"]  # it searches as the hard bot does
    job = Job(game, state, seat, depth, pool.budget(HINT_SECONDS), secrets.randbits(64))
    return hint_message(game, view, version, await pool.run(job))


def hint_message(game: str, view: View, version: int, answer: Answer) -> HintMessage:
    from evogames.core.registry import game as lookup

    board = terminal_board(lookup(game))

    def name(action: Action) -> str:
        return short(str(board.describe(view, action)))

    top = [(action, share) for action, visits, share in answer.shares if visits][:TOP]
    moves = [{"action": action, "label": name(action), "share": round(share, 3)} for action, share in top]
    return {"type": "hint", "version": version, "text": sentence(moves, name(answer.action), answer.iterations),
            "moves": moves, "games": answer.iterations}


def sentence(moves: list[dict[str, Any]], only: str, games: int) -> str:
    """ "Play Peacock Tail (Peacock) wins 41% of the games I tried; Out to Lunch 23%." """
    if not moves:
        return f"You have one move here: {only}."
    first, *rest = moves
    text = f"{first['label']} wins {_percent(first['share'])} of the games I tried"
    text += "".join(f"; {m['label']} {_percent(m['share'])}" for m in rest)
    return f"{text}. (I played {games} games from what you can see.)"


def short(described: str, longest: int = 40) -> str:
    """A move's description cut to its name: up to its first ": " outside brackets, without a bracketed
    aside longer than ``longest`` characters, capitalised ("move your bug" -> "Move your bug")."""
    out: list[str] = []
    depth, aside = 0, ""
    for index, ch in enumerate(described):
        if depth == 0 and described.startswith(": ", index):
            break
        if ch == "(":
            depth += 1
        if depth:
            aside += ch
        else:
            out.append(ch)
        if ch == ")" and depth:
            depth -= 1
            if not depth:
                out.append(aside if len(aside) <= longest else "")
                aside = ""
    text = " ".join("".join(out).split())
    return text[:1].upper() + text[1:]


def _percent(share: float) -> str:
    return f"{round(100 * share)}%"
