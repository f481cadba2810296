"""Phylo's heuristic bot: legal choices from its view only, and it beats random play clearly."""

from __future__ import annotations

import pytest

from evogames import Match, UsageError
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.phylo.bot import HeuristicBot, table_from_view


def play(bots: list[object], seed: int, options: dict[str, object] | None = None) -> Match:
    m = Match("phylo", len(bots), seed=seed, options=options or {})
    rng = Rng(seed)
    while not m.over:
        seat = m.to_act[0]
        action = bots[seat].choose(m.view(seat), rng)  # type: ignore[attr-defined]
        assert action in m.legal(seat)
        m.act(seat, action)
    return m


def test_heuristic_beats_random_over_a_modest_sample() -> None:
    wins = 0
    games = 16
    for seed in range(games):
        rand = make_bot("random", "phylo")
        seats = [HeuristicBot(), rand] if seed % 2 else [rand, HeuristicBot()]
        m = play(seats, seed)
        result = m.result
        assert result is not None
        heuristic = 1 if seed % 2 == 0 else 0
        wins += heuristic in result["winners"]
    assert wins >= 12  # measured about 95% over 300 games


def test_heuristic_rebuilds_only_the_public_table() -> None:
    m = Match("phylo", 2, seed=3)
    s = table_from_view(m.view(0))
    assert set(s.board) == set(m.state.board)
    assert all(h == [] for h in s.hands) and all(d == [] for d in s.decks)


def test_heuristic_calls_true_bluffs_and_plays_with_the_option() -> None:
    m = play([HeuristicBot(), HeuristicBot(bluff=False)], 5, {"call_your_bluff": True})
    assert m.over


def test_bad_styles_are_refused() -> None:
    with pytest.raises(UsageError):
        make_bot("heuristic:redundancy=99", "phylo")
    assert make_bot("heuristic:aggression=2", "phylo").name == "heuristic"  # type: ignore[attr-defined]


def test_heuristic_calls_only_bluffs_the_cards_prove() -> None:
    from tests.games.phylo.helpers import match, put

    m = match(call_your_bluff=True)
    put(m, 1, "Dandelion", (-1, 0))
    put(m, 1, "Brown Rat", (-1, -1))  # nothing can be proved: left as is
    put(m, 1, "Scots Pine", (-2, 0))
    put(m, 1, "Giant Panda", (-2, -1))  # pandas eat bamboo: a bluff
    bot = HeuristicBot()
    view = m.view(0)
    values = {(tuple(a["at"]), tuple(a["with"])): bot.value(table_from_view(view), 0, view, i, a)
              for i, a in enumerate(view["legal"]) if a["type"] == "challenge"}
    assert values[((-2, -1), (-2, 0))] > 0 > values[((-1, -1), (-1, 0))]


def test_heuristic_plays_a_free_living_parasite_alone() -> None:
    from tests.games.phylo.helpers import give, match, put

    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    cowbird = give(m, 0, "Brown-headed Cowbird")
    m.state.hands[0] = [cowbird]
    action = HeuristicBot().choose(m.view(0), Rng(1))
    assert action["type"] == "play" and action["card"] == cowbird
