"""Play & Pay and Out-to-Lunch."""

from __future__ import annotations

import pytest

from evogames import IllegalAction
from tests.games.mating.helpers import (
    C,
    calm,
    environment,
    pass_windows,
    play,
    scenario,
    sneaky,
    strategies,
    texts,
)


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


def test_out_to_lunch_gains_food_and_nothing_else_affects_it() -> None:
    """Seed l.169-172 and FAQ l.460: no cost, no Females, still the Environment's Food,
    and nothing else affects it (no predation, no sneaky Strategies)."""
    visible = strategies("flashy", "high")[0]
    hide, steal = sneaky("hide_from_predators")[0], sneaky("steal_offspring")[0]
    feast = environment(lambda e: e.predators == 2 and e.food > 0 and not e.scarcity)
    gain = C.environments[feast].food
    m = scenario([[hide, steal], [visible]], [feast])
    play(m, {0: None, 1: visible})
    assert m.to_act == [1]  # the first Predator hunts Player 2; nobody asks Player 1 anything
    m.act(1, {"type": "escape"})
    assert "The Predator finds nobody left to catch." in texts(m)  # the second Predator ignores the luncher
    pass_windows(m)
    lunch = m.view(None)["players"][0]
    assert lunch["food"] == 5 + gain
    assert (lunch["status"], lunch["out_to_lunch"], lunch["females"], lunch["offspring"]) == ("out", True, 0, 0)
    assert hide in m.state.hands[0] and steal in m.state.hands[0]  # never allowed a sneaky Strategy
    assert not any(e.kind in ("hunted", "sneaky") and e.seat == 0 for e in m.state.events)
    assert any(t.startswith("Player 1 is Out to Lunch this round (like the Giant panda") for t in texts(m))


def test_rule_out_to_lunch_may_be_chosen_with_food_to_spare_and_looks_like_any_card() -> None:
    """Seed l.167: you may go Out to Lunch even with enough Food, placed face down like a Strategy."""
    cheap = strategies("combat", "low")[0]
    m = scenario([[cheap], []], [calm(2)])
    assert {"type": "play", "card": cheap} in m.legal(0)
    m.act(0, {"type": "out_to_lunch"})
    seen = m.view(1)["players"][0]
    assert (seen["committed"], seen["strategy"], seen["out_to_lunch"]) == (True, None, False)
    assert "Player 1 places a card face down." in texts(m, 1)
    m.act(1, {"type": "out_to_lunch"})
    assert m.view(1)["players"][0]["out_to_lunch"] is True
    assert cheap in m.state.hands[0]


def test_rule_out_to_lunch_card_is_always_kept() -> None:
    """Seed l.126/138: discard what you want, draw to five, always keep the Out-to-Lunch card."""
    m = scenario([[], []], [calm(), calm()])
    play(m, {})
    pass_windows(m)
    lunch_id = m.view(0)["players"][0]["lunch_card"]["id"]
    assert all(lunch_id not in a["cards"] for a in m.legal(0))
    with pytest.raises(IllegalAction, match="do not hold"):
        m.act(0, {"type": "discard", "cards": [lunch_id]})
    hand = [c["id"] for c in m.view(0)["hand"]]
    m.act(0, {"type": "discard", "cards": hand})  # every Strategy may go
    m.act(1, {"type": "discard", "cards": []})
    assert len(m.view(0)["hand"]) == 5 and not set(hand) & {c["id"] for c in m.view(0)["hand"]}
    assert {"type": "out_to_lunch"} in m.legal(0)
