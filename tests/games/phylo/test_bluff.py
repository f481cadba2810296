"""Call your bluff (seed l.69-70), decided by the cards' continents and food keys."""

from __future__ import annotations

import pytest

from evogames import IllegalAction, Match
from tests.games.phylo.helpers import at, match, put, spend, texts


def bluff_table(**options: object) -> tuple[Match, str, str]:
    m = match(call_your_bluff=True, **options)
    put(m, 0, "Big Bluestem", (-1, 0))
    hare = put(m, 1, "Snowshoe Hare", (-1, -1))  # North America (forest: no link to the grass)
    put(m, 1, "Scots Pine", (-2, -1))  # Europe, Asia: feeds the hare
    lynx = put(m, 1, "Eurasian Lynx", (-3, -1))  # Europe, Asia
    put(m, 1, "Raccoon", (-3, -2))  # North America, and brought to Europe and Asia (scale 5: the lynx is 6)
    return m, hare, lynx


def test_rule_call_your_bluff_is_an_option() -> None:
    m = match()
    put(m, 1, "Snowshoe Hare", (2, -1))
    put(m, 1, "Scots Pine", (2, -2))
    assert not [a for a in m.legal(0) if a["type"] == "challenge"]
    with pytest.raises(IllegalAction, match="not in play"):
        m.act(0, {"type": "challenge", "at": [2, -1], "with": [2, -2]})


def test_rule_a_bluff_is_a_link_between_species_sharing_no_continent() -> None:
    m, _, _ = bluff_table()
    m.act(0, {"type": "challenge", "at": [-1, -1], "with": [-2, -1]})  # snowshoe hare eats Scots pine?
    assert m.to_act == [0]  # the challenger won: they remove a card, at once
    assert {"type": "remove", "at": [-3, -2]} in m.legal(0)
    m.act(0, {"type": "remove", "at": [-2, -1]})
    assert at(m, (-2, -1)) == [] and at(m, (-1, -1)) == []  # the hare lost its food: gone at once
    assert m.state.lost[1]["bluff"] == 1 and m.state.lost[1]["cascade"] >= 1
    assert m.to_act == [0] and m.state.actions_left == 3  # the challenge used no action


def test_rule_a_true_link_gives_the_removal_to_the_challenged_player() -> None:
    m, _, _ = bluff_table()
    m.act(0, {"type": "challenge", "at": [-3, -1], "with": [-3, -2]})  # lynx and raccoon meet in Europe
    assert m.to_act == [1]
    m.act(1, {"type": "remove", "at": [-1, 0]})
    assert at(m, (-1, 0)) == []
    assert m.to_act == [0]


def test_ruling_one_challenge_a_turn_and_each_link_once() -> None:
    m, _, _ = bluff_table()
    m.act(0, {"type": "challenge", "at": [-3, -1], "with": [-3, -2]})
    m.act(1, {"type": "pass"})
    assert not [a for a in m.legal(0) if a["type"] == "challenge"]
    with pytest.raises(IllegalAction, match="one bluff"):
        m.act(0, {"type": "challenge", "at": [-1, -1], "with": [-2, -1]})
    spend(m, 0, 3)
    spend(m, 1, 3)
    assert {"type": "challenge", "at": [-3, -1], "with": [-3, -2]} not in m.legal(0)


def test_ruling_you_challenge_only_your_opponents_links() -> None:
    m, _, _ = bluff_table()
    put(m, 0, "Bread Wheat", (-1, 1))
    assert all(m.state.board[tuple(a["at"])][0][0] == "B" for a in m.legal(0) if a["type"] == "challenge")
    with pytest.raises(IllegalAction):
        m.act(0, {"type": "challenge", "at": [-1, 0], "with": [-1, 1]})


def test_l69_a_link_against_what_the_species_eats_is_a_bluff() -> None:
    m = match(call_your_bluff=True)
    put(m, 1, "Scots Pine", (-1, 0))  # Europe, Asia
    put(m, 1, "Giant Panda", (-1, -1))  # Asia: the pine is a producer it may feed on by the rules
    challenge = {"type": "challenge", "at": [-1, -1], "with": [-1, 0]}
    assert challenge in m.legal(0)
    m.act(0, challenge)
    assert m.to_act == [0] and m.view(0)["pending_bluff"] == 0  # pandas eat bamboo: the challenger wins
    assert "Giant Panda does not eat Scots Pine (its food key); the bluff is called" in texts(m)[-1]


def test_l70_a_link_the_food_key_confirms_is_real() -> None:
    m = match(call_your_bluff=True)
    put(m, 1, "Big Bluestem", (-1, 0))
    put(m, 1, "American Bison", (-1, -1))  # grazes grasses (Liliopsida)
    m.act(0, {"type": "challenge", "at": [-1, -1], "with": [-1, 0]})
    assert m.to_act == [1] and m.view(0)["pending_bluff"] == 1
    assert "the link is real. Player 2 wins" in texts(m)[-1]


def test_l70_when_nothing_can_be_proved_the_link_is_left_as_is() -> None:
    m = match(call_your_bluff=True)
    put(m, 1, "Dandelion", (-1, 0))
    put(m, 1, "Brown Rat", (-1, -1))  # eats almost anything: no food key
    m.act(0, {"type": "challenge", "at": [-1, -1], "with": [-1, 0]})
    assert m.to_act == [0] and m.view(0)["pending_bluff"] is None  # nobody removes a card
    assert at(m, (-1, -1)) == ["Brown Rat"] and m.state.actions_left == 3
    assert "Nothing can be proved, so the link is left as is and nobody removes a card." in texts(m)[-1]
    assert not [a for a in m.legal(0) if a["type"] == "challenge"]  # it was this turn's challenge
