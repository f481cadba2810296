"""The rulebook's discussion answers ("LEARNING WITH THE GAME") as experiments.

A lesson is data: a claim, the experiment's arms (options + lineup), the
seat metric, and the effect as a signed sum of terms ``stat(metric of bot's
seats in arm)``; a claim names the sign it expects. The effect's 95%
interval comes from a bootstrap over games (each arm resampled on its own,
seats of one game kept together). Verdict: *supported* when the interval
lies entirely on the expected side of 0, *not supported* when entirely on
the other side, *inconclusive* when it holds 0.

Add a lesson by appending to ``LESSONS``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

from evogames.sim.results import to_tables
from evogames.sim.stats import STATS, Interval, resample
from evogames.sim.sweep import Progress, SweepSpec, Variant, run_sweep

FLASHY_HIGH = "heuristic:prefer=flashy:invest=high:risk=1"
FLASHY_LOW = "heuristic:prefer=flashy:invest=low"
FLASHY = "heuristic:prefer=flashy"
COMBAT = "heuristic:prefer=combat"
SAVER = "heuristic:save_below=4"
SPENDER = "heuristic:save_below=0"
# Environment cards with Predators (E03 E04 E05 E10 E13 E15 E19 E23: 1, E18 E21: 2)
PREDATOR_DECK = ["E03", "E04", "E05", "E10", "E13", "E15", "E18", "E19", "E21", "E23", "E18", "E21"]
# Environment cards with Female Scarcity and no Predator (Food 1-2)
SCARCITY_DECK = ["E06", "E07", "E16", "E20", "E06", "E16", "E07", "E20"]


@dataclass(frozen=True)
class Arm:
    label: str
    options: dict[str, object]
    bots: str


@dataclass(frozen=True)
class Term:
    """``sign`` x stat(metric over the seats of ``bot`` in arm ``arm``)."""

    sign: int
    arm: str
    bot: str


@dataclass(frozen=True)
class Lesson:
    key: str
    claim: str
    design: str
    arms: tuple[Arm, ...]
    terms: tuple[Term, ...]
    metric: str  # a seat column: score, score_per_round, win, ...
    expect: int  # +1: the effect should be positive; -1: negative
    stat: str = "mean"  # "mean" or "sd" over the seats
    players: int = 4


def _predation(label: str, predation: bool) -> Arm:
    options = {"environment": "custom", "environment_cards": PREDATOR_DECK, "predation": predation}
    return Arm(label, options, f"{FLASHY_HIGH},{COMBAT},{FLASHY_LOW},{COMBAT}")


def _did(bot: str, other: str, base: str, treated: str) -> tuple[Term, ...]:
    """(bot in treated - bot in base) - (other in treated - other in base)."""
    return (Term(1, treated, bot), Term(-1, base, bot), Term(-1, treated, other), Term(1, base, other))


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "predation_flashy",
        "High predation lowers the payoff of high-investment flashy strategies.",
        "Predation is on/off, not an intensity, so both arms play a custom deck made only of Predator "
        "Environments (12 cards, 1-2 Predators each): once with every Predator ignored, once with them hunting. "
        f"Payoff = Offspring per round of the high-investment flashy bot ({FLASHY_HIGH}). "
        "Effect = hunting minus ignored; expected negative.",
        (_predation("predators ignored", False), _predation("predators hunt", True)),
        (Term(1, "predators hunt", FLASHY_HIGH), Term(-1, "predators ignored", FLASHY_HIGH)),
        "score_per_round", -1,
    ),
    Lesson(
        "predation_flashy_relative",
        "Predation hurts high-investment flashy strategies more than low-investment ones.",
        "Same two arms; difference in differences of Offspring per round: high-investment flashy bot minus "
        f"low-investment flashy bot ({FLASHY_LOW}), hunting minus ignored. Expected negative.",
        (_predation("predators ignored", False), _predation("predators hunt", True)),
        _did(FLASHY_HIGH, FLASHY_LOW, "predators ignored", "predators hunt"),
        "score_per_round", -1,
    ),
    Lesson(
        "scarcity_flashy_vs_combat",
        "Female Scarcity hurts flashy strategies more than combat strategies.",
        "Both arms play a custom deck of Female Scarcity Environments (no Predators); one arm ignores the "
        f"Scarcity icons. Difference in differences of Offspring per round: flashy bot ({FLASHY}) minus "
        f"combat bot ({COMBAT}), scarce minus plenty. Expected negative.",
        (Arm("plenty", {"environment": "custom", "environment_cards": SCARCITY_DECK, "female_scarcity": False},
             f"{FLASHY},{COMBAT},{FLASHY},{COMBAT}"),
         Arm("scarce", {"environment": "custom", "environment_cards": SCARCITY_DECK, "female_scarcity": True},
             f"{FLASHY},{COMBAT},{FLASHY},{COMBAT}")),
        _did(FLASHY, COMBAT, "plenty", "scarce"),
        "score_per_round", -1,
    ),
    Lesson(
        "lunch_variable",
        "In the variable environment, saving with Out to Lunch pays more than in the stable one.",
        f"A saver ({SAVER}: Out to Lunch whenever paying would leave under 4 Food) and a spender ({SPENDER}) "
        "share every table. Difference in differences of win rate: saver minus spender, variable deck minus "
        "stable deck. Expected positive.",
        (Arm("stable", {"environment": "stable"}, f"{SAVER},{SPENDER},{SAVER},{SPENDER}"),
         Arm("variable", {"environment": "variable"}, f"{SAVER},{SPENDER},{SAVER},{SPENDER}")),
        _did(SAVER, SPENDER, "stable", "variable"),
        "win", 1,
    ),
    Lesson(
        "combat_risky",
        "Combat strategies are risky: their Offspring vary more.",
        f"Combat bots ({COMBAT}) and flashy bots ({FLASHY}) share stable-deck tables. Effect = standard "
        "deviation of final Offspring, combat seats minus flashy seats. Expected positive.",
        (Arm("stable", {"environment": "stable"}, f"{COMBAT},{FLASHY},{COMBAT},{FLASHY}"),),
        (Term(1, "stable", COMBAT), Term(-1, "stable", FLASHY)),
        "score", 1, stat="sd",
    ),
)


@dataclass(frozen=True)
class Finding:
    lesson: Lesson
    effect: Interval
    arms: dict[str, int]  # games per arm
    verdict: str


def verdict(effect: Interval, expect: int) -> str:
    if math.isnan(effect.value):
        return "inconclusive"
    side = effect.excludes(0.0)
    return "inconclusive" if side == 0 else "supported" if side == expect else "not supported"


def lesson_spec(lesson: Lesson, games: int, seed: int, game: str = "mating") -> SweepSpec:
    variants = tuple(Variant(a.label, dict(a.options), a.bots) for a in lesson.arms)
    return SweepSpec(game, lesson.players, games, seed, variants)


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
            point += term.sign * float(stat(values.reshape(1, -1))[0])
            draws += term.sign * stat(values[idx].reshape(boots, -1))
    low, high = np.percentile(draws, [2.5, 97.5])
    effect = Interval(point, float(low), float(high))
    return Finding(lesson, effect, counts, verdict(effect, lesson.expect))


def _per_game(part: pd.DataFrame, bot: str, metric: str, games: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """(games, seats of ``bot``) matrix of ``metric``, games in the order of ``games``."""
    mine = part[part["bot"] == bot].sort_values(["game", "seat"])
    per_game = len(mine) // len(games)
    if per_game == 0 or len(mine) != per_game * len(games):
        raise ValueError(f"bot {bot!r} does not sit the same number of seats in every game")
    return np.asarray(mine[metric].to_numpy(dtype=float).reshape(len(games), per_game))


def run_lessons(games: int, seed: int = 0, workers: int | None = None, game: str = "mating",
                lessons: tuple[Lesson, ...] = LESSONS, boots: int = 1000,
                progress: Callable[[str], Progress] | None = None) -> list[Finding]:
    """Play each lesson's arms (``games`` games each) and measure its effect."""
    findings = []
    played: dict[str, pd.DataFrame] = {}  # lessons that share arms share their games
    for lesson in lessons:
        spec = lesson_spec(lesson, games, seed, game)
        key = json.dumps(spec.to_dict(), sort_keys=True)
        if key not in played:
            result = run_sweep(spec, workers, progress=progress(lesson.key) if progress else None)
            if result.interrupted:
                raise KeyboardInterrupt
            played[key] = to_tables(result).seats
        findings.append(measure(lesson, played[key], boots, seed))
    return findings
