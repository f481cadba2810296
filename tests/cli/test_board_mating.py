"""The Mating Game's terminal board: the Environments turned since the shuffle, under the Environment."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from evogames.games.mating.components import components
from evogames.games.mating.terminal.board import render
from tests.games.mating.helpers import calm, keep_all, pass_windows, play, scenario


def draw(view: dict[str, Any], players: int) -> str:
    console = Console(record=True, width=120)
    console.print(render(view, [f"P{i + 1}" for i in range(players)]))
    return console.export_text()


def test_the_board_lists_the_environments_turned_since_the_shuffle_and_starts_again_after_it() -> None:
    seasons = [calm(2), calm(3)]
    names = [components().environments[e].name for e in seasons]
    m = scenario([[], []], seasons)
    assert "Turned since the shuffle" not in draw(m.view(0), 2)  # nothing turned yet
    for _ in range(2):
        play(m, {})
        pass_windows(m)
        keep_all(m)
    assert turned_line(draw(m.view(0), 2)) == f"Turned since the shuffle: {names[0]}, {names[1]}"
    play(m, {})  # the deck was used up: the third round's card comes from it made up again
    assert turned_line(draw(m.view(1), 2)) == f"Turned since the shuffle: {names[0]}"


def turned_line(text: str) -> str:
    return next(line.strip("│ ") for line in text.splitlines() if "Turned since the shuffle" in line)
