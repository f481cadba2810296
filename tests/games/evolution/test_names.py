"""What students read: animals have names they can say aloud, cards show trait names, each trait a one-line rule.

The engine's ids (A1...) and card codes (SWM01...) stay in actions and records; the view adds each animal's
name and each trait's one-line rule, and the log's sentences use names, never ids or catalogue codes.
"""

from __future__ import annotations

import random
import re

import pytest

from evogames import Match
from evogames.games.evolution.events import ANIMAL_NAMES, animal
from evogames.games.evolution.view import TRAIT_LINES, trait_rules
from tests.games.evolution.helpers import C, new, texts

ANIMAL_ID = re.compile(r"\bA\d+\b")
CARD_ID = re.compile(r"\b[A-Z]{3}\d{2}\b")


def test_each_animal_id_has_one_short_sayable_name_unique_in_a_game() -> None:
    names = [animal(f"A{i}") for i in range(1, 170)]  # more animals than two decks can make
    assert len(set(names)) == len(names)
    assert names[:3] == ["Dolly", "Laika", "Koko"]
    assert names[len(ANIMAL_NAMES)] == "Dolly 2"
    assert all(len(n) <= 12 and re.fullmatch(r"[A-Z][a-z]+( \d+)?", n) for n in names), names
    assert animal("X1") == "X1"  # not an animal id: left as it is


def test_every_trait_has_a_one_line_rule_in_the_view() -> None:
    assert set(TRAIT_LINES) == set(C.traits)
    rules = trait_rules()
    assert all(rules[k]["line"] == TRAIT_LINES[k] and len(TRAIT_LINES[k]) <= 56 for k in rules)
    assert all(line.endswith(".") and "\n" not in line for line in TRAIT_LINES.values())


def test_the_view_names_each_animal_and_shows_its_owner_the_traits_of_its_face_down_card() -> None:
    m = new()
    card = m.view(0)["hand"][0]
    m.act(0, {"type": "animal", "card": card["id"]})
    mine, = m.view(0)["players"][0]["animals"]
    assert (mine["id"], mine["name"], mine["card"], mine["card_traits"]) == ("A1", "Dolly", card["id"], card["traits"])
    theirs, = m.view(1)["players"][0]["animals"]
    assert (theirs["name"], theirs["card"], theirs["card_traits"]) == ("Dolly", None, None)
    assert m.view(None)["players"][0]["animals"][0]["card_traits"] is None
    assert texts(m)[-1] == "Player 1 plays a new animal, Dolly."


@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_game_logs_names_never_ids_or_card_codes(seed: int) -> None:
    m = Match("evolution", 3, seed=seed)
    picks = random.Random(seed)
    while not m.over:
        seat = picks.choice(m.to_act)
        m.act(seat, picks.choice(m.legal(seat)))
    for seat in (0, 1, 2, None):
        for line in texts(m, seat):
            assert not ANIMAL_ID.search(line) and not CARD_ID.search(line), line
    assert any("You are dealt" in line for line in texts(m, 0))
