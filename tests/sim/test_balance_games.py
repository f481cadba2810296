"""`lab balance` for every game: the games that record cards get a report; the others,
and unknown games, are refused with one sentence on stderr before any worker starts."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
import typer
from typer.testing import CliRunner, Result

from evogames.cli import lab
from evogames.cli.lab import register
from evogames.sim import backends, sweep
from evogames.sim.balance import COLUMNS, card_games, card_table


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any sweep that starts fails the test: refusals come before the work."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a sweep started")

    monkeypatch.setattr(sweep, "run_sweep", refuse)


def refused(result: Result, sentence: str) -> None:
    """Exit code 2, the sentence on stderr, nothing on stdout, no traceback."""
    assert result.exit_code == 2, result.output
    assert sentence in result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_the_games_that_record_cards() -> None:
    assert card_games() == ["mating", "evolution", "phylo", "adapt"]


@pytest.mark.parametrize("game", ["evolution", "phylo", "adapt"])
def test_lab_balance_reports_every_game_that_records_cards(app: typer.Typer, game: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["lab", "balance", game, "--games", "6", "--workers", "1",
                                      "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "cards flagged" in result.stdout
    cards = pd.read_csv(tmp_path / "balance.csv")
    assert len(cards) > 0 and set(COLUMNS) <= set(cards.columns)


def test_lab_balance_dodo_records_no_cards_and_says_so(app: typer.Typer, no_games: None) -> None:
    result = CliRunner().invoke(app, ["lab", "balance", "dodo", "--games", "20"])
    refused(result, "Tough Luck, Dodo records no cards played per seat")
    assert "mating, evolution, phylo, adapt" in result.stderr


def test_lab_balance_refuses_an_unknown_game_before_any_worker_starts(app: typer.Typer, no_games: None,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "new_pool", lambda workers: pytest.fail("a worker pool started"))
    result = CliRunner().invoke(app, ["lab", "balance", "chess"])
    refused(result, "Unknown game 'chess'")


def test_lab_balance_refuses_a_bad_player_count_and_no_games(app: typer.Typer, no_games: None) -> None:
    refused(CliRunner().invoke(app, ["lab", "balance", "mating", "--players", "40"]), "")
    refused(CliRunner().invoke(app, ["lab", "balance", "mating", "--games", "0"]), "at least one game")


def test_card_table_of_seats_that_played_no_card_is_empty_with_its_columns() -> None:
    seats = pd.DataFrame({"win": [1, 0], "cards": ["", ""]})
    assert list(card_table(seats).columns) == list(COLUMNS)
    assert card_table(seats).empty and card_table(pd.DataFrame()).empty


def test_lab_errors_go_to_stderr(app: typer.Typer, tmp_path: Path) -> None:
    refused(CliRunner().invoke(app, ["sweep", "mating", "--vary", "weather=sunny", "--out", str(tmp_path)]),
            "Unknown option 'weather'")
    refused(CliRunner().invoke(app, ["sweep", "mating", "--backend", "spark", "--out", str(tmp_path)]),
            "Unknown backend 'spark'")
    refused(CliRunner().invoke(app, ["sweep-replay", str(tmp_path / "none"), "--row", "1"]), "No sweep results")
    refused(CliRunner().invoke(app, ["lab", "lessons", "chess"]), "Unknown game 'chess'")
    refused(CliRunner().invoke(app, ["lab", "lessons", "toyrace"]), "No lessons for 'toyrace'")


@pytest.mark.parametrize("command", [["sweep", "mating", "--games", "2"], ["lab", "balance", "mating", "--games", "2"],
                                     ["lab", "lessons", "mating", "--games", "2"]])
def test_an_unwritable_out_is_refused_before_any_game(app: typer.Typer, command: list[str], tmp_path: Path,
                                                      no_games: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import evogames.sim.lessons as lessons

    monkeypatch.setattr(lessons, "run_lessons", lambda *a, **k: pytest.fail("lessons started"))
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    refused(CliRunner().invoke(app, [*command, "--out", str(blocker / "out")]), f"Cannot write {blocker}")


def test_sweep_replay_refuses_an_unwritable_record_before_replaying(app: typer.Typer, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["sweep-replay", str(tmp_path), "--row", "0",
                                      "--record", str(tmp_path / "no" / "such" / "r.json")])
    refused(result, "there is no folder")


def test_the_lab_command_line_names_the_backends_the_lab_has() -> None:
    assert lab.BACKENDS == backends.BACKENDS
