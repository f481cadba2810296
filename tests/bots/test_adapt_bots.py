"""Adapt or Die's bots: legal, view-only, and the heuristic plays far better than chance."""

from __future__ import annotations

import pytest

from evogames import UsageError
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.adapt.bot import HeuristicBot
from evogames.sim.runner import simulate
from tests.games.adapt.helpers import game, hold, visit


def test_heuristic_beats_random() -> None:
    summary = simulate("adapt", 12, 3, "heuristic,random,random", seed=3, options={"max_rounds": 30})
    rates = summary["win_rate_per_bot"]
    assert rates["heuristic"] >= 0.75 and rates["random"] <= 0.15


def test_heuristic_keeps_a_niche_that_fits_and_forces_a_bad_one_on_the_leader() -> None:
    bot = HeuristicBot()
    m = game(3, creatures=["C05", "C13", "C02"], habitats=["H05"], randomizer_order=["R12"])
    visit(m, "H05")  # the spider crab's home: it keeps it
    assert bot.choose(m.view(0), Rng(1)) == {"type": "keep"}
    m = game(3, creatures=["C13", "C05", "C01"], habitats=["H05"], randomizer_order=["R12"])
    hold(m, 0, ["H13"], ["A14"])
    hold(m, 2, ["H01"], ["A19"])
    visit(m, "H05")  # the jumping spider (size 1) hates the deep slope: it forces it on someone
    assert bot.choose(m.view(0), Rng(1))["type"] == "give"


def test_heuristic_selects_the_adaptation_that_lowers_its_score() -> None:
    m = game(3, creatures=["C13", "C05", "C01"], habitats=["H05"], randomizer_order=["R12"])
    visit(m, "H05")
    m.act(0, {"type": "keep"})  # the spider (size 1) in the deep slope (size 5)
    choice = HeuristicBot().choose(m.view(0), Rng(1))
    assert choice["card"] in ("A12", "A02")  # ++ SIZE or ++ LEG LENGTH: the biggest gains


def test_a_bad_style_is_refused() -> None:
    with pytest.raises(UsageError):
        make_bot("heuristic:spite=9", "adapt")
