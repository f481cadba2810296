"""Terminal boards plug in per game; a game without one gets the generic board."""

from __future__ import annotations

from rich.console import Console

import evogames
from evogames import Match
from evogames.kit.board import GENERIC
from evogames.kit.parts import terminal_board


def test_every_registered_game_has_a_board_that_draws_its_view_and_names_its_actions() -> None:
    import evogames

    for entry in evogames.catalog():
        match = Match(entry["name"], entry["min_players"], seed=1)
        seat = match.to_act[0]
        view = match.view(seat)
        board = terminal_board(evogames.game(entry["name"]))
        console = Console(record=True, width=120)
        console.print(board.render(view, [f"P{i + 1}" for i in range(match.players)]))
        assert console.export_text().strip()
        assert all(board.describe(view, action) for action in view["legal"])


def test_a_game_without_a_board_module_falls_back_to_the_generic_board() -> None:
    assert terminal_board(evogames.game("toyrace")) is GENERIC  # the toy game (tests/toygame) has no terminal board
    assert GENERIC.describe({}, {"type": "move", "to": 3}) == 'move {"to": 3}'
