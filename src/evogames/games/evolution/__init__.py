"""Evolution: The Origin of Species (Knorre & Machin), 2-8 players (two decks for 5-8).

Each turn: development (one card at a time, as a new animal or as a trait;
a pass is final), the food bank (dice by player count), feeding (one red
token, an attack or fat per feeding round, plus free traits; defenders answer
attacks themselves, out of turn; the owner of Communication and Cooperation
orders them or stops), extinction and draw (unfed animals die;
1 + surviving animals dealt one by one). The turn that starts with an empty
deck is the last; then 2 per animal, +1 per trait, + food modifiers.

Actions: see ``actions.py``. Each seat sees its own hand, its animals' cards
and its own discard pile; of the others, only what is face up on the table.
"""

from __future__ import annotations

from typing import Any

from evogames.games.evolution import actions, events, setup, turn, view
from evogames.games.evolution.cards import components
from evogames.games.evolution.options import OPTIONS
from evogames.games.evolution.state import EvolutionState


class EvolutionGame:
    """Evolution: The Origin of Species, as the engine contract wants it."""

    name = "evolution"
    title = "Evolution: The Origin of Species"
    min_players = 2
    max_players = 8
    best_players = 4  # the lobby's suggestion
    teaches = "natural selection: traits, food and predators decide who survives"
    simultaneous = False
    hidden_info = True
    options = OPTIONS

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> EvolutionState:
        state = setup.new_state(players, seed, options)
        turn.advance(state)
        return state

    def to_act(self, state: EvolutionState) -> list[int]:
        return actions.to_act(state)

    def legal(self, state: EvolutionState, seat: int) -> list[dict[str, Any]]:
        return actions.legal(state, seat)

    def apply(self, state: EvolutionState, seat: int, action: dict[str, Any]) -> None:
        actions.apply(state, seat, action)

    def view(self, state: EvolutionState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def is_over(self, state: EvolutionState) -> bool:
        return state.over

    def result(self, state: EvolutionState) -> dict[str, Any] | None:
        return dict(state.outcome) if state.outcome else None

    def events(self, state: EvolutionState) -> list[Any]:
        return state.events

    def render_event(self, event: Any, seat: int | None) -> dict[str, Any] | None:
        return events.render(event, seat)

    def stats(self, state: EvolutionState) -> dict[str, Any]:
        return view.stats(state)

    def card_names(self) -> dict[str, str]:
        """Card type code -> its traits, for the lab's balance report (``cards_played`` holds codes)."""
        c = components()
        return {code: " / ".join(c.traits[t].name for t in ty.traits) for code, ty in c.types.items()}


GAME = EvolutionGame()
