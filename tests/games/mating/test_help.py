"""The rules text a board shows has one source: the game package (audit point 11)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import evogames.games.mating as package
from evogames import Match

HELP = Path(package.__file__).with_name("help.toml")
BOARD = Path(package.__file__).parent / "web" / "board.js"


def test_l229_help_says_predators_hunt_the_lowest_predator_value() -> None:
    """Seed l.229: "The Strategy with the lowest value in their Predator icon is the most likely to be caught"."""
    entries = tomllib.loads(HELP.read_text())["help"]
    assert [e["term"] for e in entries] == ["Play & Pay", "Survive", "Attract", "Mating", "Discard & Draw"]
    survive = next(e["text"] for e in entries if e["term"] == "Survive")
    assert "lowest Predator value" in survive and "highest" not in survive


def test_the_web_board_copies_no_rules_text_or_numbers() -> None:
    board = BOARD.read_text()
    assert "HELP" not in board and "Predator value" not in board
    assert not re.search(r"const (STARTING_FOOD|ESCAPE_COST)\b", board)
    assert "export function help() {\n  return null;\n}" in board
    assert Match("mating", 2).view(0)["rules"] == {"starting_food": 5, "escape_cost": 3, "hand_size": 5,
                                                    "combat_bonus": 2, "offspring_to_win": 10}
