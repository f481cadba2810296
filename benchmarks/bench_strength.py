"""Strength: one bot against other bots (heuristic by default), seats rotated, ties shared, Wilson interval.

    PYTHONPATH=src python benchmarks/bench_strength.py --bot ismcts:iterations=200 --games 8 [--game mating]
    PYTHONPATH=src python benchmarks/bench_strength.py --bot expert --against hard --game dodo --workers 2

Each game of the five is played at 4 seats (2 for Phylo and Dodo); game ``i`` seats the bot at
``i % players``, so with ``--games`` a multiple of the seat count every seat is taken equally often.
A k-way tie for the win counts 1/k. Also reported: the bot's iterations per second and its mean
and p95 seconds per move (moves with one legal action excluded). One process.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from typing import Any

from evogames.bots import bot_action, make_bot
from evogames.bots.ismcts import ISMCTSBot
from evogames.core.match import Match
from evogames.core.rng import Rng, derive_seed

SEATS = {"mating": 4, "evolution": 4, "phylo": 2, "dodo": 2, "adapt": 4}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(game: str, bot: str, index: int, seed: int, against: str = "heuristic",
         players: int = 0) -> tuple[float, list[float], list[int]]:
    """Game ``index``: the bot's share of the win, its seconds per searched move and iterations."""
    players = players or SEATS[game]
    me = index % players
    match_seed = derive_seed(seed, index)
    match = Match(game, players, match_seed)
    bots = [make_bot(bot if s == me else against, game) for s in range(players)]
    rngs = [Rng(match_seed * 7919 + s + 1) for s in range(players)]
    moves: list[float] = []
    iters: list[int] = []
    while not match.over:
        seat = match.to_act[0]
        started = time.perf_counter()
        action = bot_action(bots[seat], match, seat, rngs[seat])
        searcher = bots[seat]
        if seat == me and isinstance(searcher, ISMCTSBot) and searcher.last.iterations:
            moves.append(time.perf_counter() - started)
            iters.append(searcher.last.iterations)
        match.act(seat, action)
    winners = (match.result or {}).get("winners", [])
    return (1.0 / len(winners) if me in winners else 0.0), moves, iters


def _play(job: tuple[str, str, int, int, str, int]) -> tuple[float, list[float], list[int]]:
    return play(*job)


def bench(game: str, bot: str, games: int, seed: int, minutes: float = 0.0, against: str = "heuristic",
          workers: int = 1, players: int = 0, progress: bool = False) -> dict[str, Any]:
    """``games`` games, or (``minutes`` > 0) whole rotations of the seats until the time is spent."""
    players = players or SEATS[game]
    moves: list[float] = []
    iters: list[int] = []
    started = time.perf_counter()
    wins, n = 0.0, 0
    batch = players * max(1, workers)
    pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None
    try:
        while (n < games) if not minutes else (time.perf_counter() - started < minutes * 60):
            size = batch if minutes else min(batch, games - n)
            jobs = [(game, bot, n + i, seed, against, players) for i in range(size)]
            for share, m, it in (pool.map(_play, jobs) if pool else map(_play, jobs)):
                wins += share
                moves += m
                iters += it
            n += len(jobs)
            if progress:
                print(f"  {game}: {wins:.1f} of {n}", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
    low, high = wilson(wins, n)
    p95 = sorted(moves)[int(0.95 * (len(moves) - 1))] if moves else 0.0
    return {"game": game, "players": players, "n": n, "wins": wins, "rate": wins / n if n else 0.0,
            "fair": 1 / players, "low": low, "high": high,
            "iters_per_s": sum(iters) / sum(moves) if moves else 0.0,
            "mean_s": statistics.fmean(moves) if moves else 0.0, "p95_s": p95,
            "minutes": (time.perf_counter() - started) / 60}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="ismcts:iterations=200")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--minutes", type=float, default=0.0, help="per game: whole rotations until spent")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--game", action="append", choices=list(SEATS))
    parser.add_argument("--against", default="heuristic", help="the other seats' bot")
    parser.add_argument("--players", type=int, default=0, help="seats (default: 4; 2 for Phylo and Dodo)")
    parser.add_argument("--workers", type=int, default=1, help="processes (each game is played in one)")
    parser.add_argument("--progress", action="store_true", help="the running tally on stderr")
    args = parser.parse_args()
    print(f"{args.bot} vs {args.against} bots, seats rotated, ties shared (1/k)")
    print("| game | seats | n | win rate | fair share | Wilson 95% | iterations/s | mean s/move | p95 s/move |")
    print("|---|---|---|---|---|---|---|---|---|")
    for game in args.game or list(SEATS):
        r = bench(game, args.bot, args.games, args.seed, args.minutes, args.against, args.workers, args.players,
                  args.progress)
        print(f"| {game} | {r['players']} | {r['n']} | {r['rate']:.2f} ({r['wins']:.1f}) | {r['fair']:.2f} "
              f"| {r['low']:.2f}–{r['high']:.2f} | {r['iters_per_s']:.0f} | {r['mean_s']:.2f} | {r['p95_s']:.2f} |"
              f" ({r['minutes']:.1f} min)",
              flush=True)


if __name__ == "__main__":
    main()
