"""The log tells what happened, not a rule's nominal effect: who really selected an
adaptation, what really went back to which pile, what a shared game is played for."""

from __future__ import annotations

from evogames.games.adapt.debrief import _lines
from tests.games.adapt.helpers import end_turn, game, hold, texts, visit


def test_l101_shared_log_names_who_selects_when_the_adaptation_pile_runs_short() -> None:
    # l.101 "with 6 HABITATs and 5 players, there will be no adaptations left": not everyone selects
    m = game(5, habitats=["H05"], shared_habitats=True, habitats_per_player=6)
    m.state.adapt_pile = m.state.adapt_pile[:2]
    visit(m, "H05")
    for seat in (0, 1):
        m.act(seat, {"type": "adapt", "card": m.legal(seat)[0]["card"]})
    log = texts(m)
    assert not any("everyone receives it and selects" in line for line in log)
    assert "Player 1 selects Habitat 5 (Deep continental slope): everyone receives it; only 2 ADAPTATION " \
           "cards left: Player 1 and Player 2 select." in log
    assert log[-1] == "The ADAPTATION pile is empty: Player 3, Player 4 and Player 5 select no adaptation."


def test_l101_shared_log_with_a_full_pile_says_everyone_selects_clockwise() -> None:
    m = game(3, habitats=["H05"], shared_habitats=True)
    m.state.active = 1
    visit(m, "H05")
    assert texts(m)[-1] == ("Player 2 selects Habitat 5 (Deep continental slope): everyone receives it and "
                            "selects an ADAPTATION card, clockwise from Player 2.")


def test_l101_shared_log_counts_habitats_not_niche_cards() -> None:
    m = game(2, creatures=["C05", "C13"], habitats=["H05", "H13", "H09"], shared_habitats=True,
             habitats_per_player=3, randomizer_order=["R12", "R15", "R10"])
    assert texts(m)[0] == ("A 2-player game of Adapt or Die on one board (8 places), sharing habitats: the game "
                           "ends when 3 habitats are selected, and everyone receives each one.")
    for habitat in ("H05", "H13", "H09"):
        visit(m, habitat)
        while m.state.phase == "adapt":
            seat = m.to_act[0]
            m.act(seat, m.legal(seat)[-1])
        end_turn(m)
    won = m.result["habitats_won"][m.result["winners"][0]]
    assert texts(m)[-1].startswith("Game over (every shared habitat is selected).")
    assert texts(m)[-1].endswith(f"with the best fit in the most habitats ({won} habitat{'s' * (won != 1)})!")


def test_l57_log_a_niche_returned_without_an_adaptation_goes_to_the_niche_pile_only() -> None:
    # a NICHE card held without an ADAPTATION card (the pile was empty) goes back alone
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H05", "H02"], [])
    visit(m, "H05")
    m.act(0, {"type": "exchange", "niche": "H02"})
    assert texts(m)[-1] == ("Player 1 returns the NICHE card of Habitat 2 (Night beach hunter) "
                            "to the NICHE pile.")


def test_l57_log_a_forced_held_niche_says_where_its_adaptation_goes() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H05"], ["A03"])
    visit(m, "H05")
    m.act(0, {"type": "give", "to": 2, "adaptation": "A03"})
    assert "(returning - LEG LENGTH (Shorter legs, Brown anole) to the ADAPTATION pile)" in texts(m)[-1]


def test_ruling_24_log_a_mat_without_a_randomizer_card_says_its_blanks_are_3() -> None:
    m = game(3, habitats=["H05"])
    m.state.randomizers = []
    visit(m, "H05")
    assert any(line.endswith("No randomizer card is left: its blanks are 3, 3, 3.") for line in texts(m))
    assert m.state.pressures["H05"] == (5, 3, 5, 3, 3)


def test_debrief_says_what_adaptations_did_when_they_cost_points() -> None:
    # adaptations are all applied, so a card can raise a score: the debrief says "cost", not "saved -2"
    lines = _lines([{"seat": 0, "creature": "C01", "home": "H01", "home_held": True, "unfit": 5,
                     "unfit_without_adaptations": 3, "saved_by_adaptations": -2, "generic_unfit": 9}])
    assert "unfit 3 as dealt, 5 after its adaptations (cost 2)" in lines[0]
    assert lines[-1].startswith("Adaptations raised the table's unfit score by 2 in all")
