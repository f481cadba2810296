"""A rulebook's claims (its discussion answers) as experiments.

A lesson is data: a claim, the experiment's arms (options + lineup), the
seat metric, and the effect as a signed sum of terms ``stat(metric of bot's
seats in arm)``; a claim names the sign it expects. The effect's 95%
interval comes from a bootstrap over games (each arm resampled on its own,
seats of one game kept together). Verdict: *supported* when the interval
lies entirely on the expected side of 0, *not supported* when entirely on
the other side, *inconclusive* when it holds 0.

Each game's lessons are data in its ``lessons.py`` (the ``lessons`` of its ``LAB``, built
from ``Arm``, ``Term`` and ``Lesson`` of the light module ``evogames.kit.lesson``,
re-exported here); add a lesson by appending to it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

from evogames.core.registry import game as lookup
from evogames.core.spec import GameSpec
from evogames.kit.lesson import Arm, Lesson, Term
from evogames.kit.parts import lab_setup
from evogames.sim.results import Tables, to_tables
from evogames.sim.stats import STATS, Interval, resample
from evogames.sim.sweep import Progress, SweepSpec, run_sweep
from evogames.sim.words import column_name

__all__ = ["Arm", "Finding", "Lesson", "Term", "findings_table", "lesson_spec", "lessons_for",
           "measure", "metric_label", "run_lessons", "verdict"]


@dataclass(frozen=True)
class Finding:
    lesson: Lesson
    effect: Interval
    arms: dict[str, int]  # games per arm
    verdict: str
    undefined: float = 0.0  # a ratio metric's share of bootstrap resamples with nothing counted (left out)


LEFT_OUT_MOST = 0.025  # a ratio metric's resamples with nothing counted, at most, for a verdict other than inconclusive


def verdict(effect: Interval, expect: int) -> str:
    if math.isnan(effect.value):
        return "inconclusive"
    side = effect.excludes(0.0)
    return "inconclusive" if side == 0 else "supported" if side == expect else "not supported"


def lesson_spec(game: str, lesson: Lesson, games: int, seed: int) -> SweepSpec:
    """The lesson's arms as a sweep of ``game``: ``games`` games per arm."""
    return SweepSpec(game, lesson.players, games, seed, lesson.arms)


def measure(lesson: Lesson, seats: pd.DataFrame, boots: int = 1000, seed: int = 0) -> Finding:
    """The lesson's effect with its bootstrap interval, from its sweep's seat table."""
    stat = STATS[lesson.stat]
    point = 0.0
    draws = np.zeros(boots)
    counts = {}
    for k, arm in enumerate(lesson.arms):
        part = seats[seats["variant_label"] == arm.label]
        games = np.sort(part["game"].unique())
        counts[arm.label] = len(games)
        if len(games) < 2:
            return Finding(lesson, Interval(math.nan, math.nan, math.nan), counts, "inconclusive")
        idx = resample(len(games), boots, seed + k)
        for term in (t for t in lesson.terms if t.arm == arm.label):
            values = _per_game(part, term.bot, lesson.metric, games)
            if lesson.per:  # a ratio of sums (mutations per capture): seats without any weigh nothing
                per = _per_game(part, term.bot, lesson.per, games)
                point += term.sign * _ratio(values.reshape(1, -1), per.reshape(1, -1))[0]
                draws += term.sign * _ratio(values[idx].reshape(boots, -1), per[idx].reshape(boots, -1))
                continue
            point += term.sign * float(stat(values.reshape(1, -1))[0])
            draws += term.sign * stat(values[idx].reshape(boots, -1))
    defined = draws[np.isfinite(draws)]  # a ratio's resample with nothing counted has no ratio: left out
    undefined = 1.0 - len(defined) / boots
    if math.isnan(point) or not len(defined):
        return Finding(lesson, Interval(math.nan, math.nan, math.nan), counts, "inconclusive", 1.0)
    low, high = np.percentile(defined, [2.5, 97.5])
    effect = Interval(point, float(low), float(high))
    # an interval over the resamples that counted something is no 95% interval once more than its tails are left out
    said = "inconclusive" if undefined > LEFT_OUT_MOST else verdict(effect, lesson.expect)
    return Finding(lesson, effect, counts, said, undefined)


def _ratio(values: npt.NDArray[np.float64], per: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Each row's sum of ``values`` over its sum of ``per`` (NaN where nothing was counted)."""
    totals = per.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.asarray(np.where(totals > 0, values.sum(axis=1) / totals, np.nan), dtype=np.float64)


def _per_game(part: pd.DataFrame, bot: str, metric: str, games: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """(games, seats of ``bot``) matrix of ``metric``, games in the order of ``games``."""
    mine = part[part["bot"] == bot].sort_values(["game", "seat"])
    per_game = len(mine) // len(games)
    if per_game == 0 or len(mine) != per_game * len(games):
        raise ValueError(f"bot {bot!r} does not sit the same number of seats in every game")
    return np.asarray(mine[metric].to_numpy(dtype=float).reshape(len(games), per_game))


def lessons_for(game: str) -> tuple[Lesson, ...]:
    """The lessons of ``game`` (none for a game without lab settings). An unknown game is refused
    (``IllegalAction``, with the list of games)."""
    return lab_setup(lookup(game)).lessons


def run_lessons(game: str, games: int, seed: int = 0, workers: int | None = None,
                lessons: tuple[Lesson, ...] | None = None, boots: int = 1000,
                progress: Callable[[str], Progress] | None = None,
                tables: dict[str, Tables] | None = None) -> list[Finding]:
    """Play each lesson's arms (``games`` games each) and measure its effect.

    ``tables``, if given, receives each lesson's result tables by lesson key (for the report)."""
    findings = []
    lessons = lessons_for(game) if lessons is None else lessons
    played: dict[str, Tables] = {}  # lessons that share arms share their games
    for lesson in lessons:
        spec = lesson_spec(game, lesson, games, seed)
        key = json.dumps(spec.to_dict(), sort_keys=True)
        if key not in played:
            result = run_sweep(spec, workers, progress=progress(lesson.key) if progress else None)
            if result.interrupted:
                raise KeyboardInterrupt
            played[key] = to_tables(result)
        findings.append(measure(lesson, played[key].seats, boots, seed))
        if tables is not None:
            tables[lesson.key] = played[key]
    return findings


def metric_label(lesson: Lesson, spec: GameSpec) -> str:
    """What the lesson measures on each arm's seats, with its unit: the y-axis of its plot."""
    name = column_name(lesson.metric, spec)
    if lesson.per:
        per = column_name(lesson.per, spec)
        return f"{name} per {per[:-1] if per.endswith('s') else per} (pooled over seats and games)"
    if lesson.stat == "sd":
        return f"standard deviation of {name} over seats"
    if lesson.metric == "win":
        return "win rate (share of wins per seat)"
    return f"mean {name} per seat"


def findings_table(findings: list[Finding], game: str = "") -> pd.DataFrame:
    """Claim, effect [95% bootstrap] and verdict: one row per lesson; with its ``game``, what each measures too
    (``metric_label``: the game's words, never a column's name)."""
    table = pd.DataFrame([{"lesson": f.lesson.key, "claim": f.lesson.claim, "games per arm": min(f.arms.values()),
                           "effect [95% bootstrap]": str(f.effect), "verdict": f.verdict} for f in findings])
    if game:
        spec = lookup(game)
        table.insert(2, "metric", [metric_label(f.lesson, spec) for f in findings])
    if any(f.undefined for f in findings):  # a ratio metric whose resamples counted nothing at times
        table["resamples left out"] = [f"{f.undefined:.1%}" for f in findings]
    return table
