"""``clone`` is written out field by field: nothing the rules change in place is shared.

tests/core/test_clone.py checks every field of a clone (present, equal, nothing mutable shared but the read-only
dicts); these play clones and originals on and look at what the two share.
"""

from __future__ import annotations

import json
from typing import Any

from evogames.core.registry import game
from evogames.core.rng import Rng
from evogames.games.evolution.determinize import determinize
from evogames.games.evolution.state import EvolutionState
from tests.core.test_clone import class_doc, fields
from tests.games.evolution.helpers import bot_games, plain, state

SPEC = game("evolution")
IMMUTABLE = (int, str, float, bool, type(None), tuple, frozenset)


def seen(s: EvolutionState) -> str:
    """Every seat's and the spectator's view, and the events."""
    return json.dumps([[SPEC.full_view(s, seat) for seat in [None, *range(s.n)]], s.events], default=str)


def play_out(s: EvolutionState, rng: Rng) -> None:
    while not s.over:
        seat = rng.choice(SPEC.to_act(s))
        SPEC.apply(s, seat, rng.choice(SPEC.legal(s, seat)))


def test_a_clone_played_to_the_end_leaves_the_original_as_it_was() -> None:
    checked = 0
    for seed, m in bot_games(range(0, 40, 3), every=29):
        s = state(m)
        before, everything = seen(s), plain(s)
        other = s.clone()
        assert plain(other) == everything, "a clone is equal to its original"
        play_out(other, Rng(seed))
        assert seen(s) == before, f"seed {seed}: playing the clone changed what the original shows"
        assert plain(s) == everything, f"seed {seed}: playing the clone changed the original"
        checked += 1
    assert checked > 50


def test_the_original_played_on_leaves_its_clone_as_it_was() -> None:
    for seed, m in bot_games(range(1, 40, 5), every=53):
        s = state(m).clone()  # the match plays on: this one is played to the end
        copy = s.clone()
        everything = plain(copy)
        play_out(s, Rng(seed))
        assert plain(copy) == everything


def _shared_values(s: EvolutionState, other: EvolutionState) -> list[tuple[type, str, Any]]:
    """The fields of the state, its animals and its attack that the clone ``other`` shares with ``s``."""
    pairs: list[tuple[Any, Any]] = [(s, other), *((a, other.animals[k]) for k, a in s.animals.items())]
    if s.attack is not None:
        pairs.append((s.attack, other.attack))
    return [(type(a), n, getattr(a, n)) for a, b in pairs for n in fields(a) if getattr(b, n) is getattr(a, n)]


def test_every_shared_field_is_immutable_or_documented_read_only() -> None:
    kinds: set[tuple[str, str]] = set()
    for _, m in bot_games(range(0, 60, 4), every=7):
        s = state(m)
        for cls, name, value in _shared_values(s, s.clone()):
            kinds.add((cls.__name__, name))
            if name in getattr(cls, "READ_ONLY", ()):
                continue
            assert isinstance(value, IMMUTABLE), f"{cls.__name__}.{name} is shared but is a {type(value).__name__}"
            if isinstance(value, tuple | frozenset):
                hash(value)  # all the way down
    assert ("Attack", "carnivore") in kinds and ("Animal", "kinds") in kinds, "the games met every class"


def test_the_read_only_fields_are_explained() -> None:
    """(read from the source: a compiled class keeps no docstring)"""
    doc = class_doc(EvolutionState)
    assert set(EvolutionState.READ_ONLY) == {"options", "outcome"} and "read-only" in doc
    assert all(f"``{name}``" in doc for name in EvolutionState.READ_ONLY)


def test_mutable_fields_are_new_objects_and_determinize_shares_nothing_either() -> None:
    for seed, m in bot_games(range(3, 30, 6), every=31):
        s = state(m)
        for other in (s.clone(), determinize(s, 0, Rng(seed))):
            for name in fields(s):
                value = getattr(s, name)
                if name not in EvolutionState.READ_ONLY and isinstance(value, list | dict | set | Rng):
                    assert getattr(other, name) is not value, name
            assert all(other.animals[k] is not a and other.animals[k].traits is not a.traits
                       for k, a in s.animals.items())


def test_a_clone_taken_during_an_attack_or_a_chain_of_pair_traits_shares_neither() -> None:
    met = 0
    for seed, m in bot_games(range(0, 40, 3), every=1):
        s = state(m)
        if s.attack is None and not s.chain:
            continue
        everything, other = plain(s), s.clone()
        assert other.attack is None or (other.attack is not s.attack and other.attack.used is not s.attack.used)
        play_out(other, Rng(seed))
        assert plain(s) == everything
        met += 1
    assert met > 10
