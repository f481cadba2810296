"""Phylo's events are NamedTuples, one per kind, still tuples, each with a ``visible_to``.

What a player reads of them (``render``) is pinned by the hash corpus; here: every
event the rules log is one of the declared kinds with the right shape, only the
cards a seat was dealt or drew are private, and the events stay plain tuples
(equal to one, picklable).
"""

from __future__ import annotations

import pickle
import re
from pathlib import Path
from typing import Literal, get_args, get_type_hints

from evogames.core.events import PUBLIC, LoggedState
from evogames.games.phylo import events
from evogames.games.phylo.events import TEXT, Contest, Deal, Draw, Event, render
from evogames.games.phylo.state import PhyloState
from tests.games.phylo.helpers import bot_matches

KINDS = get_args(Event)
PRIVATE = (Deal, Draw)


def _kind(cls: type) -> str:
    literal = get_type_hints(cls)["kind"]
    assert getattr(literal, "__origin__", None) is Literal
    (value,) = get_args(literal)
    return str(value)


def test_one_named_tuple_per_kind_and_a_sentence_for_each() -> None:
    kinds = [_kind(cls) for cls in KINDS]
    assert len(set(kinds)) == len(kinds) == len(KINDS)
    assert set(kinds) == set(TEXT)
    for cls in KINDS:
        assert issubclass(cls, tuple)
        assert cls._fields[:2] == ("kind", "visible_to"), cls.__name__
        assert getattr(events, cls.__name__) is cls


def test_every_event_logged_is_typed_and_visible_to_everyone_or_one_seat() -> None:
    by_kind = {_kind(cls): cls for cls in KINDS}
    seen: set[str] = set()
    for _, m in bot_matches(range(16), every=10_000):
        if not m.over:
            continue
        s = m.state
        for e in s.events:
            assert type(e) is by_kind[e.kind], e
            assert len(e) == len(type(e)._fields), e  # log builds the tuple in C: mypy checks the fields
            assert isinstance(e, tuple) and e == tuple(e) and e[0] == e.kind and e[1] == e.visible_to
            if isinstance(e, PRIVATE):
                assert e.visible_to == e.seat and 0 <= e.seat < s.n
                assert render(e, e.seat) is not None and render(e, None) is None
                assert all(render(e, other) is None for other in range(s.n) if other != e.seat)
            else:
                assert e.visible_to == PUBLIC
                assert render(e, None) == render(e, 0) == {"kind": e.kind, "text": TEXT[e.kind](e)}
            seen.add(e.kind)
    assert {"deal", "setup", "turn", "draw", "draws", "play", "removed", "threatened", "event",
            "game_over"} <= seen


def test_events_pickle_and_compare_as_tuples() -> None:
    _, m = next(iter(bot_matches(range(1), every=10_000)))
    logged = list(m.state.events)
    again = pickle.loads(pickle.dumps(logged))
    assert again == logged and [type(e) for e in again] == [type(e) for e in logged]
    assert [tuple(e) for e in logged] == logged


def test_log_builds_the_same_event_as_the_class() -> None:
    """Phylo has no copy of ``log``: ``s.log(cls, *fields)`` is core's ``LoggedState.log``."""
    assert issubclass(PhyloState, LoggedState) and PhyloState.log is LoggedState.log
    _, m = next(iter(bot_matches(range(1), every=10_000)))
    s: PhyloState = m.state
    s.log(Contest, "contest", PUBLIC, 1, 5, 2, True)
    e = s.events[-1]
    assert type(e) is Contest and e == Contest("contest", PUBLIC, 1, 5, 2, True)
    assert (e.seat, e.roll, e.against, e.spreads) == (1, 5, 2, True)


def test_no_positional_event_lookups_in_the_game() -> None:
    """Events are read by field name everywhere in the package (rules, view, debrief, bot, encoder, boards)."""
    package = Path(events.__file__).parent
    positional = re.compile(r"\b(e|ev|event|events\[-?\d+\])\[\d+\]")
    found = [f"{path.relative_to(package)}:{n}: {line.strip()}"
             for path in sorted(package.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if positional.search(line)]
    assert not found, found
