"""``evogames rules GAME``: the game's RULES.md and RULINGS.md, rendered in the terminal."""

from __future__ import annotations

import re
from importlib.resources import files

from rich.console import Console
from rich.markdown import Markdown
from rich.rule import Rule

from evogames.core.registry import game

RULE_FILES = ("RULES.md", "RULINGS.md")
# The rulings cite the rulebooks by their file in the authors' source tree, which a user does not have:
# the printed text names the rulebook instead (its line citations, "l.107", stay as they are).
RULEBOOKS = {"evolution": "*Evolution Board Game*, BIOL 111 Laboratory #12", "phylo": "*Phylo*"}  # else the title
SOURCE_PATH = re.compile(r"`?(?:\.\./)*(?:shared/)?seeds/[^\s`),;]*`?|`?(?:\.\./)+shared/[^\s`),;]*`?")


def show_rules(console: Console, name: str) -> None:
    """Print every rules file the game ships, one after the other."""
    for text in rule_texts(name):
        console.print(Markdown(text))
        console.print(Rule(style="dim"))


def rule_texts(name: str) -> list[str]:
    the_game = game(name)
    package = files(type(the_game).__module__)
    found = [package / file for file in RULE_FILES]
    rulebook = RULEBOOKS.get(the_game.name, f"*{the_game.title}*")
    return [SOURCE_PATH.sub(rulebook, path.read_text(encoding="utf-8")) for path in found if path.is_file()]
