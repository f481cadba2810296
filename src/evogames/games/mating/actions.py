"""Who acts now, their legal actions, and applying one.

Actions (JSON dicts):
- ``{"type": "play", "card": "F07"}``: Play & Pay, a combat or flashy Strategy, face down;
- ``{"type": "out_to_lunch"}``: Play & Pay, the Out-to-Lunch card, face down;
- ``{"type": "escape"}`` / ``{"type": "no_escape"}``: the Predator's prey pays 3 Food, or not;
- ``{"type": "sneaky", "card": "S05", "target": 2}``: a sneaky Strategy in its window
  (``target`` only for cards that name an opponent);
- ``{"type": "pass"}``: play no (more) sneaky Strategies in this window;
- ``{"type": "discard", "cards": ["C03", "F11"]}``: Discard & Draw (any number, even none).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any, TypeVar, cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.mating.action_types import (
    Discard,
    Escape,
    MatingAction,
    NoEscape,
    OutToLunch,
    Pass,
    Play,
    PlaySneaky,
)
from evogames.games.mating.components import TARGETED, components
from evogames.games.mating.events import Commit
from evogames.games.mating.flow import ORDER, advance, eat, escape
from evogames.games.mating.rules.sneaky import WINDOW_TIMING, check_play, play_sneaky, playable_cards, targets
from evogames.games.mating.state import MatingState

SAY = {
    "play": "play a Strategy", "out_to_lunch": "go Out to Lunch", "escape": "pay to escape",
    "no_escape": "let the Predator take your Strategy", "sneaky": "play a sneaky Strategy",
    "pass": "pass", "discard": "discard and draw",
}


#: each step of ``ORDER`` as the actions see it: the five sneaky windows are one phase
PHASES = tuple("window" if step in WINDOW_TIMING else step for step in ORDER)


def to_act(s: MatingState) -> list[int]:
    if s.over:
        return []
    phase = PHASES[s.step]
    if phase == "window":
        return s.window[:1]
    if phase == "play":
        return [seat for seat in range(s.n) if s.choice[seat] is None]
    if phase == "predation":
        return [s.target] if s.target >= 0 else []
    if phase == "discard":
        return [seat for seat in range(s.n) if s.pending[seat]]
    return []


def legal(s: MatingState, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    step = ORDER[s.step]
    if step == "play":
        strategies = components().strategies
        food = s.food[seat]
        out: list[MatingAction] = [{"type": "play", "card": c} for c in s.hands[seat]
                                   if c in strategies and strategies[c].food <= food]
        out.append({"type": "out_to_lunch"})
    elif step == "predation":
        out = [{"type": "escape"}, {"type": "no_escape"}]
    elif step in WINDOW_TIMING:
        out = _sneaky_actions(s, seat, WINDOW_TIMING[step])
        out.append({"type": "pass"})
    else:
        hand = s.hands[seat]
        out = [{"type": "discard", "cards": list(chosen)}
               for size in range(len(hand) + 1) for chosen in combinations(hand, size)]
    return cast("list[Action]", out)  # the platform's boundary type: the same plain dicts


def _sneaky_actions(s: MatingState, seat: int, timing: str) -> list[MatingAction]:
    out: list[MatingAction] = []
    for card in playable_cards(s, seat, timing):
        if card.effect in TARGETED:
            out.extend(PlaySneaky(type="sneaky", card=card.id, target=t) for t in targets(s, seat, card.effect))
        else:
            out.append({"type": "sneaky", "card": card.id})
    return out


def apply(s: MatingState, seat: int, action: Action) -> None:
    """Check the action, apply it, and run the game on to the next choice."""
    if seat not in to_act(s):
        raise IllegalAction(f"It is not Player {seat + 1}'s turn to act.", ErrorCode.ACTION_INACTIVE_PLAYER)
    kind = str(action.get("type"))
    rule = _RULES.get((PHASES[s.step], kind))
    if rule is None:
        allowed = [SAY[t] for t in SAY if any(a["type"] == t for a in legal(s, seat))]
        raise IllegalAction(
            f"You cannot {SAY.get(kind, repr(kind))} now; you may {' or '.join(allowed)}.",
            ErrorCode.ACTION_INVALID_MOVE,
        )
    check, handle = rule
    handle(s, seat, check(s, seat, action))
    advance(s)


_A = TypeVar("_A", Play, OutToLunch, Escape, NoEscape, PlaySneaky, Pass, Discard)


def _rule(check: Callable[[MatingState, int, Action], _A],
          handle: Callable[[MatingState, int, _A], None]) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """An action type's check (the untrusted dict, returned narrowed once it passes) and its handler, which
    takes exactly that narrowed type: mypy infers ``_A`` from both."""
    return check, handle


# checks: the untrusted dict, field by field, in the order the errors are reported; each returns it narrowed
def _check_play(s: MatingState, seat: int, action: Action) -> Play:
    card_id = action.get("card")
    strategies = components().strategies
    if not isinstance(card_id, str) or card_id not in s.hands[seat]:
        raise IllegalAction(f"You do not hold a card {card_id!r}.", ErrorCode.ACTION_INVALID_MOVE)
    if card_id not in strategies:
        raise IllegalAction(
            "Play & Pay takes a combat or flashy Strategy; sneaky ones are played later.",
            ErrorCode.ACTION_INVALID_MOVE,
        )
    card = strategies[card_id]
    if card.food > s.food[seat]:
        raise IllegalAction(
            f"{card.name} costs {card.food} Food and you have {s.food[seat]}: you must be able to pay.",
            ErrorCode.ACTION_INVALID_MOVE,
        )
    return cast(Play, action)


def _check_out_to_lunch(s: MatingState, seat: int, action: Action) -> OutToLunch:
    return cast(OutToLunch, action)


def _check_escape(s: MatingState, seat: int, action: Action) -> Escape:
    return cast(Escape, action)


def _check_no_escape(s: MatingState, seat: int, action: Action) -> NoEscape:
    return cast(NoEscape, action)


def _check_sneaky(s: MatingState, seat: int, action: Action) -> PlaySneaky:
    check_play(s, seat, action.get("card"), action.get("target"), WINDOW_TIMING[ORDER[s.step]])
    return cast(PlaySneaky, action)


def _check_pass(s: MatingState, seat: int, action: Action) -> Pass:
    return cast(Pass, action)


def _check_discard(s: MatingState, seat: int, action: Action) -> Discard:
    cards = action.get("cards")
    hand = s.hands[seat]
    if not isinstance(cards, list) or len(set(map(str, cards))) != len(cards):
        raise IllegalAction("Discard takes a list of different cards from your hand.", ErrorCode.ACTION_INVALID_MOVE)
    missing = [c for c in cards if c not in hand]
    if missing:
        raise IllegalAction(f"You do not hold {', '.join(map(str, missing))}.", ErrorCode.ACTION_INVALID_MOVE)
    return cast(Discard, action)


# handlers: a checked action, typed
def _play(s: MatingState, seat: int, action: Play) -> None:
    s.choice[seat] = action["card"]
    s.log(Commit, "commit", PUBLIC, seat, "strategy")


def _out_to_lunch(s: MatingState, seat: int, action: OutToLunch) -> None:
    s.choice[seat] = ""
    s.log(Commit, "commit", PUBLIC, seat, "strategy")


def _escape(s: MatingState, seat: int, action: Escape) -> None:
    escape(s, seat)


def _no_escape(s: MatingState, seat: int, action: NoEscape) -> None:
    eat(s, seat)


def _sneaky(s: MatingState, seat: int, action: PlaySneaky) -> None:
    play_sneaky(s, seat, components().sneakies[action["card"]], action.get("target"))


def _pass(s: MatingState, seat: int, action: Pass) -> None:
    s.window.pop(0)


def _discard(s: MatingState, seat: int, action: Discard) -> None:
    s.discarding[seat] = tuple(action["cards"])
    s.pending[seat] = False
    s.log(Commit, "commit", PUBLIC, seat, "discard")


#: (phase, action type) -> its rule; every other pair is refused with the actions the phase allows
_RULES: dict[tuple[str, str], tuple[Callable[..., Any], Callable[..., Any]]] = {
    ("play", "play"): _rule(_check_play, _play),
    ("play", "out_to_lunch"): _rule(_check_out_to_lunch, _out_to_lunch),
    ("predation", "escape"): _rule(_check_escape, _escape),
    ("predation", "no_escape"): _rule(_check_no_escape, _no_escape),
    ("window", "sneaky"): _rule(_check_sneaky, _sneaky),
    ("window", "pass"): _rule(_check_pass, _pass),
    ("discard", "discard"): _rule(_check_discard, _discard),
}
