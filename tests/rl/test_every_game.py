"""What every game's env must do alike: pass PettingZoo's api_test, keep fixed sizes for every player count
and option, and let masked random agents play whole games (zero-sum rewards, a record that replays)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

from evogames import Match
from evogames.rl import env, raw_env
from tests.rl.helpers import AEC_DICT_WARNINGS, SIZES, masked_choice

BLUFF = {"call_your_bluff": True}

API = [("mating", 2), ("mating", 4), ("mating", 6), ("dodo", 2), ("dodo", 4), ("evolution", 2), ("evolution", 5),
       ("evolution", 8), ("adapt", 2), ("adapt", 4), ("adapt", 6), ("phylo", 2), ("phylo", 3), ("phylo", 4)]

SHAPES: list[tuple[str, int, dict[str, Any]]] = [
    ("mating", 2, {}), ("mating", 6, {}),
    ("dodo", 2, {}), ("dodo", 3, {}), ("dodo", 4, {}),
    ("evolution", 2, {}), ("evolution", 5, {}), ("evolution", 8, {}),
    *[("adapt", players, options) for players in (2, 3, 4, 5, 6)
      for options in ({}, {"habitats_per_player": 5}, {"creatures": "choose", "board": "double"})],
    ("phylo", 2, {}), ("phylo", 3, BLUFF), ("phylo", 4, {"deck_size": 60, "decks": "terrain", "themes": ["forest"]}),
]

WHOLE_GAMES: list[tuple[str, int, int, dict[str, Any]]] = [
    ("mating", 4, 11, {}),
    ("dodo", 2, 11, {}), ("dodo", 3, 12, {}), ("dodo", 4, 13, {}),
    ("evolution", 2, 11, {}), ("evolution", 4, 12, {}), ("evolution", 7, 13, {}),
    ("adapt", 3, 11, {}),  # the full 60-round limit; the others cap the rounds to stay short
    ("adapt", 4, 12, {"max_rounds": 15, "habitats_per_player": 5}),
    ("adapt", 6, 13, {"max_rounds": 10, "shared_habitats": True}),
    ("phylo", 2, 11, {}), ("phylo", 3, 12, BLUFF), ("phylo", 4, 13, {}),
]


@pytest.mark.parametrize(("game", "players"), API)
@pytest.mark.filterwarnings(*AEC_DICT_WARNINGS)
def test_pettingzoo_api_test_passes(game: str, players: int) -> None:
    api_test(env(game, players=players, seed=players), num_cycles=100 if game == "phylo" else 200)


@pytest.mark.parametrize(("game", "players", "options"), SHAPES)
def test_sizes_are_the_same_for_every_player_count_and_option(game: str, players: int,
                                                              options: dict[str, Any]) -> None:
    observation, actions = SIZES[game]
    e = raw_env(game, players=players, options=options)
    space = e.observation_space("player_0")
    assert space["observation"].shape == (observation,)
    assert space["action_mask"].shape == (actions,)
    assert e.action_space("player_1").n == actions
    e.reset(seed=players)
    assert e.observe("player_0")["observation"].shape == (observation,)


@pytest.mark.parametrize(("game", "players", "seed", "options"), WHOLE_GAMES)
def test_random_agents_play_whole_games_through_the_env(game: str, players: int, seed: int,
                                                        options: dict[str, Any]) -> None:
    e = env(game, players=players, seed=seed, options=options)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    paid = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(10_000):
        obs, reward, terminated, truncated, _info = e.last()
        paid[agent] += reward
        assert obs["action_mask"].any() or terminated or truncated  # the agent to move always has a move
        e.step(None if terminated or truncated else masked_choice(rng, obs["action_mask"]))
    match = e.unwrapped.match
    assert match.over and not e.agents
    assert sum(paid.values()) == pytest.approx(0.0)
    assert Match.replay(match.record()).result == match.result
