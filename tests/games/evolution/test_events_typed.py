"""Typed events: one NamedTuple per kind, still tuples, each with ``visible_to``; the log reads as before."""

from __future__ import annotations

import json
import pickle
import re
import typing
from pathlib import Path
from types import NoneType, UnionType
from typing import Any, get_args, get_origin

from evogames.core.events import PUBLIC, LoggedState
from evogames.games.evolution import events
from evogames.games.evolution.events import EVENTS, TEXT, Dealt, Drew, Took, render
from evogames.games.evolution.state import EvolutionState
from tests.games.evolution.helpers import bot_games, new, state


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` has the type the field declares (tuples element by element)."""
    if isinstance(hint, UnionType):
        return any(_fits(value, h) for h in get_args(hint))
    if hint is None or hint is NoneType:
        return value is None
    if get_origin(hint) is tuple:
        args = get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(_fits(v, h) for v, h in zip(value, args, strict=True))
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def test_every_kind_has_a_class_whose_first_fields_are_kind_and_visible_to() -> None:
    assert set(EVENTS) == set(TEXT), "every kind has a class and a sentence"
    for kind, cls in EVENTS.items():
        assert issubclass(cls, tuple), kind
        assert cls._fields[:2] == ("kind", "visible_to"), kind
    assert set(typing.get_args(events.Event)) == set(EVENTS.values())


def test_every_logged_event_is_its_kind_s_class_with_fields_of_the_declared_types() -> None:
    kinds: set[str] = set()
    for _, m in bot_games(range(0, 200, 7), every=10**9):  # each game once, at the start and the end
        s: EvolutionState = state(m)
        for e in s.events:
            cls = EVENTS[e.kind]
            assert type(e) is cls, f"{e.kind} logged as {type(e).__name__}"
            hints = typing.get_type_hints(cls)
            for name in cls._fields:
                assert _fits(getattr(e, name), hints[name]), f"{e.kind}.{name} = {getattr(e, name)!r}"
            private = isinstance(e, Dealt | Drew)
            assert (0 <= e.visible_to < s.n) if private else e.visible_to == PUBLIC, e
            kinds.add(e.kind)
    assert {"deal", "draw", "take", "attack", "eaten", "game_over", "dies", "pair"} <= kinds


def test_events_are_still_plain_tuples_to_anything_that_reads_them_so() -> None:
    e = Took("take", PUBLIC, 1, "A3", "food", True)
    assert e == ("take", -1, 1, "A3", "food", True) and e[:2] == ("take", PUBLIC) and isinstance(e, tuple)
    assert json.loads(json.dumps(e)) == ["take", -1, 1, "A3", "food", True]
    assert pickle.loads(pickle.dumps(e)) == e and type(pickle.loads(pickle.dumps(e))) is Took
    assert render(e, None) == {"kind": "take",
                               "text": "Player 2's Koko takes a red token from the food bank and is fed."}


def test_the_state_logs_through_core_s_event_log_which_builds_the_class_s_own_event() -> None:
    """Evolution has no copy of ``log``: ``s.log(cls, *fields)`` is core's, and gives the class's event."""
    assert issubclass(EvolutionState, LoggedState) and EvolutionState.log is LoggedState.log
    s = state(new())
    s.log(Took, "take", PUBLIC, 1, "A3", "food", True)
    e = s.events[-1]
    assert type(e) is Took and e == Took("take", PUBLIC, 1, "A3", "food", True) and e.animal == "A3"


def test_private_events_show_only_to_their_seat() -> None:
    e = Drew("draw", 2, ("SWM01",))
    assert render(e, 1) is None and render(e, None) is None
    shown = render(e, 2)
    assert shown is not None and shown["kind"] == "draw" and shown["text"].startswith("You draw ")


def test_a_clone_and_a_determinized_copy_keep_typed_events() -> None:
    from evogames.core.rng import Rng
    from evogames.games.evolution.determinize import determinize

    for seed, m in bot_games(range(3, 30, 9), every=50):
        s = state(m)
        for other in (s.clone(), determinize(s, 0, Rng(seed))):
            assert [type(e) for e in other.events] == [type(e) for e in s.events]


def test_no_event_is_read_by_position_in_the_package_or_its_tests() -> None:
    """Events are read by field name (``e.seat``), never by position, in the game and in its tests."""
    folders = (Path(events.__file__).parent, Path(__file__).parent)
    positional = re.compile(r"\b(e|ev|event)\[\d")
    found = [f"{path}:{n}" for folder in folders for path in sorted(folder.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if positional.search(line)]
    assert not found
