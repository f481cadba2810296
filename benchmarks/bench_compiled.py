"""The two builds side by side: every game's actions per CPU second, pure and compiled, beside RLCard UNO, and
ISMCTS iterations per CPU second per game in both builds, and the lab's games per CPU second.

    make wheel && .ci/test-compiled .venv/bin/python      # or any venv with the compiled wheel installed
    pip install -e '.[bench]'                             # RLCard, the peer
    python benchmarks/bench_compiled.py [--venv /tmp/evogames-compiled-venv] [--rounds 5] [--seconds 1.0]

Each round runs, in turn: RLCard UNO here, then this file as a worker in two subprocesses, the pure build
(``src/`` of this checkout) and the compiled one (the venv's installed wheel), each playing every game's random
legal games through its spec (as ``bench_uno.py``'s spec column), an ISMCTS search (``seconds`` of CPU per
game, ``hard``'s depth and rollouts) from a mid-game position, and one-worker lab sweeps of heuristic tables.
Rounds interleave, so a slow spell hits every column alike;
the table gives medians and ratios. CPU time (``time.process_time()``), one process at a time.

Each round's search starts from a different position, so the search columns move with the positions drawn.
``--paired N`` compares the searches position by position instead: for each game, the same N mid-game positions in
both builds (interleaved), and the median of the N ratios compiled ÷ pure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_uno import mid_game, players_of, spec_player, timed, uno_player

from evogames import catalog
from evogames.core.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def search_rate(name: str, players: int, seconds: float, seed: int) -> float:
    """ISMCTS iterations per CPU second (``hard``'s depth and rollouts) from a mid-game position with a choice."""
    from evogames.bots.ismcts import ISMCTSBot
    from evogames.bots.levels import search_settings

    settings = {k: v for k, v in search_settings("hard", name).items() if k not in ("seconds", "early")}
    bot = ISMCTSBot(name, seconds=seconds, **settings)
    while True:
        spec, state = mid_game(name, players, seed)
        seat = spec.to_act(state)[0]
        if len(spec.legal(state, seat)) > 1:
            break
        seed += 1000
    start = time.process_time()
    bot.choose_from(state, seat, Rng(seed))
    return bot.last.iterations / (time.process_time() - start)


def lab_rate(name: str, players: int, seconds: float, seed: int) -> float:
    """The lab's games per CPU second: one-worker sweeps of heuristic tables (as `evogames sweep` plays them)."""
    from evogames.sim.sweep import build_spec, run_sweep

    games, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        games += len(run_sweep(build_spec(name, players, 4, seed + games, "heuristic"), 1).outcomes)
    return games / (time.process_time() - start)


def worker(seconds: float, seed: int) -> dict[str, float]:
    """One round in this interpreter: each game's actions/s, ISMCTS iterations/s and lab games/s."""
    out: dict[str, float] = {}
    for entry in catalog():
        name, players = entry["name"], players_of(entry)
        play = spec_player(name, players)
        timed(play, seconds / 10)  # warm up
        out[f"{name} actions"] = timed(play, seconds)
        out[f"{name} search"] = search_rate(name, players, seconds, seed)
        out[f"{name} lab"] = lab_rate(name, players, seconds, seed)
    return out


def search_worker(seconds: float, seed: int) -> dict[str, float]:
    """Each game's ISMCTS iterations per CPU second from its ``seed``-th position (what ``--paired`` compares)."""
    return {entry["name"]: search_rate(entry["name"], players_of(entry), seconds, seed) for entry in catalog()}


def paired(interpreters: dict[str, tuple[str, dict[str, str]]], positions: int, seconds: float) -> None:
    rates: dict[str, list[dict[str, float]]] = {build: [] for build in interpreters}
    for seed in range(positions):
        for build, (python, env) in interpreters.items():
            rates[build].append(run_worker(python, env, seconds, seed, "--search-worker"))
    print(f"\nISMCTS compiled ÷ pure, position by position ({positions} positions, {seconds:g} CPU s each)")
    print("| game | ratios | median |\n|---|---|---|")
    for entry in catalog():
        name = entry["name"]
        ratios = [c[name] / p[name] for c, p in zip(rates["compiled"], rates["pure"], strict=True)]
        print(f"| {name} | {' '.join(f'{r:.2f}' for r in ratios)} | {statistics.median(ratios):.2f} |")


def run_worker(python: str, env: dict[str, str], seconds: float, seed: int,
               kind: str = "--worker") -> dict[str, float]:
    done = subprocess.run([python, __file__, kind, "--seconds", str(seconds), "--seed", str(seed)],
                          capture_output=True, text=True, env=env, check=True, cwd=ROOT)
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def builds(compiled: Path) -> dict[str, tuple[str, dict[str, str]]]:
    """The two interpreters: this one on ``src/``, and the compiled build: a venv with the compiled wheel
    installed, or a folder holding a compiled ``evogames`` (``build/engine``, what ``make run`` starts)."""
    base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    pure = {**base, "PYTHONPATH": str(ROOT / "src")}
    if (compiled / "bin" / "python").exists():
        return {"pure": (sys.executable, pure), "compiled": (str(compiled / "bin" / "python"), base)}
    return {"pure": (sys.executable, pure), "compiled": (sys.executable, {**base, "PYTHONPATH": str(compiled)})}


def check(python: str, env: dict[str, str], want: str) -> None:
    probe = "from evogames.build import which; print(which())"
    got = subprocess.run([python, "-c", probe], capture_output=True, text=True, env=env, check=True).stdout.strip()
    if got != want:
        raise SystemExit(f"{python} runs the {got} build, not the {want} one")


def table(runs: dict[str, list[float]], uno: float, rounds: int, seconds: float) -> None:
    med = {key: statistics.median(values) for key, values in runs.items()}
    print(f"\nMedians of {rounds} interleaved rounds ({seconds:g} CPU s per column); UNO {uno:,.0f} actions/s")
    print("| game | pure actions/s | × UNO | compiled actions/s | × UNO | compiled ÷ pure | ISMCTS it/s pure "
          "| compiled | ÷ pure | lab games/s pure | compiled | ÷ pure |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for entry in catalog():
        name = entry["name"]
        pa, ca = med[f"pure {name} actions"], med[f"compiled {name} actions"]
        ps, cs = med[f"pure {name} search"], med[f"compiled {name} search"]
        pl, cl = med[f"pure {name} lab"], med[f"compiled {name} lab"]
        print(f"| {name} | {pa:,.0f} | {pa / uno:.2f} | {ca:,.0f} | {ca / uno:.2f} | {ca / pa:.2f} "
              f"| {ps:,.0f} | {cs:,.0f} | {cs / ps:.2f} | {pl:,.1f} | {cl:,.1f} | {cl / pl:.2f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--venv", "--compiled", type=Path, default=Path("/tmp/evogames-compiled-venv"),
                        help="the compiled build: a venv with the compiled wheel, or a folder such as build/engine")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per column per round")
    parser.add_argument("--paired", type=int, default=0, metavar="N",
                        help="only the searches, from the same N positions in both builds")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--search-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker or args.search_worker:
        print(json.dumps((worker if args.worker else search_worker)(args.seconds, args.seed)))
        return
    interpreters = builds(args.venv)
    for build, (python, env) in interpreters.items():
        check(python, env, build)
    if args.paired:
        paired(interpreters, args.paired, args.seconds)
        return
    uno_play = uno_player()
    timed(uno_play, args.seconds / 10)
    runs: dict[str, list[float]] = {"uno": []}
    for index in range(args.rounds):
        runs["uno"].append(timed(uno_play, args.seconds))
        for build, (python, env) in interpreters.items():
            for key, value in run_worker(python, env, args.seconds, index).items():
                runs.setdefault(f"{build} {key}", []).append(value)
        print(f"round {index + 1}/{args.rounds} done", flush=True)
    table(runs, statistics.median(runs["uno"]), args.rounds, args.seconds)


if __name__ == "__main__":
    main()
