"""The Mating Game (Pangolin Science Games): sexual selection, 2-6 players.

Each round: Play & Pay (a combat or flashy Strategy, or Out to Lunch, face
down and revealed together), Survive (the Environment's Food, then its
Predators, then its Female Scarcity), Attract (combat dice, then Females by
colour and Fitness), Mating (one Offspring per Female; 10 wins), Discard &
Draw. Sneaky Strategies are played in the windows between phases.

Actions: see ``actions.py``. Each seat sees its own hand; the other seats'
face-down choices only after the reveal; never the order of a deck.
"""

from __future__ import annotations

from typing import Any

from evogames.games.mating import actions, events, flow, setup, view
from evogames.games.mating.cards import components
from evogames.games.mating.options import OPTIONS
from evogames.games.mating.state import MatingState


class MatingGame:
    """The Mating Game, as the engine contract wants it."""

    name = "mating"
    title = "The Mating Game"
    min_players = 2
    max_players = 6
    best_players = 4  # the lobby's suggestion
    teaches = "sexual selection: how mate choice shapes animals' traits and behaviour"
    simultaneous = True
    hidden_info = True
    options = OPTIONS

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> MatingState:
        state = setup.new_state(players, seed, options)
        flow.advance(state)
        return state

    def to_act(self, state: MatingState) -> list[int]:
        return actions.to_act(state)

    def legal(self, state: MatingState, seat: int) -> list[dict[str, Any]]:
        return actions.legal(state, seat)

    def apply(self, state: MatingState, seat: int, action: dict[str, Any]) -> None:
        actions.apply(state, seat, action)

    def view(self, state: MatingState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def is_over(self, state: MatingState) -> bool:
        return state.over

    def result(self, state: MatingState) -> dict[str, Any] | None:
        return dict(state.outcome) if state.outcome else None

    def events(self, state: MatingState) -> list[Any]:
        return state.events

    def render_event(self, event: Any, seat: int | None) -> dict[str, Any] | None:
        return events.render(event, seat)

    def stats(self, state: MatingState) -> dict[str, Any]:
        return view.stats(state)

    def card_names(self) -> dict[str, str]:
        """Strategy card id -> "name (type)", for the lab's balance report."""
        c = components()
        return {card_id: f"{c.card(card_id).name} ({c.card(card_id).type})" for card_id in c.strategy_deck()}


GAME = MatingGame()
