"""A lesson as data: the claim, the experiment's arms and the effect's terms.

A game's ``lessons.py`` builds its ``LESSONS`` from these three classes. This module
imports nothing heavy (no pandas, no numpy), so reading a game's lessons is cheap;
the lab that plays and measures them is ``evogames.sim.lessons``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Arm:
    """One arm of the experiment: options on top of the game's defaults, and a lineup."""

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
    """A claim and its experiment: the effect is the signed sum of ``terms``; ``expect`` its sign."""

    key: str
    claim: str
    design: str
    arms: tuple[Arm, ...]
    terms: tuple[Term, ...]
    metric: str  # a seat column: score, score_per_round, win, ...
    expect: int  # +1: the effect should be positive; -1: negative
    stat: str = "mean"  # "mean" or "sd" over the seats
    players: int = 4
