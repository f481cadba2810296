"""clone() is derived from declared fields (core/state.py's PlainState): nothing the rules change is shared.

(a) a state class with a slot left undeclared is refused when it is defined;
(b) a clone played on to the end leaves the original exactly as it was (and the
    original played on leaves the clone), which catches any shared mutable field;
(c) every SHARED field holds an immutable value, or is one of the documented
    read-only dicts (``options``, ``outcome``).
"""

from __future__ import annotations

from typing import Any

import pytest

from evogames.core.rng import Rng
from evogames.core.state import PlainState
from evogames.games.dodo.state import Creature, DodoState
from tests.games.dodo.helpers import bot_game_points, play_out, seen

SEEDS = range(10)
READ_ONLY = {"options", "outcome"}  # dicts never changed in place (DodoState's docstring says so)


def test_a_slot_left_undeclared_is_refused_when_the_class_is_defined() -> None:
    with pytest.raises(TypeError, match=r"neither SHARED nor COPIED: \['extra'\]"):
        class MoreState(PlainState):
            __slots__ = (*DodoState.__slots__, "extra")
            SHARED = DodoState.SHARED
            COPIED = DodoState.COPIED
    with pytest.raises(TypeError, match=r"neither SHARED nor COPIED: \['colour'\]"):
        class MoreCreature(PlainState):
            __slots__ = (*Creature.__slots__, "colour")
            SHARED = Creature.SHARED
    with pytest.raises(TypeError, match=r"both SHARED and COPIED: \['events'\]"):
        class Twice(PlainState):
            __slots__ = DodoState.__slots__
            SHARED = (*DodoState.SHARED, "events")
            COPIED = DodoState.COPIED


def test_every_slot_is_declared_once() -> None:
    for cls in (DodoState, Creature):
        assert not set(cls.SHARED) & set(cls.COPIED)
        assert len(cls.SHARED) + len(cls.COPIED) == len(cls.__slots__)
        assert set(cls.SHARED) | set(cls.COPIED) == set(cls.__slots__)


def test_a_creature_clone_copies_every_slot() -> None:
    """Creature.clone is written out for speed: it must still copy every declared slot."""
    c = Creature(7, 2, (0, 2, 2), 4)
    c.captured = True
    other = c.clone()
    assert other is not c
    for name in Creature.__slots__:
        assert getattr(other, name) == getattr(c, name), name


def test_a_clone_played_on_leaves_the_original_unchanged() -> None:
    for seed in SEEDS:
        for m in bot_game_points(seed, every=13):
            s = m.state
            before = seen(s)
            copy = s.clone()
            assert seen(copy) == before
            play_out(copy, Rng(seed))
            assert seen(s) == before, f"seed {seed}: playing a clone on changed the original"


def test_the_original_played_on_leaves_the_clone_unchanged() -> None:
    for seed in SEEDS:
        for m in bot_game_points(seed, every=29):
            copy = m.state.clone()
            before = seen(copy)
            play_out(m.state, Rng(seed + 1))
            assert seen(copy) == before, f"seed {seed}: playing the original on changed a clone"
            break  # the game is over: the generator is done with it


def _immutable(value: Any) -> bool:
    if value is None or isinstance(value, int | float | str | bool):
        return True
    if isinstance(value, tuple | frozenset):
        return all(_immutable(v) for v in value)
    return False


def test_every_shared_field_is_immutable_or_documented_read_only() -> None:
    for seed in SEEDS:
        for m in bot_game_points(seed, every=41):
            s = m.state
            for name in DodoState.SHARED:
                value = getattr(s, name)
                assert name in READ_ONLY or _immutable(value), f"DodoState.{name} is shared but {value!r}"
            for c in s.creatures.values():
                for name in Creature.SHARED:
                    assert _immutable(getattr(c, name)), f"Creature.{name} is shared but mutable"
    assert "read-only" in (DodoState.__doc__ or "") and all(name in (DodoState.__doc__ or "") for name in READ_ONLY)


def test_every_copied_field_is_a_new_object() -> None:
    s = next(m.state for m in bot_game_points(4) if m.state.turn >= 2)
    other = s.clone()
    for name in DodoState.COPIED:
        assert getattr(other, name) is not getattr(s, name), name
    assert all(other.creatures[cid] is not c for cid, c in s.creatures.items())
