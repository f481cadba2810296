"""``evogames play``: a person against bots, driven here by piped input."""

from __future__ import annotations

import json
from pathlib import Path

from evogames.cli.prompt import parse_choice
from evogames.core.match import Match
from tests.cli.conftest import ALWAYS_ONE, Invoke, run_program

PLAY = ["play", "mating", "--players", "4", "--bots", "heuristic", "--seed", "11"]


def test_a_whole_game_answered_with_1_ends_with_the_result(run: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = run([*PLAY, "--save", str(record)], input=ALWAYS_ONE)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.stdout
    match = Match.replay(json.loads(record.read_text()))
    assert match.over
    winner = match.result["winners"][0] if match.result else -1
    assert f"Winner: Player {winner + 1}" in result.stdout


def test_the_board_shows_round_phase_stands_nests_hand_and_numbered_choices(run: Invoke) -> None:
    result = run(PLAY, input="q\n")
    out = result.stdout
    for shown in ("Round 1", "Play & Pay", "Stands: red 5", "Environment: not yet turned over",
                  "Player 1 (you)", "Player 2 (heuristic)", "Your hand", "Fitness", "Predator",
                  "1. Play ", "Go Out to Lunch", "Your choice"):
        assert shown in out, shown
    assert '"card"' not in out and '{"type"' not in out


def test_the_log_shows_what_the_person_may_see_since_the_last_choice(run: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    out = run([*PLAY, "--save", str(record)], input="1\nq\n").stdout
    match = Match.replay(json.loads(record.read_text()))
    seen = [event["text"] for event in match.log_for(0)]
    assert len(seen) > 8
    for sentence in seen:
        assert sentence[:30] in out, sentence
    assert out.count("You are dealt") == 1  # the bots' deals stay hidden


def test_bad_answers_are_asked_again_with_a_reason(run: Invoke) -> None:
    result = run(PLAY, input="x\n99\n\n0\n1\nq\n")
    out = result.stdout
    assert "'x' is not a number" in out
    assert "There is no choice 99" in out
    assert "Please type a number" in out
    assert "There is no choice 0" in out
    assert out.count("Your choice") >= 6  # five refusals/answers and the next turn's prompt


def test_end_of_input_quits_cleanly_with_a_message(run: Invoke) -> None:
    result = run(PLAY, input="1\n")
    assert result.exit_code == 1
    assert "Game abandoned (no more input)" in result.stdout


def test_a_bad_seat_or_bot_is_a_one_line_error(run: Invoke) -> None:
    seat = run([*PLAY, "--seat", "4"], input="")
    bot = run([*PLAY, "--bots", "genius"], input="")
    assert (seat.exit_code, bot.exit_code) == (2, 2)
    assert "There is no seat 4" in seat.stderr
    assert "Unknown bot 'genius'" in bot.stderr


def test_a_person_in_another_seat_plays_among_bots(run: Invoke) -> None:
    result = run(["play", "mating", "--players", "3", "--bots", "random", "--seat", "2", "--seed", "4"],
                 input=ALWAYS_ONE)
    assert result.exit_code == 0
    assert "Player 3 (you)" in result.stdout
    assert "Player 1 (random)" in result.stdout


def test_play_runs_as_a_program_with_piped_stdin() -> None:
    done = run_program(["play", "mating", "--players", "2", "--seed", "3"], input=ALWAYS_ONE)
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert "Traceback" not in done.stderr


def test_parse_choice_takes_only_numbers_in_range() -> None:
    assert parse_choice(" 3 ", 5) == (3, "")
    assert parse_choice("6", 5)[0] is None
    assert parse_choice("-1", 5)[0] is None
    assert parse_choice("two", 5)[0] is None


def test_without_players_a_game_is_the_number_it_plays_best_with(run: Invoke) -> None:
    """A bare ``play phylo`` is the rulebook's 2-player game (4 is its extension); ``play mating`` seats 4."""
    assert "Phylo, 2 players" in run(["play", "phylo", "--seed", "3"], input="q\n").stdout
    assert "4 players" in run(["play", "mating", "--seed", "3"], input="q\n").stdout
    assert "3 players" in run(["play", "phylo", "-p", "3", "--seed", "3"], input="q\n").stdout


def test_python_dash_m_evogames_is_the_command() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "evogames", "--version"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("evogames ")
