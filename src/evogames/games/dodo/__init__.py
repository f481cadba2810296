"""Tough Luck, Dodo (CMS.608 seed 003): creatures evolve to fit environments, 2-4 players.

Set-up: a 2 x 3 grid of environment cards (3 x 3 for 3-4 players); each player
places three creatures (one red, one yellow, one green mutation) in turn from
the active player. Each turn: Token Phase (Competitive Advantage, Famine,
Relocation, each once per game), Migration (three rounds of one move to an
edge-adjacent environment), Consumption (a creature eats exactly its mutations
or starves; a lone creature that eats everything captures the environment),
Reproduction (a child with one extra mutation rolled on the die). Two captures
end the game; most captures wins, ties by creatures on the board.

Actions: see ``actions.py``. Nothing is hidden: every seat sees the whole table;
a seat's "hand" is its own tray (tokens, the Active Player token, turn order).
"""

from __future__ import annotations

from typing import Any

from evogames.games.dodo import actions, events, flow, setup, view
from evogames.games.dodo.options import OPTIONS
from evogames.games.dodo.state import DodoState


class DodoGame:
    """Tough Luck, Dodo, as the engine contract wants it."""

    name = "dodo"
    title = "Tough Luck, Dodo"
    min_players = 2
    max_players = 4
    best_players = 4  # the lobby's suggestion
    teaches = "mutation and competition: chance changes and a fight for resources"
    simultaneous = False
    hidden_info = False
    options = OPTIONS

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> DodoState:
        state = setup.new_state(players, seed, options)
        flow.advance(state)
        return state

    def to_act(self, state: DodoState) -> list[int]:
        return actions.to_act(state)

    def legal(self, state: DodoState, seat: int) -> list[dict[str, Any]]:
        return actions.legal(state, seat)

    def apply(self, state: DodoState, seat: int, action: dict[str, Any]) -> None:
        actions.apply(state, seat, action)

    def view(self, state: DodoState, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def is_over(self, state: DodoState) -> bool:
        return state.over

    def result(self, state: DodoState) -> dict[str, Any] | None:
        return dict(state.outcome) if state.outcome else None

    def events(self, state: DodoState) -> list[Any]:
        return state.events

    def render_event(self, event: Any, seat: int | None) -> dict[str, Any] | None:
        return events.render(event, seat)

    def stats(self, state: DodoState) -> dict[str, Any]:
        return view.stats(state)


GAME = DodoGame()
