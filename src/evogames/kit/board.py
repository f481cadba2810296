"""Terminal boards: what a game's ``terminal/board.py`` defines, and the generic board.

A board draws one seat's ``view`` for the terminal (``render``) and says a legal
action in words (``describe``); it reads the view only, never the state. A game
without a terminal board is drawn by ``GENERIC``: the view's public facts and the
actions as text.
"""

from __future__ import annotations

import json
from typing import Protocol

from rich.console import RenderableType
from rich.pretty import Pretty

from evogames.core.types import Action, View

HIDDEN = ("legal",)


class Board(Protocol):
    """A terminal board (a game's ``terminal/board.py`` module follows it)."""

    def render(self, view: View, labels: list[str]) -> RenderableType: ...

    def describe(self, view: View, action: Action) -> str: ...


class GenericBoard:
    """A plain board for a game without its own."""

    def render(self, view: View, labels: list[str]) -> RenderableType:
        return Pretty({k: v for k, v in view.items() if k not in HIDDEN})

    def describe(self, view: View, action: Action) -> str:
        fields = {k: v for k, v in action.items() if k != "type"}
        return str(action["type"]).replace("_", " ") + (f" {json.dumps(fields)}" if fields else "")


GENERIC = GenericBoard()

