"""Every game's ``clone``: the copy has every field of the original, equal, and shares nothing the rules change.

A state written out field by field (``MatingState.clone``) has no class-level check that a new field is
copied; this test is that check, for every game: from mid-game states of random games it compares the clone
with the original field by field, down through lists, dicts, sets and nested objects (an Rng, an Animal...).
A field the clone lacks fails, and so does a list, dict, set or object the two share, except the read-only
values the state class names in ``READ_ONLY`` (default: ``options`` and ``outcome``, see each state's docstring)
and the items of a list the rules only append to (``APPEND_ONLY``: ``history``, one record per past round).
It reads the fields from ``__slots__`` (pure) or ``__mypyc_attrs__`` (a mypyc native class).
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from evogames import Match
from evogames.core.registry import game
from evogames.core.rng import Rng
from evogames.games import BUILTIN
from evogames.games.mating.state import MatingState

IMMUTABLE = (int, float, str, bytes, bool, type(None), frozenset)
READ_ONLY = ("options", "outcome")
APPEND_ONLY = ("history",)  # lists copied one level: their items (records of past rounds) never change


def class_doc(cls: type) -> str:
    """A class's docstring read from its source file (a compiled class keeps no docstring)."""
    import ast
    import inspect
    from pathlib import Path

    module = inspect.getmodule(cls)
    assert module is not None and module.__file__
    source = Path(module.__file__).with_suffix(".py")
    if not source.exists():  # a compiled module: its .py sits beside the .so
        source = Path(module.__file__).parent / (cls.__module__.rsplit(".", 1)[-1] + ".py")
    tree = ast.parse(source.read_text())
    return next(ast.get_docstring(node) or "" for node in tree.body
                if isinstance(node, ast.ClassDef) and node.name == cls.__name__)


def fields(obj: object) -> list[str]:
    """The names of every field an instance of ``obj``'s class has."""
    cls = type(obj)
    native: tuple[str, ...] | None = getattr(cls, "__mypyc_attrs__", None)
    names_ = native if native is not None else [slot for k in cls.__mro__ for slot in getattr(k, "__slots__", ())]
    return sorted(set(names_) - {"__dict__", "__weakref__"})


def check_copy(original: Any, clone: Any, path: str) -> None:
    """Fail unless ``clone`` equals ``original`` and shares no mutable part with it."""
    if isinstance(original, IMMUTABLE):
        assert clone == original and type(clone) is type(original), f"{path}: {clone!r} != {original!r}"
        return
    if isinstance(original, tuple):  # may be shared, but only if nothing inside can change
        assert type(clone) is type(original) and len(clone) == len(original), f"{path}: {clone!r} != {original!r}"
        for i, (a, b) in enumerate(zip(original, clone, strict=True)):
            check_copy(a, b, f"{path}[{i}]")
        return
    if isinstance(original, (list, dict, set)) or hasattr(original, "clone"):
        assert clone is not original, f"{path}: the clone shares this {type(original).__name__}"
    # else a value object without a clone (Evolution's Link): never changed once made, so clones may share it
    assert type(clone) is type(original), f"{path}: a {type(clone).__name__}, not a {type(original).__name__}"
    if isinstance(original, list):
        assert len(clone) == len(original), f"{path}: {len(clone)} items, not {len(original)}"
        for i, (a, b) in enumerate(zip(original, clone, strict=True)):
            check_copy(a, b, f"{path}[{i}]")
    elif isinstance(original, dict):
        assert list(clone) == list(original), f"{path}: keys {list(clone)} != {list(original)}"
        for key, value in original.items():
            check_copy(value, clone[key], f"{path}[{key!r}]")
    elif isinstance(original, set):
        assert clone == original, f"{path}: {clone!r} != {original!r}"
    else:
        check_fields(original, clone, path)


def check_fields(original: Any, clone: Any, path: str) -> None:
    """Every field of an object: present in the clone, equal, nothing mutable shared but the read-only ones."""
    names_ = fields(original)
    assert names_, f"{path}: a {type(original).__name__} with no fields this test can read"
    read_only = getattr(type(original), "READ_ONLY", READ_ONLY)
    for name in names_:
        assert hasattr(clone, name), f"{path}.{name}: the clone lacks this field"
        value, copied = getattr(original, name), getattr(clone, name)
        if name in read_only:
            assert copied == value, f"{path}.{name}: {copied!r} != {value!r}"
        elif name in APPEND_ONLY:
            assert copied is not value and copied == value, f"{path}.{name}: shared, or {copied!r} != {value!r}"
        else:
            check_copy(value, copied, f"{path}.{name}")


def mid_game_states(name: str, games: int) -> Iterator[Any]:
    """States of ``games`` random games of ``name`` (every player count in turn), at a few points of each."""
    spec = game(name)
    for seed in range(games):
        players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        match, rng, steps = Match(name, players, seed), Rng(seed), 0
        while not match.over:
            if steps % 37 == 5:
                yield match.state
            seat = match.to_act[rng.below(len(match.to_act))]
            match.act(seat, rng.choice(match.legal(seat)))
            steps += 1
        yield match.state


@pytest.mark.parametrize("name", BUILTIN)
def test_a_clone_has_every_field_and_shares_nothing_the_rules_change(name: str) -> None:
    checked = 0
    for state in mid_game_states(name, 4):
        check_fields(state, state.clone(), name)
        checked += 1
    assert checked > 8  # four end states and mid-game ones


@pytest.mark.parametrize("name", BUILTIN)
def test_a_state_survives_pickling(name: str) -> None:
    """The server pickles states for its search workers: every field comes back, in both builds (a native
    class needs a ``__new__`` that takes any arguments, or pickle calls ``__init__`` without them)."""
    checked = 0
    for state in mid_game_states(name, 2):
        check_fields(state, pickle.loads(pickle.dumps(state)), name)
        checked += 1
    assert checked >= 4  # two end states and mid-game ones


def test_the_check_finds_a_shared_list_and_a_forgotten_field() -> None:
    """The test above can fail: a clone that shares a list, or lacks a field, is caught."""
    states = mid_game_states("mating", 1)
    next(states)
    state = next(states)
    shared = state.clone()
    shared.hands[1] = state.hands[1]
    with pytest.raises(AssertionError, match=r"mating\.hands\[1\]: the clone shares this list"):
        check_fields(state, shared, "mating")
    forgetful = MatingState.__new__(MatingState)
    for name in fields(state):
        if name != "deck":
            setattr(forgetful, name, copy.deepcopy(getattr(state, name)))
    with pytest.raises(AssertionError, match=r"mating\.deck: the clone lacks this field"):
        check_fields(state, forgetful, "mating")
