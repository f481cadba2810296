"""Adapt or Die's running score for the teacher's page and the debrief (newcomer walkthrough, item 4): the spec's
``score_of`` reads the unfit score each student's board shows ("Unfit now: 15 in 4 habitats"), not "–"."""

from __future__ import annotations

from typing import Any

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.server.tables import scores_of

OPTIONS: list[dict[str, Any]] = [{}, {"scoring": "extinction"}, {"shared_habitats": True}]


def step(m: Match, rng: Rng, bots: list[Any]) -> None:
    seat = m.to_act[0]
    m.act(seat, bots[seat].choose(m.view(seat), rng))


def check_running(m: Match, options: dict[str, Any]) -> bool:
    """Each seat's running score is what its board shows; True once some seat has one."""
    view = m.view(None)
    scores = scores_of(m.game, view, None)
    for seat, player in enumerate(view["players"]):
        card = player["scorecard"]
        counted = bool(card and (card["habitats"] or card["missing"]))
        if not counted:
            assert scores[seat] is None, "nothing scored yet: no number (not a perfect 0)"
        elif not options:
            assert scores[seat] == card["total"] and f"Unfit now: {card['total']}" in player["unfit_text"]
        elif options.get("scoring") == "extinction":
            assert scores[seat] == card["extinctions"]
        else:
            assert isinstance(scores[seat], int) and 0 <= scores[seat] <= len(card["habitats"])
    return any(s is not None for s in scores)


@pytest.mark.parametrize("options", OPTIONS)
def test_adapt_running_score_is_the_unfit_score_the_board_shows(options: dict[str, Any]) -> None:
    m = Match("adapt", 3, seed=4, options=options)
    rng, bots = Rng(4), [make_bot("heuristic", "adapt") for _ in range(3)]
    seen = False
    while not m.over:
        seen = check_running(m, options) or seen
        step(m, rng, bots)
    assert seen, "some seat had a running score before the end"
    assert m.game.score_label == "Unfit"


def test_adapt_shared_habitats_running_score_at_the_end_is_the_result() -> None:
    """With shared habitats the running count of habitats won is what the result counts at the end."""
    m = Match("adapt", 3, seed=2, options={"shared_habitats": True})
    rng, bots = Rng(2), [make_bot("heuristic", "adapt") for _ in range(3)]
    while not m.over:
        step(m, rng, bots)
    view = m.view(None)
    assert [m.game.score_of(view, s) for s in range(3)] == list(m.result["scores"])
