"""The Mating Game's bots: legal, view-only, and the heuristic plays better than chance."""

from __future__ import annotations

import pytest

from evogames import IllegalAction, Match, UsageError
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.mating.bot import HeuristicBot
from evogames.sim.runner import simulate


def test_heuristic_beats_random() -> None:
    summary = simulate("mating", 300, 4, "heuristic,random", seed=3)
    rates = summary["win_rate_per_bot"]
    assert rates["heuristic"] > 1.5 * rates["random"]


def test_heuristic_escapes_when_its_strategy_is_worth_it() -> None:
    bot = HeuristicBot()
    me = {"seat": 0, "food": 4, "strategy": {"fitness": 4}, "offspring": 0}
    assert bot.choose({"legal": [{"type": "escape"}, {"type": "no_escape"}], "seat": 0, "players": [me]},
                      Rng(1)) == {"type": "escape"}
    me["strategy"] = {"fitness": 1}
    careful = HeuristicBot(risk=0.0)
    assert careful.choose({"legal": [{"type": "escape"}, {"type": "no_escape"}], "seat": 0, "players": [me]},
                          Rng(1)) == {"type": "no_escape"}


def test_style_changes_what_the_heuristic_plays() -> None:
    counts = {}
    for prefer in ("combat", "flashy"):
        bot = make_bot("heuristic", "mating", prefer=prefer)
        played = {"combat": 0, "flashy": 0}
        for seed in range(30):
            m = Match("mating", 3, seed=seed)
            rng = Rng(seed)
            while not m.over:
                seat = m.to_act[0]
                m.act(seat, bot.choose(m.view(seat), rng))
            stats = m.stats()["seats"]
            played["combat"] += sum(s["combat_played"] for s in stats)
            played["flashy"] += sum(s["flashy_played"] for s in stats)
        counts[prefer] = played
    assert counts["combat"]["combat"] > counts["flashy"]["combat"]
    assert counts["flashy"]["flashy"] > counts["combat"]["flashy"]


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(IllegalAction, match="Unknown bot"):
        make_bot("genius", "mating")


@pytest.mark.parametrize(("name", "sentence"), [("heuristic:prefer", "should be key=value"),
                                                ("heuristic:wings=2", "The bot .heuristic. takes no setting .wings.")])
def test_a_bad_bot_style_is_a_usage_error_not_an_illegal_move(name: str, sentence: str) -> None:
    with pytest.raises(UsageError, match=sentence) as refused:
        make_bot(name, "mating")
    assert not isinstance(refused.value, IllegalAction) and refused.value.code == "bot/style"


def test_a_style_rides_in_the_bot_name() -> None:
    bot = make_bot("heuristic:prefer=flashy:risk=0.9:save_below=3", "mating")
    assert isinstance(bot, HeuristicBot)
    assert (bot.prefer, bot.risk, bot.save_below) == ("flashy", 0.9, 3)
    for bad in ("heuristic:prefer=sleepy", "heuristic:risk=7", "heuristic:colour", "heuristic:wings=2"):
        with pytest.raises(UsageError):
            make_bot(bad, "mating")


def test_invest_style_leans_to_its_strategy_level() -> None:
    from evogames.games.mating.components import components

    strategies = components().strategies
    levels = {}
    for invest in ("low", "high"):
        played: dict[str, int] = {"low": 0, "mid": 0, "high": 0}
        bot = make_bot(f"heuristic:invest={invest}", "mating")
        for seed in range(20):
            match = Match("mating", 3, seed=seed)
            rng = Rng(seed)
            while not match.over:
                seat = match.to_act[0]
                match.act(seat, bot.choose(match.view(seat), rng))
            for cards in match.stats()["cards_played"]:
                for card in cards:
                    if card in strategies:
                        played[strategies[card].level] += 1
        levels[invest] = played
    assert levels["high"]["high"] > levels["low"]["high"]
    assert levels["low"]["low"] > levels["high"]["low"]
    with pytest.raises(UsageError):
        make_bot("heuristic:invest=huge", "mating")
