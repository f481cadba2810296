"""Phylo's engine, old against new, side by side: random legal play through the spec, actions per CPU second.

    git worktree add /tmp/old <commit>; python benchmarks/bench_phylo_speed.py --old /tmp/old/src --new src [--rounds 7]

Each round runs one subprocess per source tree (``PYTHONPATH`` set to it), alternating which goes first, and
each child (this script with ``--child``, timing with ``bench_uno.py``'s players) reports actions per CPU
second (``time.process_time``) over whole games (seeds 0, 1, ...) and the median microseconds of ``clone``
and ``determinize`` at mid-game positions. The table gives medians and the ratio new/old; with ``--uno`` each
child also times RLCard UNO so the ratios to UNO come from the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from typing import Any


def child(seconds: float, uno: bool) -> dict[str, float]:
    """One round in this interpreter (the sources on its ``PYTHONPATH``): bench_uno's own players and timers."""
    from bench_uno import microseconds, spec_player, timed, uno_player

    from evogames.core.options import validate_options
    from evogames.core.registry import game as lookup
    from evogames.core.rng import Rng

    play = spec_player("phylo", 2)
    timed(play, seconds / 10)  # warm up
    out = {"phylo": timed(play, seconds)}
    if uno:
        peer = uno_player()
        timed(peer, seconds / 10)
        out["uno"] = timed(peer, seconds)
    spec = lookup("phylo")
    options = validate_options(spec.options, None)
    clones, dets, legals = [], [], []
    for seed in range(8):  # positions 40 random actions in
        rng = Rng(seed)
        state = spec.new_state(2, seed, options)
        for _ in range(40):
            if spec.is_over(state):
                break
            seat = spec.to_act(state)[0]
            spec.apply(state, seat, rng.choice(spec.legal(state, seat)))
        if spec.is_over(state):
            continue
        seat = spec.to_act(state)[0]
        clones.append(microseconds(state.clone))
        dets.append(microseconds(lambda: spec.determinize(state, seat, rng)))  # noqa: B023 (called at once)
        legals.append(microseconds(lambda: spec.legal(state.clone(), seat), 100))  # noqa: B023
    out["clone_us"] = statistics.median(clones)
    out["determinize_us"] = statistics.median(dets)
    out["clone_legal_us"] = statistics.median(legals)
    return out


def run(src: str, seconds: float, uno: bool) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run([sys.executable, __file__, "--child", "--seconds", str(seconds), *(["--uno"] if uno else [])],
                          env=env, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", help="the old sources (a src/ folder of another checkout)")
    parser.add_argument("--new", default="src")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--uno", action="store_true", help="time RLCard UNO in each child too")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.seconds, args.uno)))
        return
    if not args.old:
        parser.error("--old is required: the old sources to compare with")
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for index in range(args.rounds):
        order = ("old", "new") if index % 2 == 0 else ("new", "old")
        for key in order:
            runs[key].append(run(getattr(args, key), args.seconds, args.uno))
        print(f"round {index + 1}/{args.rounds}: " + "  ".join(
            f"{key} {runs[key][-1]['phylo']:,.0f}/s" for key in ("old", "new")), flush=True)
    report(runs)


def report(runs: dict[str, list[dict[str, Any]]]) -> None:
    medians = {key: {field: statistics.median(r[field] for r in rows) for field in rows[0]}
               for key, rows in runs.items()}
    print(f"\nmedians of {len(runs['old'])} interleaved rounds")
    print(f"{'':<16} {'old':>10} {'new':>10} {'new/old':>8}")
    for field in medians["old"]:
        old, new = medians["old"][field], medians["new"][field]
        print(f"{field:<16} {old:>10,.1f} {new:>10,.1f} {new / old:>8.2f}")
    if "uno" in medians["old"]:
        for key in ("old", "new"):
            ratios = [r["phylo"] / r["uno"] for r in runs[key]]
            print(f"phylo/uno {key}: median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
