"""What may be chosen now: the targets of each token and of a migration (queries, no changes)."""

from __future__ import annotations

from evogames.games.dodo.components import COLOURS, FAMINE_SQUARES, TOKENS, components
from evogames.games.dodo.state import Creature, DodoState

ADVANTAGE, FAMINE, RELOCATION = TOKENS


def available(s: DodoState, pos: int) -> list[int]:
    """Resources of the environment at ``pos`` not covered by Famine and not yet eaten this turn."""
    if s.captured_by[pos] >= 0:
        return [0, 0, 0]
    res = components().environments[s.grid[pos]].resources
    cov = s.covered[pos]
    eaten = s.eaten[pos]
    return [res[k] - cov[k] - eaten[k] for k in range(3)]


def open_env(s: DodoState, pos: int) -> bool:
    """An environment creatures may enter: not captured."""
    return s.captured_by[pos] < 0


# -- Token phase -------------------------------------------------------------
def usable_tokens(s: DodoState, seat: int) -> list[str]:
    """Face-up tokens of ``seat`` that have something to act on now."""
    return [t for k, t in enumerate(TOKENS) if s.tokens[seat][k] and _has_target(s, seat, t)]


def _has_target(s: DodoState, seat: int, token: str) -> bool:
    if token == ADVANTAGE:
        return bool(advantage_targets(s, seat))
    if token == FAMINE:
        return bool(famine_envs(s))
    return bool(relocation_creatures(s))


def advantage_targets(s: DodoState, seat: int) -> list[Creature]:
    """Your creatures in play without Competitive Advantage yet."""
    return [c for c in s.living(seat) if c.id not in s.advantage]


def famine_envs(s: DodoState) -> list[int]:
    """Environments with at least two uncovered resources (a captured one has none)."""
    return [pos for pos in range(len(s.grid)) if open_env(s, pos) and sum(available(s, pos)) >= FAMINE_SQUARES]


def famine_pairs(s: DodoState, pos: int) -> list[tuple[int, int]]:
    """The different colour pairs of uncovered resources that Famine may cover at ``pos``."""
    left = available(s, pos)
    return [(a, b) for a in range(3) for b in range(a, 3) if (left[a] >= 2 if a == b else left[a] and left[b])]


def relocation_creatures(s: DodoState) -> list[Creature]:
    """Any creature in play not yet Relocated this Token Phase, if it has somewhere to go."""
    return [c for c in s.living() if c.id not in s.relocated and relocation_destinations(s, c)]


def relocation_destinations(s: DodoState, creature: Creature) -> list[int]:
    return [pos for pos in range(len(s.grid)) if open_env(s, pos) and pos != creature.pos]


# -- Migration -----------------------------------------------------------------
def migration_creatures(s: DodoState, seat: int) -> list[Creature]:
    """Your creatures in play that have not migrated this turn and have an open neighbour."""
    return [c for c in s.living(seat) if c.id not in s.migrated and migration_destinations(s, c)]


def migration_destinations(s: DodoState, creature: Creature) -> list[int]:
    return [pos for pos in s.neighbours[creature.pos] if open_env(s, pos)]


def colour_names(pair: tuple[int, ...]) -> list[str]:
    return [COLOURS[k] for k in pair]
