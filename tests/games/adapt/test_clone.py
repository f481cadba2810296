"""``AdaptState.clone`` is written out field by field (tests/core/test_clone.py checks every field): a clone
played to the end leaves the original exactly as it was, and what clones share never changes."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.registry import game as lookup
from evogames.core.rng import Rng
from evogames.games.adapt.state import AdaptState
from tests.core.test_clone import class_doc, fields

SPEC = lookup("adapt")
TABLES: list[tuple[int, dict[str, Any], tuple[str, ...]]] = [
    (3, {"max_rounds": 30}, ("heuristic", "random", "heuristic")),
    (4, {"max_rounds": 6, "shared_habitats": True, "habitats_per_player": 5}, ("random", "heuristic") * 2),
    (2, {"max_rounds": 30, "scoring": "extinction"}, ("heuristic", "heuristic")),
    (5, {"max_rounds": 6, "creatures": "choose", "habitats_per_player": 3}, ("random",) * 5),
]
IMMUTABLE = (int, float, str, bool, type(None), frozenset)


def test_the_read_only_fields_are_explained() -> None:
    """(read from the source: a compiled class keeps no docstring)"""
    doc = class_doc(AdaptState)
    assert set(AdaptState.READ_ONLY) == {"options", "outcome"} and "read-only" in doc
    assert all(f"``{name}``" in doc for name in AdaptState.READ_ONLY)


def points(table: int, seed: int) -> Iterator[Match]:
    """A seeded bot game, paused every few actions (and at the end)."""
    players, options, bots = TABLES[table]
    match = Match("adapt", players, seed, options)
    seat_bots = [make_bot(name, "adapt") for name in bots]
    rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
    steps = 0
    while not match.over:
        if steps % 9 == 0:
            yield match
        seat = match.to_act[0]
        match.act(seat, seat_bots[seat].choose(match.view(seat), rngs[seat]))
        steps += 1
    yield match


def everything(s: AdaptState) -> dict[str, Any]:
    out = {name: copy.deepcopy(getattr(s, name)) for name in fields(s) if name != "rng"}
    out["rng"] = s.rng.clone().next64()
    return out


def seen(s: AdaptState) -> list[Any]:
    return [SPEC.full_view(s, seat) for seat in [*range(s.n), None]] + [list(s.events)]


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_a_clone_played_to_the_end_leaves_the_original_unchanged(table: int) -> None:
    for seed in (table, table + 20):
        for index, match in enumerate(points(table, seed)):
            if index % 2:
                continue
            s = match.state
            before, views = everything(s), seen(s)
            other = s.clone()
            assert everything(other) == before
            rng = Rng(seed + index)
            while not SPEC.is_over(other):
                seat = SPEC.to_act(other)[0]
                SPEC.apply(other, seat, rng.choice(SPEC.legal(other, seat)))
            assert everything(s) == before and seen(s) == views


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_the_original_played_on_leaves_its_clone_unchanged(table: int) -> None:
    match = next(m for i, m in enumerate(points(table, 7)) if i == 3)
    snapshot = match.state.clone()
    before = everything(snapshot)
    rng = Rng(7)
    while not match.over:
        seat = match.to_act[0]
        match.act(seat, rng.choice(match.legal(seat)))
    assert everything(snapshot) == before


def _immutable(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(_immutable(v) for v in value)
    return isinstance(value, IMMUTABLE)


def _containers(value: Any) -> Iterator[Any]:
    """Every list, dict and set inside ``value`` (itself included)."""
    if isinstance(value, list | dict | set):
        yield value
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple | set) else ()
    for item in items:
        yield from _containers(item)


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_shared_fields_are_immutable_or_read_only_and_copied_ones_share_no_container(table: int) -> None:
    for match in points(table, table + 3):
        s = match.state
        other = s.clone()
        shared = [name for name in fields(s) if getattr(other, name) is getattr(s, name)]
        for name in shared:
            assert name in AdaptState.READ_ONLY or _immutable(getattr(s, name)), name
        for name in set(fields(s)) - set(shared):
            if name in ("rng", "history"):  # its own clone; per-round records, never changed once appended
                continue
            mine = {id(c) for c in _containers(getattr(s, name))}
            assert not mine & {id(c) for c in _containers(getattr(other, name))}, name
        assert other.rng is not s.rng and other.history is not s.history
