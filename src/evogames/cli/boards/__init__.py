"""Terminal boards: each game's ``terminal/board.py`` (``render(view, labels)`` and
``describe(view, action)``), or the plain generic board for a game without one."""

from __future__ import annotations

from types import ModuleType

from evogames.cli.boards import generic
from evogames.core.registry import game as lookup


def board_for(game: str) -> ModuleType:
    """The terminal board module of ``game`` (the generic one if it has none)."""
    return lookup(game).part("terminal.board") or generic
