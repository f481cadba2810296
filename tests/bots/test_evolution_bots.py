"""Evolution's bots: legal, view-only, and the heuristic plays better than chance."""

from __future__ import annotations

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.evolution.bot import HeuristicBot
from evogames.sim.runner import simulate


def test_heuristic_beats_random() -> None:
    summary = simulate("evolution", 60, 4, "heuristic,random", seed=3)
    rates = summary["win_rate_per_bot"]
    assert rates["heuristic"] > 3 * rates["random"]


def test_heuristic_defends_by_running_first_then_dropping_its_cheapest_trait() -> None:
    bot = HeuristicBot()
    prey = {"id": "A2", "owner": 1, "traits": [{"trait": "tail_loss", "card": "TAL01"},
                                              {"trait": "camouflage", "card": "CAF01"}]}
    view = {"seat": 1, "players": [{"animals": []}, {"animals": [prey]}], "attack": {"target": "A2"},
            "legal": [{"type": "run"}, {"type": "tail", "card": "TAL01"}, {"type": "tail", "card": "CAF01"},
                      {"type": "yield"}]}
    assert bot.choose(view, Rng(1)) == {"type": "run"}
    view["legal"] = view["legal"][1:]
    assert bot.choose(view, Rng(1)) == {"type": "tail", "card": "TAL01"}


def test_aggression_style_changes_how_often_it_hunts() -> None:
    bot = make_bot("heuristic", "evolution", aggression=0.0)
    attacks = 0
    for seed in range(4):
        m = Match("evolution", 2, seed=seed)
        rng = Rng(seed)
        while not m.over:
            seat = m.to_act[0]
            m.act(seat, bot.choose(m.view(seat), rng))
        attacks += sum(s["attacks"] for s in m.stats()["seats"])
    eager = make_bot("heuristic", "evolution", aggression=1.0)
    eager_attacks = 0
    for seed in range(4):
        m = Match("evolution", 2, seed=seed)
        rng = Rng(seed)
        while not m.over:
            seat = m.to_act[0]
            m.act(seat, eager.choose(m.view(seat), rng))
        eager_attacks += sum(s["attacks"] for s in m.stats()["seats"])
    assert eager_attacks > attacks


def test_bad_style_is_refused() -> None:
    with pytest.raises(TypeError):
        HeuristicBot(aggression=2.0)


def test_l153_the_bots_default_is_the_old_automatic_order_and_choose_skips_a_hopeless_link() -> None:
    """The issue's table: X talks to Q (a Parasite: needs 3), P and R; 3 tokens. By default the heuristic fires
    the first link offered (Q, as the old engine did); ``pairs=choose`` feeds P and R instead."""
    from tests.games.evolution.helpers import animal, feed_phase, link, new

    survivors = {}
    for style in ("auto", "choose"):
        m = new()
        x = animal(m, 0)
        q, p, r = animal(m, 0, "parasite"), animal(m, 0), animal(m, 0)
        for other in (q, p, r):
            link(m, "communication", x, other)
        feed_phase(m, 3)
        m.act(0, {"type": "take", "animal": x})
        bot = make_bot(f"heuristic:pairs={style}", "evolution")
        while m.state.chain:
            m.act(0, bot.choose(m.view(0), Rng(1)))
        survivors[style] = m.state.tables[0]  # the bank is empty: feeding is over, extinction done
    assert survivors == {"auto": ["A1", "A3"], "choose": ["A1", "A3", "A4"]}
