"""Simultaneous steps reveal nothing until everyone has committed (DESIGN.md), for every game.

Whenever several seats are in ``to_act`` (a simultaneous step), one of them commits a
random legal action. That must not change what any *other* seat, or a spectator, sees:
their view and their log stay the same, except for what merely says *who* has committed:

- ``to_act`` (the committed seat leaves it);
- any field named ``committed`` (e.g. a seat's "has chosen" marker);
- new log events of kind ``commit`` ("Player 2 places a card face down.").

Everything else (hand sizes, piles, counters, another seat's ``legal``, a sentence naming
the choice) must wait until the last seat commits. A seat's *own* view may change (it sees
its own choice). The last commit of a step is not checked here: it reveals by design.
"""

from __future__ import annotations

from typing import Any

import pytest

import evogames
from evogames import Match
from evogames.core.registry import names
from evogames.core.rng import Rng

GAMES = names()
WHO_COMMITTED = "committed"  # field names that say only who has committed
COMMIT_EVENT = "commit"  # the log kind that says only who has committed


def without_commit_markers(value: Any) -> Any:
    """``value`` with every field named ``committed`` removed, at any depth."""
    if isinstance(value, dict):
        return {k: without_commit_markers(v) for k, v in value.items() if k != WHO_COMMITTED}
    if isinstance(value, list):
        return [without_commit_markers(v) for v in value]
    return value


def seen(m: Match, seat: int | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    view = dict(m.view(seat))
    view.pop("to_act", None)
    return without_commit_markers(view), m.log_for(seat)


def table_sizes(name: str) -> list[int]:
    g = evogames.game(name)
    return sorted({g.min_players, min(g.max_players, 4)})


def play_and_check(m: Match, seed: int, limit: int = 5_000) -> int:
    """Play random legal actions to the end; check every non-final commit of a
    simultaneous step. Returns how many commits were checked."""
    rng = Rng(seed)
    checked = 0
    for _ in range(limit):
        if m.over:
            return checked
        seats = m.to_act
        seat = seats[rng.below(len(seats))]
        action = rng.choice(m.legal(seat))
        if len(seats) < 2:
            m.act(seat, action)
            continue
        others: list[int | None] = [s for s in range(m.players) if s != seat]
        others.append(None)
        before = {other: seen(m, other) for other in others}
        m.act(seat, action)
        for other in others:
            view, log = seen(m, other)
            old_view, old_log = before[other]
            who = "a spectator" if other is None else f"seat {other}"
            assert view == old_view, f"{who}'s view changed when seat {seat} committed {action}"
            assert log[: len(old_log)] == old_log
            new = [e for e in log[len(old_log):] if e.get("kind") != COMMIT_EVENT]
            assert not new, f"{who}'s log told of seat {seat}'s choice {action}: {new}"
        checked += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_commit_in_a_simultaneous_step_reveals_nothing_to_the_others(name: str, seed: int) -> None:
    checked = sum(play_and_check(Match(name, players, seed=seed), seed) for players in table_sizes(name))
    if evogames.game(name).simultaneous:
        assert checked, f"{name} declares simultaneous steps but none was met"
