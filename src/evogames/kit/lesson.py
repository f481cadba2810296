"""A game's lab settings as data: its lessons (the claim, the experiment's arms and the effect's
terms) and its balance set-up, in one ``LabSetup``.

A game's ``lessons.py`` builds ``LAB = LabSetup(...)`` from these classes. This module
imports nothing heavy (no pandas, no numpy), so reading a game's lessons is cheap;
the lab that plays and measures them is ``evogames.sim``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Arm:
    """One arm of an experiment (a lesson, a balance report, a sweep): options on top of the game's
    defaults, and a lineup ("": the experiment's own lineup, e.g. the balance report's)."""

    label: str
    options: dict[str, object]
    bots: str = ""


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
    per: str = ""  # a seat column: the metric is a ratio, sum(metric) / sum(per) over the seats (e.g. per capture)

    def __post_init__(self) -> None:
        if self.per and self.stat != "mean":
            raise ValueError(f"lesson {self.key!r}: a ratio metric (per={self.per!r}) is a ratio of sums, "
                             f"not {self.stat!r}")


DEFAULT_BALANCE_BOTS = "heuristic,random"


@dataclass(frozen=True)
class LabSetup:
    """A game's lab settings, one value: ``LAB`` in its ``lessons.py`` (a game without one gets ``LabSetup()``).

    - ``lessons``: the rulebook's claims as experiments (``evogames lab lessons``);
    - ``balance_bots`` and ``balance_arms``: the lineup and the arms of ``evogames lab balance``;
    - ``option_aliases``: short option names for the lab: alias -> (real option, negate).
    """

    lessons: tuple[Lesson, ...] = ()
    balance_bots: str = DEFAULT_BALANCE_BOTS
    balance_arms: tuple[Arm, ...] = (Arm("base", {}),)
    option_aliases: Mapping[str, tuple[str, bool]] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "option_aliases", MappingProxyType(dict(self.option_aliases)))
