"""``evogames rules GAME``: the game's RULES.md and RULINGS.md, rendered in the terminal."""

from __future__ import annotations

from importlib.resources import files

from rich.console import Console
from rich.markdown import Markdown
from rich.rule import Rule

from evogames.core.registry import game

RULE_FILES = ("RULES.md", "RULINGS.md")


def show_rules(console: Console, name: str) -> None:
    """Print every rules file the game ships, one after the other."""
    for text in rule_texts(name):
        console.print(Markdown(text))
        console.print(Rule(style="dim"))


def rule_texts(name: str) -> list[str]:
    package = files(type(game(name)).__module__)
    found = [package / file for file in RULE_FILES]
    return [path.read_text(encoding="utf-8") for path in found if path.is_file()]
