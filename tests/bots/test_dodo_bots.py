"""Tough Luck, Dodo's bots: legal, view-only, and the heuristic plays better than chance."""

from __future__ import annotations

import pytest

from evogames import UsageError
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.dodo.bot import HeuristicBot, board_of, predict
from evogames.sim.runner import simulate
from tests.games.dodo.helpers import table


def test_heuristic_beats_random() -> None:
    summary = simulate("dodo", 24, 2, "heuristic,random", seed=3)
    rates = summary["win_rate_per_bot"]
    assert rates["heuristic"] > 0.75 > 0.25 > rates["random"]


def test_prediction_follows_the_consumption_order() -> None:
    m, _ = table(2, [(0, "R", "E05"), (1, "RRR", "E05"), (0, "RY", "E01")], first=0)
    caps, fed = predict(board_of(m.view(0)))
    assert caps == [1, 1] and fed == [1, 1]  # RRR eats the vent first and captures; RY captures the flat


def test_heuristic_stops_the_leaders_capture_with_a_token() -> None:
    """It spends Famine or Relocation where the leader would otherwise capture."""
    m, (threat, _) = table(2, [(1, "RY", "E01"), (0, "G", "E02")], first=0)
    bot = HeuristicBot()
    rng = Rng(2)
    while m.view(None)["phase"] == "token" and m.to_act == [0]:
        m.act(0, bot.choose(m.view(0), rng))
    used = [t for t, up in m.view(0)["hand"]["tokens"].items() if not up]
    assert used and used[0] in ("famine", "relocation")
    caps, _ = predict(board_of(m.view(1)))
    assert caps[1] == 0, "the capture is stopped"
    assert threat in {c["id"] for c in m.view(None)["creatures"]}


def test_heuristic_migrates_toward_food() -> None:
    m, (hungry, _) = table(2, [(0, "G", "E05"), (1, "R", "E03")], first=0)
    bot = HeuristicBot(token_gain=99)
    rng = Rng(1)
    while m.view(None)["phase"] != "migration":
        m.act(m.to_act[0], bot.choose(m.view(m.to_act[0]), rng))
    m.act(0, bot.choose(m.view(0), rng))
    assert m.view(None)["pending"] == {"kind": "migrate", "seat": 0, "creature": hungry}
    m.act(0, bot.choose(m.view(0), rng))
    assert next(c for c in m.view(None)["creatures"] if c["id"] == hungry)["environment"] in ("E02", "E04", "E06")


def test_a_style_rides_in_the_bot_name() -> None:
    bot = make_bot("heuristic:token_gain=5:spite=0.5", "dodo")
    assert isinstance(bot, HeuristicBot) and (bot.token_gain, bot.spite) == (5, 0.5)
    for bad in ("heuristic:spite=9", "heuristic:token_gain=-1", "heuristic:wings=2"):
        with pytest.raises(UsageError):
            make_bot(bad, "dodo")
