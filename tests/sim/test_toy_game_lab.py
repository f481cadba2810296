"""The lab is generic: the toy game (tests/toygame, "toyrace", a plug-in registered through
EVOGAMES_GAMES) gets ``simulate``, a sweep on worker processes, plots and a report that name
its score and stats as its spec does ("Wins", "Steps taken"), and a one-sentence refusal from
``lab balance`` (it records no cards), with no change outside its folder."""

from __future__ import annotations

import csv
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pandas as pd
import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from evogames.cli import lab
from evogames.cli.app import app as main_app
from evogames.core.errors import ErrorCode, UsageError
from evogames.core.registry import game
from evogames.sim import backends, sweep
from evogames.sim.balance import balance_spec, card_games, check_balance
from evogames.sim.play import SEAT_COLUMNS
from evogames.sim.plots import score_figure, trajectory_figure
from evogames.sim.report import summary_display
from evogames.sim.results import read_tables
from evogames.sim.runner import simulate

TOY = "toyrace"


@pytest.fixture(scope="module")
def lab_app() -> typer.Typer:
    app = typer.Typer()
    lab.register(app)
    return app


def test_the_toy_game_declares_what_the_lab_shows() -> None:
    spec = game(TOY)
    assert spec.score_label == "Wins" and dict(spec.stat_labels) == {"steps": "Steps taken"}
    assert spec.card_names is None


def test_simulate_gives_the_sweeps_seat_rows_and_its_stats() -> None:
    rows: list[dict[str, object]] = []
    summary = simulate(TOY, 20, 2, "heuristic,random", seed=3, options={"target": 12}, rows=rows)
    assert summary["game"] == TOY and summary["games"] == 20 and summary["options"] == {"target": 12}
    assert sum(summary["wins"]["per_seat"]) == 20  # one winner a game
    assert summary["end_reasons"] == {"target": 20}
    assert len(rows) == 40 and list(rows[0]) == [*SEAT_COLUMNS, "steps"]
    assert {(r["game"], r["seat"]) for r in rows} == {(g, s) for g in range(20) for s in range(2)}
    assert all(r["main_type"] == "none" and r["cards"] == "" for r in rows)
    steps = summary["stat_means_per_seat"]["steps"]
    assert steps == [sum(int(str(r["steps"])) for r in rows if r["seat"] == s) / 20 for s in range(2)]
    assert summary["per_game_means"] == {"steps": sum(steps)}


def test_the_simulate_command_names_the_score_and_stats_as_the_game_does(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    args = ["simulate", TOY, "--players", "2", "--bots", "heuristic,random", "--games", "12", "-o", "max_step=3"]
    shown = CliRunner().invoke(main_app, [*args, "--out", str(out)])
    assert shown.exit_code == 0, shown.output
    for words in ("wins per seat", "mean Wins", "mean Steps taken", "the count reached the target"):
        assert words in shown.stdout, words
    with out.open(encoding="utf-8") as handle:
        table = list(csv.DictReader(handle))
    assert len(table) == 24 and {"steps", "score", "win", "seed", "lineup", "options"} <= set(table[0])
    assert {json.loads(r["options"])["max_step"] for r in table} == {3}
    as_json = CliRunner().invoke(main_app, [*args, "--json"])
    assert as_json.exit_code == 0, as_json.output
    assert set(json.loads(as_json.stdout)["stat_means_per_seat"]) == {"steps"}


def _spawn_pool(workers: int) -> ProcessPoolExecutor:
    """Workers started afresh (not forked): they know the toy game only through the registry's EVOGAMES_GAMES."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)


def test_a_sweep_of_two_variants_on_two_workers(lab_app: typer.Typer, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "new_pool", _spawn_pool)
    monkeypatch.setattr(lab, "console", Console(width=200))  # table headers on one line
    result = CliRunner().invoke(lab_app, ["sweep", TOY, "--vary", "target=8,14", "--option", "max_step=3",
                                          "--bots", "heuristic,random", "--players", "2", "--games", "10",
                                          "--seed", "4", "--workers", "2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "mean Wins [95% bootstrap]" in result.stdout and "mean Steps taken [95% bootstrap]" in result.stdout
    tables = read_tables(tmp_path)
    assert tables.complete and len(tables.games) == 20 and len(tables.seats) == 40
    assert list(tables.games["variant_label"].cat.categories) == ["target=14", "target=8"]
    options = {json.loads(o)["target"]: json.loads(o)["max_step"] for o in tables.games["options"]}
    assert options == {8: 3, 14: 3}
    assert (tables.games["reason"] == "target").all() and tables.seats.groupby("game_id")["win"].sum().eq(1).all()
    assert tables.rounds.empty  # the toy game keeps no history: no trajectories, and no crash
    summary = summary_display(tables, boots=100)
    assert list(summary.columns)[-2:] == ["mean Wins [95% bootstrap]", "mean Steps taken [95% bootstrap]"]
    report = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Race to Ten" in report and "mean Wins" in report and "mean Steps taken" in report
    assert "Offspring" not in report and "Food" not in report
    assert "final Wins" in (tmp_path / "plots" / "score_distribution.svg").read_text(encoding="utf-8")
    replay = CliRunner().invoke(lab_app, ["sweep-replay", str(tmp_path), "--row", "13"])
    assert replay.exit_code == 0 and "identical" in replay.stdout


def test_plots_name_the_score_and_stats_they_are_given() -> None:
    seats = pd.DataFrame({"variant_label": ["a"] * 4, "bot": ["x", "y"] * 2, "score": [1, 0, 0, 1]})
    assert score_figure(seats, "Wins").axes[0].get_ylabel() == "final Wins"
    rounds = pd.DataFrame({"game_id": [0] * 40, "seat": [0] * 40, "round": [1] * 40, "variant_label": ["a"] * 40,
                           "bot": ["x"] * 40, "style": ["x"] * 40, "steps": range(40)})
    axis = trajectory_figure(rounds, {"steps": "Steps taken"}).axes[0]
    assert axis.get_ylabel() == "mean Steps taken" and axis.get_title().startswith("Steps taken per round")


def test_lab_balance_refuses_the_toy_game_with_a_sentence_before_any_game(lab_app: typer.Typer,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sweep, "run_sweep", lambda *a, **k: pytest.fail("a sweep started"))
    monkeypatch.setattr(backends, "new_pool", lambda workers: pytest.fail("a worker pool started"))
    assert TOY not in card_games()
    with pytest.raises(UsageError) as refused:
        check_balance(balance_spec(TOY, 10, 0, players=2))
    assert refused.value.code == ErrorCode.LAB_BALANCE
    result = CliRunner().invoke(lab_app, ["lab", "balance", TOY, "--players", "2"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("Error: Race to Ten records no cards played per seat")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
