"""RL interface: every game with an encoder as a PettingZoo AEC environment.

    from evogames import rl
    env = rl.env(name, players=4, seed=7)       # name: any game in evogames.names()
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Every game whose folder has an ``encoder.py`` (all five that ship; see ``docs/rl.md``);
the others raise ``MissingEncoder``.

Needs the ``rl`` extra (``pip install 'evogames[rl]'``: PettingZoo and
Gymnasium). Observations and actions: each game's ``encoder.py``;
rewards: ``evogames.rl.rewards``; the env: ``evogames.rl.aec``.
"""

from __future__ import annotations

from evogames.rl.aec import env, raw_env
from evogames.rl.encoding import Encoder, MissingEncoder, load_encoder

__all__ = ["Encoder", "MissingEncoder", "env", "load_encoder", "raw_env"]
