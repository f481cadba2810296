"""Phylo (rules v2.0, phylogame.org): build an ecosystem of real species, 2 players (up to 4).

The HOME cards start side by side on an unbounded grid. A turn: draw 1, then
three actions among play a species next to a compatible card (shared terrain and
climate, a food chain link, a larger scale to eat an animal), MOVE/FLIGHT one,
play an event (one per turn), discard 1 to draw 3, or pass; SPREAD is free.
Species left without a link are removed at the end of the next player's
(reaction) turn, with the cascade that follows. The game ends after the other
player's turn once a deck's last card is drawn; species on the table score.

Actions: see ``actions.py``. Each seat sees the whole table, every discard
pile and its own hand; never another hand or what is in a deck.
"""

from __future__ import annotations

from typing import Any

from evogames.games.phylo import actions, events, setup, view
from evogames.games.phylo.options import OPTIONS
from evogames.games.phylo.state import PhyloState


class PhyloGame:
    """Phylo, as the engine contract wants it."""

    name = "phylo"
    title = "Phylo"
    min_players = 2
    max_players = 4
    best_players = 2  # the lobby's suggestion
    teaches = "ecosystems: food webs, habitats and what a disaster does to them"
    simultaneous = False
    hidden_info = True
    options = OPTIONS

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> PhyloState:
        return setup.new_state(players, seed, options)

    def to_act(self, state: PhyloState) -> list[int]:
        return actions.to_act(state)

    def legal(self, state: PhyloState, seat: int) -> list[dict[str, Any]]:
        return actions.legal(state, seat)

    def apply(self, state: PhyloState, seat: int, action: dict[str, Any]) -> None:
        actions.apply(state, seat, action)

    def view(self, state: PhyloState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def is_over(self, state: PhyloState) -> bool:
        return state.over

    def result(self, state: PhyloState) -> dict[str, Any] | None:
        return dict(state.outcome) if state.outcome else None

    def events(self, state: PhyloState) -> list[Any]:
        return state.events

    def render_event(self, event: Any, seat: int | None) -> dict[str, Any] | None:
        return events.render(event, seat)

    def stats(self, state: PhyloState) -> dict[str, Any]:
        return view.stats(state)


GAME = PhyloGame()
