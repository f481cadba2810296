"""MOVE, FLIGHT and SPREAD (seed l.48-51, l.63)."""

from __future__ import annotations

import pytest

from evogames import IllegalAction, Match
from tests.games.phylo.helpers import at, give, match, put


def reach(m: Match, seat: int, iid: str) -> set[tuple[int, int]]:
    return {tuple(a["to"]) for a in m.legal(seat) if a["type"] == "move" and a["card"] == iid}  # type: ignore[misc]


def meadow(m: Match) -> None:
    """A row of grass left of Player 1's HOME: x = -1 .. -6."""
    for x in range(-1, -7, -1):
        put(m, 0, "Big Bluestem", (x, 0))


def test_rule_move_goes_in_straight_lines_up_to_its_value() -> None:
    m = match()
    meadow(m)
    horse = put(m, 0, "Horse", (-3, -1))  # MOVE 2
    spots = reach(m, 0, horse)
    assert {(-1, -1), (-5, -1), (-2, -1), (-4, -1)} <= spots
    assert (-2, -2) not in spots and (-6, -1) not in spots  # no diagonals, no further than 2
    m.act(0, {"type": "move", "card": horse, "to": [-5, -1]})
    assert at(m, (-5, -1)) == ["Horse"] and at(m, (-3, -1)) == []


def test_rule_move_is_blocked_by_cards_but_flight_goes_over_and_diagonally() -> None:
    m = match()
    meadow(m)
    put(m, 1, "Horse", (-2, -1))
    put(m, 0, "Bread Wheat", (-3, -2))
    horse = put(m, 0, "Horse", (-3, -1))
    assert (-1, -1) not in reach(m, 0, horse)  # the other Horse is in the way
    assert (-2, -2) not in reach(m, 0, horse)  # no diagonals on foot
    m.state.board[(-3, -1)] = [bee := put(m, 0, "Western Honey Bee", (-3, -1))]
    flights = reach(m, 0, bee)
    assert (-1, -1) in flights  # over the Horse
    assert (-2, -2) in flights  # diagonally, next to the wheat


def test_rule_flight_moves_diagonally() -> None:
    m = match()
    meadow(m)
    bee = put(m, 0, "Western Honey Bee", (-3, -1))
    assert (-2, -2) not in reach(m, 0, bee)  # diagonal, but nothing to feed on there
    put(m, 0, "Bread Wheat", (-2, -3))
    assert (-2, -2) in reach(m, 0, bee)


def test_rule_a_move_must_end_on_a_compatible_space() -> None:
    m = match()
    meadow(m)
    horse = put(m, 0, "Horse", (-3, -1))
    with pytest.raises(IllegalAction, match="compatible"):
        m.act(0, {"type": "move", "card": horse, "to": [-3, -3]})


def test_rule_only_your_own_species_with_move_or_flight_move() -> None:
    m = match()
    meadow(m)
    theirs = put(m, 1, "Horse", (-3, -1))
    with pytest.raises(IllegalAction, match="own"):
        m.act(0, {"type": "move", "card": theirs, "to": [-4, -1]})
    grass = m.state.board[(-2, 0)][0]
    with pytest.raises(IllegalAction, match="cannot move"):
        m.act(0, {"type": "move", "card": grass, "to": [-2, 1]})


def test_rule_spread_adds_a_copy_next_to_the_original_without_an_action() -> None:
    m = match()
    put(m, 0, "Indian Plum", (-1, 0))  # SPREAD 1, needs a POLLINATOR
    copy = give(m, 0, "Indian Plum")
    assert not [a for a in m.legal(0) if a["type"] == "spread"]
    with pytest.raises(IllegalAction, match="POLLINATOR"):
        m.act(0, {"type": "spread", "card": copy, "from": [-1, 0], "to": [-1, -1]})
    put(m, 1, "Western Honey Bee", (-2, 0))  # a pollinator next to it (either player's)
    spots = {tuple(a["to"]) for a in m.legal(0) if a["type"] == "spread"}
    assert (-1, -1) in spots and (-2, -1) in spots and (-1, -2) not in spots
    m.act(0, {"type": "spread", "card": copy, "from": [-1, 0], "to": [-2, -1]})
    assert at(m, (-2, -1)) == ["Indian Plum"] and m.state.actions_left == 3


def test_rule_spread_needs_a_copy_of_the_same_species_in_hand() -> None:
    m = match()
    put(m, 0, "Common Duckweed", (-1, 0))  # SPREAD 2, needs nothing
    assert not [a for a in m.legal(0) if a["type"] == "spread"]
    give(m, 0, "Common Duckweed")
    assert [a for a in m.legal(0) if a["type"] == "spread"]
