"""A game's safety limit (an option such as ``max_rounds``, not in its rulebook) ends it without a verdict of the
rules: the env truncates it and pays nothing. Which end codes those are is the game's own (its spec's
``safety_ends``), not a list in the env: a new game with another code is recognised, and a code a game does not
call a safety limit is a real end."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from evogames.core.registry import game as lookup
from evogames.core.registry import names, register, unregister
from evogames.core.spec import GameSpec
from evogames.rl import raw_env
from evogames.rl.aec import end_of
from tests.rl.helpers import masked_choice

#: each game's safety-limit option, set low enough that random play reaches it (Phylo has none)
LIMITS = {"adapt": {"max_rounds": 2}, "dodo": {"max_turns": 2}, "evolution": {"max_turns": 1},
          "mating": {"max_rounds": 1}}
PLAYERS = {"adapt": 3, "dodo": 2, "evolution": 2, "mating": 3}


def _limit_options(spec: GameSpec) -> list[str]:
    return [option.name for option in spec.options if option.name.startswith("max_")]


@pytest.mark.parametrize("game", ["adapt", "dodo", "evolution", "mating", "phylo"])
def test_a_game_with_a_limit_option_names_its_safety_end(game: str) -> None:
    spec = lookup(game)
    assert bool(spec.safety_ends) == bool(_limit_options(spec)), (spec.safety_ends, _limit_options(spec))
    assert (game in LIMITS) == bool(spec.safety_ends)


def test_every_game_with_a_safety_end_is_walked() -> None:
    assert {name for name in names() if lookup(name).safety_ends} <= set(LIMITS)


@pytest.mark.parametrize("game", sorted(LIMITS))
def test_a_game_cut_by_its_limit_is_truncated_and_pays_nothing(game: str) -> None:
    e = raw_env(game, players=PLAYERS[game], options=LIMITS[game])
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    while not e.match.over:
        e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    assert e.match.result is not None
    end = end_of(e.match.result)
    assert end in lookup(game).safety_ends
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert set(e._cumulative_rewards.values()) == {0.0}
    assert {info["end"] for info in e.infos.values()} == {end}


def _ending(code: str, safety: tuple[str, ...]) -> GameSpec:
    """Race to Ten, its win reported with the end code ``code``, and ``safety`` its safety-limit codes."""
    race = lookup("toyrace")

    def result(state: Any) -> dict[str, Any] | None:
        out = race.result(state)
        return None if out is None else {**out, "reason": code}

    return replace(race, name="toyend", result=result, safety_ends=safety)


def _played(spec: GameSpec) -> Any:
    register(spec)
    try:
        e = raw_env(spec.name, players=2)
        e.reset(seed=4)
        rng = np.random.default_rng(4)
        while not e.match.over:
            e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
        return e
    finally:
        unregister(spec.name)


def test_a_new_games_own_safety_end_is_recognised() -> None:
    e = _played(_ending("tick_limit", ("tick_limit",)))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert set(e._cumulative_rewards.values()) == {0.0}


def test_a_code_the_game_does_not_call_a_safety_limit_is_a_real_end() -> None:
    """The env once held its own list ({"round_limit", "turn_limit"}): a game ending by a rule it names
    "round_limit" was cut and unpaid."""
    e = _played(_ending("round_limit", ()))
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert sorted(e._cumulative_rewards.values()) == [-1.0, 1.0]
