"""The one bot interface: ``choose(view, rng) -> action``.

A bot is given nothing but its seat's ``view`` (which holds its ``legal``
actions), so it cannot peek at hidden information. A game's ``bot.py`` defines
``HeuristicBot(**style)`` following ``Bot``; ``evogames.bots.make_bot`` builds it.
"""

from __future__ import annotations

from typing import Protocol

from evogames.core.rng import Rng
from evogames.core.types import Action, View


class Bot(Protocol):
    name: str

    def choose(self, view: View, rng: Rng) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    needs_view = False  # it only needs the legal actions

    def choose(self, view: View, rng: Rng) -> Action:
        return rng.choice(view["legal"])
