"""The registry: game names to ``GameSpec`` values.

The games that ship are listed in ``evogames.games.BUILTIN`` (one package each,
``SPEC`` in its ``__init__.py``); anyone can ``register`` another spec (a test's
toy game, a plug-in). Nothing else in the platform names a game.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.spec import GameSpec, describe

_REGISTERED: dict[str, GameSpec] = {}


def _builtin() -> tuple[str, ...]:
    builtin: tuple[str, ...] = import_module("evogames.games").BUILTIN
    return builtin


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry (a name taken by another spec is refused)."""
    known = _REGISTERED.get(spec.name)
    if known is not None and known is not spec:
        raise ValueError(f"A game named '{spec.name}' is already registered.")
    _REGISTERED[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    """Forget a registered game (tests register toy games and remove them again)."""
    _REGISTERED.pop(name, None)


def names() -> list[str]:
    """Every game: the built-in ones in catalog order, then the registered ones."""
    builtin = _builtin()
    return [*builtin, *(n for n in _REGISTERED if n not in builtin)]


def game(name: str) -> GameSpec:
    """The game registered as ``name``."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _builtin():
        raise IllegalAction(f"Unknown game '{name}' (games: {', '.join(names())}).", ErrorCode.GAME_UNKNOWN)
    spec: GameSpec = import_module(f"evogames.games.{name}").SPEC
    return register(spec)


def catalog() -> list[dict[str, Any]]:
    return [describe(game(n)) for n in names()]
