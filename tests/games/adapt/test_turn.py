"""Set-up and a turn: roll, move, exit at a side, the NICHE card, the ADAPTATION card."""

from __future__ import annotations

import json

import pytest

from evogames import IllegalAction, Match
from evogames.games.adapt.flow import phase
from evogames.games.adapt.rules.board import boards
from tests.games.adapt.helpers import SINGLE, cards_conserved, end_turn, exit_at, game, hold, texts, types, visit, walk


def test_rule_setup_mats_face_down_adaptations_face_up_creatures_shown() -> None:
    m = Match("adapt", 4, seed=3)
    v = m.view(1)
    assert v["mat_pile"] == 16 and v["mats"] == []
    assert "deck" not in v and json.dumps(m.state.deck[-4:])[1:-1] not in json.dumps(v)
    assert len(v["adaptation_pile"]) == 25  # face up: every card listed
    assert all(p["creature"] for p in v["players"])  # every creature shown face up
    assert len({p["creature"] for p in v["players"]}) == 4
    orders = {tuple(Match("adapt", 4, seed=s).state.deck) for s in range(4)}
    assert len(orders) == 4  # the HABITAT MAT pile is shuffled


def test_ruling_bugs_start_at_the_centre_and_player_1_goes_first() -> None:
    m = Match("adapt", 3, seed=2)
    assert m.view(None)["positions"] == ["C", "C", "C"]
    assert m.to_act == [0]


def test_ruling_two_or_six_players_are_allowed_with_a_note() -> None:
    for players in (2, 6):
        assert any("designs Adapt or Die for 3-5 players" in t for t in texts(Match("adapt", players, seed=1)))
    assert not any("3-5 players" in t for t in texts(Match("adapt", 4, seed=1)))


def test_rule_roll_the_die_and_move_anywhere_within_the_roll() -> None:
    m = Match("adapt", 3, seed=5)
    s = m.state
    assert 1 <= s.roll <= 6 and any(f"rolls {s.roll}" in t for t in texts(m))
    for roll in range(1, 7):
        s.roll = roll
        targets = {a["to"] for a in m.legal(0)}
        assert targets == set(SINGLE.within("C", roll))
    s.roll = 4
    assert {f"E{i}" for i in range(8)} <= {a["to"] for a in m.legal(0)}


def test_ruling_the_bug_must_move_at_least_one_space() -> None:
    m = Match("adapt", 3, seed=5)
    assert "C" not in {a["to"] for a in m.legal(0)}
    with pytest.raises(IllegalAction, match="1 to"):
        m.act(0, {"type": "move", "to": "C"})


def test_rule_moving_beyond_the_roll_is_refused_and_changes_nothing() -> None:
    m = Match("adapt", 3, seed=5)
    m.state.roll = 3
    before = json.dumps(m.view(None))
    with pytest.raises(IllegalAction, match="you rolled 3"):
        m.act(0, {"type": "move", "to": "E0"})
    assert json.dumps(m.view(None)) == before


def test_ruling_a_bug_exits_only_by_ending_its_move_on_an_exit_space() -> None:
    m = game(3)
    walk(m)
    assert phase(m.state) == "trade" and m.state.mats == {}


def test_rule_exit_at_an_empty_place_draws_a_habitat_mat_and_its_randomizer() -> None:
    m = game(3, habitats=["H01"], randomizer_order=["R01"])
    exit_at(m, 2)
    v = m.view(None)
    assert v["mats"] == [{"place": "P2", "habitat": "H01", "pressures": [2, 4, 1, 1, 5]}]
    assert v["mat_pile"] == 15
    assert any("Ice age" in t and "2, 4, 1" in t for t in texts(m))


def test_rule_a_placed_mat_cannot_be_changed_or_moved() -> None:
    m = game(3, habitats=["H01", "H02"])
    exit_at(m, 2)
    m.act(0, {"type": "keep"})
    m.act(0, {"type": "adapt", "card": "A01"})
    end_turn(m)
    exit_at(m, 2)  # Player 2 exits at the same side: the cave is still there
    assert m.state.mats == {"P2": "H01"} and len(m.state.deck) == 15
    assert m.view(1)["pending"] == {"habitat": "H01", "held": False}


def test_rule_exit_takes_the_habitats_niche_card_and_then_an_adaptation() -> None:
    m = game(3, habitats=["H05"])
    exit_at(m, 0)
    assert types(m, 0) == {"keep", "give"}  # no NICHE card yet: nothing to exchange
    m.act(0, {"type": "keep"})
    assert m.state.niches[0] == ["H05"] and m.state.niche_pile["H05"] == 4
    assert m.to_act == [0] and types(m, 0) == {"adapt"}
    assert len(m.legal(0)) == 25  # any card of the face-up pile
    m.act(0, {"type": "adapt", "card": "A12"})
    assert m.state.adapts[0] == ["A12"] and "A12" not in m.state.adapt_pile
    assert types(m, 0) == {"end_turn"}  # nobody else holds a card to trade yet
    assert cards_conserved(m)


def test_rule_exchange_returns_a_niche_and_an_adaptation_for_the_new_one() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H02"], ["A03"])
    visit(m, "H05")
    m.act(0, {"type": "exchange", "niche": "H02", "adaptation": "A03"})
    s = m.state
    assert s.niches[0] == ["H05"] and s.adapts[0] == [] and "A03" in s.adapt_pile
    assert s.niche_pile["H02"] == 5 and s.niche_pile["H05"] == 4
    m.act(0, {"type": "adapt", "card": "A17"})  # the NICHE selected brings an adaptation
    assert s.adapts[0] == ["A17"] and len(s.niches[0]) == len(s.adapts[0])
    assert any("returns the NICHE card of Habitat 2" in t for t in texts(m))


def test_rule_already_holding_that_niche_return_a_different_one_or_force_it() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H05", "H02"], ["A03", "A04"])
    visit(m, "H05")
    kinds = types(m, 0)
    assert kinds == {"exchange", "give"} and "keep" not in kinds
    assert {a.get("niche") for a in m.legal(0) if a["type"] == "exchange"} == {"H02"}
    m.act(0, {"type": "exchange", "niche": "H02", "adaptation": "A04"})
    s = m.state
    assert s.niches[0] == ["H05"] and s.adapts[0] == ["A03"]  # a discard: no new adaptation
    assert phase(s) == "trade" and s.niche_pile["H02"] == 5


def test_rule_any_returned_niche_takes_an_adaptation_back_to_the_pile() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H05", "H02"], ["A03", "A04"])
    visit(m, "H05")
    with pytest.raises(IllegalAction, match="ADAPTATION"):
        m.act(0, {"type": "exchange", "niche": "H02"})
    assert m.state.niches[0] == ["H05", "H02"]


def test_ruling_forcing_a_held_niche_on_someone_returns_an_adaptation() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H05"], ["A03"])
    visit(m, "H05")
    m.act(0, {"type": "give", "to": 2, "adaptation": "A03"})
    s = m.state
    assert s.niches[0] == [] and s.adapts[0] == [] and s.niches[2] == ["H05"]
    assert m.to_act == [2]  # the receiver selects an adaptation, out of turn
    m.act(2, {"type": "adapt", "card": "A03"})
    assert s.adapts[2] == ["A03"] and m.to_act == [0] and cards_conserved(m)


def test_rule_give_the_niche_to_a_player_with_fewer_than_4_who_then_selects_an_adaptation() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 1, ["H01", "H02", "H03", "H04"], ["A01", "A02", "A03", "A04"])
    visit(m, "H05")
    assert {a["to"] for a in m.legal(0) if a["type"] == "give"} == {2}
    with pytest.raises(IllegalAction, match="fewer than 4"):
        m.act(0, {"type": "give", "to": 1})
    m.act(0, {"type": "give", "to": 2})
    assert m.state.niches[2] == ["H05"] and m.state.niches[0] == []
    assert m.to_act == [2] and types(m, 2) == {"adapt"}
    m.act(2, {"type": "adapt", "card": "A20"})
    assert m.to_act == [0] and m.state.adapts[2] == ["A20"]
    assert m.state.tally[0][2] == 1  # niches_forced


def test_rule_never_two_copies_of_the_same_niche() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 2, ["H05"], ["A01"])
    m.state.mats.clear()  # scenario: the mat was placed by hold(); take it away again
    m.state.pressures.clear()
    m.state.deck.append("H05")
    visit(m, "H05")
    assert {a["to"] for a in m.legal(0) if a["type"] == "give"} == {1}
    with pytest.raises(IllegalAction, match="does not hold it"):
        m.act(0, {"type": "give", "to": 2})


def test_rule_with_4_niches_a_player_must_exchange_or_give() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H01", "H02", "H03", "H04"], ["A01", "A02", "A03", "A04"])
    visit(m, "H05")
    assert types(m, 0) == {"exchange", "give"}
    with pytest.raises(IllegalAction, match="already have 4"):
        m.act(0, {"type": "keep"})
    assert len(m.legal(0)) == 4 * 4 + 2  # 4 NICHE x 4 ADAPTATION returns, 2 receivers


def test_ruling_no_copy_left_in_the_niche_pile_means_no_niche() -> None:
    m = game(3, habitats=["H05"])
    m.state.niche_pile["H05"] = 0
    visit(m, "H05")
    assert phase(m.state) == "trade" and m.state.niches[0] == []
    assert any("No copy" in t for t in texts(m))


def test_ruling_holding_only_that_niche_with_nobody_to_take_it_nothing_happens() -> None:
    m = game(2, habitats=["H05"])
    hold(m, 0, ["H05"], ["A01"])
    hold(m, 1, ["H01", "H02", "H03", "H04"], ["A02", "A03", "A04", "A06"])
    visit(m, "H05")
    assert phase(m.state) == "trade" and m.state.niches[0] == ["H05"]
    assert any("can neither" in t for t in texts(m))


def test_ruling_an_empty_adaptation_pile_gives_no_adaptation() -> None:
    m = game(3, habitats=["H05"])
    m.state.adapt_pile = []
    visit(m, "H05")
    m.act(0, {"type": "keep"})
    assert phase(m.state) == "trade" and m.state.adapts[0] == []
    assert any("ADAPTATION pile is empty" in t for t in texts(m))


def test_rule_players_with_4_keep_playing_until_the_last_has_4() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H01", "H02", "H03", "H04"], ["A01", "A02", "A03", "A04"])
    walk(m)
    end_turn(m)
    assert not m.over and m.to_act == [1]
    walk(m)
    end_turn(m)
    walk(m)
    end_turn(m)
    assert m.to_act == [0] and m.legal(0)[0]["type"] == "move"


def test_rule_game_ends_at_the_end_of_the_turn_when_the_last_player_gets_a_4th() -> None:
    m = game(3, habitats=["H09"])
    hold(m, 0, ["H01", "H02", "H03", "H04"], ["A01", "A02", "A03", "A04"])
    hold(m, 1, ["H01", "H02", "H03", "H04"], ["A06", "A07", "A08", "A09"])
    hold(m, 2, ["H01", "H02", "H03"], ["A11", "A12", "A13"])
    visit(m, "H09")
    m.act(0, {"type": "give", "to": 2})  # Player 3 receives their 4th NICHE card
    m.act(2, {"type": "adapt", "card": "A14"})
    assert not m.over  # not until the end of the turn: trades may still happen
    assert types(m, 0) == {"offer", "end_turn"}
    end_turn(m)
    assert m.over and m.to_act == [] and m.result["reason"] == "complete"
    assert any("Game over" in t for t in texts(m))


def test_ruling_turn_limit_scores_a_missing_niche_as_the_worst_fit() -> None:
    m = game(2, habitats=["H05"], max_rounds=1)
    hold(m, 0, ["H01"], ["A01"])
    walk(m)
    end_turn(m)
    walk(m)
    end_turn(m)
    assert m.over and m.result["reason"] == "turn_limit"
    card = m.view(0)["players"][1]["scorecard"]
    assert card["missing"] == 4 and card["total"] == 80


def test_bad_actions_have_sentences_and_change_nothing() -> None:
    m = game(3, habitats=["H05"])
    before = json.dumps(m.view(None))
    for action, pattern in [({"type": "keep"}, "cannot keep"), ({"type": "move"}, "1 to"),
                            ({"type": "move", "to": "E0", "x": 1}, "Unexpected"),
                            ({"type": "end_turn"}, "may move your bug")]:
        with pytest.raises(IllegalAction, match=pattern):
            m.act(0, action)
    with pytest.raises(IllegalAction, match="not Player 2's turn"):
        m.act(1, {"type": "move", "to": "S01"})
    assert json.dumps(m.view(None)) == before
    assert boards()["single"].start == "C"


def test_rule_already_holding_that_niche_with_4_niches_return_a_different_one_or_force_it() -> None:
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H05", "H01", "H02", "H03"], ["A01", "A02", "A03", "A04"])
    visit(m, "H05")
    assert types(m, 0) == {"exchange", "give"}
    assert {a["niche"] for a in m.legal(0) if a["type"] == "exchange"} == {"H01", "H02", "H03"}
    assert len(m.legal(0)) == 3 * 4 + 2 * 4  # 3 other NICHEs x 4 ADAPTATIONs; 2 receivers x 4
    m.act(0, {"type": "exchange", "niche": "H01", "adaptation": "A02"})
    s = m.state
    assert s.niches[0] == ["H05", "H02", "H03"] and s.adapts[0] == ["A01", "A03", "A04"]
    assert phase(s) == "trade" and s.niche_pile["H01"] == 5 and s.niche_pile["H05"] == 4 and cards_conserved(m)


def test_rule_the_game_goes_on_while_a_giver_dropped_below_4() -> None:
    # the last player receives their 4th NICHE card, but it was forced on them by a player
    # who held it among their 4: the giver now has 3, so not every player has 4 (l.19-21)
    m = game(3, habitats=["H09"])
    hold(m, 0, ["H09", "H01", "H02", "H03"], ["A01", "A02", "A03", "A04"])
    hold(m, 1, ["H01", "H02", "H03", "H04"], ["A06", "A07", "A08", "A09"])
    hold(m, 2, ["H01", "H02", "H03"], ["A11", "A12", "A13"])
    visit(m, "H09")
    m.act(0, {"type": "give", "to": 2, "adaptation": "A04"})
    m.act(2, {"type": "adapt", "card": "A14"})
    end_turn(m)
    s = m.state
    assert not m.over and m.to_act == [1]
    assert [len(n) for n in s.niches] == [3, 4, 4] == [len(a) for a in s.adapts]
    assert s.niche_pile["H09"] == 4  # the held card moved between players; the pile is unchanged


def test_rule_giving_a_niche_not_held_takes_it_from_the_niche_pile() -> None:
    m = game(3, habitats=["H05"])
    visit(m, "H05")
    m.act(0, {"type": "give", "to": 1})
    m.act(1, {"type": "adapt", "card": "A05"})
    s = m.state
    assert s.niche_pile["H05"] == 4 and s.niches == [[], ["H05"], []] and s.adapts[0] == []
    assert cards_conserved(m)


def test_ruling_a_bug_on_an_exit_must_leave_it_before_exiting_there_again() -> None:
    # R 3, R 4: a move is 1 to roll steps by the shortest path, so the space a bug stands on
    # is never a move, even with a roll of 2 or more (out and back is not a move)
    m = game(3, habitats=["H05"])
    exit_at(m, 0)
    m.act(0, {"type": "keep"})
    m.act(0, {"type": "adapt", "card": "A01"})
    end_turn(m)
    for _ in range(2):
        walk(m)
        end_turn(m)
    s = m.state
    assert s.active == 0 and s.pos[0] == "E0"
    for roll in range(1, 7):
        s.roll = roll
        assert "E0" not in {a["to"] for a in m.legal(0)}


def test_ruling_on_the_double_board_every_bug_starts_at_the_first_centre() -> None:
    # R 2, R 19: the second board's centre is a path space; its own sides are 9-13 steps away
    m = Match("adapt", 3, seed=1, options={"habitats_per_player": 5})
    double = boards()["double"]
    assert m.state.board == "double" and m.state.pos == ["AC"] * 3 and double.start == "AC"
    assert set(double.exits.values()) - {double.exits[e] for e in double.within("AC", 6) if e in double.exits} == {
        "B0", "B1", "B2", "B3", "B4"}


def test_ruling_an_exchange_may_select_again_the_adaptation_it_returned() -> None:
    # R 28: the returned ADAPTATION card goes back to the face-up pile before the new NICHE
    # card's ADAPTATION card is selected, so it may be selected again
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H02"], ["A03"])
    visit(m, "H05")
    m.act(0, {"type": "exchange", "niche": "H02", "adaptation": "A03"})
    assert {"type": "adapt", "card": "A03"} in m.legal(0)
    m.act(0, {"type": "adapt", "card": "A03"})
    assert m.state.niches[0] == ["H05"] and m.state.adapts[0] == ["A03"] and cards_conserved(m)
