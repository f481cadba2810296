"""What would knowing the rivals' hands be worth to The Mating Game's search? (an upper bound for inference)

    python benchmarks/bench_hand_value.py --games 200 --out /tmp/seeing.jsonl \
        --base benchmarks/results/strength/mating-hard-1000.jsonl

The search bot is given worlds in which the rivals' hands are the real ones (so the Strategies they chose face
down, which the search chooses again by the heuristic from those hands, are what heuristic rivals chose); the
Strategy deck's order, the Environment deck's order and the dice to come stay hidden. The bot runs with
``belief=0`` (a reading of plays would deal the real hands again). Game ``i``
is the same match as game ``i`` of ``bench_strength.py`` (same seed, same seats), so the result is compared game
by game with a record of the honest bot (``--base``): the mean paired difference and its standard error. A bot
that sees hands cheats: this measures how much the hidden hands cost the honest search, nothing more (what a
reading of the rivals' plays, ``belief=1``, could at best win back).
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
from evogames.games.mating import determinize as hidden


def seeing(s: Any, seat: int, rng: Rng) -> Any:
    """A world with the real hands and face-down choices; the decks' order and the dice to come resampled."""
    d = s.clone()
    deck = sorted(d.deck)
    rng.shuffle(deck)
    d.deck = deck
    hidden._shuffle_environments(d, rng)
    d.rng = Rng(rng.next64())
    return d


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="ismcts:iterations=1000:early=1:belief=0")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--out", type=Path, required=True, help="one JSON line per game (resumable)")
    parser.add_argument("--base", type=Path, help="the honest bot's record (bench_strength.py --record)")
    args = parser.parse_args()
    if "belief=" not in args.bot:
        args.bot += ":belief=0"
    if "belief=1" in args.bot:
        parser.error("the bot must not read plays here (belief=0): it would deal the real hands again")
    object.__setattr__(registry.game("mating"), "determinize", seeing)  # this process only
    done = {r["first"] for r in map(json.loads, args.out.read_text().splitlines())} if args.out.exists() else set()
    for index in (i for i in range(args.games) if i not in done):
        share, _, _ = bench_strength.play("mating", args.bot, index, args.seed)
        with args.out.open("a") as out:
            out.write(json.dumps({"first": index, "wins": share}) + "\n")
    if args.base:
        print(bench_strength.paired_with(args.out, args.base, "mating", args.bot, args.seed))


if __name__ == "__main__":
    main()
