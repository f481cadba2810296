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

from evogames.bots.levels import search_settings
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.types import Action, View
from evogames.kit.parts import terminal_board
from evogames.server.messages import HintMessage
from evogames.server.search import Answer, HintsFull, Job, SearchPool

HINT_SECONDS = 0.5  # the coach's budget (fixed: hints are few at once, and count in no bot's budget)
CROWDED = "The coach is helping other players; ask again in a moment."
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
    from evogames.core.registry import game as lookup

    board = terminal_board(lookup(game))
    top = [(action, share) for action, visits, share in answer.shares if visits][:TOP]
    actions = [action for action, _ in top] + [answer.action]
    labels = distinct_labels([str(board.describe(view, action)) for action in actions], actions)
    moves = [{"action": action, "label": label, "share": round(share, 3)}
             for (action, share), label in zip(top, labels, strict=False)]
    return {"type": "hint", "version": version, "text": sentence(moves, labels[-1], answer.iterations),
            "moves": moves, "games": answer.iterations}


def distinct_labels(described: list[str], actions: list[Action]) -> list[str]:
    """The moves' names: each cut to its name (``short``), unless another move would get the same name
    ("Offer Player 4" twice): then the whole description (its long asides still cut), or word for word."""
    labels = [short(text) for text in described]
    for whole in (_whole, _word_for_word):
        clash = _clashing(labels, actions)
        labels = [whole(text) if i in clash else label
                  for i, (text, label) in enumerate(zip(described, labels, strict=True))]
    return labels


def _whole(described: str) -> str:
    return short(described, whole=True)


def _word_for_word(described: str) -> str:
    return _capital(" ".join(described.split()))


def _clashing(labels: list[str], actions: list[Action]) -> set[int]:
    """The places whose label another place's different action shares."""
    return {i for i, label in enumerate(labels) for j, other in enumerate(labels)
            if i != j and label == other and actions[i] != actions[j]}


def sentence(moves: list[dict[str, Any]], only: str, games: int) -> str:
    """ "Play Peacock Tail (Peacock) wins 41% of the games I tried; Out to Lunch 23%." """
    if not moves:
        return f"You have one move here: {only}."
    first, *rest = moves
    text = f"{first['label']} wins {_percent(first['share'])} of the games I tried"
    text += "".join(f"; {m['label']} {_percent(m['share'])}" for m in rest)
    return f"{text}. (I played {games} games from what you can see.)"


def short(described: str, longest: int = 40, whole: bool = False) -> str:
    """A move's description cut to its name: up to its first ": " outside brackets (all of it if ``whole``),
    without a bracketed aside longer than ``longest`` characters, capitalised ("move your bug" -> "Move your bug")."""
    out: list[str] = []
    depth, aside = 0, ""
    for index, ch in enumerate(described):
        if depth == 0 and not whole and described.startswith(": ", index):
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
    return _capital(" ".join("".join(out).split()))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _percent(share: float) -> str:
    return f"{round(100 * share)}%"
