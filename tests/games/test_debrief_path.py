"""The debrief reaches a player one way, in every game (issue 21): the envelope's ``debrief`` key.

``GameSpec.full_view`` puts the spec's ``debrief`` slot into every view, None until the game is over;
a game's own ``view`` never carries it (nor Evolution's old ``lab`` key), and a result says who won
and why, not the debrief (Dodo's used to).
"""

from __future__ import annotations

import pytest

from evogames import Match
from evogames.bots.base import make_bot
from evogames.core.registry import names
from evogames.sim.play import play_game

PLAYERS = {"phylo": 2, "dodo": 2}


@pytest.mark.parametrize("name", names())
def test_the_debrief_reaches_every_seat_through_the_envelope_only(name: str) -> None:
    n = PLAYERS.get(name, 3)
    m = Match(name, n, seed=4)
    assert all(m.view(seat)["debrief"] is None for seat in [None, *range(n)]), "no debrief before the end"
    play_game(m, [make_bot("heuristic", name) for _ in range(n)], 4)
    expected = m.game.debrief(m.state)
    assert expected, f"{name}: a finished game has a debrief"
    for seat in [None, *range(n)]:
        assert m.view(seat)["debrief"] == expected
        own = m.game.view(m.state, seat)
        assert "debrief" not in own and "lab" not in own, f"{name}: the game's own view carries no debrief"
    assert "debrief" not in (m.result or {}), f"{name}: the result is who won and why, not the debrief"
