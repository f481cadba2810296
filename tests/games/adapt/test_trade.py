"""Trades at the end of a turn: one NICHE and one ADAPTATION card, with a willing player."""

from __future__ import annotations

import pytest

from evogames import IllegalAction
from tests.games.adapt.helpers import cards_conserved, game, hold, texts, types, walk


def _table():
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H01", "H02"], ["A01", "A02"])
    hold(m, 1, ["H03", "H04"], ["A06", "A07"])
    hold(m, 2, ["H01", "H06"], ["A11", "A12"])
    walk(m)
    return m


def test_rule_trade_one_niche_card_with_a_willing_player() -> None:
    m = _table()
    m.act(0, {"type": "offer", "to": 1, "give": "H02", "take": "H03"})
    assert m.to_act == [1] and types(m, 1) == {"accept", "decline"}
    assert m.view(1)["offer"] == {"from": 0, "to": 1, "kind": "niche", "give": "H02", "take": "H03"}
    m.act(1, {"type": "accept"})
    assert m.state.niches[0] == ["H01", "H03"] and m.state.niches[1] == ["H02", "H04"]
    assert m.to_act == [0] and cards_conserved(m)
    assert not any(a["type"] == "offer" and a["give"].startswith("H") for a in m.legal(0))


def test_rule_trade_one_adaptation_card_too() -> None:
    m = _table()
    m.act(0, {"type": "offer", "to": 2, "give": "A01", "take": "A12"})
    m.act(2, {"type": "accept"})
    assert m.state.adapts[0] == ["A12", "A02"] and m.state.adapts[2] == ["A11", "A01"]
    m.act(0, {"type": "offer", "to": 1, "give": "H01", "take": "H04"})  # a NICHE trade is still open
    m.act(1, {"type": "accept"})
    assert types(m, 0) == {"end_turn"}  # one of each kind per turn


def test_rule_a_player_may_decline_and_nothing_changes() -> None:
    m = _table()
    m.act(0, {"type": "offer", "to": 1, "give": "A01", "take": "A06"})
    m.act(1, {"type": "decline"})
    assert m.state.adapts[0] == ["A01", "A02"] and m.state.adapts[1] == ["A06", "A07"]
    assert any("declines" in t for t in texts(m))


def test_rule_the_offered_player_answers_out_of_turn() -> None:
    m = _table()
    m.act(0, {"type": "offer", "to": 2, "give": "A01", "take": "A11"})
    with pytest.raises(IllegalAction, match="not Player 1's turn"):
        m.act(0, {"type": "end_turn"})
    with pytest.raises(IllegalAction, match="not Player 2's turn"):
        m.act(1, {"type": "accept"})
    m.act(2, {"type": "decline"})
    assert m.to_act == [0]


def test_ruling_each_player_is_asked_once_per_kind_per_turn() -> None:
    m = _table()
    m.act(0, {"type": "offer", "to": 1, "give": "A01", "take": "A06"})
    m.act(1, {"type": "decline"})
    with pytest.raises(IllegalAction, match="already offered Player 2"):
        m.act(0, {"type": "offer", "to": 1, "give": "A02", "take": "A07"})
    assert all(a.get("to") != 1 or a["give"].startswith("H") for a in m.legal(0) if a["type"] == "offer")


def test_rule_a_trade_never_gives_two_copies_of_a_niche() -> None:
    m = _table()
    with pytest.raises(IllegalAction, match="two copies"):
        m.act(0, {"type": "offer", "to": 2, "give": "H02", "take": "H01"})
    with pytest.raises(IllegalAction, match="two copies"):
        m.act(0, {"type": "offer", "to": 2, "give": "H01", "take": "H06"})
    offers = [a for a in m.legal(0) if a["type"] == "offer" and a["to"] == 2 and a["give"].startswith("H")]
    assert offers == [{"type": "offer", "to": 2, "give": "H02", "take": "H06"}]


def test_rule_trades_only_swap_cards_the_players_hold() -> None:
    m = _table()
    with pytest.raises(IllegalAction, match="swaps one adaptation card"):
        m.act(0, {"type": "offer", "to": 1, "give": "A09", "take": "A06"})
    with pytest.raises(IllegalAction, match="another player"):
        m.act(0, {"type": "offer", "to": 0, "give": "A01", "take": "A02"})
