"""Engine throughput: random-bot games on one core (The Mating Game by default).

    python benchmarks/bench_engine.py [--game mating] [--games 2000] [--players 4]
    python benchmarks/bench_engine.py --all       # every registered game

Prints complete games per second and actions per second.
"""

from __future__ import annotations

import argparse
import time

from evogames import Match, catalog
from evogames.core.rng import Rng


def run(games: int, players: int, game: str = "mating") -> tuple[float, float, int]:
    actions = 0
    start = time.process_time()  # CPU seconds of this process: fair on a machine shared with other work
    for index in range(games):
        rng = Rng(index)
        m = Match(game, players, seed=index)
        while not m.over:
            seat = m.to_act[0]
            m.act(seat, rng.choice(m.legal(seat)))
            actions += 1
    seconds = time.process_time() - start
    return games / seconds, actions / seconds, actions


TABLE = {"phylo": 2}  # the usual table when it is not 4 (Phylo is a two-player game)


def report(game: str, games: int, players: int) -> None:
    run(max(1, games // 40), players, game)  # warm up
    games_per_s, actions_per_s, actions = run(games, players, game)
    print(f"{game}, {players} players, random bots, {games} games, one core (per CPU second)")
    print(f"games/s:   {games_per_s:,.0f}")
    print(f"actions/s: {actions_per_s:,.0f}  ({actions / games:.1f} actions per game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="mating")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=None, help="default: 4, or the game's maximum if lower")
    parser.add_argument("--all", action="store_true", help="every registered game")
    args = parser.parse_args()
    for entry in catalog():
        if args.all or entry["name"] == args.game:
            players = args.players or TABLE.get(entry["name"], min(4, entry["max_players"]))
            report(entry["name"], args.games, players)


if __name__ == "__main__":
    main()
