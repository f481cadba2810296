"""``GameSpec.static_view``: the parts of a view a search leaves out of its keys are the same in every view.

A search bot keys its tree by the view less these parts (``bots/ismcts.py``'s ``view_key``), so a part that
changed within a game would merge two views its seat can tell apart. Along seeded random games (and a game's
options where a variant changes a catalog), every seat's and a spectator's view has the very same value.
"""

from __future__ import annotations

import pytest

from evogames import Match
from evogames.bots.ismcts import view_key
from evogames.core.registry import game as lookup
from evogames.core.registry import names
from evogames.core.rng import Rng
from tests.conformance.test_contract import seats


@pytest.mark.parametrize("name", names())
def test_a_views_static_parts_never_change_within_a_game(name: str) -> None:
    static = lookup(name).static_view
    if not static:
        pytest.skip(f"{name} declares no static view parts")
    for seed in range(3):
        match = Match(name, seats(name, 2 + seed), seed=seed)
        rng = Rng(seed)
        first = {key: match.view(None)[key] for key in static}
        steps = 0
        while not match.over and steps < 300:
            for seat in [None, *range(match.players)]:
                view = match.view(seat)
                assert {key: view[key] for key in static} == first, (name, seed, steps, seat)
            seat = rng.choice(match.to_act)
            match.act(seat, rng.choice(match.legal(seat)))
            steps += 1


def test_a_view_key_leaves_out_only_the_static_parts() -> None:
    view = {"hand": [1, 2], "catalog": {"a": 1}, "round": 3}
    assert view_key(view) == repr(view)
    assert view_key(view, ("catalog",)) == repr({"hand": [1, 2], "round": 3})
    assert view_key({**view, "catalog": {"b": 2}}, ("catalog",)) == view_key(view, ("catalog",))
    assert view_key({**view, "round": 4}, ("catalog",)) != view_key(view, ("catalog",))
