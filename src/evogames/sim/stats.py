"""Intervals for the lab: Wilson for win rates, the bootstrap for means.

Every rate or mean the lab shows comes with its 95% interval; ``fmt_*``
render them as ``0.31 [0.28, 0.34]``, never a bare percentage.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

Z95 = 1.959963984540054
Stat = Callable[[npt.NDArray[np.float64]], npt.NDArray[np.float64]]  # along axis 1 of (B, n)


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float

    def __str__(self) -> str:
        return fmt(self)

    def excludes(self, x: float) -> int:
        """+1 when the interval is entirely above ``x``, -1 entirely below, else 0."""
        return 1 if self.low > x else -1 if self.high < x else 0


def wilson(wins: float, n: int, z: float = Z95) -> Interval:
    """Wilson score interval of a proportion (sound at 0/n and n/n); ``wins`` may hold shared wins (1/k a tie)."""
    if n <= 0:
        return Interval(math.nan, 0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Interval(p, max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))  # p: no rounding out


def _mean(samples: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.asarray(samples.mean(axis=1), dtype=np.float64)


def _sd(samples: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.asarray(samples.std(axis=1, ddof=1), dtype=np.float64)


STATS: dict[str, Stat] = {"mean": _mean, "sd": _sd}


def resample(n: int, boots: int, seed: int) -> npt.NDArray[np.int64]:
    """``boots`` rows of ``n`` indices drawn with replacement."""
    return np.random.default_rng(seed).integers(0, n, size=(boots, n))


def bootstrap(values: Sequence[float] | npt.ArrayLike, stat: str = "mean", boots: int = 1000,
              seed: int = 0) -> Interval:
    """Percentile bootstrap interval of ``stat`` ("mean" or "sd"), in batches to bound memory."""
    data = np.asarray(values, dtype=np.float64)
    if data.size == 0:
        return Interval(math.nan, math.nan, math.nan)
    func = STATS[stat]
    point = float(func(data[None, :])[0])
    if data.size == 1:
        return Interval(point, point, point)
    rng = np.random.default_rng(seed)
    batch = max(1, 4_000_000 // data.size)
    draws = [func(data[rng.integers(0, data.size, size=(min(batch, boots - k), data.size))])
             for k in range(0, boots, batch)]
    low, high = np.percentile(np.concatenate(draws), [2.5, 97.5])
    return Interval(point, float(low), float(high))


def fmt(interval: Interval, digits: int = 2) -> str:
    if math.isnan(interval.value):
        return "n/a"
    return f"{interval.value:.{digits}f} [{interval.low:.{digits}f}, {interval.high:.{digits}f}]"


def win_table(seats: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Win rate with its Wilson interval for each group of seats (``win``: each seat's share of the win)."""
    rows = []
    for key, group in seats.groupby(list(by), observed=True, sort=True):
        keys = key if isinstance(key, tuple) else (key,)
        wins = round(float(group["win"].sum()), 6)
        ci = wilson(wins, len(group))
        rows.append({**dict(zip(by, keys, strict=True)), "seats": len(group), "wins": wins,
                     "win_rate": ci.value, "win_low": ci.low, "win_high": ci.high})
    return pd.DataFrame(rows)


def mean_table(seats: pd.DataFrame, by: Sequence[str], column: str, boots: int = 1000) -> pd.DataFrame:
    """Mean of ``column`` with its bootstrap interval for each group."""
    rows = []
    for key, group in seats.groupby(list(by), observed=True, sort=True):
        keys = key if isinstance(key, tuple) else (key,)
        ci = bootstrap(group[column].to_numpy(dtype=float), boots=boots)
        rows.append({**dict(zip(by, keys, strict=True)), f"{column}_mean": ci.value,
                     f"{column}_low": ci.low, f"{column}_high": ci.high})
    return pd.DataFrame(rows)


def summary_table(seats: pd.DataFrame, boots: int = 1000, columns: Sequence[str] = ()) -> pd.DataFrame:
    """Per variant and bot: seats, win rate [Wilson], mean score and the mean of each seat column in
    ``columns`` that the seats have (the game's labelled stats), each with its bootstrap interval."""
    by = ["variant_label", "bot"]
    table = win_table(seats, by)
    for column in dict.fromkeys(("score", *columns)):
        if column in seats:
            table = table.merge(mean_table(seats, by, column, boots), on=by)
    return table
