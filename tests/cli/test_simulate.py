"""``evogames simulate``: JSON summary, CSV rows, clean errors for bad options and bots."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from evogames.cli.options import parse_options
from evogames.core.errors import IllegalAction
from evogames.core.registry import game
from tests.cli.conftest import Invoke, run_program

SIM = ["simulate", "mating", "--players", "4", "--bots", "random,heuristic", "--seed", "5"]


def test_json_is_one_object_with_sane_numbers(run: Invoke) -> None:
    result = run([*SIM, "--games", "50", "--json"])
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert summary["games"] == 50
    assert summary["players"] == 4
    assert summary["bots"] == ["random", "heuristic", "random", "heuristic"]
    assert sum(summary["wins"]["per_seat"]) >= 50
    assert sum(summary["wins"]["per_bot"].values()) == sum(summary["wins"]["per_seat"])
    assert summary["mean_rounds"] >= 1
    assert summary["games_per_second"] > 0


def test_out_writes_one_csv_row_per_seat_per_game(run: Invoke, tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    result = run([*SIM, "--games", "7", "--out", str(out)])
    assert result.exit_code == 0
    with out.open(encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 7 * 4
    assert {(int(r["game"]), int(r["seat"])) for r in rows} == {(g, s) for g in range(7) for s in range(4)}
    assert sum(float(r["win"]) for r in rows) == pytest.approx(7)  # a game's shares of the win sum to 1


def test_without_json_a_summary_table(run: Invoke) -> None:
    result = run([*SIM, "--games", "5"])
    assert result.exit_code == 0
    assert "wins per seat" in result.stdout
    assert "games per second" in result.stdout


def test_options_reach_the_games(run: Invoke) -> None:
    args = [*SIM, "--games", "3", "--json", "-o", "max_rounds=1", "--option", "predation=false"]
    summary = json.loads(run(args).stdout)
    assert summary["options"] == {"max_rounds": 1, "predation": False}
    assert summary["mean_rounds"] == 1
    assert summary["end_reasons"] == {"round_limit": 3}


@pytest.mark.parametrize(("extra", "message"), [
    (["--bots", "genius"], "Unknown bot 'genius'"),
    (["-o", "predation=maybe"], "Option 'predation' must be true or false"),
    (["-o", "colour=red"], "Unknown option 'colour'"),
    (["-o", "max_rounds=many"], "Option 'max_rounds' must be a whole number"),
    (["-o", "max_rounds=0"], "Option 'max_rounds' must be at least 1"),
    (["-o", "predation"], "An option is key=value"),
    (["--players", "9"], "is for 2 to 6 players, not 9"),
    (["--games", "0"], "Simulate at least one game"),
])
def test_bad_input_is_exit_2_and_one_line(run: Invoke, extra: list[str], message: str) -> None:
    result = run([*SIM, "--games", "2", *extra])
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert result.stdout == ""


def test_piped_json_has_no_progress_bar() -> None:
    done = run_program([*SIM, "--games", "3", "--json"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 3
    assert done.stderr == ""


def test_option_values_are_typed_by_the_schema() -> None:
    options = parse_options(game("mating"), [
        "predation=no", "sudden_death_safe=2", "environment=custom", "environment_cards=E01", "strategy_order=",
    ])
    assert options == {"predation": False, "sudden_death_safe": 2, "environment": "custom",
                       "environment_cards": ["E01"], "strategy_order": []}
    with pytest.raises(IllegalAction, match="must be one of"):
        parse_options(game("mating"), ["environment=jungle"])


@pytest.mark.parametrize(("name", "word"), [("phylo", "turns"), ("dodo", "turns"), ("mating", "rounds")])
def test_the_summary_counts_a_games_length_in_its_own_word(run: Invoke, name: str, word: str) -> None:
    """Phylo and Dodo count turns: the summary said "mean rounds" for every game."""
    result = run(["simulate", name, "--players", "2", "--bots", "random", "--games", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert f"mean {word}" in result.stdout
    assert ("mean rounds" in result.stdout) == (word == "rounds")
