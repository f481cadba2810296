"""What a move costs at each level: mean and p95 milliseconds per move (wall and CPU), and a search's iterations.

    PYTHONPATH=src python benchmarks/bench_cost.py --moves 20 [--game mating] [--level hard]

For each game and level, one bot of that level plays seeded games against heuristic bots (4 seats, 2 for
Phylo and Dodo; the bot's seat turns with the game) until it has made ``--moves`` choices with more than one
legal action; each such choice is timed. A search level's seconds are a wall-clock budget, so on a busy
machine it makes fewer iterations in the same time: read the iterations beside the seconds. One process.
"""

from __future__ import annotations

import argparse
import statistics
import time

from evogames.bots import bot_action, make_bot
from evogames.bots.ismcts import ISMCTSBot
from evogames.core.match import Match
from evogames.core.rng import Rng, derive_seed

SEATS = {"mating": 4, "evolution": 4, "phylo": 2, "dodo": 2, "adapt": 4}
LEVELS = ["easy", "medium", "hard", "expert"]


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def timed_moves(game: str, level: str, moves: int, seed: int) -> tuple[list[float], list[float], list[int]]:
    """Wall seconds, CPU seconds and iterations of ``moves`` choices by one ``level`` bot."""
    walls: list[float] = []
    cpus: list[float] = []
    iters: list[int] = []
    index = 0
    while len(walls) < moves:
        players = SEATS[game]
        me, match_seed = index % players, derive_seed(seed, index)
        match = Match(game, players, match_seed)
        bots = [make_bot(level if s == me else "heuristic", game) for s in range(players)]
        rngs = [Rng(match_seed * 7919 + s + 1) for s in range(players)]
        while not match.over and len(walls) < moves:
            seat = match.to_act[0]
            wall, cpu = time.perf_counter(), time.process_time()
            action = bot_action(bots[seat], match, seat, rngs[seat])
            if seat == me and len(match.legal(seat)) > 1:
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
                searcher = bots[seat]
                iters.append(searcher.last.iterations if isinstance(searcher, ISMCTSBot) else 0)
            match.act(seat, action)
        index += 1
    return walls, cpus, iters


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20, help="timed choices per game and level")
    parser.add_argument("--game", choices=sorted(SEATS), action="append", help="a game (default: all five)")
    parser.add_argument("--level", choices=LEVELS, action="append", help="a level (default: all four)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print("| game | level | moves | mean ms/move | p95 ms/move | mean CPU ms/move | iterations/move (median) |")
    print("|---|---|---|---|---|---|---|")
    for game in args.game or list(SEATS):
        for level in args.level or LEVELS:
            walls, cpus, iters = timed_moves(game, level, args.moves, args.seed)
            it = f"{statistics.median(iters):,.0f}" if any(iters) else "–"
            print(f"| {game} | {level} | {len(walls)} | {1e3 * statistics.fmean(walls):,.2f} | "
                  f"{1e3 * p95(walls):,.2f} | {1e3 * statistics.fmean(cpus):,.2f} | {it} |", flush=True)


if __name__ == "__main__":
    main()
