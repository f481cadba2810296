"""Who acts now, their legal actions, and applying one.

Actions (JSON dicts); environments by card id, creatures by number:
- set-up: ``{"type": "place", "creature": 2, "environment": "E07"}``;
- Token Phase: ``{"type": "token", "token": "famine"}`` picks up a face-up token, then its target:
  ``{"type": "advantage", "creature": 5}``;
  ``{"type": "famine", "environment": "E07"}`` and ``{"type": "famine", "resources": ["red", "green"]}``;
  ``{"type": "relocation", "creature": 9}`` and ``{"type": "relocation", "environment": "E02"}``;
  ``{"type": "cancel"}`` puts the token back down; ``{"type": "pass"}`` plays no token this turn;
- Migration: ``{"type": "migrate", "creature": 5}`` then ``{"type": "migrate", "environment": "E03"}``
  (or ``cancel``); ``{"type": "pass"}`` moves nothing this round;
- Consumption: ``{"type": "eat_first", "creature": 5}`` when your tied creatures' order matters.
"""

from __future__ import annotations

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.types import Action
from evogames.games.dodo.components import COLOURS
from evogames.games.dodo.flow import CONSUMPTION, SETUP, TOKEN, advance
from evogames.games.dodo.rules import handlers
from evogames.games.dodo.rules.targets import (
    advantage_targets,
    famine_envs,
    famine_pairs,
    migration_creatures,
    migration_destinations,
    relocation_creatures,
    relocation_destinations,
    usable_tokens,
)
from evogames.games.dodo.state import DodoState


def to_act(s: DodoState) -> list[int]:
    if s.over:
        return []
    if s.step == CONSUMPTION:  # waiting for the owner of tied creatures to say which eats first
        return [s.creatures[s.choices[0]].owner]
    return s.order[:1]


def legal(s: DodoState, seat: int) -> list[Action]:
    if seat not in to_act(s):
        return []
    if s.step == SETUP:
        return [{"type": "place", "creature": c.id, "environment": env}
                for c in s.creatures.values() if c.owner == seat and c.pos < 0 for env in s.grid]
    if s.step == CONSUMPTION:
        return [{"type": "eat_first", "creature": cid} for cid in s.choices]
    if s.step == TOKEN:
        return _token_actions(s, seat)
    return _migration_actions(s, seat)


def _token_actions(s: DodoState, seat: int) -> list[Action]:
    out: list[Action]
    if not s.pending:
        out = [{"type": "token", "token": t} for t in usable_tokens(s, seat)]
        out.append({"type": "pass"})
        return out
    token, target = s.pending[0], s.pending[1:]
    if token == "advantage":
        out = [{"type": "advantage", "creature": c.id} for c in advantage_targets(s, seat)]
    elif token == "famine" and not target:
        out = [{"type": "famine", "environment": s.grid[pos]} for pos in famine_envs(s)]
    elif token == "famine":
        out = [{"type": "famine", "resources": [COLOURS[a], COLOURS[b]]} for a, b in famine_pairs(s, target[0])]
    elif not target:
        out = [{"type": "relocation", "creature": c.id} for c in relocation_creatures(s)]
    else:
        creature = s.creatures[target[0]]
        out = [{"type": "relocation", "environment": s.grid[pos]} for pos in relocation_destinations(s, creature)]
    out.append({"type": "cancel"})
    return out


def _migration_actions(s: DodoState, seat: int) -> list[Action]:
    out: list[Action]
    if not s.pending:
        out = [{"type": "migrate", "creature": c.id} for c in migration_creatures(s, seat)]
        out.append({"type": "pass"})
        return out
    grid = s.grid
    creature = s.creatures[s.pending[1]]
    out = [{"type": "migrate", "environment": grid[pos]} for pos in migration_destinations(s, creature)]
    out.append({"type": "cancel"})
    return out


SAY = {
    "place": "place a creature", "token": "pick up a token", "advantage": "give Competitive Advantage",
    "famine": "play Famine", "relocation": "Relocate a creature", "cancel": "put the token back",
    "pass": "pass", "migrate": "migrate a creature", "eat_first": "choose which creature eats first",
}


def apply(s: DodoState, seat: int, action: Action) -> None:
    """Check the action, apply it, and run the game on to the next choice."""
    if seat not in to_act(s):
        raise IllegalAction(f"It is not Player {seat + 1}'s turn to act.", ErrorCode.ACTION_INACTIVE_PLAYER)
    kind = str(action.get("type"))
    handler = handlers.HANDLERS.get((s.step, kind))
    if handler is None:
        allowed = sorted({SAY[a["type"]] for a in legal(s, seat)})
        raise IllegalAction(f"You cannot {SAY.get(kind, repr(kind))} now; you may {' or '.join(allowed)}.",
                            ErrorCode.ACTION_INVALID_MOVE)
    handler(s, seat, action)
    advance(s)

