"""Strength: one bot against other bots (heuristic by default), seats rotated, ties shared, Wilson interval.

    PYTHONPATH=src python benchmarks/bench_strength.py --bot ismcts:iterations=200 --games 8 [--game mating]
    PYTHONPATH=src python benchmarks/bench_strength.py --bot expert --against hard --game dodo --workers 2
    python benchmarks/bench_strength.py --bot ismcts:iterations=293:early=1 --game dodo --games 400 \
        --record benchmarks/results/strength/dodo-hard.jsonl      # resumable: reruns play only what is missing
    python benchmarks/bench_strength.py --summary benchmarks/results/strength/*.jsonl

Each game of the five is played at 4 seats (2 for Phylo and Dodo); game ``i`` seats the bot at
``i % players``, so with ``--games`` a multiple of the seat count every seat is taken equally often.
A k-way tie for the win counts 1/k. Also reported: the bot's iterations per second and its mean
and p95 seconds per move (moves with one legal action excluded). One process.

``--record FILE`` appends one JSON line per game (its index, the bot's share of the win, its searched
moves' seconds and iterations, the build); a run with the same settings and file plays only the games
not yet in it, so a long measurement is built up over several sittings and machines. Game ``i`` is the
same match (seed, seats) in every sitting, so the shards add up to one run. ``--summary`` reads files.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from evogames.bots import bot_action, make_bot
from evogames.bots.ismcts import ISMCTSBot
from evogames.build import which
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


def settings(game: str, bot: str, seed: int, against: str, players: int) -> dict[str, Any]:
    """What makes game ``i`` the same match in every sitting: records of other settings never mix."""
    return {"game": game, "bot": bot, "against": against, "players": players or SEATS[game], "seed": seed}


def paired_with(out: Path, base: Path, game: str, bot: str, seed: int) -> str:
    """Game by game, ``out``'s shares (``{"first": i, "wins": share}`` lines) against the record in ``base`` of
    ``bot`` at ``seed`` (the same matches): the mean paired difference and its standard error."""
    mine = {r["first"]: r["wins"] for r in map(json.loads, out.read_text().splitlines())}
    key = settings(game, bot, seed, "heuristic", 0)
    theirs = {r["first"]: r["wins"] for r in read_records(base) if all(r[k] == v for k, v in key.items())}
    both = sorted(set(mine) & set(theirs))
    if len(both) < 2:
        return "fewer than 2 games in both files"
    gaps = [mine[i] - theirs[i] for i in both]
    mean = sum(gaps) / len(gaps)
    se = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1) / len(gaps))
    return (f"{len(both)} paired games: seeing {sum(mine[i] for i in both) / len(both):.3f}, honest "
            f"{sum(theirs[i] for i in both) / len(both):.3f}, difference {mean:+.3f} (standard error {se:.3f})")


def read_records(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def recorded(path: Path | None, key: dict[str, Any]) -> set[int]:
    """The game indices already in the file for these settings."""
    if path is None:
        return set()
    return {i for r in read_records(path) if all(r[k] == v for k, v in key.items())
            for i in range(r["first"], r["first"] + r["games"])}


def append_record(path: Path, key: dict[str, Any], index: int, share: float, moves: list[float],
                  iters: list[int]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    record = {**key, "first": index, "games": 1, "wins": share, "moves": len(moves),
              "seconds": round(sum(moves), 3), "iterations": sum(iters), "build": which(),
              "date": time.strftime("%Y-%m-%d")}
    with path.open("a") as out:
        out.write(json.dumps(record) + "\n")


def bench(game: str, bot: str, games: int, seed: int, minutes: float = 0.0, against: str = "heuristic",
          workers: int = 1, players: int = 0, progress: bool = False,
          record: Path | None = None) -> dict[str, Any]:
    """``games`` games, or (``minutes`` > 0) whole rotations of the seats until the time is spent.

    With ``record``, each game is appended to the file and games already there are not played again."""
    players = players or SEATS[game]
    key = settings(game, bot, seed, against, players)
    done = recorded(record, key)
    moves: list[float] = []
    iters: list[int] = []
    started = time.perf_counter()
    wins, n = 0.0, 0
    batch = players * max(1, workers)
    pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None
    todo = (i for i in range(10**9) if i not in done)
    try:
        while (n + len(done) < games) if not minutes else (time.perf_counter() - started < minutes * 60):
            size = batch if minutes else min(batch, games - n - len(done))
            indices = [next(todo) for _ in range(size)]
            jobs = [(game, bot, i, seed, against, players) for i in indices]
            for index, (share, m, it) in zip(indices, pool.map(_play, jobs) if pool else map(_play, jobs), strict=True):
                wins += share
                moves += m
                iters += it
                if record is not None:
                    append_record(record, key, index, share, m, it)
            n += len(jobs)
            if progress:
                print(f"  {game}: {wins:.1f} of {n}", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
    return tally(game, players, wins, n, moves, iters, (time.perf_counter() - started) / 60)


def tally(game: str, players: int, wins: float, n: int, moves: list[float], iters: list[int],
          minutes: float) -> dict[str, Any]:
    low, high = wilson(wins, n)
    p95 = sorted(moves)[int(0.95 * (len(moves) - 1))] if moves else 0.0
    return {"game": game, "players": players, "n": n, "wins": wins, "rate": wins / n if n else 0.0,
            "fair": 1 / players, "low": low, "high": high,
            "iters_per_s": sum(iters) / sum(moves) if moves else 0.0,
            "mean_s": statistics.fmean(moves) if moves else 0.0, "p95_s": p95, "minutes": minutes}


def summary(paths: list[Path]) -> list[dict[str, Any]]:
    """One row per settings over every record in the files (a game recorded twice counts once)."""
    rows: dict[str, dict[int, dict[str, Any]]] = {}
    for path in paths:
        for r in read_records(path):
            key = json.dumps({k: r[k] for k in ("game", "bot", "against", "players", "seed")})
            rows.setdefault(key, {}).setdefault(r["first"], r)
    out = []
    for key, records in rows.items():
        k = json.loads(key)
        rs = list(records.values())
        n = sum(r["games"] for r in rs)
        seconds, moves = sum(r.get("seconds", 0.0) for r in rs), sum(r.get("moves", 0) for r in rs)
        row = tally(k["game"], k["players"], sum(r["wins"] for r in rs), n, [], [], 0.0)
        row.update(bot=k["bot"], against=k["against"], seed=k["seed"],
                   iters_per_s=sum(r.get("iterations", 0) for r in rs) / seconds if seconds else 0.0,
                   mean_s=seconds / moves if moves else 0.0, p95_s=float("nan"),
                   builds=sorted({r.get("build", "?") for r in rs}), dates=sorted({r.get("date", "?") for r in rs}))
        out.append(row)
    return out


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
    parser.add_argument("--record", type=Path, help="append each game to this JSON-lines file; skip games in it")
    parser.add_argument("--summary", type=Path, nargs="+", help="only report what these record files hold")
    args = parser.parse_args()
    if args.summary:
        print("| game | seats | bot | against | n | win rate | fair share | Wilson 95% | iterations/s | mean s/move |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for r in summary(args.summary):
            print(f"| {r['game']} | {r['players']} | `{r['bot']}` | {r['against']} | {r['n']} | {r['rate']:.2f} "
                  f"({r['wins']:.1f}) | {r['fair']:.2f} | {r['low']:.2f}–{r['high']:.2f} | {r['iters_per_s']:.0f} "
                  f"| {r['mean_s']:.2f} |")
        return
    print(f"{args.bot} vs {args.against} bots, seats rotated, ties shared (1/k)")
    print("| game | seats | n | win rate | fair share | Wilson 95% | iterations/s | mean s/move | p95 s/move |")
    print("|---|---|---|---|---|---|---|---|---|")
    for game in args.game or list(SEATS):
        r = bench(game, args.bot, args.games, args.seed, args.minutes, args.against, args.workers, args.players,
                  args.progress, args.record)
        print(f"| {game} | {r['players']} | {r['n']} | {r['rate']:.2f} ({r['wins']:.1f}) | {r['fair']:.2f} "
              f"| {r['low']:.2f}–{r['high']:.2f} | {r['iters_per_s']:.0f} | {r['mean_s']:.2f} | {r['p95_s']:.2f} |"
              f" ({r['minutes']:.1f} min)",
              flush=True)


if __name__ == "__main__":
    main()
