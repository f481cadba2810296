"""The coach: the ISMCTS bot, read after its search (the root's moves, their visits and win shares).

It searches exactly as ``ISMCTSBot`` does, from ``determinize(state, seat)``, so it knows only what
the seat's own view shows; ``shares`` reads its root afterwards and changes nothing.
"""

from __future__ import annotations

from typing import Any

from evogames.bots.ismcts import ISMCTSBot, Node
from evogames.core.rng import Rng
from evogames.core.types import Action, View


class Coach(ISMCTSBot):
    """``ISMCTSBot`` that keeps the root of its last search."""

    name = "coach"

    def __init__(self, game: str, **budget: Any) -> None:
        super().__init__(game, **budget)
        self.root: Node | None = None

    def choose_from(self, state: Any, seat: int, rng: Rng) -> Action:
        self.root = None
        return super().choose_from(state, seat, rng)

    def _node(self, view: View, legal: list[Action], rng: Rng) -> Node:
        node = super()._node(view, legal, rng)
        if self.root is None:  # the first node of a search is its root
            self.root = node
        return node

    def shares(self) -> list[tuple[Action, int, float]]:
        """The root's moves, most visited first: (action, visits, share of those simulated games won).
        Empty when the seat had one move only (there was nothing to search)."""
        if self.root is None:
            return []
        edges = sorted(self.root.edges, key=lambda e: (-e.visits, -e.value))
        return [(e.action, e.visits, e.value / e.visits if e.visits else 0.0) for e in edges]
