"""Lab throughput (games/s with 1 and 2 workers, and the scaling ratio) and
the memory of result tables (bytes per 100k rows, pandas deep memory usage).

    .venv/bin/python benchmarks/bench_lab.py [--games 3000] [--json]

Target: 2 workers >= 1.8x one worker on 2 free cores. The sweep is the
default 4-seat heuristic table on both Environment decks.
"""

from __future__ import annotations

import argparse
import json
import time

from evogames.sim.results import memory_per_rows, to_tables
from evogames.sim.sweep import SweepResult, build_spec, run_sweep

BOTS = "heuristic:prefer=combat,heuristic:prefer=flashy,heuristic:prefer=sneaky,heuristic"


def timed(games: int, workers: int) -> tuple[float, SweepResult]:
    spec = build_spec("mating", 4, games // 2, 11, BOTS, vary=["environment=stable,variable"])
    start = time.perf_counter()
    result = run_sweep(spec, workers)
    return spec.total / (time.perf_counter() - start), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    timed(200, 2)  # warm the imports and the page cache
    one, result = timed(args.games, 1)
    two, _ = timed(args.games, 2)
    tables = to_tables(result)
    figures = {
        "games": args.games,
        "games_per_second_1_worker": round(one, 1),
        "games_per_second_2_workers": round(two, 1),
        "scaling_2_over_1": round(two / one, 2),
        "mib_per_100k_seat_rows": round(memory_per_rows(tables.seats) / 2**20, 1),
        "mib_per_100k_game_rows": round(memory_per_rows(tables.games) / 2**20, 1),
        "mib_per_100k_round_rows": round(memory_per_rows(tables.rounds) / 2**20, 1),
    }
    if args.json:
        print(json.dumps(figures))
        return
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
