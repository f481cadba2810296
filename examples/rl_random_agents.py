"""Masked random agents play a game through the PettingZoo env; print the win rates (a tie shares the win).

    .venv/bin/python examples/rl_random_agents.py [--game mating|dodo|evolution|adapt|phylo] [--games 100] [--players 4]

Needs the ``rl`` extra: ``pip install -e '.[rl]'``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np
from pettingzoo import AECEnv

from evogames import rl
from evogames.rl.aec import SAFETY_LIMITS, end_of


def play(env: AECEnv, seed: int, rng: np.random.Generator) -> list[int] | None:
    """One game with a uniform choice among the legal (unmasked) actions; the winners' seats (None: the game was
    cut short by its safety limit, truncated: nobody won by the rules)."""
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        action = None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    result = env.unwrapped.match.result
    if result is None or end_of(result) in SAFETY_LIMITS:
        return None
    return list(result["winners"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="mating", help="every game has an encoder")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = rl.env(args.game, players=args.players)
    rng = np.random.default_rng(args.seed)
    wins: Counter[int] = Counter()  # a tie's k winners get 1/k each
    cut = 0
    start = time.perf_counter()
    for game in range(args.games):
        winners = play(env, args.seed + game, rng)
        if winners is None:
            cut += 1
        else:
            wins.update({seat: 1 / len(winners) for seat in winners})
    seconds = time.perf_counter() - start
    print(f"{args.games} games of {args.game}, {args.players} masked random agents, {seconds:.1f} s")
    if cut:
        print(f"  {cut} cut short by the game's safety limit (truncated: nobody won by the rules)")
    for seat in range(args.players):
        print(f"  player_{seat}: {wins[seat]:6.1f} wins  ({wins[seat] / args.games:6.1%})")


if __name__ == "__main__":
    main()
