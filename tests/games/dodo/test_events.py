"""The log's sentences are memoised (events.py): a remembered sentence must be the one written afresh."""

from __future__ import annotations

import random

from evogames import Match
from evogames.games.dodo import events
from tests.games.dodo.helpers import table, to_next_turn


def _fresh(event: tuple[object, ...]) -> dict[str, object]:
    return {"kind": event[0], "text": events.TEXT[str(event[0])](event)}


def test_memoised_sentences_match_fresh_ones_for_every_seat() -> None:
    """Every event of a random game, rendered for every seat, twice: always the fresh sentence."""
    picks = random.Random(7)
    m = Match("dodo", 3, seed=11)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, picks.choice(m.legal(seat)))
    kinds = {e[0] for e in m.state.events}
    assert {"place", "eat", "birth", "game_over"} <= kinds
    for event in m.state.events:
        for seat in (None, 0, 1, 2, None):
            assert events.render(event, seat) == _fresh(event)


def test_a_capture_with_its_covered_squares_list_is_written_afresh() -> None:
    """A capture event holds a list (the Famine-covered squares): it is never memoised by mistake."""
    m, _ = table(2, [(0, "GG", "E06"), (1, "G", "E02")], first=1)
    m.act(1, {"type": "token", "token": "famine"})
    m.act(1, {"type": "famine", "environment": "E06"})
    m.act(1, {"type": "famine", "resources": ["red", "yellow"]})
    to_next_turn(m)
    capture = next(e for e in m.state.events if e[0] == "capture")
    bare = (*capture[:5], [0, 0, 0], *capture[6:])
    assert "(even under Famine)" in events.render(capture, 0)["text"]  # type: ignore[operator]
    assert "(even under Famine)" not in events.render(bare, 0)["text"]  # type: ignore[operator]
    assert events.render(capture, None) == _fresh(capture) and events.render(bare, 1) == _fresh(bare)


def test_events_that_differ_in_one_field_get_different_sentences() -> None:
    eat = ("eat", 0, 5, (0, 1), "E01", False)
    first = ("eat", 0, 5, (0, 1), "E01", True)
    assert events.render(eat, 0) != events.render(first, 0)
    assert events.render(eat, 1) == _fresh(eat) and events.render(first, None) == _fresh(first)
