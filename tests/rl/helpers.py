"""Shared helpers for the RL tests: a masked random policy."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from evogames.rl import raw_env


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def play_random(env: raw_env, seed: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """Step ``env`` (already reset) to the end with a masked random policy; yield (agent, observation)."""
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(10_000):
        obs, _reward, terminated, truncated, _info = env.last()
        yield agent, obs
        env.step(None if terminated or truncated else masked_choice(rng, obs["action_mask"]))
