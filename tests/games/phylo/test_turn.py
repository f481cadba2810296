"""The turn (seed l.24-29, l.53-71): draw, three actions, the reaction turn, cascades, the end, scoring."""

from __future__ import annotations

import pytest

from evogames import IllegalAction, Match
from evogames.games.phylo.flow import ORDER, ROUND
from tests.games.phylo.helpers import at, deck, give, match, oil_spill_the_bluestem, put, spend, texts


def test_rule_each_player_starts_with_five_cards_and_a_home_on_the_table() -> None:
    m = Match("phylo", 2, seed=3)
    assert [len(h) for h in m.state.hands] == [6 if s == m.state.player else 5 for s in range(2)]
    assert {tuple(sp["at"]) for sp in m.view(None)["board"]} == {(0, 0), (1, 0)}
    assert [len(d) for d in m.state.decks] == [19 - (s == m.state.player) for s in range(2)]


def test_rule_a_coin_flip_decides_who_goes_first() -> None:
    firsts = {Match("phylo", 2, seed=seed).state.player for seed in range(12)}
    assert firsts == {0, 1}


def test_rule_the_turn_starts_with_drawing_one_card() -> None:
    m = match()
    spend(m, 0, 3)
    assert len(m.state.hands[1]) == 6 and len(m.state.decks[1]) == 18


def test_rule_a_turn_has_three_actions_and_they_may_repeat() -> None:
    m = match()
    m.act(0, {"type": "discard", "card": m.state.hands[0][0]})
    assert m.to_act == [0] and m.view(0)["actions_left"] == 2
    m.act(0, {"type": "discard", "card": m.state.hands[0][0]})
    m.act(0, {"type": "pass"})
    assert m.to_act == [1]


def test_rule_discard_one_card_to_draw_three() -> None:
    m = match()
    card = m.state.hands[0][0]
    m.act(0, {"type": "discard", "card": card})
    assert len(m.state.hands[0]) == 6 - 1 + 3
    assert card in m.state.discards[0]


def test_rule_pass_uses_an_action_and_does_nothing() -> None:
    m = match()
    board = dict(m.state.board)
    m.act(0, {"type": "pass"})
    assert m.state.board == board and m.state.actions_left == 2


def test_rule_only_one_event_card_per_turn() -> None:
    m = match()
    put(m, 1, "Big Bluestem", (2, 0))
    put(m, 1, "Sunflower", (3, 0))
    first, second = give(m, 0, "Oil Spill"), give(m, 0, "Wildfire")
    m.act(0, {"type": "event", "card": first, "at": [2, 0]})
    assert not [a for a in m.legal(0) if a["type"] == "event"]
    with pytest.raises(IllegalAction, match="one event"):
        m.act(0, {"type": "event", "card": second, "at": [3, 0]})


def test_rule_cards_on_the_table_belong_to_the_player_who_played_them() -> None:
    m = match(["Valley Oak"])
    m.act(0, {"type": "play", "card": "A01", "at": [2, 0]})
    space = next(sp for sp in m.view(None)["board"] if sp["at"] == [2, 0])
    assert space["cards"][0]["owner"] == 0  # next to Player 2's HOME, still Player 1's card


def test_rule_unlinked_species_stay_until_the_other_player_has_reacted() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Bread Wheat", (-3, 0))
    put(m, 0, "Bread Wheat", (-2, 0))
    rabbit = put(m, 0, "European Rabbit", (-1, -1))
    owl = put(m, 0, "Barn Owl", (-1, -2))
    m.act(0, {"type": "move", "card": rabbit, "to": [-3, -1]})  # the owl's food walks away
    spend(m, 0, 2)
    assert at(m, (-1, -2)) == ["Barn Owl"] and m.view(1)["threatened"] == [owl]
    spend(m, 1, 3)  # Player 2's turn was the reaction turn: the owl, still unlinked, goes
    assert at(m, (-1, -2)) == [] and m.state.lost[0]["links"] == 1


def test_rule_the_reaction_turn_can_relink_a_threatened_species() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    horse = put(m, 0, "Horse", (-1, -1))
    oil_spill_the_bluestem(m)
    assert m.view(0)["threatened"] == [horse]
    grass = give(m, 0, "Bread Wheat")
    m.act(0, {"type": "play", "card": grass, "at": [-1, -2]})
    spend(m, 0, 2)
    assert at(m, (-1, -1)) == ["Horse"] and m.view(0)["threatened"] == []


def test_rule_removal_cascades_to_species_that_lose_their_last_link() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "European Rabbit", (-1, -1))
    put(m, 0, "Gray Wolf", (-1, -2))  # eats the rabbit (scale 7 over 5)
    oil_spill_the_bluestem(m)
    assert at(m, (-1, -2)) == ["Gray Wolf"]  # still linked to the rabbit, which is threatened
    spend(m, 0, 3)
    assert at(m, (-1, -1)) == [] and at(m, (-1, -2)) == []
    assert m.state.lost[0]["links"] == 1 and m.state.lost[0]["cascade"] == 1
    assert m.state.cleanups == [2]
    assert any("in the cascade" in t for t in texts(m))


def test_rule_the_game_ends_after_the_other_players_turn_once_a_deck_is_empty() -> None:
    m = match()
    m.state.decks[1] = m.state.decks[1][-1:]
    spend(m, 0, 3)  # Player 2 draws their last card at the start of turn 2
    assert m.view(None)["last_turn"] == 3 and not m.over
    spend(m, 1, 3)
    assert not m.over and m.to_act == [0]  # Player 1 finishes the round
    spend(m, 0, 3)
    assert m.over and m.result is not None and m.result["reason"] == "deck_out"


def test_rule_drawing_the_last_card_by_discarding_also_starts_the_end() -> None:
    m = match()
    m.state.decks[0] = m.state.decks[0][-2:]
    m.act(0, {"type": "discard", "card": m.state.hands[0][0]})
    assert m.state.decks[0] == [] and m.state.last_turn == 2
    assert not [a for a in m.legal(0) if a["type"] == "discard"]


def test_rule_score_the_species_you_still_have_on_the_table_cards_underneath_included() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))  # 3 points
    put(m, 0, "Horse", (-2, 0))  # 5 points
    put(m, 1, "Blacklegged Tick", (-2, 0), under=True)  # 7 points, Player 2's, under the Horse
    m.state.discards[0].append(put(m, 0, "Lion", (9, 9)))  # discarded cards do not count
    del m.state.board[(9, 9)]
    assert m.view(None)["players"][0]["points"] == 8
    assert m.view(None)["players"][1]["points"] == 7
    m.state.decks = [[], []]
    m.state.last_turn = 1
    spend(m, 0, 3)
    assert m.result == {"scores": [8, 7], "winners": [0], "reason": "deck_out", "turns": 1,
                        "rounds": 1}


def test_ruling_a_tie_has_several_winners() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 1, "Big Bluestem", (2, 0))
    m.state.last_turn = 1
    spend(m, 0, 3)
    assert m.result is not None and m.result["winners"] == [0, 1]


def test_ruling_species_cut_off_in_the_last_turn_still_score() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-1, -1))
    spend(m, 0, 3)
    m.state.last_turn = 2
    m.act(1, {"type": "event", "card": "B01", "at": [-1, 0]})
    spend(m, 1, 2)
    assert m.over and at(m, (-1, -1)) == ["Horse"] and m.result is not None and m.result["scores"][0] == 5


def test_ruling_links_broken_in_the_reaction_turn_get_a_reaction_turn_of_their_own() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Bread Wheat", (-3, 0))
    put(m, 0, "Bread Wheat", (-2, 0))
    rabbit = put(m, 0, "European Rabbit", (-1, -1))
    owl = put(m, 0, "Gray Wolf", (-1, -2))
    oil_spill_the_bluestem(m)
    assert m.view(0)["threatened"] == [rabbit]
    m.act(0, {"type": "move", "card": rabbit, "to": [-3, -1]})  # saves the rabbit, cuts the owl off
    spend(m, 0, 2)
    assert at(m, (-1, -2)) == ["Gray Wolf"] and m.view(1)["threatened"] == [owl]
    spend(m, 1, 3)
    assert at(m, (-1, -2)) == [] and at(m, (-3, -1)) == ["European Rabbit"]


def test_rule_players_see_their_own_hand_only() -> None:
    m = match()
    assert m.view(0)["hand"] and m.view(None)["hand"] is None
    assert [p["hand_size"] for p in m.view(1)["players"]] == [6, 5]
    assert "A03" not in str(m.view(1)["hand"])


def three_players() -> Match:
    """Three players, Player 1 first holding Oil Spill; Player 3's Horse feeds on their Big Bluestem."""
    decks = {f"deck_p{i}": deck(names) for i, names in ((1, ["Oil Spill"]), (2, []), (3, []))}
    m = Match("phylo", 3, seed=1, options={**decks, "deal": "fixed", "first_player": 1})
    put(m, 2, "Big Bluestem", (2, -1))
    put(m, 2, "Horse", (2, -2))
    m.act(0, {"type": "event", "card": "A01", "at": [2, -1]})  # Player 1 burns Player 3's grass
    spend(m, 0, 2)
    return m


def test_l53_l67_the_player_who_was_hit_reacts_before_their_species_are_checked() -> None:
    m = three_players()
    horse = m.state.board[(2, -2)][0]
    assert m.view(None)["threatened_until"] == {horse: 3}  # Player 3's turn is turn 3
    spend(m, 1, 3)  # Player 2's turn is not Player 3's reaction
    assert at(m, (2, -2)) == ["Horse"] and m.to_act == [2]
    m.act(2, {"type": "play", "card": give(m, 2, "Bread Wheat"), "at": [2, -3]})  # Player 3 reacts
    spend(m, 2, 2)
    assert at(m, (2, -2)) == ["Horse"] and m.state.lost[2]["links"] == 0


def test_l53_l67_a_species_still_unlinked_after_its_owners_reaction_turn_goes() -> None:
    m = three_players()
    spend(m, 1, 3)
    spend(m, 2, 3)
    assert at(m, (2, -2)) == [] and m.state.lost[2]["links"] == 1


def test_log_sentences_say_what_happened_not_a_rules_nominal_effect() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-1, -1))
    m.state.decks[0] = m.state.decks[0][:1]
    m.act(0, {"type": "discard", "card": m.state.hands[0][0]})
    # one sentence says the draw, with the deck's count (not "to draw 3": one was left)
    assert texts(m)[-3:-1] == ["Player 1 discards Sugar Maple.", "Player 1 draws 1 card (0 left in the deck)."]
    assert sum(" draws " in text for text in texts(m)[-3:]) == 1, texts(m)[-3:]
    spend(m, 0, 2)
    m.act(1, {"type": "event", "card": "B01", "at": [-1, 0]})
    assert texts(m)[-2:] == ["Player 2 plays the event Oil Spill on Big Bluestem at [-1, 0].",
                             "Big Bluestem at [-1, 0] is discarded (by the event)."]
    spend(m, 1, 2)
    assert any(t.startswith("Threatened (no compatible link): Horse. Each is removed at the end of its owner's "
                            "reaction turn unless it finds a link: Horse at the end of turn 3.") for t in texts(m))
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-1, -1))
    oil_spill_the_bluestem(m)
    turn = "Turn 3: Player 1's turn (Horse, threatened, is removed at the end of this turn unless relinked)."
    assert turn in texts(m)


def test_the_turn_runs_on_the_step_table() -> None:
    """flow.py runs the turn on core/flow.py's Round: the state holds the step's index; a turn waits at ``actions``."""
    assert ORDER == ("draw", "actions", "reaction", "end_check", "next_player")
    m = match()
    s = m.state
    assert ROUND.current(s) == "actions" and s.player == 0 and s.turn == 1 and s.actions_left == 3
    spend(m, 0, 2)
    assert ROUND.current(s) == "actions" and s.player == 0 and s.history == []
    spend(m, 0, 1)  # the last action: reaction, end check, next player, draw; then player 2's actions
    assert ROUND.current(s) == "actions" and s.player == 1 and s.turn == 2 and s.actions_left == 3
    assert len(s.history) == 1 and len(s.hands[1]) == 6
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, m.legal(seat)[-1])
    assert s.turn == s.last_turn == len(s.history) and m.to_act == []  # the end check ended it
