"""The rules text a board shows has one source: the game package (audit point 11)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import evogames.games.dodo as package
from evogames import Match
from evogames.games.dodo.components import components

HELP = Path(package.__file__).with_name("help.toml")
WEB = Path(package.__file__).parent / "web"


def test_help_and_token_texts_come_from_the_game_package() -> None:
    entries = tomllib.loads(HELP.read_text())["help"]
    assert [e["term"] for e in entries] == ["Goal", "Creatures", "Token Phase", "Migration", "Consumption",
                                            "Reproduction"]
    view = Match("dodo", 3, seed=1).view(0)
    assert view["tokens"] == {t.id: {"name": t.name, "text": t.text} for t in components().tokens.values()}
    assert view["rules"] == {"migration_rounds": 3, "creatures_at_start": 3, "captures_to_end": 2}
    for name in ("board.js", "parts.js"):
        board = (WEB / name).read_text()
        assert "TOKENS" not in board and "REASONS" not in board
        assert "Cover two resources" not in board and "capture two environments" not in board.lower()
