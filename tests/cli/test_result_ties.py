"""The terminal's game-over panel after a tie (issue 20, item 13): who tied, and the game's own sentences
on why (a Mating die-roll win says everyone it names had reached the goal, and that the Food was equal)."""

from __future__ import annotations

from rich.console import Console

from evogames import Match
from evogames.cli.result import render_result, tie_words
from evogames.games.mating.scoring import finish


def shown(match: Match) -> str:
    console = Console(width=200, record=True, color_system=None)
    assert match.result is not None
    console.print(render_result(match.game, match.result, ["Ana", "Ben", "Cy"], tie_words(match)))
    return " ".join(console.export_text().replace("│", " ").split())


def test_a_die_roll_win_says_everyone_had_reached_the_goal_and_the_food_was_equal() -> None:
    match = Match("mating", 3, 1)
    match.state.offspring, match.state.food = [10, 12, 3], [4, 4, 1]
    finish(match.state, "offspring")
    text = shown(match)
    assert "Winner: Ben" in text and "after 1 round (tie broken by a die roll)" in text
    assert ("Tied: Ana (10) and Ben (12). Everyone who reaches 10 Offspring in the same round ties, however many "
            "they have") in text
    assert "A tie goes to the most Food left; that was equal too, so a die roll decided." in text


def test_a_win_without_a_tie_names_no_one_as_tied() -> None:
    match = Match("mating", 3, 1)
    match.state.offspring, match.state.food = [10, 4, 3], [4, 4, 1]
    finish(match.state, "offspring")
    assert tie_words(match) is None
    assert "Tied" not in shown(match)
