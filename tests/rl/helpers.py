"""Shared helpers for the RL tests: a masked random policy, bot games seen seat by seat, api_test's warnings."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from evogames import Match
from evogames.bots.base import make_bot
from evogames.core.rng import Rng
from evogames.rl import raw_env

# api_test warns about things that are PettingZoo's own convention for masked envs:
# a Dict observation {"observation", "action_mask"} rather than a Box.
AEC_DICT_WARNINGS = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be gymnasium.spaces.box:UserWarning",
]


# every game's encoder: (observation length, number of actions), the same for every player count and option
SIZES = {"mating": (364, 134), "dodo": (2502, 240), "evolution": (3627, 3285), "adapt": (2089, 4962),
         "phylo": (20_418, 27_359)}


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def play_random(env: raw_env, seed: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """Step ``env`` (already reset) to the end with a masked random policy; yield (agent, observation)."""
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(10_000):
        obs, _reward, terminated, truncated, _info = env.last()
        yield agent, obs
        env.step(None if terminated or truncated else masked_choice(rng, obs["action_mask"]))


def bot_game(
    game: str, players: int, seed: int, bot: str, options: dict[str, Any] | None = None,
) -> Iterator[tuple[Match, int]]:
    """A whole game of the engine's ``bot`` bots (random or heuristic) with these game options;
    yield (match, seat) before each move."""
    match = Match(game, players, seed, options)
    bots = [make_bot(bot, game) for _ in range(players)]
    rng = Rng(seed)
    while not match.over:
        seat = match.to_act[0]
        yield match, seat
        match.act(seat, bots[seat].choose(match.view(seat), rng))
