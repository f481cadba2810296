"""The ``medium`` level against the old heuristic, Evolution's seat bias, Adapt or Die's round limit.

    PYTHONPATH=src python benchmarks/bench_medium.py [--games 2000] [--bias-games 2000] [--game mating]

- Strength: one ``medium`` bot against ``heuristic`` bots (4 seats; 2 for Phylo and Dodo), game
  ``i`` seats it at ``i % players`` (with ``--games`` a multiple of 4 every seat equally often),
  a k-way tie counts 1/k, a Wilson 95% interval (``bench_strength.wilson``).
- Seat bias: four identical bots (``medium``, and ``heuristic`` for comparison) play Evolution;
  the win share of each seat and a chi-square test against equal shares (3 degrees of freedom).
- Round limit: four identical bots play Adapt or Die; the share of games scored at the limit.

One process, CPU seconds reported.
"""

from __future__ import annotations

import argparse
import math
import time

from bench_strength import SEATS, play, wilson

from evogames.bots import bot_action, make_bot
from evogames.core.match import Match
from evogames.core.rng import Rng, derive_seed


def chi_square_p(shares: list[float]) -> tuple[float, float]:
    """Chi-square statistic and p-value of win counts against equal shares, for 4 seats (3 df)."""
    total = sum(shares)
    expected = total / len(shares)
    x = sum((s - expected) ** 2 / expected for s in shares)
    assert len(shares) == 4, "the closed form below is for 3 degrees of freedom"
    p = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    return x, p


def alike(game: str, bot: str, seed: int) -> Match:
    """One game of four identical bots."""
    match = Match(game, 4, seed)
    bots = [make_bot(bot, game) for _ in range(4)]
    rngs = [Rng(seed * 7919 + s + 1) for s in range(4)]
    while not match.over:
        seat = match.to_act[0]
        match.act(seat, bot_action(bots[seat], match, seat, rngs[seat]))
    return match


def strength(games: int, seed: int, names: list[str]) -> None:
    print("medium vs old heuristic bots, seats rotated, ties shared (1/k)")
    print("| game | seats | n | win rate | fair share | Wilson 95% | CPU s |")
    print("|---|---|---|---|---|---|---|")
    for game in names:
        started = time.process_time()
        wins = sum(play(game, "medium", i, seed)[0] for i in range(games))
        low, high = wilson(wins, games)
        print(f"| {game} | {SEATS[game]} | {games} | {wins / games:.3f} | {1 / SEATS[game]:.2f} "
              f"| {low:.3f}–{high:.3f} | {time.process_time() - started:.0f} |", flush=True)


def seat_bias(games: int, seed: int) -> None:
    print("\nEvolution, four identical bots: win share per seat (ties 1/k)")
    print("| bots | n | seat 0 | seat 1 | seat 2 | seat 3 | chi-square | p | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for bot in ("heuristic", "medium"):
        started = time.process_time()
        shares = [0.0] * 4
        for i in range(games):
            winners = (alike("evolution", bot, derive_seed(seed, i)).result or {}).get("winners", [])
            for w in winners:
                shares[w] += 1 / len(winners)
        x, p = chi_square_p(shares)
        cells = " | ".join(f"{s / games:.3f}" for s in shares)
        print(f"| {bot} | {games} | {cells} | {x:.1f} | {p:.2g} | {time.process_time() - started:.0f} |",
              flush=True)


def round_limit(games: int, seed: int) -> None:
    print("\nAdapt or Die, four identical bots: games scored at the round limit")
    print("| bots | n | at the limit | share | mean rounds | CPU s |")
    print("|---|---|---|---|---|---|")
    for bot in ("random", "heuristic", "medium"):
        started = time.process_time()
        limit, rounds = 0, 0
        for i in range(games):
            result = alike("adapt", bot, derive_seed(seed, i)).result or {}
            limit += result.get("reason") == "turn_limit"
            rounds += int(result.get("rounds", 0))
        print(f"| {bot} | {games} | {limit} | {limit / games:.3f} | {rounds / games:.1f} "
              f"| {time.process_time() - started:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bias-games", type=int, default=2000)
    parser.add_argument("--limit-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--game", action="append", choices=list(SEATS))
    parser.add_argument("--only", choices=("strength", "bias", "limit"))
    args = parser.parse_args()
    if args.only in (None, "strength"):
        strength(args.games, args.seed, args.game or list(SEATS))
    if args.only in (None, "bias"):
        seat_bias(args.bias_games, args.seed)
    if args.only in (None, "limit"):
        round_limit(args.limit_games, args.seed)


if __name__ == "__main__":
    main()
