"""Game names to game modules. A game registers itself by name."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from evogames.core.errors import IllegalAction
from evogames.core.game import Game, describe

_MODULES = {"mating": "evogames.games.mating"}
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
