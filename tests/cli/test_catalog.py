"""``evogames list``, ``rules`` and ``--help``."""

from __future__ import annotations

from evogames.cli.app import app
from tests.cli.conftest import Invoke


def test_list_shows_the_mating_game_with_players_and_options(run: Invoke) -> None:
    result = run(["list"])
    assert result.exit_code == 0
    assert "mating" in result.stdout
    assert "The Mating Game" in result.stdout
    assert "2–6" in result.stdout
    assert "predation = true" in result.stdout


def test_rules_prints_the_rules_summary_and_the_rulings(run: Invoke) -> None:
    result = run(["rules", "mating"])
    assert result.exit_code == 0
    assert "The Mating Game: rules summary" in result.stdout
    assert "The Mating Game: rulings" in result.stdout
    assert "Play & Pay" in result.stdout


def test_rules_of_an_unknown_game_is_a_one_line_error(run: Invoke) -> None:
    result = run(["rules", "chess"])
    assert result.exit_code == 2
    assert "Unknown game 'chess'" in result.stderr
    assert "Traceback" not in result.output


def test_help_names_every_command(run: Invoke) -> None:
    result = run(["--help"])
    assert result.exit_code == 0
    for command in ("list", "rules", "play", "simulate", "replay", "serve"):
        assert command in result.stdout


def test_every_command_has_its_own_help(run: Invoke) -> None:
    for command in ("list", "rules", "play", "simulate", "replay", "serve"):
        result = run([command, "--help"])
        assert result.exit_code == 0, command
        assert "Usage" in result.stdout


def test_the_app_is_the_console_script_target() -> None:
    from evogames.cli import app as module

    assert module.app is app
    assert callable(module.main)
