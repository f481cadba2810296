"""Who acts now, their legal actions, and applying one.

Actions (JSON dicts):
- development: ``{"type": "animal", "card": "SWM03"}`` (a card face down as a new animal);
  ``{"type": "trait", "card": "POC02", "trait": "carnivorous", "animal": "A4"}``;
  a pair trait adds ``"other": "A5"`` (Symbiosis: ``animal`` is the symbiont);
  ``{"type": "pass"}`` (final for this phase);
- feeding, one eating action per round: ``{"type": "take", "animal": "A4"}``,
  ``{"type": "attack", "carnivore": "A4", "target": "A9"}``,
  ``{"type": "fat", "animal": "A4", "count": 2}``; free traits:
  ``{"type": "graze", "animal": "A4"}``, ``{"type": "piracy", "pirate": "A4", "target": "A2"}``,
  ``{"type": "hibernate", "animal": "A4"}``; ``{"type": "pass"}`` ends your feeding round;
- the defender, out of turn: ``{"type": "run"}``, ``{"type": "mimic", "animal": "A6"}``,
  ``{"type": "tail", "card": "RUN01"}`` (the trait card to drop), ``{"type": "yield"}``;
- the owner of an open chain of pair traits (``pairs.py``), in or out of turn:
  ``{"type": "link", "card": "COM02", "animal": "A5"}`` (that Communication or Cooperation passes food to A5),
  ``{"type": "stop"}`` (use no more of them now).
"""

from __future__ import annotations

from typing import cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.evolution.action_types import (
    DevelopmentAction,
    FeedingAction,
    PassAction,
)
from evogames.games.evolution.events import Passed
from evogames.games.evolution.flow import DEVELOPMENT, advance, end_round_turn, next_developer
from evogames.games.evolution.rules.attack import defences, defend
from evogames.games.evolution.rules.develop import legal_plays, play
from evogames.games.evolution.rules.feeding import FEEDING, feed, legal_feeding
from evogames.games.evolution.rules.pairs import choices, choose, chooser, settle
from evogames.games.evolution.state import EvolutionState

DEFENCE = ("run", "mimic", "tail", "yield")
PAIRS = ("link", "stop")
SAY = {"animal": "play an animal", "trait": "play a trait", "pass": "pass", "take": "take food",
       "attack": "attack", "fat": "use fat", "graze": "graze", "piracy": "steal food", "hibernate": "hibernate",
       "run": "run", "mimic": "use Mimicry", "tail": "drop a trait", "yield": "give up your animal",
       "link": "use a pair trait", "stop": "stop using pair traits"}


def to_act(s: EvolutionState) -> list[int]:
    if s.over:
        return []
    if s.attack is not None:
        return [s.animals[s.attack.target].owner]
    if s.chain:
        return [chooser(s)]
    return [s.current]


def legal(s: EvolutionState, seat: int) -> list[Action]:
    """The seat's legal actions, built as the TypedDicts above (the casts only tell the spec they are dicts)."""
    if seat not in to_act(s):
        return []
    if s.attack is not None:
        return cast(list[Action], defences(s))
    if s.chain:
        return cast(list[Action], choices(s))
    done: PassAction = {"type": "pass"}
    if s.step == DEVELOPMENT:
        plays: list[DevelopmentAction | PassAction] = [*legal_plays(s, seat), done]
        return cast(list[Action], plays)
    feeding: list[FeedingAction | PassAction] = [*legal_feeding(s, seat), done]
    return cast(list[Action], feeding)


def apply(s: EvolutionState, seat: int, action: Action) -> None:
    """Check the action, apply it, and run the game on to the next choice."""
    if seat not in to_act(s):
        raise IllegalAction(f"It is not Player {seat + 1}'s turn to act.", ErrorCode.ACTION_INACTIVE_PLAYER)
    kind = str(action.get("type"))
    if s.attack is not None:
        _expect(s, seat, kind, DEFENCE, "An attack is under way: the defender must answer it first.")
        defend(s, seat, action)
    elif s.chain:
        _expect(s, seat, kind, PAIRS, "Your pair traits may pass food on: choose one or stop first.")
        choose(s, seat, action)
    elif s.step == DEVELOPMENT:
        _expect(s, seat, kind, ("animal", "trait", "pass"), "It is the development phase.")
        _develop(s, seat, action)
    else:
        _expect(s, seat, kind, (*FEEDING, "pass"), "It is the feeding phase.")
        _feed(s, seat, action)
    settle(s)
    advance(s)


def _expect(s: EvolutionState, seat: int, kind: str, kinds: tuple[str, ...], where: str) -> None:
    if kind not in kinds:
        allowed = [SAY[t] for t in SAY if any(a["type"] == t for a in legal(s, seat))]
        raise IllegalAction(f"You cannot {SAY.get(kind, repr(kind))} now. {where} You may "
                            f"{' or '.join(allowed)}.", ErrorCode.ACTION_INVALID_MOVE)


def _develop(s: EvolutionState, seat: int, action: Action) -> None:
    if action["type"] == "pass":
        s.passed[seat] = True
        s.log(Passed, "pass", PUBLIC, seat, "chose")
    else:
        play(s, seat, action)
    next_developer(s)


def _feed(s: EvolutionState, seat: int, action: Action) -> None:
    if action["type"] == "pass":
        end_round_turn(s)
        return
    feed(s, seat, action)
    s.busy = True

