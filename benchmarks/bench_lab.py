"""Lab throughput (games/s with 1 and 2 workers, and the scaling ratio) and
the memory of result tables (bytes per 100k rows, pandas deep memory usage).

    .venv/bin/python benchmarks/bench_lab.py [--games 3000] [--rounds 3] [--json]

Target: 2 workers >= 1.8x one worker on 2 free cores. The sweep is the
default 4-seat heuristic table on both Environment decks.

Each run is a fresh process, as a user's ``evogames sweep --workers K`` is,
and the runs alternate (1, 2, 1, 2, ...) so that a slow spell of this shared
machine hits both. Reported: the best run of each (as ``timeit`` does: the
least disturbed), the ratio of the bests, and the median ratio of the pairs.
For scale, each round also runs the 2-worker sweep with workers left free to
move between cores (EVOGAMES_PIN=0), and two unrelated one-worker sweeps side
by side: what two busy cores of this machine give with no pool at all.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from evogames.sim.sweep import SweepSpec

BOTS = "heuristic:prefer=combat,heuristic:prefer=flashy,heuristic:prefer=sneaky,heuristic"


def sweep(games: int) -> SweepSpec:
    """The benchmark's sweep: ``games`` four-seat heuristic games, half on each Environment deck."""
    from evogames.sim.sweep import build_spec

    return build_spec("mating", 4, games // 2, 11, BOTS, vary=["environment=stable,variable"])


def one_run_command(games: int, workers: int) -> list[str]:
    return [sys.executable, __file__, "--one", str(workers), "--games", str(games)]


def one_run(games: int, workers: int) -> dict[str, float]:
    """Play the sweep once in this process; games/s and the CPU seconds of the workers."""
    import resource

    from evogames.sim.sweep import run_sweep

    spec = sweep(games)
    began, start = time.time(), time.perf_counter()
    run_sweep(spec, workers)
    wall = time.perf_counter() - start
    who = resource.RUSAGE_CHILDREN if workers > 1 else resource.RUSAGE_SELF
    usage = resource.getrusage(who)
    return {"games_per_second": spec.total / wall, "busy": (usage.ru_utime + usage.ru_stime) / (wall * workers),
            "began": began, "ended": began + wall}


def fresh_run(games: int, workers: int, pin: bool = True) -> dict[str, float]:
    env = {**os.environ, "EVOGAMES_PIN": "1" if pin else "0"}
    out = subprocess.run(one_run_command(games, workers), check=True, capture_output=True, text=True, env=env).stdout
    return dict(json.loads(out))


def independent_pair(games: int) -> float:
    """The machine's own ceiling: two unrelated one-worker sweeps at once, half
    the games each; games/s over the span from the first start to the last end
    (so the one that finishes first does not run alone on the clock)."""
    procs = [subprocess.Popen(one_run_command(games // 2, 1), stdout=subprocess.PIPE, text=True) for _ in range(2)]
    runs = [json.loads(p.communicate()[0]) for p in procs]
    span = max(r["ended"] for r in runs) - min(r["began"] for r in runs)
    return 2 * (games // 2) / span


def memory() -> dict[str, float]:
    from evogames.sim.results import memory_per_rows, to_tables
    from evogames.sim.sweep import run_sweep

    tables = to_tables(run_sweep(sweep(1000), 2))
    return {f"mib_per_100k_{name}_rows": round(memory_per_rows(getattr(tables, name)) / 2**20, 1)
            for name in ("seats", "games", "rounds")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # one run, in this process
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_run(args.games, args.one)))
        return
    fresh_run(200, 2)  # warm the page cache
    runs: dict[int, list[dict[str, float]]] = {1: [], 2: []}
    unpinned, ceiling = [], []
    for _ in range(args.rounds):
        for workers in (1, 2):
            runs[workers].append(fresh_run(args.games, workers))
        unpinned.append(fresh_run(args.games, 2, pin=False)["games_per_second"])
        ceiling.append(independent_pair(args.games))
    speeds = {w: [r["games_per_second"] for r in rs] for w, rs in runs.items()}
    pairs = list(zip(speeds[1], speeds[2], strict=True))
    figures: dict[str, object] = {
        "games": args.games,
        "rounds": args.rounds,
        "games_per_second_1_worker": [round(s) for s in speeds[1]],
        "games_per_second_2_workers": [round(s) for s in speeds[2]],
        "workers_busy_2": round(statistics.median(r["busy"] for r in runs[2]), 3),
        "scaling_best_2_over_best_1": round(max(speeds[2]) / max(speeds[1]), 2),
        "scaling_median_of_pairs": round(statistics.median(two / one for one, two in pairs), 2),
        "games_per_second_2_workers_unpinned": [round(s) for s in unpinned],
        "unpinned_median_of_pairs": round(statistics.median(u / one for (one, _), u in zip(pairs, unpinned,
                                                                                          strict=True)), 2),
        "two_independent_processes": [round(s) for s in ceiling],
        "ceiling_median_of_pairs": round(statistics.median(c / one for (one, _), c in zip(pairs, ceiling,
                                                                                           strict=True)), 2),
        **memory(),
    }
    if args.json:
        print(json.dumps(figures))
        return
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"{key:<{width}}  {value}")


if __name__ == "__main__":
    main()
