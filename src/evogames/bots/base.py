"""The one bot interface: ``choose(view, rng) -> action``.

A bot is given nothing but its seat's ``view`` (which holds its ``legal``
actions), so it cannot peek at hidden information.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Protocol

from evogames.core.errors import IllegalAction
from evogames.core.rng import Rng

Action = dict[str, Any]


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any], rng: Rng) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    needs_view = False  # it only needs the legal actions

    def choose(self, view: dict[str, Any], rng: Rng) -> Action:
        return rng.choice(view["legal"])


def bot_names() -> list[str]:
    return ["random", "heuristic"]


def make_bot(name: str, game: str, **style: Any) -> Bot:
    """A bot by name for ``game``: ``random`` or ``heuristic`` (per game)."""
    if name == "random":
        return RandomBot()
    if name == "heuristic":
        module = import_module(f"evogames.bots.{game}")
        bot: Bot = module.HeuristicBot(**style)
        return bot
    raise IllegalAction(f"Unknown bot '{name}' (bots: {', '.join(bot_names())}).", "bot/unknown")
