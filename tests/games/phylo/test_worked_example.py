"""The rulebook's EXAMPLE OF PLAY (seed l.73-96), replayed move by move.

Layout (x grows right, y grows down): Player 1's HOME at [0, 0], Player 2's at
[1, 0]. The rulebook's figures are not in the text; where it names options, the
spaces below are the ones its sentences describe (left of HOME, above the oak...).
"""

from __future__ import annotations

import pytest

from evogames import IllegalAction, Match
from evogames.games.phylo.debrief import longest_chain
from tests.games.phylo.helpers import at, places, texts

OPTIONS = {"deck_p1": ["@worked_example_p1"], "deck_p2": ["@worked_example_p2"], "deal": "fixed",
           "first_player": 1}
OAK, PLUM, HORSE, ROBIN, LYNX = "A01", "A02", "A03", "A04", "A05"
SUNFLOWER, KINGBIRD, WILDFIRE = "B01", "B02", "B03"


def example(**extra: object) -> Match:
    return Match("phylo", 2, seed=5, options={**OPTIONS, **extra})


def play(m: Match, seat: int, card: str, pos: tuple[int, int]) -> None:
    m.act(seat, {"type": "play", "card": card, "at": list(pos)})


def first_turn(m: Match) -> None:
    play(m, 0, OAK, (-1, 0))
    play(m, 0, PLUM, (-1, -1))
    play(m, 0, HORSE, (-1, -2))


def second_turn(m: Match) -> None:
    play(m, 1, SUNFLOWER, (2, 0))
    play(m, 1, KINGBIRD, (2, -1))
    m.act(1, {"type": "event", "card": WILDFIRE, "at": [-1, -1]})


def test_rule_worked_example_setup_homes_side_by_side_and_five_cards() -> None:
    m = example()
    assert at(m, (0, 0)) == ["H01"] and at(m, (1, 0)) == ["H02"]
    hand = [c["name"] for c in m.view(0)["hand"]]
    assert hand[:5] == ["Valley Oak", "Indian Plum", "Horse", "American Robin", "Eurasian Lynx"]
    assert len(hand) == 6  # Player 1 drew one card at the start of the turn
    assert [c["name"] for c in m.view(1)["hand"]][:3] == ["Sunflower", "Eastern Kingbird", "Wildfire"]


def test_rule_worked_example_step_2_valley_oak_may_go_next_to_either_home() -> None:
    m = example()
    assert places(m, 0, OAK) == {(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)}


def test_rule_worked_example_step_3_indian_plum_above_the_oak() -> None:
    m = example()
    play(m, 0, OAK, (-1, 0))
    assert {(-1, -1), (-2, 0), (-1, 1), (0, -1)} <= places(m, 0, PLUM)
    play(m, 0, PLUM, (-1, -1))
    assert at(m, (-1, -1)) == ["Indian Plum"]


def test_rule_worked_example_step_4_horse_only_option_1_works() -> None:
    m = example()
    play(m, 0, OAK, (-1, 0))
    play(m, 0, PLUM, (-1, -1))
    legal = places(m, 0, HORSE)
    assert (-1, -2) in legal  # option 1: next to the Indian Plum it eats
    assert (0, 1) not in legal and (1, -1) not in legal  # options 2, 3: only a HOME, which feeds no herbivore
    for bad in ((0, 1), (1, -1), (-1, 0)):
        with pytest.raises(IllegalAction):
            play(m, 0, HORSE, bad)
    play(m, 0, HORSE, (-1, -2))
    assert m.to_act == [1]  # three actions: Player 1's turn is over


def test_rule_worked_example_step_5_sunflower_and_kingbird_options() -> None:
    m = example()
    first_turn(m)
    assert {(2, 0), (1, 1), (1, -1), (0, 1)} <= places(m, 1, SUNFLOWER)
    play(m, 1, SUNFLOWER, (2, 0))
    kingbird = places(m, 1, KINGBIRD)
    assert {(2, -1), (3, 0), (2, 1)} <= kingbird
    assert (1, 1) not in kingbird  # next to a HOME only: FOODCHAIN 2 needs food
    play(m, 1, KINGBIRD, (2, -1))
    assert m.state.board[(0, 0)] and m.view(None)["players"][1]["points"] > 0


def test_rule_worked_example_step_7_wildfire_threatens_the_horse() -> None:
    m = example()
    first_turn(m)
    second_turn(m)
    assert at(m, (-1, -1)) == []  # the Indian Plum burned
    assert at(m, (-1, -2)) == ["Horse"]  # still there: Player 1 may react first
    assert m.view(0)["threatened"] == [HORSE]
    assert any("Threatened" in t and "Horse" in t for t in texts(m))


def test_rule_worked_example_step_8_and_9_reaction_saves_the_horse_robin_and_lynx() -> None:
    m = example()
    first_turn(m)
    second_turn(m)
    moves = {tuple(a["to"]) for a in m.legal(0) if a["type"] == "move" and a["card"] == HORSE}
    assert (-1, -1) in moves
    m.act(0, {"type": "move", "card": HORSE, "to": [-1, -1]})
    robin = places(m, 0, ROBIN)
    assert {(-2, 0), (-1, 1), (3, 0)} <= robin  # next to photosynthetic cards
    assert (-2, -1) not in robin and (-1, -2) not in robin  # next to the Horse only: the Horse is too big
    assert (3, -1) not in robin  # next to the Kingbird only: same scale, no carnivorous link
    with pytest.raises(IllegalAction, match="no compatible link"):
        play(m, 0, ROBIN, (-1, -2))
    play(m, 0, ROBIN, (-2, 0))
    lynx = places(m, 0, LYNX)
    assert (-3, 0) in lynx and (-2, 1) in lynx  # next to the Robin: the Lynx is larger
    assert (-1, -2) not in lynx  # next to the Horse only: a FOODCHAIN 4 eats FOODCHAIN 3
    play(m, 0, LYNX, (-3, 0))
    assert m.to_act == [1]
    assert at(m, (-1, -1)) == ["Horse"]  # linked again, so nothing was removed
    assert m.state.lost[0]["links"] == 0 and m.view(0)["threatened"] == []
    assert longest_chain(m.state) == [LYNX, ROBIN, OAK]  # "LYNX to ROBIN to VALLEY OAK to HOME"


def test_rule_worked_example_horse_is_removed_if_player_1_does_not_react() -> None:
    m = example()
    first_turn(m)
    second_turn(m)
    for _ in range(3):
        m.act(0, {"type": "pass"})
    assert at(m, (-1, -2)) == []
    assert m.state.lost[0]["links"] == 1


def test_rule_worked_example_lynx_and_american_robin_are_a_bluff() -> None:
    m = example(call_your_bluff=True)
    first_turn(m)
    second_turn(m)
    m.act(0, {"type": "move", "card": HORSE, "to": [-1, -1]})
    play(m, 0, ROBIN, (-2, 0))
    play(m, 0, LYNX, (-3, 0))
    m.act(1, {"type": "challenge", "at": [-3, 0], "with": [-2, 0]})
    assert m.to_act == [1]  # the Eurasian lynx and the American robin share no continent
    m.act(1, {"type": "remove", "at": [-2, 0]})
    assert at(m, (-2, 0)) == [] and at(m, (-3, 0)) == []  # the Lynx goes at once with its food
    assert m.state.lost[0] == {**m.state.lost[0], "bluff": 1, "cascade": 1}
