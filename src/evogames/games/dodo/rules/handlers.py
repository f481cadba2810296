"""Applying each action: set-up placement, the three tokens, migration, ordering one's tied creatures.

Every handler checks everything first and raises IllegalAction before changing anything.
"""

from __future__ import annotations

from collections.abc import Callable

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.dodo.components import COLOURS, TOKENS, components
from evogames.games.dodo.events import Advantage, EatFirst, Famine, Migrate, Pass, Place, Relocation
from evogames.games.dodo.flow import CONSUMPTION, MIGRATION, SETUP, TOKEN
from evogames.games.dodo.rules.feeding import eat_or_starve
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
from evogames.games.dodo.state import Creature, DodoState, T


def _bad(sentence: str, code: ErrorCode = ErrorCode.ACTION_INVALID_MOVE) -> IllegalAction:
    return IllegalAction(sentence, code)


def _creature(s: DodoState, action: Action, allowed: list[Creature], why: str) -> Creature:
    cid = action.get("creature")
    if isinstance(cid, bool) or not isinstance(cid, int) or cid not in s.creatures:
        raise _bad(f"There is no creature {cid!r} on the table.")
    creature = s.creatures[cid]
    if creature not in allowed:
        raise _bad(f"Creature {cid} cannot be chosen: {why}.")
    return creature


def _environment(s: DodoState, action: Action, allowed: list[int], why: str) -> int:
    env = action.get("environment")
    if not isinstance(env, str) or env not in s.grid:
        raise _bad(f"There is no environment {env!r} in this grid.")
    pos = s.grid.index(env)
    if pos not in allowed:
        name = components().environments[env].name
        raise _bad(f"{name} cannot be chosen: {why}.")
    return pos


# -- set-up ----------------------------------------------------------------
def _place(s: DodoState, seat: int, action: Action) -> None:
    waiting = [c for c in s.creatures.values() if c.owner == seat and c.pos < 0]
    creature = _creature(s, action, waiting, "place one of your own creatures still waiting to be placed")
    pos = _environment(s, action, list(range(len(s.grid))), "it is not in the grid")
    creature.pos = pos
    s.order.pop(0)
    s.log(Place, "place", PUBLIC, seat, creature.id, creature.blocks, s.grid[pos])


# -- Token Phase -------------------------------------------------------------
def _pick_token(s: DodoState, seat: int, action: Action) -> None:
    if s.pending:
        raise _bad(f"You already hold {components().tokens[s.pending[0]].name}: choose its target or cancel.")
    token = action.get("token")
    if token not in TOKENS:
        raise _bad(f"There is no token {token!r}; tokens are {', '.join(TOKENS)}.")
    if not s.tokens[seat][TOKENS.index(token)]:
        raise _bad(f"Your {components().tokens[token].name} token is used: each token is played once per game.")
    if token not in usable_tokens(s, seat):
        raise _bad(f"{components().tokens[token].name} has nothing it could act on now.")
    s.pending = (token,)


def _pass(s: DodoState, seat: int, action: Action) -> None:
    if s.pending:
        raise _bad("Finish or cancel your choice before passing.")
    s.order.pop(0)
    s.log(Pass, "pass", PUBLIC, seat, "migrate" if s.step == MIGRATION else "token", s.migration_round)


def _cancel(s: DodoState, seat: int, action: Action) -> None:
    if not s.pending:
        raise _bad("There is nothing to cancel.")
    s.pending = ()


def _holding(s: DodoState, token: str) -> None:
    if not s.pending or s.pending[0] != token:
        raise _bad(f"Pick up your {components().tokens[token].name} token first.")


USED = {token: T[f"{token}_used"] for token in TOKENS}  # the tally column of each token
MIGRATIONS = T["migrations"]


def _use_token(s: DodoState, seat: int, token: str) -> None:
    s.tokens[seat][TOKENS.index(token)] = False
    s.tally[seat][USED[token]] += 1
    s.pending = ()
    s.order.pop(0)


def _advantage(s: DodoState, seat: int, action: Action) -> None:
    _holding(s, "advantage")
    creature = _creature(s, action, advantage_targets(s, seat), "Competitive Advantage goes under one of "
                         "your own creatures in play")
    s.advantage.add(creature.id)
    _use_token(s, seat, "advantage")
    s.log(Advantage, "advantage", PUBLIC, seat, creature.id, creature.blocks, s.grid[creature.pos])


def _famine(s: DodoState, seat: int, action: Action) -> None:
    _holding(s, "famine")
    if len(s.pending) == 1:
        pos = _environment(s, action, famine_envs(s), "Famine needs two uncovered resources there")
        s.pending = ("famine", pos)
        return
    pos = s.pending[1]
    wanted = action.get("resources")
    pairs = {tuple(COLOURS[k] for k in pair): pair for pair in famine_pairs(s, pos)}
    key = tuple(sorted(wanted, key=COLOURS.index)) if isinstance(wanted, list) and all(
        w in COLOURS for w in wanted) else None
    if key is None or key not in pairs:
        shown = " or ".join("+".join(p) for p in pairs)
        raise _bad(f"Famine covers two uncovered resources of that environment: {shown}, not {wanted!r}.")
    for k in pairs[key]:
        s.covered[pos][k] += 1
    _use_token(s, seat, "famine")
    s.log(Famine, "famine", PUBLIC, seat, s.grid[pos], key)


def _relocation(s: DodoState, seat: int, action: Action) -> None:
    _holding(s, "relocation")
    if len(s.pending) == 1:
        creature = _creature(s, action, relocation_creatures(s), "it is not in play or was already "
                             "Relocated this Token Phase")
        s.pending = ("relocation", creature.id)
        return
    creature = s.creatures[s.pending[1]]
    pos = _environment(s, action, relocation_destinations(s, creature), "a creature moves to another "
                       "environment that is not captured")
    start = creature.pos
    creature.pos = pos
    s.relocated.add(creature.id)
    _use_token(s, seat, "relocation")
    s.log(Relocation, "relocation", PUBLIC, seat, creature.id, creature.owner, creature.blocks, s.grid[start],
          s.grid[pos])


# -- Migration -------------------------------------------------------------
def _migrate(s: DodoState, seat: int, action: Action) -> None:
    if not s.pending:
        creature = _creature(s, action, migration_creatures(s, seat), "migrate one of your own creatures in play "
                             "that has not migrated this turn and has an open neighbour")
        s.pending = ("migrate", creature.id)
        return
    creature = s.creatures[s.pending[1]]
    pos = _environment(s, action, migration_destinations(s, creature), "a creature migrates to an environment "
                       "sharing an edge with its own, never into a captured one")
    start = creature.pos
    creature.pos = pos
    s.migrated.add(creature.id)
    s.tally[seat][MIGRATIONS] += 1
    s.pending = ()
    s.order.pop(0)
    s.log(Migrate, "migrate", PUBLIC, seat, creature.id, creature.blocks, s.grid[start], s.grid[pos])


# -- Consumption -------------------------------------------------------------
def _eat_first(s: DodoState, seat: int, action: Action) -> None:
    tied = [s.creatures[cid] for cid in s.choices]
    creature = _creature(s, action, tied, "choose one of your tied creatures shown")
    s.log(EatFirst, "eat_first", PUBLIC, seat, creature.id)
    eat_or_starve(s, creature)  # then Consumption goes on (``flow.step_consumption``)


Handler = Callable[[DodoState, int, Action], None]
HANDLERS: dict[tuple[int, str], Handler] = {  # by (step, action type): the step's index in ``flow.ORDER``
    (SETUP, "place"): _place,
    (TOKEN, "token"): _pick_token,
    (TOKEN, "pass"): _pass,
    (TOKEN, "cancel"): _cancel,
    (TOKEN, "advantage"): _advantage,
    (TOKEN, "famine"): _famine,
    (TOKEN, "relocation"): _relocation,
    (MIGRATION, "migrate"): _migrate,
    (MIGRATION, "pass"): _pass,
    (MIGRATION, "cancel"): _cancel,
    (CONSUMPTION, "eat_first"): _eat_first,
}
