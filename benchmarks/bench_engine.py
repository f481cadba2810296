"""Engine throughput: random-bot 4-player Mating Games on one core.

    python benchmarks/bench_engine.py [--games 2000] [--players 4]

Prints complete games per second and actions per second.
"""

from __future__ import annotations

import argparse
import time

from evogames import Match
from evogames.core.rng import Rng


def run(games: int, players: int, game: str = "mating") -> tuple[float, float, int]:
    actions = 0
    start = time.perf_counter()
    for index in range(games):
        rng = Rng(index)
        m = Match(game, players, seed=index)
        while not m.over:
            seat = m.to_act[0]
            m.act(seat, rng.choice(m.legal(seat)))
            actions += 1
    seconds = time.perf_counter() - start
    return games / seconds, actions / seconds, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    run(50, args.players)  # warm up
    games_per_s, actions_per_s, actions = run(args.games, args.players)
    print(f"mating, {args.players} players, random bots, {args.games} games, one core")
    print(f"games/s:   {games_per_s:,.0f}")
    print(f"actions/s: {actions_per_s:,.0f}  ({actions / args.games:.1f} actions per game)")


if __name__ == "__main__":
    main()
