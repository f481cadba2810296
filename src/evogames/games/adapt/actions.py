"""Who acts now, their legal actions, and applying one.

Actions (JSON dicts):
- ``{"type": "choose", "creature": "C05"}``: variant, choose a creature (in turn order);
- ``{"type": "move", "to": "E3"}``: move the bug to a space 1..roll steps away;
- ``keep`` / ``exchange`` / ``give``: the exit choices (see ``exits.py``);
- ``{"type": "adapt", "card": "A12"}``: select an ADAPTATION card from the face-up pile;
- ``offer`` / ``accept`` / ``decline`` / ``end_turn``: trades at the end of a turn (``trade.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.games.adapt.events import PUBLIC, CreaturePlayed
from evogames.games.adapt.flow import end_turn, move_bug, select_adaptations, start_turn, take_adaptation
from evogames.games.adapt.rules.board import boards
from evogames.games.adapt.rules.exits import apply_exit, check_exit, exit_choices
from evogames.games.adapt.rules.trade import answer, check_offer, make_offer, offers
from evogames.games.adapt.state import ADAPT, ANSWER, CHOOSE, EXIT, MOVE, TRADE, AdaptState

Action = dict[str, Any]
SAY = {
    "choose": "choose a creature", "move": "move your bug", "keep": "keep the NICHE card",
    "exchange": "exchange a NICHE card", "give": "give the NICHE card away", "adapt": "select an ADAPTATION card",
    "offer": "offer a trade", "accept": "accept the trade", "decline": "decline the trade", "end_turn": "end your turn",
}
KEYS = {
    "choose": {"type", "creature"}, "move": {"type", "to"}, "keep": {"type"},
    "exchange": {"type", "niche", "adaptation"}, "give": {"type", "to", "adaptation"}, "adapt": {"type", "card"},
    "offer": {"type", "to", "give", "take"}, "accept": {"type"}, "decline": {"type"}, "end_turn": {"type"},
}
PHASE_TYPES = {
    CHOOSE: ("choose",), MOVE: ("move",), EXIT: ("keep", "exchange", "give"), ADAPT: ("adapt",),
    TRADE: ("offer", "end_turn"), ANSWER: ("accept", "decline"),
}


def to_act(s: AdaptState) -> list[int]:
    if s.over:
        return []
    if s.phase == ADAPT:
        return s.queue[:1]
    if s.phase == ANSWER and s.offer is not None:
        return [s.offer[0]]
    return [s.active]


def legal(s: AdaptState, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    if s.phase == CHOOSE:
        return [{"type": "choose", "creature": c} for c in s.creature_pile]
    if s.phase == MOVE:
        return [{"type": "move", "to": n} for n in boards()[s.board].within(s.pos[seat], s.roll)]
    if s.phase == EXIT:
        return exit_choices(s, seat)
    if s.phase == ADAPT:
        return [{"type": "adapt", "card": a} for a in s.adapt_pile]
    if s.phase == ANSWER:
        return [{"type": "accept"}, {"type": "decline"}]
    out = offers(s, seat)
    out.append({"type": "end_turn"})
    return out


def apply(s: AdaptState, seat: int, action: Action) -> None:
    """Check the action, then apply it; an illegal one raises and changes nothing."""
    if seat not in to_act(s):
        raise IllegalAction(f"It is not Player {seat + 1}'s turn to act.", ErrorCode.ACTION_INACTIVE_PLAYER)
    kind = str(action.get("type"))
    allowed = PHASE_TYPES.get(s.phase, ())
    if kind not in allowed:
        raise IllegalAction(f"You cannot {SAY.get(kind, repr(kind))} now; you may "
                            f"{' or '.join(SAY[t] for t in allowed)}.", ErrorCode.ACTION_INVALID_MOVE)
    extra = set(action) - KEYS[kind]
    if extra:
        raise IllegalAction(f"Unexpected field(s) {sorted(extra)} in a '{kind}' action.", ErrorCode.ACTION_MALFORMED)
    HANDLERS[kind](s, seat, action)


def _choose(s: AdaptState, seat: int, action: Action) -> None:
    creature = action.get("creature")
    if creature not in s.creature_pile:
        raise IllegalAction(f"{creature!r} is not a creature left to choose.", ErrorCode.ACTION_INVALID_MOVE)
    s.creature_pile.remove(str(creature))
    s.creatures[seat] = str(creature)
    s.events.append(CreaturePlayed("creature", PUBLIC, seat, str(creature)))
    if seat == s.n - 1:
        s.active = 0
        start_turn(s)
    else:
        s.active = seat + 1


def _move(s: AdaptState, seat: int, action: Action) -> None:
    to = action.get("to")
    if to not in boards()[s.board].within(s.pos[seat], s.roll):
        raise IllegalAction(f"Your bug can move to a space 1 to {s.roll} steps away (you rolled {s.roll}); "
                            f"{to!r} is not one.", ErrorCode.ACTION_INVALID_MOVE)
    move_bug(s, seat, str(to))


def _exit(s: AdaptState, seat: int, action: Action) -> None:
    check_exit(s, seat, action)
    select_adaptations(s, apply_exit(s, seat, action))


def _adapt(s: AdaptState, seat: int, action: Action) -> None:
    card = action.get("card")
    if card not in s.adapt_pile:
        raise IllegalAction(f"{card!r} is not in the face-up ADAPTATION pile.", ErrorCode.ACTION_INVALID_MOVE)
    take_adaptation(s, seat, str(card))


def _offer(s: AdaptState, seat: int, action: Action) -> None:
    check_offer(s, seat, action)
    make_offer(s, seat, action)


def _accept(s: AdaptState, seat: int, action: Action) -> None:
    answer(s, seat, True)


def _decline(s: AdaptState, seat: int, action: Action) -> None:
    answer(s, seat, False)


def _end_turn(s: AdaptState, seat: int, action: Action) -> None:
    end_turn(s)


HANDLERS: dict[str, Callable[[AdaptState, int, Action], None]] = {
    "choose": _choose, "move": _move, "keep": _exit, "exchange": _exit, "give": _exit, "adapt": _adapt,
    "offer": _offer, "accept": _accept, "decline": _decline, "end_turn": _end_turn,
}
