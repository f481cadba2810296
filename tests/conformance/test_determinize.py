"""``determinize(state, seat, rng)`` for every registered game (the strong-bots issue builds on it).

At points along seeded random games, for every seat: the determinized state shows
that seat exactly the view it had (and the same legal actions), the real state is
untouched, and the determinized state plays on to the end. Each game's own
``tests/games/<name>/test_determinize.py`` checks that what is hidden really varies.
"""

from __future__ import annotations

import json

import pytest

import evogames
from evogames import Match
from evogames.core.registry import names
from evogames.core.rng import Rng
from tests.conformance.test_contract import seats

GAMES = names()


def _states(name: str, seed: int, every: int) -> list[Match]:
    """Copies of a seeded random game every ``every`` actions, and at the start."""
    match = Match(name, seats(name, 3), seed=seed)
    rng = Rng(seed)
    taken = [match.clone()]
    steps = 0
    while not match.over and steps < 400:
        seat = rng.choice(match.to_act)
        match.act(seat, rng.choice(match.legal(seat)))
        steps += 1
        if steps % every == 0:
            taken.append(match.clone())
    return taken


def _dump(value: object) -> str:
    return json.dumps(value, sort_keys=True, default=str)


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_cannot_tell_the_determinized_state_from_the_real_one(name: str) -> None:
    spec = evogames.game(name)
    for match in _states(name, seed=5, every=17):
        for seat in range(match.players):
            before = _dump([spec.full_view(match.state, s) for s in range(match.players)])
            det = spec.determinize(match.state, seat, Rng(seat + 1))
            assert det is not match.state
            seen = spec.full_view(match.state, seat)
            assert _dump(spec.full_view(det, seat)) == _dump(seen), f"{name}: seat {seat}'s view"
            assert spec.legal(det, seat) == spec.legal(match.state, seat)
            after = _dump([spec.full_view(match.state, s) for s in range(match.players)])
            assert after == before, "the real state changed"


@pytest.mark.parametrize("name", GAMES)
def test_a_determinized_state_plays_on_to_the_end(name: str) -> None:
    spec = evogames.game(name)
    for match in _states(name, seed=9, every=29)[::2]:
        det = spec.determinize(match.state, 0, Rng(3))
        rng = Rng(4)
        for _ in range(5000):
            if spec.is_over(det):
                break
            seat = rng.choice(spec.to_act(det))
            spec.apply(det, seat, rng.choice(spec.legal(det, seat)))
        assert spec.is_over(det), f"{name}: the determinized game did not end"
