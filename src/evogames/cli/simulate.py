"""``evogames simulate``: a batch of bot games through ``sim.runner.simulate`` (a one-variant sweep).

``--json`` prints the runner's summary as one JSON object; otherwise a Rich
summary, the score and seat stats named as the game names them (its spec's
``score_label`` and ``stat_labels``). A progress bar only when stdout is a
terminal; ``--out`` writes the sweep's seat rows (``evogames sweep``'s
``seats`` table) as CSV.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table

from evogames.cli.progress import progress_bar
from evogames.core.match import Match
from evogames.core.registry import game as lookup
from evogames.sim.runner import Lineup, simulate
from evogames.sim.words import round_word

Tick = Callable[[int], None]


def check_batch(game: str, players: int, bots: str, seed: int, options: dict[str, Any]) -> None:
    """Raise an ``EvogamesError`` now for a bad game, player count, seed, option or bot."""
    Match(game, players, seed, options)
    Lineup.parse(bots, players).bots(game)


def run_batch(game: str, games: int, players: int, bots: str, seed: int,
              options: dict[str, Any], rows: list[dict[str, Any]] | None) -> dict[str, Any]:
    with progress_bar("simulating", Console(stderr=True)) as update:
        tick = (lambda done: update(done, games)) if update else None
        return simulate(game, games, players, bots, seed, options, progress=tick, rows=rows)


def write_rows(path: Path, rows: list[dict[str, Any]]) -> None:
    """One CSV row per seat per game: the columns of the sweep's seat table."""
    fields = list(dict.fromkeys(key for row in rows for key in row))
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)


def render_summary(summary: dict[str, Any]) -> RenderableType:
    return Group(overview_table(summary), seats_table(summary), reasons_table(summary))


def overview_table(summary: dict[str, Any]) -> Table:
    table = Table(title=f"simulate {summary['game']}", title_justify="left", show_header=False)
    table.add_column(style="bold")
    table.add_column()
    rate = summary["games_per_second"]
    for name, value in (("games", summary["games"]), ("players", summary["players"]),
                        ("bots", ", ".join(summary["bots"])), ("seed", summary["seed"]),
                        (f"mean {round_word(summary['game'])}s", f"{summary['mean_rounds']:.2f}"),
                        ("seconds", f"{summary['seconds']:.2f}"),
                        ("games per second", "—" if rate is None else f"{rate:.1f}")):
        table.add_row(name, str(value))
    return table


def seats_table(summary: dict[str, Any]) -> Table:
    """Per seat: its bot, wins (a tie's k winners 1/k each), win rate, mean score and the mean of each stat the game
    labels."""
    spec = lookup(summary["game"])
    stats: dict[str, list[float]] = summary.get("stat_means_per_seat", {})
    table = Table(title="wins per seat (a tie shares the win: k winners 1/k each)", title_justify="left")
    for column in ("seat", "bot", "wins", "win rate", f"mean {spec.score_label}",
                   *(f"mean {spec.stat_labels.get(key, key)}" for key in stats)):
        table.add_column(column, justify="left" if column == "bot" else "right")
    games = summary["games"]
    for seat, wins in enumerate(summary["wins"]["per_seat"]):
        means = [f"{summary['mean_score_per_seat'][seat]:.2f}", *(f"{m[seat]:.2f}" for m in stats.values())]
        table.add_row(str(seat), summary["bots"][seat], str(wins), f"{wins / games:.1%}", *means)
    return table


def reasons_table(summary: dict[str, Any]) -> Table:
    """How the games ended, in the game's own words where its spec has them (``end_reasons``)."""
    words = lookup(summary["game"]).end_reasons
    table = Table(title="how games ended", title_justify="left")
    table.add_column("reason")
    table.add_column("games", justify="right")
    for reason, count in sorted(summary["end_reasons"].items(), key=lambda item: -item[1]):
        table.add_row(words.get(reason, reason) or "—", str(count))
    return table
