"""Issue point 11: Evolution's rule text has one source, the game package (cards.toml, help.toml, the view)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.games.evolution.helpers import animal, feed_phase, new

ROOT = Path(__file__).resolve().parents[3] / "src" / "evogames"
# the rules' numbers and sentences the board once carried itself
COPIED = re.compile(r"4-6|1-3|\+1|\+2|[12] blue token|once per attack|Each turn: play cards|die at extinction")


def test_rule_text_is_not_copied_into_the_web_board() -> None:
    for path in sorted((ROOT / "games" / "evolution" / "web").glob("*.js")):
        found = COPIED.findall(path.read_text())
        assert not found, f"{path.name} carries rule text: {found}"


def test_help_is_served_from_help_toml() -> None:
    help_ = tomllib.loads((ROOT / "games" / "evolution" / "help.toml").read_text())["help"]
    assert [h["term"] for h in help_] == ["A turn", "Pair traits", "Fat Tissue"]
    assert all(set(h) == {"term", "text"} and h["text"] for h in help_)


def test_defence_sentences_come_from_the_view() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "running", "poisonous")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    why = m.view(0)["attack"]["why"]
    assert [w["action"] for w in why] == m.legal(1)
    assert [w["why"] for w in why] == [
        f"Roll a die: on 4-6 {prey} escapes and {hunter}'s attack is spent; on 1-3 it is caught and eaten.",
        f"{prey} is eaten: its cards are discarded and {hunter} gets 2 blue tokens. "
        f"It is Poisonous: {hunter} will die at extinction."]
