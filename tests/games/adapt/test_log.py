"""The log tells what happened, not a rule's nominal effect: who really selected an
adaptation, what really went back to which pile, what a shared game is played for."""

from __future__ import annotations

from evogames.games.adapt.debrief import _lines
from evogames.games.adapt.flow import phase
from tests.games.adapt.helpers import end_turn, game, hold, texts, visit, walk


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
        while phase(m.state) == "adapt":
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


def test_ruling_16_log_and_view_say_when_and_why_a_game_ended_at_the_round_limit() -> None:
    # the safety limit is not in the rulebook: the log and the game-over screen say so, and who lacked what
    m = game(2, habitats=["H05"], max_rounds=1)
    hold(m, 0, ["H01"], ["A01"])
    walk(m)
    end_turn(m)
    walk(m)
    end_turn(m)
    limit = ("at the round limit, after round 1 (a safety limit set for this table, not in the rulebook), before "
             "every player held 4 NICHE cards: Player 1 lacks 3 and Player 2 lacks 4, and each missing NICHE card "
             "counts 20 (the worst fit)")
    assert texts(m)[-1].startswith(f"Game over {limit}. Player 1 wins with the lowest unfit score (")
    assert m.view(None)["ending"] == f"The game ended {limit}."
    assert m.view(1)["players"][1]["unfit_text"] == "Unfit: 80 (lower is better); 4 missing NICHE cards count 20 each."


def test_ruling_16_log_a_shared_game_at_the_round_limit_names_the_habitats_played_for() -> None:
    m = game(2, habitats=["H05"], shared_habitats=True, max_rounds=1)
    visit(m, "H05")
    while phase(m.state) == "adapt":
        m.act(m.to_act[0], m.legal(m.to_act[0])[0])
    end_turn(m)
    walk(m)
    end_turn(m)
    assert m.over
    assert "before 4 habitats were selected: only the 1 habitat selected is played for." in texts(m)[-1]
    assert m.view(0)["players"][0]["unfit_text"].endswith("; 3 habitats never selected count 20 each.")


def test_a_complete_game_says_after_which_round_it_ended() -> None:
    m = game(2, habitats=["H05", "H06"], habitats_per_player=3)
    hold(m, 0, ["H01", "H02"], [])
    hold(m, 1, ["H03", "H04"], [])
    visit(m, "H05")
    m.act(0, {"type": "keep"})
    m.act(0, m.legal(0)[0])
    end_turn(m)
    visit(m, "H06")
    m.act(1, {"type": "keep"})
    m.act(1, m.legal(1)[0])
    end_turn(m)
    assert texts(m)[-1].startswith("Game over (every player has their NICHE cards).")
    assert m.view(None)["ending"] == "The game ended after round 1: every player has their NICHE cards."


def test_unfit_now_says_why_nothing_is_scored_before_a_niche() -> None:
    # a 0 before any NICHE card is not a perfect fit: the view says nothing is scored yet, and why
    m = game(3, habitats=["H05"])
    assert m.view(0)["players"][0]["unfit_text"] == (
        "Unfit now: nothing to score yet, no NICHE card yet (a player is scored only in the habitats whose "
        "NICHE card they hold).")
    hold(m, 0, ["H05"], [])
    card = m.view(0)["players"][0]["scorecard"]
    assert m.view(0)["players"][0]["unfit_text"] == f"Unfit now: {card['total']} in 1 habitat (lower is better)."
    shared = game(3, habitats=["H05"], shared_habitats=True)
    assert shared.view(None)["players"][2]["unfit_text"].startswith("Unfit now: nothing to score yet, no habitat "
                                                                   "is shared yet")
