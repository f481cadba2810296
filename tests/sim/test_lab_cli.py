"""The lab's commands, registered on a Typer app of the test's own."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
import typer
from typer.testing import CliRunner

from evogames import Match
from evogames.cli.lab import register


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def run(app: typer.Typer, *args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_sweep_writes_tables_plots_report_and_a_summary_with_intervals(app: typer.Typer, tmp_path: Path) -> None:
    out = run(app, "sweep", "mating", "--vary", "ignore_predation=true,false",
              "--vary", "bots=heuristic:prefer=combat,heuristic:prefer=sneaky|random",
              "--games", "10", "--players", "4", "--seed", "2", "--workers", "2", "--out", str(tmp_path), "--csv")
    assert "Wilson" in out and "bootstrap" in out
    for name in ("games.parquet", "seats.parquet", "rounds.parquet", "seats.csv", "report.html",
                 "plots/win_rate_by_bot.png", "plots/trajectories.svg"):
        assert (tmp_path / name).exists(), name
    games = pd.read_parquet(tmp_path / "games.parquet")
    assert len(games) == 40 and games["variant_label"].nunique() == 4
    assert {json.loads(o)["predation"] for o in games["options"]} == {True, False}


def test_sweep_replay_replays_a_row_and_saves_a_record(app: typer.Typer, tmp_path: Path) -> None:
    run(app, "sweep", "mating", "--games", "5", "--players", "3", "--bots", "heuristic,random",
        "--option", "environment=variable", "--workers", "1", "--out", str(tmp_path), "--no-plots")
    record = tmp_path / "game3.json"
    out = run(app, "sweep-replay", str(tmp_path), "--row", "3", "--record", str(record))
    assert "identical" in out
    match = Match.replay(json.loads(record.read_text()))
    games = pd.read_parquet(tmp_path / "games.parquet").set_index("game_id")
    assert match.result is not None and ",".join(map(str, match.result["scores"])) == games.loc[3, "scores"]
    bad = CliRunner().invoke(app, ["sweep-replay", str(tmp_path), "--row", "99"])
    assert bad.exit_code != 0 and "No game 99" in bad.output


def test_bad_sweeps_are_refused_with_a_sentence(app: typer.Typer, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["sweep", "mating", "--vary", "weather=sunny", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "Unknown option 'weather'" in result.output


def test_lab_lessons_prints_each_claim_with_an_interval_and_a_verdict(app: typer.Typer) -> None:
    out = run(app, "lab", "lessons", "mating", "--games", "20", "--seed", "1", "--workers", "2")
    assert out.count("Verdict:") == 5 and out.count("95% bootstrap interval") == 5
    assert "High predation lowers the payoff" in out and "Out to Lunch" in out


def test_lab_lessons_writes_a_self_contained_report_with_every_verdict(app: typer.Typer, tmp_path: Path) -> None:
    run(app, "lab", "lessons", "mating", "--games", "12", "--seed", "2", "--workers", "1", "--out", str(tmp_path))
    table = pd.read_csv(tmp_path / "lessons.csv")
    assert len(table) == 5 and set(table["verdict"]) <= {"supported", "not supported", "inconclusive"}
    page = (tmp_path / "lessons.html").read_text()
    assert page.count("<h2>") == 5 and page.count("data:image/png;base64,") >= 5
    assert "http" not in page and "<script" not in page


def test_lab_lessons_for_a_game_without_lessons_or_an_unknown_game_is_a_clear_error(app: typer.Typer) -> None:
    result = CliRunner().invoke(app, ["lab", "lessons", "toyrace", "--games", "2"])
    assert result.exit_code == 2 and "No lessons for 'toyrace'" in result.output
    result = CliRunner().invoke(app, ["lab", "lessons", "no_such_game", "--games", "2"])
    assert result.exit_code == 2 and "Unknown game 'no_such_game'" in result.output


def test_lab_balance_lists_cards_with_intervals(app: typer.Typer, tmp_path: Path) -> None:
    out = run(app, "lab", "balance", "mating", "--games", "20", "--workers", "1", "--out", str(tmp_path))
    assert "Wilson" in out and "cards flagged" in out
    cards = pd.read_csv(tmp_path / "balance.csv")
    assert {"card", "plays", "win_rate", "win_low", "win_high", "flag"} <= set(cards.columns)
