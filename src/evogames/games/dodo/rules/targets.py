"""What may be chosen now: the targets of each token and of a migration (queries, no changes).

These run on the engine's hot path (``legal`` and ``advance`` ask them at every step), so they
read the state directly and stop at the first answer when only "is there any?" is asked.
"""

from __future__ import annotations

from evogames.games.dodo.components import FAMINE_SQUARES, TOKENS, Counts, components
from evogames.games.dodo.state import Creature, DodoState

ADVANTAGE, FAMINE, RELOCATION = TOKENS

_RESOURCES: dict[str, Counts] = {}
_CAN_LEAVE: dict[tuple[object, ...], tuple[bool, ...]] = {}


def resources(env_id: str) -> Counts:
    """The printed resource squares of an environment card (cached: the box never changes)."""
    res = _RESOURCES.get(env_id)
    if res is None:
        res = _RESOURCES[env_id] = components().environments[env_id].resources
    return res


def available(s: DodoState, pos: int) -> list[int]:
    """Resources of the environment at ``pos`` not covered by Famine and not yet eaten this turn."""
    if s.captured_by[pos] >= 0:
        return [0, 0, 0]
    res = resources(s.grid[pos])
    cov = s.covered[pos]
    eaten = s.eaten[pos]
    return [res[0] - cov[0] - eaten[0], res[1] - cov[1] - eaten[1], res[2] - cov[2] - eaten[2]]


def _open_positions(s: DodoState) -> list[int]:
    return [pos for pos, owner in enumerate(s.captured_by) if owner < 0]


# -- Token phase -------------------------------------------------------------
def usable_tokens(s: DodoState, seat: int) -> list[str]:
    """Face-up tokens of ``seat`` that have something to act on now."""
    up = s.tokens[seat]
    return [t for k, t in enumerate(TOKENS) if up[k] and _has_target(s, seat, t)]


def any_usable_token(s: DodoState, seat: int) -> bool:
    """``bool(usable_tokens(s, seat))``, stopping at the first usable token."""
    up = s.tokens[seat]
    return any(up[k] and _has_target(s, seat, t) for k, t in enumerate(TOKENS))


def _has_target(s: DodoState, seat: int, token: str) -> bool:
    if token == ADVANTAGE:
        advantage = s.advantage
        return any(c.owner == seat and c.pos >= 0 and not c.captured and c.id not in advantage
                   for c in s.creatures.values())
    if token == FAMINE:
        return any(s.captured_by[pos] < 0 and sum(available(s, pos)) >= FAMINE_SQUARES for pos in range(len(s.grid)))
    return bool(_relocatable(s, first_only=True))


def advantage_targets(s: DodoState, seat: int) -> list[Creature]:
    """Your creatures in play without Competitive Advantage yet."""
    advantage = s.advantage
    return [c for c in s.creatures.values()
            if c.owner == seat and c.pos >= 0 and not c.captured and c.id not in advantage]


def famine_envs(s: DodoState) -> list[int]:
    """Environments with at least two uncovered resources (a captured one has none)."""
    return [pos for pos in range(len(s.grid)) if s.captured_by[pos] < 0 and sum(available(s, pos)) >= FAMINE_SQUARES]


def famine_pairs(s: DodoState, pos: int) -> list[tuple[int, int]]:
    """The different colour pairs of uncovered resources that Famine may cover at ``pos``."""
    left = available(s, pos)
    return [(a, b) for a in range(3) for b in range(a, 3) if (left[a] >= 2 if a == b else left[a] and left[b])]


def relocation_creatures(s: DodoState) -> list[Creature]:
    """Any creature in play not yet Relocated this Token Phase, if it has somewhere to go."""
    return _relocatable(s, first_only=False)


def _relocatable(s: DodoState, first_only: bool) -> list[Creature]:
    """Creatures in play, not Relocated this phase, with another open environment to go to."""
    open_pos = _open_positions(s)
    if not open_pos:
        return []
    only = open_pos[0] if len(open_pos) == 1 else None  # the one open environment, if just one
    relocated = s.relocated
    out = []
    for c in s.creatures.values():
        if c.pos >= 0 and not c.captured and c.id not in relocated and (only is None or c.pos != only):
            out.append(c)
            if first_only:
                break
    return out


def relocation_destinations(s: DodoState, creature: Creature) -> list[int]:
    return [pos for pos, owner in enumerate(s.captured_by) if owner < 0 and pos != creature.pos]


# -- Migration -----------------------------------------------------------------
def _can_leave(s: DodoState) -> tuple[bool, ...]:
    """For each grid position: has it an open (uncaptured) neighbour? Cached by grid shape and captures."""
    key = (s.rows, s.cols, tuple(s.captured_by))
    flags = _CAN_LEAVE.get(key)
    if flags is None:
        if len(_CAN_LEAVE) > 4096:
            _CAN_LEAVE.clear()
        captured_by = s.captured_by
        flags = _CAN_LEAVE[key] = tuple(any(captured_by[p] < 0 for p in nbrs) for nbrs in s.neighbours)
    return flags


def migration_creatures(s: DodoState, seat: int) -> list[Creature]:
    """Your creatures in play that have not migrated this turn and have an open neighbour."""
    can_leave = _can_leave(s)
    migrated = s.migrated
    return [c for c in s.creatures.values()
            if c.owner == seat and c.pos >= 0 and not c.captured and c.id not in migrated and can_leave[c.pos]]


def any_migration(s: DodoState, seat: int) -> bool:
    """``bool(migration_creatures(s, seat))``, stopping at the first creature that may migrate."""
    can_leave = _can_leave(s)
    migrated = s.migrated
    return any(c.owner == seat and c.pos >= 0 and not c.captured and c.id not in migrated and can_leave[c.pos]
               for c in s.creatures.values())


def migration_destinations(s: DodoState, creature: Creature) -> list[int]:
    captured_by = s.captured_by
    return [pos for pos in s.neighbours[creature.pos] if captured_by[pos] < 0]

