"""Game names to game modules. A game registers itself by name."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import Any

from evogames.core.errors import IllegalAction
from evogames.core.game import Game, describe

# every game in catalog order; a game is registered once its package exists
ORDER = ("mating", "evolution", "phylo", "dodo", "adapt")
_MODULES = {name: f"evogames.games.{name}" for name in ORDER if find_spec(f"evogames.games.{name}") is not None}
_LOADED: dict[str, Game] = {}


def names() -> list[str]:
    return list(_MODULES)


def game(name: str) -> Game:
    """The game registered as ``name``."""
    if name not in _MODULES:
        raise IllegalAction(
            f"Unknown game '{name}' (games: {', '.join(_MODULES)}).", "game/unknown"
        )
    if name not in _LOADED:
        _LOADED[name] = import_module(_MODULES[name]).GAME
    return _LOADED[name]


def catalog() -> list[dict[str, Any]]:
    return [describe(game(n)) for n in _MODULES]
