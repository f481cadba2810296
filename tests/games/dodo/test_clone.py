"""clone() is written out field by field: nothing the rules change is shared.

(a) tests/core/test_clone.py checks every field of a clone (present, equal, nothing mutable shared but the
    read-only dicts ``options`` and ``outcome``, which the docstring explains);
(b) a clone played on to the end leaves the original exactly as it was (and the
    original played on leaves the clone), which catches any shared mutable field.
"""

from __future__ import annotations

from evogames.core.rng import Rng
from evogames.games.dodo.state import Creature, DodoState
from tests.core.test_clone import class_doc, fields
from tests.games.dodo.helpers import bot_game_points, play_out, seen

SEEDS = range(10)
READ_ONLY = {"options", "outcome"}  # dicts never changed in place (DodoState's docstring says so)


def test_a_creature_clone_copies_every_slot() -> None:
    """Creature.clone is written out for speed: it must still copy every declared slot."""
    c = Creature(7, 2, (0, 2, 2), 4)
    c.captured = True
    other = c.clone()
    assert other is not c
    for name in fields(c):
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


def test_the_read_only_fields_are_explained() -> None:
    """(read from the source: a compiled class keeps no docstring)"""
    doc = class_doc(DodoState)
    assert set(DodoState.READ_ONLY) == READ_ONLY and "read-only" in doc
    assert all(f"``{name}``" in doc for name in READ_ONLY)
