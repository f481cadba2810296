"""The scorecard: adaptations applied in the player's order, then per habitat
the distance between each feature and its selection pressure (at most 4),
summed per feature and in total. Lower is better.

Pure functions of numbers, shared by the rules, the bots, the boards and the tests.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import permutations, product
from typing import Any

MAX_FEATURE_SCORE = 4
EXTINCTION_ABOVE = 8  # a habitat score greater than 8 means extinction
MISSING_NICHE = 20  # a niche never obtained (safety limit only): the worst possible fit


def adapt(value: int, kind: str) -> int:
    """One ADAPTATION card on a feature; increase from 5 and decrease from 1 change nothing."""
    if kind == "+3":
        return 3
    step = {"+": 1, "++": 2, "-": -1, "--": -2}[kind]
    return max(1, min(5, value + step))


def end_value(start: int, kinds: tuple[str, ...] | list[str]) -> int:
    for kind in kinds:
        start = adapt(start, kind)
    return start


def feature_score(value: int, pressure: int) -> int:
    return min(MAX_FEATURE_SCORE, abs(value - pressure))


def habitat_score(values: tuple[int, ...] | list[int], pressures: tuple[int, ...]) -> int:
    return sum(feature_score(v, p) for v, p in zip(values, pressures, strict=True))


@cache
def end_values(start: int, kinds: tuple[str, ...]) -> dict[int, tuple[str, ...]]:
    """Each end value these cards can give a feature (over all orders), with an order giving it."""
    found: dict[int, tuple[str, ...]] = {}
    for order in permutations(sorted(kinds)):
        found.setdefault(end_value(start, order), order)
    return found


@lru_cache(maxsize=65536)
def cost_table(pressures: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """cost[f][v]: feature f's total score at value v over habitats with these pressures."""
    return tuple(tuple(sum(feature_score(v, p[f]) for p in pressures) for v in range(6)) for f in range(5))


def best_total(start: tuple[int, ...], kinds: list[list[str]], pressures: list[tuple[int, ...]]) -> int:
    """The lowest total unfit score these cards allow (each feature in its best order)."""
    costs = cost_table(tuple(sorted(pressures)))
    return sum(min(costs[f][v] for v in end_values(start[f], tuple(kinds[f]))) for f in range(len(start)))


def best_orders(start: tuple[int, ...], cards: list[list[str]], pressures: list[tuple[int, ...]],
                extinction: bool = False) -> list[tuple[str, ...]]:
    """Per feature, the order of its adaptation cards that a player would choose:
    the lowest total (extinction variant: fewest extinctions, then lowest total)."""
    options = [end_values(start[f], tuple(cards[f])) for f in range(len(start))]
    if not extinction:
        costs = cost_table(tuple(sorted(pressures)))
        return [opt[min(opt, key=lambda v: (cost[v], v))] for cost, opt in zip(costs, options, strict=True)]
    best = min(product(*(sorted(o) for o in options)), key=lambda vals: _rank(vals, pressures))
    return [options[f][v] for f, v in enumerate(best)]


def _rank(values: tuple[int, ...], pressures: list[tuple[int, ...]]) -> tuple[int, int]:
    scores = [habitat_score(values, p) for p in pressures]
    return sum(s > EXTINCTION_ABOVE for s in scores), sum(scores)


def scorecard(start: tuple[int, ...], orders_: list[tuple[str, ...]],
              habitats: list[tuple[str, tuple[int, ...]]], missing: int = 0) -> dict[str, Any]:
    """The seed's scorecard: one row per feature (start value, adaptations, end value,
    SP and score per habitat, feature total), habitat totals and the total unfit score."""
    end = tuple(end_value(s, o) for s, o in zip(start, orders_, strict=True))
    rows = []
    for f, value in enumerate(end):
        cells = [(p[f], feature_score(value, p[f])) for _, p in habitats]
        rows.append({"start": start[f], "adapt": list(orders_[f]), "end": value,
                     "cells": [list(c) for c in cells], "total": sum(s for _, s in cells)})
    totals = [habitat_score(end, p) for _, p in habitats]
    return {
        "habitats": [h for h, _ in habitats],
        "rows": rows,
        "habitat_totals": totals,
        "extinctions": sum(t > EXTINCTION_ABOVE for t in totals) + missing,
        "missing": missing,
        "total": sum(totals) + missing * MISSING_NICHE,
    }
