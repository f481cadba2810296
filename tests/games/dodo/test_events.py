"""The log's sentences (events.py): every seat and the spectator read the same sentence, written afresh."""

from __future__ import annotations

import random

from evogames import Match
from evogames.core.events import PUBLIC
from evogames.games.dodo import events
from evogames.games.dodo.events import Capture, Eat, Event
from tests.games.dodo.helpers import table, to_next_turn


def _fresh(event: Event) -> dict[str, object]:
    return {"kind": event.kind, "text": events.TEXT[event.kind](event)}


def test_every_seat_reads_the_fresh_sentence() -> None:
    """Every event of a random game, rendered for every seat, twice: always the fresh sentence."""
    picks = random.Random(7)
    m = Match("dodo", 3, seed=11)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, picks.choice(m.legal(seat)))
    kinds = {e.kind for e in m.state.events}
    assert {"place", "eat", "birth", "game_over"} <= kinds
    for event in m.state.events:
        for viewer in (None, 0, 1, 2, None):
            assert events.render(event, viewer) == _fresh(event)


def test_a_capture_says_whether_famine_covered_squares() -> None:
    m, _ = table(2, [(0, "GG", "E06"), (1, "G", "E02")], first=1)
    m.act(1, {"type": "token", "token": "famine"})
    m.act(1, {"type": "famine", "environment": "E06"})
    m.act(1, {"type": "famine", "resources": ["red", "yellow"]})
    to_next_turn(m)
    capture = next(e for e in m.state.events if isinstance(e, Capture))
    assert capture.covered == (1, 1, 0)
    bare = capture._replace(covered=(0, 0, 0))
    assert "(even under Famine)" in events.render(capture, 0)["text"]  # type: ignore[index]
    assert "(even under Famine)" not in events.render(bare, 0)["text"]  # type: ignore[index]
    assert events.render(capture, None) == _fresh(capture) and events.render(bare, 1) == _fresh(bare)


def test_events_that_differ_in_one_field_get_different_sentences() -> None:
    eat = Eat("eat", PUBLIC, 0, 5, (0, 1), "E01", False)
    first = eat._replace(advantage=True)
    assert events.render(eat, 0) != events.render(first, 0)
    assert events.render(eat, 1) == _fresh(eat) and events.render(first, None) == _fresh(first)
