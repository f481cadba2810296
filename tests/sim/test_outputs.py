"""What a sweep writes: Parquet and CSV tables, PNG and SVG plots, one self-contained HTML report."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pandas as pd
import pytest

from evogames.sim.plots import make_plots
from evogames.sim.report import write_report
from evogames.sim.results import Tables, read_tables, to_tables, write_tables
from evogames.sim.sweep import SweepSpec, run_sweep

GAME_COLUMNS = {"game_id", "variant", "variant_label", "game", "seed", "players", "lineup", "options", "rounds",
                "reason", "winners", "scores"}
SEAT_COLUMNS = {"game_id", "seed", "options", "lineup", "bot", "style", "seat", "score", "win", "main_type",
                "cards", "combat_played", "flashy_played", "sneaky_played", "food_spent", "times_eaten",
                "out_to_lunch", "escapes", "females_attracted", "score_per_round"}
ROUND_COLUMNS = {"game_id", "seat", "round", "food", "offspring", "bot", "variant_label"}


@pytest.fixture(scope="module")
def tables(small_spec: SweepSpec) -> Tables:
    return to_tables(run_sweep(small_spec, workers=1))


def test_parquet_and_csv_tables_have_the_expected_columns(tables: Tables, tmp_path: Path) -> None:
    paths = write_tables(tables, tmp_path, csv=True)
    assert {p.name for p in paths} == {"games.parquet", "seats.parquet", "rounds.parquet", "games.csv",
                                       "seats.csv", "rounds.csv", "sweep.json"}
    for name, columns, rows in (("games", GAME_COLUMNS, 48), ("seats", SEAT_COLUMNS, 192),
                                ("rounds", ROUND_COLUMNS, None)):
        parquet = pd.read_parquet(tmp_path / f"{name}.parquet")
        csv = pd.read_csv(tmp_path / f"{name}.csv")
        assert columns <= set(parquet.columns) and list(parquet.columns) == list(csv.columns)
        assert len(parquet) == len(csv) and (rows is None or len(parquet) == rows)
    back = read_tables(tmp_path)
    assert back.complete and back.spec == tables.spec
    seats = back.seats
    assert seats.groupby("game_id")["win"].sum().eq(1).all()  # one winner a game
    assert (seats["combat_played"] + seats["flashy_played"] + seats["out_to_lunch"] >= 1).all()


def test_plots_are_valid_png_and_svg_and_the_report_is_self_contained(tables: Tables, tmp_path: Path) -> None:
    plots = make_plots(tables, tmp_path / "plots")
    assert set(plots) == {"win_rate_by_bot", "win_rate_by_type", "score_distribution", "game_length",
                          "trajectories"}
    for png, svg in plots.values():
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
        assert ET.parse(svg).getroot().tag.endswith("svg")
    report = write_report(tables, plots, tmp_path).read_text()
    assert "http://" not in report and "https://" not in report
    sources = re.findall(r'(?:src|href)="([^"]*)"', report)
    assert len(sources) == 5 and all(s.startswith("data:image/png;base64,") for s in sources)
    assert "<link" not in report and "<script" not in report
    assert "95% Wilson" in report and re.search(r"0\.\d\d \[0\.\d\d, 0\.\d\d\]", report)


def test_a_sweep_too_small_to_draw_a_line_says_so_without_a_warning(tmp_path: Path) -> None:
    """Two games drew no trajectory line, and matplotlib's "No artists with labels" reached the terminal."""
    import warnings

    from evogames.core.options import validate_options
    from evogames.core.registry import game as lookup
    from evogames.kit.lesson import Arm

    options = validate_options(lookup("mating").options, None)
    tiny = to_tables(run_sweep(SweepSpec("mating", 4, 2, 0, (Arm("base", options, "heuristic"),)), workers=1))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plots = make_plots(tiny, tmp_path / "plots")
    assert plots
