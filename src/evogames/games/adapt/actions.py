"""Who acts now, their legal actions, and applying one.

Actions (JSON dicts):
- ``{"type": "choose", "creature": "C05"}``: variant, choose a creature (in turn order);
- ``{"type": "move", "to": "E3"}``: move the bug to a space 1..roll steps away;
- ``keep`` / ``exchange`` / ``give``: the exit choices (see ``exits.py``);
- ``{"type": "adapt", "card": "A12"}``: select an ADAPTATION card from the face-up pile;
- ``offer`` / ``accept`` / ``decline`` / ``end_turn``: trades at the end of a turn (``trade.py``).

Each type has a ``TypedDict`` below, ``AdaptAction`` is their union: plain dicts at run time,
checked by mypy. ``legal`` builds them; ``apply`` checks the untrusted dict, then hands the
narrowed action to its step (``s.choice``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.types import Action
from evogames.games.adapt.action_types import (
    AdaptAction,
)
from evogames.games.adapt.flow import ADAPT, ANSWER, CHOOSE, EXIT, MOVE, ORDER, advance
from evogames.games.adapt.rules.board import boards
from evogames.games.adapt.rules.exits import check_exit, exit_choices
from evogames.games.adapt.rules.trade import check_offer, offers
from evogames.games.adapt.state import AdaptState

SAY = {
    "choose": "choose a creature", "move": "move your bug", "keep": "keep the NICHE card",
    "exchange": "exchange a NICHE card", "give": "give the NICHE card away", "adapt": "select an ADAPTATION card",
    "offer": "offer a trade", "accept": "accept the trade", "decline": "decline the trade", "end_turn": "end your turn",
}
STEP_TYPES = {
    "choose": ("choose",), "move": ("move",), "exit": ("keep", "exchange", "give"), "adapt": ("adapt",),
    "trade": ("offer", "end_turn"), "answer": ("accept", "decline"),
}
#: the action types each step of ``flow.ORDER`` waits for (none in the automatic steps)
ALLOWED = tuple(STEP_TYPES.get(step, ()) for step in ORDER)


def to_act(s: AdaptState) -> list[int]:
    if s.over:
        return []
    if s.step == ADAPT:
        return s.queue[:1]
    if s.step == ANSWER and s.offer is not None:
        return [s.offer[0]]
    return [s.active]


def legal(s: AdaptState, seat: int) -> list[AdaptAction]:
    if seat not in to_act(s):
        return []
    step = s.step
    if step == CHOOSE:
        return [{"type": "choose", "creature": c} for c in s.creature_pile]
    if step == MOVE:
        return [{"type": "move", "to": n} for n in boards()[s.board].within(s.pos[seat], s.roll)]
    if step == EXIT:
        return exit_choices(s, seat)
    if step == ADAPT:
        return [{"type": "adapt", "card": a} for a in s.adapt_pile]
    if step == ANSWER:
        return [{"type": "accept"}, {"type": "decline"}]
    out = offers(s, seat)
    out.append({"type": "end_turn"})
    return out


def apply(s: AdaptState, seat: int, action: Action) -> None:
    """Check the action, then hand it to the step waiting for it (``flow.py``) and run the
    game on; an illegal one raises and changes nothing."""
    if seat not in to_act(s):
        raise IllegalAction(f"It is not Player {seat + 1}'s turn to act.", ErrorCode.ACTION_INACTIVE_PLAYER)
    kind = str(action.get("type"))
    allowed = ALLOWED[s.step]
    if kind not in allowed:
        raise IllegalAction(f"You cannot {SAY.get(kind, repr(kind))} now; you may "
                            f"{' or '.join(SAY[t] for t in allowed)}.", ErrorCode.ACTION_INVALID_MOVE)
    check = CHECKS.get(kind)
    if check is not None:
        check(s, seat, action)
    s.choice = cast("AdaptAction", action)  # checked: one of the TypedDicts above
    advance(s)


def _check_choose(s: AdaptState, seat: int, action: Action) -> None:
    creature = action.get("creature")
    if creature not in s.creature_pile:
        raise IllegalAction(f"{creature!r} is not a creature left to choose.", ErrorCode.ACTION_INVALID_MOVE)


def _check_move(s: AdaptState, seat: int, action: Action) -> None:
    to = action.get("to")
    if to not in boards()[s.board].within(s.pos[seat], s.roll):
        raise IllegalAction(f"Your bug can move to a space 1 to {s.roll} steps away (you rolled {s.roll}); "
                            f"{to!r} is not one.", ErrorCode.ACTION_INVALID_MOVE)


def _check_adapt(s: AdaptState, seat: int, action: Action) -> None:
    card = action.get("card")
    if card not in s.adapt_pile:
        raise IllegalAction(f"{card!r} is not in the face-up ADAPTATION pile.", ErrorCode.ACTION_INVALID_MOVE)


#: what each action type must pass before its step uses it (accept, decline, end_turn: nothing more)
CHECKS: dict[str, Callable[[AdaptState, int, Action], None]] = {
    "choose": _check_choose, "move": _check_move, "keep": check_exit, "exchange": check_exit, "give": check_exit,
    "adapt": _check_adapt, "offer": check_offer,
}
