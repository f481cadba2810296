"""Events are NamedTuples (events.py): still tuples ``(kind, visible_to, *data)``, one class per kind, all public.

Over seeded bot games: every event is one of ``events.py``'s classes, a tuple
whose first two items are its ``kind`` and ``visible_to``; each class carries
one kind and each kind one class; every event is public (-1) and renders the
same for every seat and the spectator; the raw events hold only immutable values.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path
from typing import Any

from evogames import Match
from evogames.core.events import PUBLIC, LoggedState
from evogames.games.dodo import SPEC, events
from evogames.games.dodo.events import Birth, Event
from evogames.games.dodo.state import DodoState
from tests.games.dodo.helpers import bot_game_points

CLASSES = typing.get_args(Event)


def _immutable(value: Any) -> bool:
    if value is None or isinstance(value, int | float | str | bool):
        return True
    return isinstance(value, tuple) and all(_immutable(v) for v in value)


def _events(seeds: range) -> list[Event]:
    out: list[Event] = []
    for seed in seeds:
        *_, end = bot_game_points(seed, every=10**6, max_turns=20)
        out += end.state.events
    return out


def test_one_class_per_kind_and_one_kind_per_class() -> None:
    kinds = {cls: typing.get_args(typing.get_type_hints(cls)["kind"]) for cls in CLASSES}
    assert all(len(k) == 1 for k in kinds.values())
    assert sorted(k[0] for k in kinds.values()) == sorted(events.TEXT)  # every kind has a sentence
    assert all(cls._fields[:2] == ("kind", "visible_to") for cls in CLASSES)


def test_every_event_is_a_public_typed_tuple() -> None:
    seen: dict[type, set[str]] = {}
    for e in _events(range(12)):
        assert isinstance(e, tuple) and type(e) in CLASSES
        assert e[0] == e.kind and e[1] == e.visible_to == PUBLIC
        assert typing.get_args(typing.get_type_hints(type(e))["kind"]) == (e.kind,)
        assert all(_immutable(v) for v in e), e
        seen.setdefault(type(e), set()).add(e.kind)
    assert len(seen) >= 15  # nearly every kind turns up in a dozen games
    assert all(len(kinds) == 1 for kinds in seen.values())


def test_every_seat_and_the_spectator_read_the_same_log() -> None:
    for e in _events(range(3)):
        shown = SPEC.render_event(e, None)
        assert shown == {"kind": e.kind, "text": events.TEXT[e.kind](e)}
        assert all(SPEC.render_event(e, seat) == shown for seat in range(4))



def test_log_builds_the_same_event_as_the_class() -> None:
    """``DodoState.log(cls, *fields)`` is core's ``LoggedState.log``: it builds the tuple in C, and it is the
    class's own event, field for field."""
    assert issubclass(DodoState, LoggedState) and DodoState.log is LoggedState.log
    s = Match("dodo", 2, seed=1).state
    s.log(Birth, "birth", PUBLIC, 1, 4, 9, (0, 2), (2, 5), "E03")
    e = s.events[-1]
    assert type(e) is Birth and e == Birth("birth", PUBLIC, 1, 4, 9, (0, 2), (2, 5), "E03")
    assert (e.owner, e.parent, e.child, e.blocks, e.rolls, e.environment) == (1, 4, 9, (0, 2), (2, 5), "E03")


def test_no_positional_event_lookups_in_the_game() -> None:
    """Events are read by field name everywhere in the package (rules, view, debrief, bot, encoder, boards)."""
    package = Path(events.__file__).parent
    positional = re.compile(r"\b(e|ev|event|events\[-?\d+\])\[\d+\]")
    found = [f"{path.relative_to(package)}:{n}: {line.strip()}"
             for path in sorted(package.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if positional.search(line)]
    assert not found, found
