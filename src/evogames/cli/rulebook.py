"""``evogames rules GAME``: the game's RULES.md and RULINGS.md, rendered in the terminal."""

from __future__ import annotations

import re

from rich.console import Console
from rich.markdown import Markdown
from rich.rule import Rule

from evogames.core.registry import game

RULE_FILES = ("RULES.md", "RULINGS.md")
# The rulings cite the rulebooks by their file in the authors' source tree, which a user does not have:
# the printed text names the rulebook instead (the spec's ``rulebook``; its line citations, "l.107", stay).
SOURCE_PATH = re.compile(r"`?(?:\.\./)*(?:shared/)?seeds/[^\s`),;]*`?|`?(?:\.\./)+shared/[^\s`),;]*`?")


def show_rules(console: Console, name: str) -> None:
    """Print every rules file the game ships, one after the other."""
    for text in rule_texts(name):
        console.print(Markdown(text))
        console.print(Rule(style="dim"))


def rule_texts(name: str) -> list[str]:
    spec = game(name)
    texts = [spec.text(file) for file in RULE_FILES]
    return [SOURCE_PATH.sub(spec.rulebook, text) for text in texts if text]
