"""The registry: game names to ``GameSpec`` values.

The games that ship are listed in ``evogames.games.BUILTIN`` (one package each,
``SPEC`` in its ``__init__.py``). A game of your own is a package with a ``SPEC``
too, found in one of three ways:

- ``register(spec)`` in your process;
- the environment variable ``EVOGAMES_GAMES`` (package paths, comma-separated),
  which worker processes inherit;
- an entry point in the group ``evogames.games`` of an installed distribution.

Nothing else in the platform names a game.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.spec import GameSpec, describe
from evogames.core.types import CatalogEntry

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


@cache
def _plugins() -> tuple[str, ...]:
    """Register the games named by ``EVOGAMES_GAMES`` and the ``evogames.games`` entry points (once)."""
    packages = [p.strip() for p in os.environ.get("EVOGAMES_GAMES", "").split(",") if p.strip()]
    packages += [point.value for point in entry_points(group="evogames.games")]
    return tuple(register(import_module(package).SPEC).name for package in packages)


def names() -> list[str]:
    """Every game: the built-in ones in catalog order, then the plug-ins and registered ones."""
    builtin = _builtin()
    _plugins()
    return [*builtin, *(n for n in _REGISTERED if n not in builtin)]


def game(name: str) -> GameSpec:
    """The game registered as ``name``."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _builtin():
        _plugins()
        if name in _REGISTERED:
            return _REGISTERED[name]
        raise IllegalAction(f"Unknown game '{name}' (games: {', '.join(names())}).", ErrorCode.GAME_UNKNOWN)
    spec: GameSpec = import_module(f"evogames.games.{name}").SPEC
    return register(spec)


def catalog() -> list[CatalogEntry]:
    return [describe(game(n)) for n in names()]
