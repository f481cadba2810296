"""The coach in the terminal (issue 22): at their turn a person types ``h`` and reads the ``hard`` search's top
moves, each with its number in the list; it searches from what their seat can see only."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import evogames
from evogames.bots import make_bot
from evogames.bots.coach import advice, advise
from evogames.cli.play import Session, bot_turn, choices_panel
from evogames.core.match import Match
from evogames.core.rng import Rng
from tests.cli.conftest import Invoke

PLAY = ["play", "mating", "--players", "4", "--bots", "heuristic", "--seed", "11"]


def test_h_asks_the_coach_and_the_same_choice_is_asked_again(run: Invoke) -> None:
    out = run(PLAY, input="h\n1\nq\n").stdout
    assert "h for a hint" in out
    words = " ".join(out.split())  # the terminal wraps long lines
    said = re.search(r"Coach: \[(\d+)\] (.+?) wins (\d+)% of the games I tried", words)
    assert said, words[-3000:]
    number, move = int(said.group(1)), said.group(2)
    assert f"{number}. {move}" in words  # the number the list gives that move
    assert "from what you can see" in words
    assert out.count("Your choice") >= 3  # asked again after the hint, then the next turn


def test_without_hints_h_is_not_a_choice(run: Invoke) -> None:
    out = run([*PLAY, "--no-hints"], input="h\nq\n").stdout
    assert "h for a hint" not in out
    assert "'h' is not a number" in out
    assert "Coach:" not in out


@pytest.mark.parametrize(("game", "players"), [("mating", 4), ("phylo", 2), ("dodo", 2)])
def test_the_terminal_coach_says_the_same_whatever_the_others_hold(game: str, players: int) -> None:
    """Two real states the seat cannot tell apart (every hidden card and deck order drawn again): one sentence."""
    spec, match, rng = evogames.game(game), Match(game, players, 31), Rng(8)
    while len(match.legal(match.to_act[0])) < 2 or len(match.actions) < 5:
        seat = match.to_act[0]
        match.act(seat, rng.choice(match.legal(seat)))
    seat = match.to_act[0]
    view = match.view(seat)
    swapped = spec.determinize(match.state, seat, Rng(99))
    assert spec.full_view(swapped, seat) == view
    said = [advise(game, state, seat, view, 7, numbered=view["legal"], iterations=80)
            for state in (match.state, swapped)]
    assert said[0] == said[1]
    assert "(I played 80 games from what you can see.)" in said[0]


def test_the_coach_names_its_moves_best_share_first() -> None:
    """The three most tried moves, named by their share of the games won, best first: the most tried may have
    won a little less than the next ("… wins 65%; … 66%" read as if the coach could not count)."""
    match = Match("mating", 4, 11)
    view = match.view(0)
    first, second, third = view["legal"][:3]
    shares = [(first, 50, 0.65), (second, 40, 0.66), (third, 10, 0.2)]
    text, moves = advice("mating", view, shares, first, 100, numbered=view["legal"])
    assert [m["share"] for m in moves] == [0.66, 0.65, 0.2]
    assert text.startswith("[2] ") and " wins 66% of the games I tried; [1] " in text, text


def test_a_terminal_shows_which_search_bot_is_thinking() -> None:
    """A hard bot thinks most of a second a move; in Adapt or Die three of them took 10 s before the person's first
    choice, a silent terminal a student takes for a hang. A terminal says who is thinking (and clears it)."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    match = Match("mating", 2, 5)
    session = Session(match, 1, {0: make_bot("ismcts:iterations=30", "mating")}, console)
    bot_turn(session, 0)
    assert "Player 1 (ismcts:iterations=30) is thinking" in out.getvalue()
    assert match.actions


def test_a_single_choice_says_it_is_the_only_one() -> None:
    """A forced move ("Your choice [1-1]") looked like a fault: the panel says it is the only one allowed now."""
    out = io.StringIO()
    Console(file=out, width=100).print(choices_panel(["Pass"]))
    assert "the only one the rules allow now" in out.getvalue()
    out = io.StringIO()
    Console(file=out, width=100).print(choices_panel(["Pass", "Play"]))
    assert "only one" not in out.getvalue()
