"""A sweep's results as tables: games, seats, rounds; written as Parquet (and CSV).

- ``games``: one row per game (``game_id``, variant, seed, options, lineup, rounds, ...);
- ``seats``: one row per seat (bot, seat, score, win, cards played, and the
  game's own seat tallies: the columns of its ``stats()['seats']``);
- ``rounds``: each seat's state at the end of each round: the game's history
  metrics (the keys of its ``stats()['history']``).

``sweep.json`` beside them holds the spec and whether the sweep finished.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from evogames.core.errors import ErrorCode, UsageError
from evogames.core.match import Match
from evogames.sim.sweep import SweepResult, SweepSpec, replay_row

CATEGORIES = ("variant_label", "lineup", "options", "bot", "style", "main_type", "reason")
TABLES = ("games", "seats", "rounds")


@dataclass
class Tables:
    spec: SweepSpec
    games: pd.DataFrame
    seats: pd.DataFrame
    rounds: pd.DataFrame
    complete: bool = True
    seconds: float = 0.0


def to_tables(result: SweepResult) -> Tables:
    games = _frame([o.game for o in result.outcomes])
    seats = _frame([row for o in result.outcomes for row in o.seats])
    rounds = pd.DataFrame([r for o in result.outcomes for r in o.rounds])
    if rounds.empty:
        rounds = pd.DataFrame(columns=["game_id", "seat", "round"])
    rounds = rounds.astype({c: "int32" for c in rounds.columns if rounds[c].dtype.kind in "iu" or rounds.empty})
    if len(seats):
        extra = seats[["game_id", "seat", "variant_label", "bot", "style"]]
        rounds = rounds.merge(extra, on=["game_id", "seat"], how="left")
    return Tables(result.spec, games, seats, rounds, result.complete, result.seconds)


def _frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    frame = pd.DataFrame(rows)
    for column in CATEGORIES:
        if column in frame:
            frame[column] = frame[column].astype("category")
    for column in frame.columns:  # a fixed schema whatever the size: int32, seeds int64
        if frame[column].dtype == "int64" and column != "seed":
            frame[column] = frame[column].astype("int32")
    return frame


def write_tables(tables: Tables, out: Path, csv: bool = False) -> list[Path]:
    """Write every table as Parquet (and CSV) plus ``sweep.json``; return the paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in TABLES:
        frame: pd.DataFrame = getattr(tables, name)
        paths.append(out / f"{name}.parquet")
        frame.to_parquet(paths[-1], index=False)
        if csv:
            paths.append(out / f"{name}.csv")
            frame.to_csv(paths[-1], index=False)
    meta = {"spec": tables.spec.to_dict(), "complete": tables.complete, "games_played": len(tables.games),
            "seconds": round(tables.seconds, 3)}
    paths.append(out / "sweep.json")
    paths[-1].write_text(json.dumps(meta, indent=2))
    return paths


def read_tables(out: Path) -> Tables:
    try:
        meta = json.loads((out / "sweep.json").read_text())
        frames = [pd.read_parquet(out / f"{name}.parquet") for name in TABLES]
    except FileNotFoundError as err:
        raise UsageError(f"No sweep results in {out} ({err.filename} is missing).", ErrorCode.SWEEP_MISSING) from err
    games, seats, rounds = frames
    return Tables(SweepSpec.from_dict(meta["spec"]), games, seats, rounds, bool(meta["complete"]),
                  float(meta.get("seconds", 0.0)))


def replay_game(out: Path, game_id: int) -> tuple[Match, dict[str, Any]]:
    """Replay game ``game_id`` of the sweep in ``out``: the match and its stored row."""
    tables = read_tables(out)
    found = tables.games[tables.games["game_id"] == game_id]
    if found.empty:
        raise UsageError(f"No game {game_id} in {out} (rows 0..{len(tables.games) - 1}).", ErrorCode.SWEEP_ROW)
    row: dict[str, Any] = {str(k): v for k, v in found.iloc[0].to_dict().items()}
    return replay_row(row, tables.spec.game), row


def memory_per_rows(frame: pd.DataFrame, rows: int = 100_000) -> float:
    """Bytes a table of ``rows`` rows like ``frame`` takes (deep memory usage)."""
    if frame.empty:
        return 0.0
    return float(frame.memory_usage(deep=True).sum()) / len(frame) * rows
