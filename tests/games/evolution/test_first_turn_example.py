"""The rulebook's worked "FIRST TURN" example (seed, end of the rules), replayed.

The example's pictograms were lost in the lab handout (it reads "Alex puts the
third [animal]" and "Dan takes [food] for his [animals] (because they are
Communicating)" without ever playing Communication). We replay the smallest
sequence that fits every stated fact: Alex plays three animals, Poisonous and a
Carnivorous and keeps one card; Dan plays two animals, Camouflage, Grazing,
Communication and Fat Tissue; the die shows 4 (+2 = 6 tokens); the feeding and
the outcome are exactly the example's.
"""

from __future__ import annotations

from evogames import Match
from evogames.games.evolution.flow import phase
from tests.games.evolution.helpers import beast, new, state, texts

ALEX = ["SWM01", "POC01", "SWM02", "SWM03", "HIC01", "RUN01"]
DAN = ["SWM04", "CAF01", "GRF01", "SWM05", "COC01", "BUF01"]


def development() -> Match:
    m = new(deck_order=ALEX + DAN, dice=["4"])
    plays = [
        (0, {"type": "animal", "card": "SWM01"}),                                     # A1
        (1, {"type": "animal", "card": "SWM04"}),                                     # A2
        (0, {"type": "trait", "card": "POC01", "trait": "poisonous", "animal": "A1"}),
        (1, {"type": "trait", "card": "CAF01", "trait": "camouflage", "animal": "A2"}),
        (0, {"type": "animal", "card": "SWM02"}),                                     # A3
        (1, {"type": "trait", "card": "GRF01", "trait": "grazing", "animal": "A2"}),
        (0, {"type": "animal", "card": "SWM03"}),                                     # A4
        (1, {"type": "animal", "card": "SWM05"}),                                     # A5
        (0, {"type": "trait", "card": "HIC01", "trait": "carnivorous", "animal": "A3"}),
        (1, {"type": "trait", "card": "COC01", "trait": "communication", "animal": "A2", "other": "A5"}),
        (0, {"type": "pass"}),                                                        # saves one card
        (1, {"type": "trait", "card": "BUF01", "trait": "fat_tissue", "animal": "A2"}),
    ]
    for seat, action in plays:
        assert m.to_act == [seat]
        m.act(seat, action)
    return m


def test_rule_first_turn_example_development_and_food_bank() -> None:
    m = development()
    s = state(m)
    assert phase(s) == "feeding" and s.bank == 6 and s.hands[0] == ["RUN01"] and s.hands[1] == []
    assert any("rolls 4 + 2 = 6 red tokens" in t for t in texts(m))


def test_rule_first_turn_example_feeding_extinction_and_draw() -> None:
    m = development()
    s = state(m)
    m.act(0, {"type": "take", "animal": "A1"})
    m.act(1, {"type": "take", "animal": "A2"})
    assert m.legal(1) == [{"type": "link", "card": "COC01", "animal": "A5"}, {"type": "stop"}]
    m.act(1, {"type": "link", "card": "COC01", "animal": "A5"})
    assert beast(m, "A5").red == 1  # because they are Communicating
    m.act(1, {"type": "graze", "animal": "A2"})
    assert s.bank == 2
    m.act(0, {"type": "attack", "carnivore": "A3", "target": "A5"})
    assert "A5" not in s.animals and beast(m, "A3").blue == 2
    m.act(1, {"type": "take", "animal": "A2"})
    assert beast(m, "A2").fat == 1  # filling the Fat Tissue
    assert texts(m)[-1] == ("Player 2's Laika takes a red token from the food bank; it was already fed, "
                            "so the token goes into its Fat Tissue as a fat token.")
    m.act(1, {"type": "graze", "animal": "A2"})
    # no tokens left: extinction; Alex loses his unfed animal, Dan's survives
    assert s.tables == [["A1", "A3"], ["A2"]]
    assert len(s.hands[0]) == 1 + 3 and len(s.hands[1]) == 2
    assert beast(m, "A2").fat == 1 and beast(m, "A2").food == 0
    assert s.turn == 2 and s.first == 1 and m.to_act == [1]
