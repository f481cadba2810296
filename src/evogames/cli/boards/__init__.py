"""Terminal boards, one pair of modules per game.

``evogames.cli.boards.<game>`` has ``render(view, labels) -> RenderableType`` (the
table as ``view['seat']`` sees it) and ``describe(view, action) -> str`` (a legal
action in words). A game without a board module gets the plain generic one.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


def board_for(game: str) -> ModuleType:
    """The terminal board module of ``game`` (the generic one if it has none)."""
    try:
        return import_module(f"evogames.cli.boards.{game}")
    except ModuleNotFoundError as err:
        if err.name != f"evogames.cli.boards.{game}":
            raise
        return import_module("evogames.cli.boards.generic")
