"""clone() is derived from declared fields (core/state.py's PlainState): nothing the rules change is shared.

(a) a state class with a slot left undeclared is refused when it is defined;
(b) a clone played on to the end leaves the original exactly as it was (and the
    original played on leaves the clone), which catches any shared mutable field;
    a sandbox tried out on the table leaves the original as it was;
(c) every SHARED field holds an immutable value, or is one of the read-only values
    ``PhyloState.READ_ONLY`` names (its docstring says why).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from evogames.core.rng import Rng
from evogames.core.state import PlainState
from evogames.games.phylo.flow import remove_with_consequences
from evogames.games.phylo.state import PhyloState
from tests.games.phylo.helpers import bot_matches, play_out, seen

SEEDS = range(12)


def everything(s: PhyloState) -> str:
    """All that anyone sees of ``s``, its raw log and its hidden parts."""
    return json.dumps([[seen(s, seat) for seat in [None, *range(s.n)]], s.events, s.hands, s.decks,
                       sorted(s.card_of.items()), s.rng.state], default=str)


def test_a_slot_left_undeclared_is_refused_when_the_class_is_defined() -> None:
    with pytest.raises(TypeError, match=r"neither SHARED nor COPIED: \['extra'\]"):
        class MoreState(PlainState):
            __slots__ = (*PhyloState.__slots__, "extra")
            SHARED = PhyloState.SHARED
            COPIED = PhyloState.COPIED
    with pytest.raises(TypeError, match=r"both SHARED and COPIED: \['events'\]"):
        class Twice(PlainState):
            __slots__ = PhyloState.__slots__
            SHARED = (*PhyloState.SHARED, "events")
            COPIED = PhyloState.COPIED


def test_every_slot_is_declared_once_and_the_sandbox_names_copied_fields() -> None:
    assert not set(PhyloState.SHARED) & set(PhyloState.COPIED)
    assert len(PhyloState.SHARED) + len(PhyloState.COPIED) == len(PhyloState.__slots__)
    assert set(PhyloState.SHARED) | set(PhyloState.COPIED) == set(PhyloState.__slots__)
    assert set(PhyloState.READ_ONLY) <= set(PhyloState.SHARED)
    assert set(PhyloState.SANDBOX_SHARED) | set(PhyloState.SANDBOX_FRESH) <= set(PhyloState.COPIED)


def test_a_clone_has_every_field_and_its_own_containers() -> None:
    for _, m in bot_matches(range(3), every=11):
        s = m.state
        copy = s.clone()
        for name in PhyloState.__slots__:
            if name not in ("rng", "index"):
                assert getattr(copy, name) == getattr(s, name), name
        assert copy.rng.state == s.rng.state and copy.index.tops == s.index.tops
        for name in PhyloState.COPIED:
            assert getattr(copy, name) is not getattr(s, name), name
        for seat in range(s.n):
            assert copy.hands[seat] is not s.hands[seat] and copy.decks[seat] is not s.decks[seat]
        assert all(copy.board[pos] is not s.board[pos] for pos in s.board)


def test_a_clone_played_on_leaves_the_original_unchanged() -> None:
    for seed, m in bot_matches(SEEDS, every=7):
        s = m.state
        before = everything(s)
        copy = s.clone()
        assert everything(copy) == before
        play_out(copy, Rng(seed))
        assert everything(s) == before, f"seed {seed}: playing a clone on changed the original"


def test_the_original_played_on_leaves_the_clone_unchanged() -> None:
    copies = []
    for seed, m in bot_matches(SEEDS, every=13):
        copy = m.state.clone()
        copies.append((seed, copy, everything(copy)))
    for seed, copy, before in copies:  # every game has been played to its end since
        assert everything(copy) == before, f"seed {seed}: playing the original on changed a clone"


def test_a_sandbox_tried_out_leaves_the_original_unchanged() -> None:
    for seed, m in bot_matches(range(6), every=5):
        s = m.state
        if s.over:
            continue
        before = everything(s)
        for pos in sorted(s.board):
            trial = s.sandbox()
            assert trial.events == [] and trial.index is not s.index
            remove_with_consequences(trial, [pos], "event")
            trial.rng.die()
        assert everything(s) == before, f"seed {seed}: a trial on a sandbox changed the original"


def _immutable(value: Any) -> bool:
    if isinstance(value, tuple | frozenset):
        return all(_immutable(v) for v in value)
    return value is None or isinstance(value, int | str | float | bool)


def test_shared_fields_hold_immutable_or_read_only_values() -> None:
    for _, m in bot_matches(range(0, 12, 3), every=4):
        s = m.state
        for name in PhyloState.SHARED:
            if name not in PhyloState.READ_ONLY:
                assert _immutable(getattr(s, name)), f"{name} = {getattr(s, name)!r} is shared but mutable"
