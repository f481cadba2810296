"""The HTML reports: every plot under a heading, the full text of the labels the plots wrap (a table
and the image's tooltip), and in lessons.html each lesson's own metric first, the rest as secondary."""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from evogames.cli.lab import register
from evogames.sim.plots import make_plots
from evogames.sim.report import write_report
from evogames.sim.results import Tables, to_tables
from evogames.sim.sweep import build_spec, run_sweep

LONG_BOTS = "heuristic:prefer=flashy:risk=0.8,heuristic:save_below=3"


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def _lessons(app: typer.Typer, game: str, games: int, out: Path) -> str:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = CliRunner().invoke(app, ["lab", "lessons", game, "--games", str(games), "--workers", "1",
                                          "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert [str(w.message) for w in caught] == [] and "Warning" not in result.output
    return (out / "lessons.html").read_text(encoding="utf-8")


def _sections(page: str) -> dict[str, str]:
    """Each lesson's part of lessons.html, by key."""
    parts = re.split(r'<section id="([^"]+)">', page)[1:]
    return dict(zip(parts[::2], parts[1::2], strict=True))


def _images(section: str) -> list[str]:
    return re.findall(r'<img alt="([^"]+)"', section)


@pytest.fixture(scope="module")
def sweep() -> Tables:
    spec = build_spec("mating", 4, 10, 1, "heuristic", vary=["environment=stable,variable",
                                                              f"bots=heuristic:prefer=combat,random|{LONG_BOTS}"])
    return to_tables(run_sweep(spec, workers=1))


def test_the_sweep_report_names_each_plot_and_gives_its_labels_in_full(sweep: Tables, tmp_path: Path) -> None:
    page = write_report(sweep, make_plots(sweep, tmp_path / "plots"), tmp_path).read_text(encoding="utf-8")
    variant = next(v.label for v in sweep.spec.variants if LONG_BOTS in v.label)
    assert f"<td>{html.escape(variant)}</td>" in page  # the Variants table
    assert "<td>heuristic:prefer=flashy:risk=0.8, heuristic:save_below=3</td>" in page  # its lineup
    titles = re.findall(r'<img alt="[^"]+" title="([^"]+)"', page)
    assert len(titles) == 5 and all(html.escape(variant) in t and "heuristic:save_below=3" in t for t in titles)
    assert re.findall(r"<h3>([^<]+)</h3>", page) == ["Win rate by bot", "Win rate by the type a seat played most",
                                                     "Score distribution", "Game length", "Trajectories"]


def test_each_lesson_shows_its_own_metric_first(app: typer.Typer, tmp_path: Path) -> None:
    """Dodo's lessons (meals eaten; mutations per capture) each opened on "Win rate by bot"."""
    sections = _sections(_lessons(app, "dodo", 6, tmp_path))
    assert list(sections) == ["rich_feeds_more", "specialists_capture_rich"]
    for key, metric in (("rich_feeds_more", "mean meals eaten per seat"),
                        ("specialists_capture_rich", "mutations of the capturing creature per capture")):
        assert _images(sections[key])[0] == f"{key}: lesson_metric"
        assert re.search(rf"<h3>The lesson's metric: {metric}", sections[key]), key
    first = sections["rich_feeds_more"]
    assert first.index("lesson_metric") < first.index("secondary: not the lesson's metric") \
        < first.index("win_rate_by_bot")
    # the second lesson plays the same games: its other plots are the first's, shown once
    assert _images(sections["specialists_capture_rich"]) == ["specialists_capture_rich: lesson_metric"]
    assert '<a href="#rich_feeds_more">' in sections["specialists_capture_rich"]


def test_a_lesson_gives_its_arms_in_full(app: typer.Typer, tmp_path: Path) -> None:
    """The plots wrap the Mating Game's long bot specs; the arms table holds them whole."""
    sections = _sections(_lessons(app, "mating", 4, tmp_path))
    assert len(sections) == 5
    lineup = ("<td>heuristic:prefer=flashy:invest=high:risk=1, heuristic:prefer=combat, "
              "heuristic:prefer=flashy:invest=low, heuristic:prefer=combat</td>")
    assert lineup in sections["predation_flashy"] and "<td>predators hunt</td>" in sections["predation_flashy"]
    assert all(_images(section)[0].endswith(": lesson_metric") for section in sections.values())
    assert "<h3>The lesson's metric: win rate" in sections["lunch_variable"]
    assert "<h3>The lesson's metric: standard deviation of Offspring over seats" in sections["combat_risky"]
