"""Every game's engine against RLCard UNO: actions per CPU second, and what one search iteration costs.

    pip install -e '.[bench]'          # RLCard, this benchmark's peer (not needed by the tests)
    python benchmarks/bench_uno.py [--rounds 5] [--seconds 1.0] [--positions 20]

Random legal play on one core, in one process, timed with ``time.process_time()`` (CPU seconds,
fair on a shared machine). Each round plays, in turn, RLCard UNO (``rlcard.make('uno')``, its
random legal play through ``env.step``) and every game twice: through ``Match`` (seat-checked
actions, as ``bench_engine.py`` plays) and through its spec directly (``spec.legal`` and
``spec.apply`` on a state, as a search does). Rounds interleave, so a slow spell on the machine
hits every column alike; the table gives each column's median and its ratio to UNO's median.

Then, per game, the median microseconds of ``clone()``, ``determinize()``, ``full_view(seat)`` and
``legal()`` over mid-game positions of random games (what an ISMCTS iteration calls).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from evogames import Match, catalog
from evogames.core.options import validate_options
from evogames.core.registry import game as lookup
from evogames.core.rng import Rng

TABLE = {"phylo": 2}  # the table each game is measured at when it is not 4 (as bench_engine.py)


def players_of(entry: dict[str, Any]) -> int:
    return TABLE.get(entry["name"], min(4, entry["max_players"]))


def timed(play_one: Callable[[int], int], seconds: float) -> float:
    """Actions per CPU second: whole games (seeds 0, 1, ...) until ``seconds`` of CPU time are spent."""
    actions, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += play_one(seed)
        seed += 1
    return actions / (time.process_time() - start)


def uno_player() -> Callable[[int], int]:
    import rlcard  # the benchmark's dev-only peer (the 'bench' extra)

    env = rlcard.make("uno", config={"seed": 0})

    def play_one(seed: int) -> int:
        rng = Rng(seed)
        state, _ = env.reset()
        actions = 0
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            actions += 1
        return actions
    return play_one


def match_player(name: str, players: int) -> Callable[[int], int]:
    def play_one(seed: int) -> int:
        rng = Rng(seed)
        m = Match(name, players, seed=seed)
        actions = 0
        while not m.over:
            seat = m.to_act[0]
            m.act(seat, rng.choice(m.legal(seat)))
            actions += 1
        return actions
    return play_one


def spec_player(name: str, players: int) -> Callable[[int], int]:
    spec = lookup(name)
    options = validate_options(spec.options, None)

    def play_one(seed: int) -> int:
        rng = Rng(seed)
        state = spec.new_state(players, seed, options)
        actions = 0
        while not spec.is_over(state):
            seat = spec.to_act(state)[0]
            spec.apply(state, seat, rng.choice(spec.legal(state, seat)))
            actions += 1
        return actions
    return play_one


def throughput(rounds: int, seconds: float) -> None:
    entries = list(catalog())
    columns: dict[str, Callable[[int], int]] = {"uno": uno_player()}
    for entry in entries:
        columns[f"{entry['name']} match"] = match_player(entry["name"], players_of(entry))
        columns[f"{entry['name']} spec"] = spec_player(entry["name"], players_of(entry))
    for play_one in columns.values():
        timed(play_one, seconds / 10)  # warm up
    runs: dict[str, list[float]] = {key: [] for key in columns}
    for index in range(rounds):
        for key, play_one in columns.items():
            runs[key].append(timed(play_one, seconds))
        print(f"round {index + 1}/{rounds} done", flush=True)
    uno = statistics.median(runs["uno"])
    print(f"\nActions per CPU second, medians of {rounds} interleaved rounds of {seconds:g} s each; "
          "ratio to RLCard UNO (2 players)")
    print(f"{'game':<10} {'players':>7} {'Match':>9} {'ratio':>6} {'spec':>9} {'ratio':>6}")
    print(f"{'uno':<10} {2:>7} {uno:>9,.0f} {1.0:>6.2f}")
    for entry in entries:
        name = entry["name"]
        via_match, via_spec = statistics.median(runs[f"{name} match"]), statistics.median(runs[f"{name} spec"])
        print(f"{name:<10} {players_of(entry):>7} {via_match:>9,.0f} {via_match / uno:>6.2f} "
              f"{via_spec:>9,.0f} {via_spec / uno:>6.2f}")


def mid_game(name: str, players: int, seed: int) -> Any:
    """The state halfway through a random game (seed ``seed``), with a seat to act."""
    spec = lookup(name)
    length = match_player(name, players)(seed)
    rng = Rng(seed)
    m = Match(name, players, seed=seed)
    for _ in range(length // 2):
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    return spec, m.state


def microseconds(call: Callable[[], Any], repeat: int = 200) -> float:
    start = time.process_time()
    for _ in range(repeat):
        call()
    return (time.process_time() - start) / repeat * 1e6


def costs(positions: int) -> None:
    print(f"\nMicroseconds per call at mid-game positions (median over {positions} random games)")
    print(f"{'game':<10} {'clone':>7} {'determinize':>12} {'full_view':>10} {'legal':>7}")
    for entry in catalog():
        name = entry["name"]
        rows: dict[str, list[float]] = {"clone": [], "determinize": [], "full_view": [], "legal": []}
        for seed in range(positions):
            spec, state = mid_game(name, players_of(entry), seed)
            seat = spec.to_act(state)[0]
            rng = Rng(seed)
            rows["clone"].append(microseconds(state.clone))
            rows["determinize"].append(microseconds(lambda: spec.determinize(state, seat, rng)))  # noqa: B023
            rows["full_view"].append(microseconds(lambda: spec.full_view(state, seat)))  # noqa: B023
            rows["legal"].append(microseconds(lambda: spec.legal(state, seat)))  # noqa: B023
        medians = {key: statistics.median(values) for key, values in rows.items()}
        print(f"{name:<10} {medians['clone']:>7.1f} {medians['determinize']:>12.1f} "
              f"{medians['full_view']:>10.1f} {medians['legal']:>7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per column per round")
    parser.add_argument("--positions", type=int, default=20, help="mid-game positions per game for the µs table")
    args = parser.parse_args()
    throughput(args.rounds, args.seconds)
    costs(args.positions)


if __name__ == "__main__":
    main()
