"""Tough Luck, Dodo's terminal board: the grid, creatures, captured cards, the tray, actions in words."""

from __future__ import annotations

from rich.console import Console

import evogames
from evogames import Match
from evogames.games.dodo.terminal.board import render
from evogames.games.dodo.terminal.describe import describe
from evogames.kit.parts import terminal_board
from tests.conftest import random_playout
from tests.games.dodo.helpers import table, to_next_turn


def draw(view: dict, players: int) -> str:  # type: ignore[type-arg]
    console = Console(record=True, width=120)
    console.print(render(view, [f"P{i + 1}" for i in range(players)]))
    return console.export_text()


def test_the_board_draws_the_grid_creatures_and_tray() -> None:
    m, _ = table(2, [(0, "RY", "E01"), (1, "GG", "E06")], first=0)
    text = draw(m.view(0), 2)
    for words in ("Tough Luck, Dodo", "Turn 1", "Token Phase", "Tidal flat", "Salt marsh", "Competitive Advantage",
                  "Supply:", "◆ active", "●■■"):
        assert words in text


def test_a_captured_environment_is_shown_flipped() -> None:
    m, _ = table(2, [(0, "RY", "E01"), (1, "G", "E06")], first=0)
    to_next_turn(m)
    text = draw(m.view(1), 2)
    assert "CAPTURED by Player 1" in text and "captor" in text


def test_every_legal_action_is_described_in_words() -> None:
    m = Match("dodo", 3, seed=4)
    seen = set()
    for _ in range(400):
        if m.over:
            break
        seat = m.to_act[0]
        view = m.view(seat)
        for action in view["legal"]:
            words = describe(view, action)
            assert words and "{" not in words
            seen.add(action["type"])
        m.act(seat, view["legal"][len(seen) % len(view["legal"])])
    assert {"place", "token", "pass", "migrate"} <= seen


def test_the_board_draws_a_finished_game() -> None:
    m = Match("dodo", 4, seed=2)
    random_playout(m, 2)
    assert "game over" in draw(m.view(None), 4)
    assert terminal_board(evogames.game("dodo")).render is render
