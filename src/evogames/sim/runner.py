"""``simulate``: a batch of bot games with a summary (the ``evogames simulate --json`` shape).

A batch is a sweep of one variant (``sim.sweep``): the same seeds (game ``i`` uses
``derive_seed(seed, i)``), the same games and the same seat rows as ``evogames sweep``,
so any game of a batch replays alone. ``Lineup`` and ``play_game`` (one game) live in
``sim.play`` and are re-exported here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.errors import ErrorCode, UsageError
from evogames.core.registry import game as lookup
from evogames.sim.play import SEAT_COLUMNS, Lineup, Outcome, play_game
from evogames.sim.sweep import SweepResult, build_spec, run_sweep

__all__ = ["Lineup", "play_game", "simulate", "summarize"]


def simulate(
    game: str,
    games: int,
    players: int,
    bots: str | list[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    rows: list[dict[str, Any]] | None = None,
    workers: int = 1,
) -> dict[str, Any]:
    """Play ``games`` bot games (a one-variant sweep) and summarise them.

    ``rows``, if given, receives the sweep's seat rows (one per seat per game, in game order).
    Ctrl-C stops the batch (KeyboardInterrupt): a summary of part of it would mislead."""
    if games < 1:
        raise UsageError("Simulate at least one game.", ErrorCode.SIM_GAMES)
    lineup = bots if isinstance(bots, str) else ",".join(bots)
    spec = build_spec(game, players, games, seed, lineup, options)
    tick = (lambda done, total: progress(done)) if progress else None
    result = run_sweep(spec, workers, progress=tick)
    if result.interrupted:
        raise KeyboardInterrupt
    if rows is not None:
        rows.extend(row for outcome in result.outcomes for row in outcome.seats)
    return summarize(result, options)


def _count(wins: float) -> float:
    """Wins as the JSON shows them: a whole number stays one (``35``), a shared one keeps its fraction."""
    wins = round(float(wins), 6)
    return int(wins) if wins.is_integer() else wins


def summarize(result: SweepResult, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ``simulate --json`` summary of a one-variant sweep's games."""
    spec, outcomes = result.spec, result.outcomes
    games = len(outcomes)
    names = list(Lineup.parse(spec.variants[0].bots, spec.players).names)
    per_seat, scores = [0.0] * spec.players, [0.0] * spec.players  # wins: shares (a tie's k winners 1/k each)
    for row in (row for o in outcomes for row in o.seats):
        per_seat[row["seat"]] += row["win"]
        scores[row["seat"]] += row["score"]
    per_seat = [_count(wins) for wins in per_seat]
    per_bot: dict[str, float] = {}
    seats_per_bot: dict[str, int] = {}
    for seat, name in enumerate(names):
        per_bot[name] = _count(per_bot.get(name, 0) + per_seat[seat])
        seats_per_bot[name] = seats_per_bot.get(name, 0) + 1
    reasons: dict[str, int] = {}
    for o in outcomes:
        reasons[o.game["reason"]] = reasons.get(o.game["reason"], 0) + 1
    seconds = result.seconds
    return {
        "game": spec.game,
        "games": games,
        "players": spec.players,
        "seed": spec.seed,
        "options": options or {},
        "bots": names,
        "wins": {"per_seat": per_seat, "per_bot": per_bot},
        "win_rate_per_bot": {name: per_bot[name] / (games * seats_per_bot[name]) for name in per_bot},
        "mean_rounds": sum(o.game["rounds"] for o in outcomes) / games,
        "mean_score_per_seat": [s / games for s in scores],
        "end_reasons": reasons,
        "per_game_means": _tally_means(outcomes, games),
        "stat_means_per_seat": _labelled_means(spec.game, outcomes, spec.players, games),
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
    }


def _tally_means(outcomes: list[Outcome], games: int) -> dict[str, float]:
    """Per game, each of the game's seat tallies summed over the seats (the columns after ``SEAT_COLUMNS``)."""
    totals: dict[str, float] = {}
    for row in (row for o in outcomes for row in o.seats):
        for key, value in row.items():
            if key not in SEAT_COLUMNS and isinstance(value, int | float):
                totals[key] = totals.get(key, 0) + value
    return {key: value / games for key, value in sorted(totals.items())}


def _labelled_means(game: str, outcomes: list[Outcome], players: int, games: int) -> dict[str, list[float]]:
    """Per seat, the mean of each seat tally the game labels (its spec's ``stat_labels``)."""
    columns = [c for c in lookup(game).stat_labels if outcomes and c in outcomes[0].seats[0]]
    sums = {column: [0.0] * players for column in columns}
    for row in (row for o in outcomes for row in o.seats):
        for column in columns:
            sums[column][row["seat"]] += row[column]
    return {column: [total / games for total in totals] for column, totals in sums.items()}
