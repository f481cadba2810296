"""Engine throughput of two source trees side by side: this checkout and a git ref.

    python benchmarks/bench_before_after.py [--ref b8bf576] [--rounds 5] [--games 300]

For a refactor that must not slow the engine (issue 16: "within 5% of before"):
the ref is checked out into a temporary worktree, and each round runs
``bench_engine.run`` for every game once per tree, alternating which tree goes
first, each in a fresh interpreter (CPU seconds of that process, so other work
on a shared machine matters less). Prints the median games/s of each tree and
their ratio (after / before) per game.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ONE = """
import json, sys
sys.path.insert(0, {bench!r})
from bench_engine import run, TABLE
from evogames import catalog
games = {games}
out = {{}}
for entry in catalog():
    name = entry["name"]
    players = TABLE.get(name, min(4, entry["max_players"]))
    run(max(1, games // 40), players, name)
    out[name] = run(games, players, name)[0]
print(json.dumps(out))
"""


def measure(src: Path, games: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src), "EVOGAMES_GAMES": ""}
    code = ONE.format(bench=str(ROOT / "benchmarks"), games=games)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ref", default="b8bf576", help="the 'before' commit (default: main before issue 16)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(before), args.ref], check=True)
        try:
            runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
            for index in range(args.rounds):
                order = [("before", before / "src"), ("after", ROOT / "src")]
                for label, src in order if index % 2 == 0 else order[::-1]:
                    runs[label].append(measure(src, args.games))
                print(f"round {index + 1}/{args.rounds} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)], check=False)
    print(f"{'game':<10} {'before games/s':>15} {'after games/s':>15} {'after/before':>13}")
    for name in runs["after"][0]:
        old = statistics.median(r[name] for r in runs["before"] if name in r) if name in runs["before"][0] else 0
        new = statistics.median(r[name] for r in runs["after"])
        ratio = f"{new / old:.3f}" if old else "new"
        print(f"{name:<10} {old:>15,.1f} {new:>15,.1f} {ratio:>13}")


if __name__ == "__main__":
    main()
