"""Rulings where the rulebook is unclear or silent (see RULINGS.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from evogames import IllegalAction, Match
from tests.games.phylo.helpers import at, give, match, oil_spill_the_bluestem, places, put, spend


def test_ruling_a_link_is_local_no_path_to_home_is_needed() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Valley Oak", (-1, 0))
    put(m, 0, "Indian Plum", (-1, -1))
    horse = put(m, 0, "Horse", (-1, -2))
    spend(m, 0, 3)
    m.act(1, {"type": "event", "card": "B01", "at": [-1, 0]})  # the oak goes
    assert m.view(0)["unlinked"] == [] and horse in m.state.where  # "the HORSE is fine" (seed l.80)


def test_ruling_diagonal_neighbours_do_not_link() -> None:
    m = match()
    put(m, 1, "Big Bluestem", (-1, -1))
    horse = give(m, 0, "Horse")
    assert (-2, -2) not in places(m, 0, horse) and (-2, -1) in places(m, 0, horse)


def test_ruling_a_predator_does_not_keep_its_prey_linked() -> None:
    m = match()
    rabbit = put(m, 0, "European Rabbit", (-1, -3))
    put(m, 0, "Barn Owl", (-1, -4))
    assert rabbit in m.view(0)["unlinked"]


def test_ruling_both_players_cards_form_one_ecosystem() -> None:
    m = match()
    put(m, 1, "Big Bluestem", (2, 0))
    horse = give(m, 0, "Horse")
    assert (3, 0) in places(m, 0, horse)  # Player 1's Horse may eat Player 2's grass


def test_ruling_a_host_moves_with_its_parasite() -> None:
    m = match()
    for x in (-1, -2, -3):
        put(m, 0, "Big Bluestem", (x, 0))
    horse = put(m, 0, "Horse", (-1, -1))
    put(m, 1, "Blacklegged Tick", (-1, -1), under=True)
    m.act(0, {"type": "move", "card": horse, "to": [-3, -1]})
    assert at(m, (-3, -1)) == ["Horse", "Blacklegged Tick"]


def test_ruling_a_counter_event_brings_cards_back_only_where_there_is_room() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-1, -1))
    oil_spill_the_bluestem(m)
    wheat = give(m, 0, "Bread Wheat")
    m.act(0, {"type": "play", "card": wheat, "at": [-1, 0]})  # the space is taken again
    m.act(0, {"type": "event", "card": give(m, 0, "Conservation Advocacy")})
    assert at(m, (-1, 0)) == ["Bread Wheat"]
    spend(m, 0, 1)
    spend(m, 1, 3)
    with pytest.raises(IllegalAction, match="none to cancel"):
        m.act(0, {"type": "event", "card": give(m, 0, "Research")})  # too late, and already cancelled


def test_ruling_deck_lists_are_not_limited_by_the_box() -> None:
    m = Match("phylo", 2, seed=1, options={"deck_p1": ["24x Horse"], "deck_p2": ["24x Horse"]})
    horses = Counter(m.state.card_of[i] for s in range(2) for i in (*m.state.hands[s], *m.state.decks[s]))
    assert sum(horses.values()) == 48 and len(horses) == 1


def test_ruling_three_or_four_players_sit_around_one_table() -> None:
    m = Match("phylo", 4, seed=3, options={"first_player": 1})
    assert [tuple(sp["at"]) for sp in m.view(None)["board"]] == [(0, 0), (1, 0), (2, 0), (3, 0)]
    m.state.decks[1] = m.state.decks[1][-1:]
    spend(m, 0, 3)  # Player 2 draws their last card at the start of turn 2
    assert m.view(None)["last_turn"] == 5  # everyone else has one more turn
    for seat in (1, 2, 3):
        spend(m, seat, 3)
        assert not m.over
    spend(m, 0, 3)
    assert m.over


def test_ruling_scientific_insight_does_not_stack() -> None:
    m = match()
    m.state.insight[0] = True
    m.act(0, {"type": "event", "card": give(m, 0, "Scientific Insight")})
    spend(m, 0, 2)
    spend(m, 1, 3)
    assert len(m.state.decks[0]) == 18 - 2
