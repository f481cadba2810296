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
LOWEST, HIGHEST = 1, 5  # a feature's values
STEPS = {"+": 1, "++": 2, "-": -1, "--": -2}  # ADAPTATION cards that raise or lower a feature
SETS = {"+3": 3}  # ADAPTATION cards that make the feature this value (R 1)


def adapt(value: int, kind: str) -> int:
    """One ADAPTATION card on a feature; increase from 5 and decrease from 1 change nothing."""
    if kind in SETS:
        return SETS[kind]
    return max(LOWEST, min(HIGHEST, value + STEPS[kind]))


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


@cache
def _habitat_costs(pressures: tuple[int, ...]) -> tuple[int, ...]:
    """One habitat's feature scores, flat: index ``f * 6 + v`` is feature f's score at value v."""
    return tuple(feature_score(v, p) for p in pressures for v in range(6))


@lru_cache(maxsize=65536)
def cost_table(pressures: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """cost[f][v]: feature f's total score at value v over habitats with these pressures."""
    if not pressures:
        return ((0,) * 6,) * 5
    flat = [sum(column) for column in zip(*map(_habitat_costs, pressures), strict=True)]
    return tuple(tuple(flat[f * 6:f * 6 + 6]) for f in range(5))


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


Values = tuple[int, ...]


def most_habitats_orders(starts: list[Values], cards: list[list[list[str]]], pressures: list[Values],
                         extinction: bool = False) -> list[list[tuple[str, ...]]]:
    """Shared habitats (l.77, l.101): each player's orders, per feature, winning them the most habitats.

    Everyone starts from their lowest-total orders (``best_orders``); then, round the table
    from Player 1, a player who can win more habitats with other orders (against the others'
    orders as they stand) takes the orders that win the most (ties: the fewest extinctions in
    that variant, then the lowest total). The rounds stop when a round changes nothing, or
    when the table of orders repeats one already seen (the changes would go round in circles).
    """
    options = _options(starts, cards)
    values, _ = table_rounds(starts, cards, pressures, extinction)
    return [[opts[f][v] for f, v in enumerate(vals)] for opts, vals in zip(options, values, strict=True)]


def _options(starts: list[Values], cards: list[list[list[str]]]) -> list[list[dict[int, tuple[str, ...]]]]:
    return [[end_values(st[f], tuple(cs[f])) for f in range(len(st))] for st, cs in zip(starts, cards, strict=True)]


def table_rounds(starts: list[Values], cards: list[list[list[str]]], pressures: list[Values],
                 extinction: bool = False) -> tuple[list[Values], bool]:
    """The rounds of ``most_habitats_orders``: everyone's end values, and whether the table
    settled (True: nobody can win more habitats; False: a table of orders came back)."""
    options = _options(starts, cards)
    values = [tuple(end_value(st[f], o) for f, o in enumerate(best_orders(st, cs, pressures, extinction)))
              for st, cs in zip(starts, cards, strict=True)]
    seen: list[list[Values]] = []
    while values not in seen:
        seen.append(list(values))
        for seat, opts in enumerate(options):
            values[seat] = _most_habitats(seat, values, opts, pressures, extinction) or values[seat]
    return values, values == seen[-1]


def _most_habitats(seat: int, values: list[Values], options: list[dict[int, tuple[str, ...]]],
                   pressures: list[Values], extinction: bool) -> Values | None:
    """End values winning this seat more habitats than its current ones, or None."""
    rivals = [min(habitat_score(v, p) for i, v in enumerate(values) if i != seat) for p in pressures]

    def won(vals: Values) -> int:
        return sum(habitat_score(vals, p) <= best for p, best in zip(pressures, rivals, strict=True))

    def key(vals: Values) -> tuple[int, int, int, Values]:
        extinct, total = _rank(vals, pressures)
        return -won(vals), extinct if extinction else 0, total, vals

    best = min(product(*(sorted(o) for o in options)), key=key)
    return best if won(best) > won(values[seat]) else None


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
