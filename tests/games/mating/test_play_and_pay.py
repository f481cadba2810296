"""Play & Pay and Out-to-Lunch."""

from __future__ import annotations

import pytest

from evogames import IllegalAction
from tests.games.mating.helpers import calm, pass_windows, play, scenario, sneaky, strategies, texts


def test_rule_strategies_are_face_down_until_everyone_has_chosen() -> None:
    flashy, combat = strategies("flashy", "mid")[0], strategies("combat", "mid")[0]
    m = scenario([[flashy], [combat], []], [calm()])
    m.act(0, {"type": "play", "card": flashy})
    for seat in (1, 2, None):
        assert m.view(seat)["players"][0]["strategy"] is None
        assert m.view(seat)["players"][0]["committed"] is True
    assert m.view(0)["players"][0]["strategy"]["id"] == flashy
    assert m.view(0)["players"][0]["food"] == 5  # not paid before the reveal
    m.act(1, {"type": "play", "card": combat})
    m.act(2, {"type": "out_to_lunch"})
    assert m.view(2)["players"][0]["strategy"]["id"] == flashy
    assert m.view(None)["players"][1]["strategy"]["id"] == combat


def test_rule_you_must_be_able_to_pay_for_your_strategy() -> None:
    dear = strategies("flashy", "high")[0]
    m = scenario([[dear], []], [calm()])
    m.state.food[0] = 4
    assert {"type": "play", "card": dear} not in m.legal(0)
    with pytest.raises(IllegalAction, match="must be able to pay"):
        m.act(0, {"type": "play", "card": dear})
    assert m.state.choice[0] is None


def test_rule_a_sneaky_strategy_cannot_be_the_main_strategy() -> None:
    card = sneaky("extra_offspring")[0]
    m = scenario([[card], []], [calm()])
    assert all(a.get("card") != card for a in m.legal(0))
    with pytest.raises(IllegalAction, match="sneaky"):
        m.act(0, {"type": "play", "card": card})


def test_rule_reveal_pays_the_food_cost() -> None:
    high = strategies("flashy", "high")[0]
    m = scenario([[high], []], [calm(2)])
    play(m, {0: high, 1: None})
    assert any("pays 5 Food" in t for t in texts(m))
    assert m.view(None)["players"][0]["food"] == 5 - 5 + 2


def test_rule_out_to_lunch_costs_nothing_still_gains_food_and_is_kept() -> None:
    m = scenario([[], []], [calm(3)])
    play(m, {0: None, 1: None})
    view = m.view(0)
    assert [p["food"] for p in view["players"]] == [8, 8]
    assert view["players"][0]["out_to_lunch"] is True
    assert view["players"][0]["females"] == 0 and view["players"][0]["offspring"] == 0
    pass_windows(m)
    assert {"type": "out_to_lunch"} in _next_round_legal(m, 0)


def _next_round_legal(m, seat):  # type: ignore[no-untyped-def]
    for s in list(m.to_act):
        m.act(s, {"type": "discard", "cards": []})
    return m.legal(seat)


def test_ruling_everyone_chooses_face_down_even_when_forced() -> None:
    m = scenario([[strategies("flashy", "high")[0]], []], [calm()])
    m.state.food[0] = 0
    assert m.legal(0) == [{"type": "out_to_lunch"}]
    assert 0 in m.to_act  # still asked, so the table learns nothing before the reveal


def test_a_seat_cannot_change_its_face_down_choice() -> None:
    m = scenario([[], []], [calm()])
    m.act(0, {"type": "out_to_lunch"})
    with pytest.raises(IllegalAction, match="not Player 1's turn"):
        m.act(0, {"type": "out_to_lunch"})
