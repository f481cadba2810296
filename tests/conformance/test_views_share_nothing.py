"""A view is the caller's own: changing anything in it changes nothing else.

A notebook, a test or a bot may edit the view it was handed (drop a card from a hand to try a what-if, append
to a list). If a view shared a list or a dict with the state, with a catalog cached for the whole process, with
an option's default or with another view, that edit would change the game, every later view, or every later
game in the process. Along seeded random games of every game, each seat's and a spectator's view is defaced
in every list and dict it holds; the next view is then the same as a fresh copy taken before, and so is a new
game's first view.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from evogames import Match
from evogames.core.registry import names
from evogames.core.rng import Rng
from tests.conformance.test_contract import seats

STEPS = 60  # moves along each game (every few a view is defaced)


def deface(value: Any) -> None:
    """Change every list and dict inside ``value`` in place (a marker appended, a marker key set)."""
    if isinstance(value, dict):
        for item in list(value.values()):
            deface(item)
        value["defaced by a caller"] = True
    elif isinstance(value, list):
        for item in list(value):
            deface(item)
        value.append("defaced by a caller")


@pytest.mark.parametrize("name", names())
def test_defacing_a_view_changes_no_later_view_and_no_new_game(name: str) -> None:
    first = Match(name, seats(name, 3), seed=99).view(0)
    for seed in range(2):
        match = Match(name, seats(name, 2 + seed), seed=seed)
        rng = Rng(seed)
        for step in range(STEPS):
            if match.over:
                break
            if step % 5 == 0:
                for seat in [None, *range(match.players)]:
                    before = copy.deepcopy(match.view(seat))
                    deface(match.view(seat))
                    assert match.view(seat) == before, (name, seed, step, seat)
            seat = rng.choice(match.to_act)
            match.act(seat, rng.choice(match.legal(seat)))
    assert Match(name, seats(name, 3), seed=99).view(0) == first, name


@pytest.mark.parametrize("name", names())
def test_defacing_a_result_or_a_legal_list_changes_nothing(name: str) -> None:
    """The same for ``legal`` along a game and the ``result`` at its end."""
    match = Match(name, seats(name, 2), seed=5)
    rng = Rng(5)
    while not match.over:
        seat = rng.choice(match.to_act)
        before = copy.deepcopy(match.legal(seat))
        deface(match.legal(seat))
        assert match.legal(seat) == before, name
        match.act(seat, rng.choice(match.legal(seat)))
    result = copy.deepcopy(match.result)
    deface(match.result)
    assert match.result == result, name


def test_defacing_finds_a_view_that_shares_with_the_state() -> None:
    """The check above can fail: a view that hands out the state's own list is caught."""
    shared: list[str] = ["a card"]
    view = {"hand": shared}
    deface(view)
    assert shared == ["a card", "defaced by a caller"]
