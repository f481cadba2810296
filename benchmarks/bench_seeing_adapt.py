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
import math
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


def paired(out: Path, base: Path) -> str:
    mine = {r["first"]: r["wins"] for r in map(json.loads, out.read_text().splitlines())}
    key = bench_strength.settings("adapt", HARD, 22, "heuristic", 0)
    theirs = {r["first"]: r["wins"] for r in bench_strength.read_records(base)
              if all(r[k] == v for k, v in key.items())}
    both = sorted(set(mine) & set(theirs))
    if len(both) < 2:
        return "fewer than 2 games in both files"
    gaps = [mine[i] - theirs[i] for i in both]
    mean = sum(gaps) / len(gaps)
    se = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1) / len(gaps))
    return (f"{len(both)} paired games: seeing {sum(mine[i] for i in both) / len(both):.3f}, honest "
            f"{sum(theirs[i] for i in both) / len(both):.3f}, difference {mean:+.3f} (standard error {se:.3f})")


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
        print(paired(args.out, args.base))


if __name__ == "__main__":
    main()
