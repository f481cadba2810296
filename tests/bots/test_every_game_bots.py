"""Every game's bots, random and heuristic: they see only JSON data (their seat's view) and always
choose one of its legal actions, to the end of a game."""

from __future__ import annotations

import json

import pytest

import evogames
from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng


@pytest.mark.parametrize("name", [entry["name"] for entry in evogames.catalog()])
@pytest.mark.parametrize("bot_name", ["random", "heuristic"])
def test_bots_choose_only_legal_actions_from_a_json_view(name: str, bot_name: str) -> None:
    bot = make_bot(bot_name, name)
    game = evogames.game(name)
    m = Match(name, max(game.min_players, min(3, game.max_players)), seed=5)
    rng = Rng(1)
    while not m.over:
        seat = m.to_act[0]
        view = json.loads(json.dumps(m.view(seat)))  # nothing but data reaches the bot
        action = bot.choose(view, rng)
        assert action in view["legal"]
        m.act(seat, action)


def test_a_style_in_words_gets_the_settings_own_types_so_both_builds_take_it() -> None:
    """`heuristic:parasites=0` is a no and `risk=1` the number 1.0 (a compiled bot refuses an int for a bool)."""
    from evogames.bots.base import make_bot as make_view_bot

    evolution = make_view_bot("heuristic:parasites=0:aggression=1", "evolution")
    assert evolution.parasites is False and isinstance(evolution.aggression, float)  # type: ignore[attr-defined]
    assert make_view_bot("heuristic:parasites=yes", "evolution").parasites is True  # type: ignore[attr-defined]
    mating = make_view_bot("medium:risk=1", "mating")
    assert mating.risk == 1.0 and isinstance(mating.risk, float)  # type: ignore[attr-defined]
