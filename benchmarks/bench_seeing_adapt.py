"""What would seeing everything be worth to Adapt or Die's search? (an upper bound for better inference)

    python benchmarks/bench_seeing_adapt.py --games 120 --out /tmp/seeing.jsonl \
        --base benchmarks/results/strength/adapt-hard.jsonl

In Adapt or Die everything held is public; hidden are only the face-down piles' order and the die. Here the
search's every world is the real state (``determinize`` returns a copy: the piles in their real order, the die's
real stream), so it is a clairvoyant `hard` (the same budget, rollouts and anchor). Game ``i`` is game ``i`` of
``bench_strength.py`` (same seed, same seats), compared game by game with the honest bot's record (``--base``).
A bot that sees the piles cheats: this measures how much of `hard`'s distance to a target hidden information
could explain, nothing more.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import bench_strength

from evogames.core import registry
from evogames.core.rng import Rng

HARD = "ismcts:iterations=320:rollout=medium:depth=20:anchor=2"  # `hard` at its median budget, as in the record


def seeing(s: Any, seat: int, rng: Rng) -> Any:
    """The real state: the piles' real order and the die's real stream."""
    return s.clone()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--out", type=Path, required=True, help="one JSON line per game (resumable)")
    parser.add_argument("--base", type=Path, help="the honest bot's record (bench_strength.py --record)")
    parser.add_argument("--start", type=int, default=0, help="first game (run several processes: --start/--step)")
    parser.add_argument("--step", type=int, default=1)
    args = parser.parse_args()
    object.__setattr__(registry.game("adapt"), "determinize", seeing)  # this process only
    done = {r["first"] for r in map(json.loads, args.out.read_text().splitlines())} if args.out.exists() else set()
    for index in range(args.start, args.games, args.step):
        if index in done:
            continue
        share, _, _ = bench_strength.play("adapt", HARD, index, 22)
        with args.out.open("a") as out:
            out.write(json.dumps({"first": index, "wins": share}) + "\n")
    if args.base:
        print(bench_strength.paired_with(args.out, args.base, "adapt", HARD, 22))


if __name__ == "__main__":
    main()
