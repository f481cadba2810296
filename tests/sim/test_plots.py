"""The lab's plots read at a glance: legends beside the axes (nothing hidden), long labels wrapped whole,
a variant's bars side by side with no empty slot, a lesson's own metric first, and no matplotlib warning."""

from __future__ import annotations

import itertools
import warnings
from pathlib import Path

import pandas as pd
import pytest
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch, Rectangle

from evogames.core.registry import game as lookup
from evogames.sim.lessons import lesson_spec, lessons_for
from evogames.sim.plots import (
    length_figure,
    lesson_figure,
    make_plots,
    score_figure,
    trajectory_figure,
    win_rate_figure,
)
from evogames.sim.results import Tables, to_tables
from evogames.sim.sweep import SweepSpec, run_sweep

LONG_VARIANT = "environment=stable, bots=heuristic:prefer=flashy:risk=0.8,heuristic:save_below=3"
LONG_BOT = "ismcts:iterations=400:rollout=medium"


def _seats(groups: dict[tuple[str, str], int], seats: int = 20) -> pd.DataFrame:
    """``seats`` seats for each (variant, bot), ``wins`` of them won."""
    rows = [{"variant_label": variant, "bot": bot, "main_type": "combat", "score": k % 7, "win": float(k < wins)}
            for (variant, bot), wins in groups.items() for k in range(seats)]
    return pd.DataFrame(rows)


def _drawn(figure: Figure) -> Figure:
    FigureCanvasAgg(figure).draw()
    return figure


def _bars(ax: Axes) -> list[Rectangle]:
    return [p for p in ax.patches if isinstance(p, Rectangle) and p.get_height() > 0]


def _spans(ax: Axes) -> list[tuple[float, float]]:
    """(left, right) in data units of each bar, or each box of a box plot."""
    bars = [(b.get_x(), b.get_x() + b.get_width()) for b in _bars(ax)]
    boxes = [p.get_path().get_extents() for p in ax.patches if isinstance(p, PathPatch)]
    return sorted(bars + [(box.x0, box.x1) for box in boxes])


def _text(label: str) -> str:
    return label.replace("\n", "").replace(" ", "")


@pytest.fixture(scope="module")
def dodo() -> Tables:
    """The games of Dodo's lesson "specialists capture rich" (two arms, 20 games each)."""
    lesson = next(x for x in lessons_for("dodo") if x.key == "specialists_capture_rich")
    return to_tables(run_sweep(lesson_spec("dodo", lesson, 20, 3), workers=1))


def test_every_legend_sits_beside_the_axes_not_on_them(dodo: Tables) -> None:
    """The walkthrough's legend covered bars (drawn inside the axes, in the 'best' corner)."""
    seats = _seats({("a", "heuristic"): 9, ("a", "random"): 2, ("b", "heuristic"): 12, ("b", "random"): 1})
    lesson = lessons_for("dodo")[1]
    figures = [win_rate_figure(seats, "bot", "Win rate by bot"), score_figure(seats, "Offspring"),
               length_figure(dodo.games), trajectory_figure(dodo.rounds), lesson_figure(dodo.seats, lesson,
                                                                                       lookup("dodo"))]
    for figure in map(_drawn, figures):
        legends = [(ax, ax.get_legend()) for ax in figure.axes if ax.get_legend() is not None]
        assert legends, figure.axes[0].get_title()
        for ax, legend in legends:
            assert not legend.get_window_extent().overlaps(ax.get_window_extent()), ax.get_title()


def test_a_variant_shows_only_the_bots_it_seated_side_by_side_round_its_tick() -> None:
    """A bot missing from a variant left an empty slot in its cluster (room kept for every bot)."""
    seats = _seats({("a", "x"): 5, ("a", "y"): 8, ("a", "z"): 3, ("b", "z"): 6, ("c", "x"): 4, ("c", "z"): 9})
    for figure in (win_rate_figure(seats, "bot", "Win rate by bot"), score_figure(seats)):
        ax = figure.axes[0]
        spans = _spans(ax)
        assert len(spans) == 6
        for tick in ax.get_xticks():
            mine = [(left, right) for left, right in spans if abs((left + right) / 2 - tick) < 0.45]
            centres = [(left + right) / 2 for left, right in mine]
            assert mine and sum(centres) / len(centres) == pytest.approx(tick)  # the cluster sits on its tick
            steps = {round(b - a, 9) for a, b in itertools.pairwise(centres)}  # evenly, no gap for a missing bot
            assert len(steps) <= 1 and all(step <= 0.8 / 3 + 1e-9 for step in steps)


def test_long_variant_and_bot_labels_are_wrapped_whole_not_cut() -> None:
    seats = _seats({(LONG_VARIANT, LONG_BOT): 5, (LONG_VARIANT, "heuristic:prefer=flashy:invest=high:risk=1"): 9,
                    ("base", LONG_BOT): 4})
    for figure in (win_rate_figure(seats, "bot", "Win rate by bot"), score_figure(seats)):
        ax = figure.axes[0]
        ticks = [_text(t.get_text()) for t in ax.get_xticklabels()]
        assert sorted(ticks) == ["base", _text(LONG_VARIANT)]
        assert max(len(line) for t in ax.get_xticklabels() for line in t.get_text().splitlines()) <= 40
        legend = ax.get_legend()
        assert legend is not None
        assert [_text(t.get_text()) for t in legend.get_texts()] == [
            _text(LONG_BOT), _text("heuristic:prefer=flashy:invest=high:risk=1")]


def test_a_lesson_plots_its_own_metric_first_and_win_rate_as_secondary(dodo: Tables, tmp_path: Path) -> None:
    """Dodo's lesson measures mutations per capture: its report opened on "Win rate by bot"."""
    lesson = next(x for x in lessons_for("dodo") if x.key == "specialists_capture_rich")
    plots = make_plots(dodo, tmp_path / "specialists_capture_rich", lesson)
    assert next(iter(plots)) == "lesson_metric"
    ax = lesson_figure(dodo.seats, lesson, lookup("dodo")).axes[0]
    assert "mutations of the capturing creature per capture" in ax.get_ylabel().replace("\n", " ")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["poor grid", "rich grid"]
    assert len(_bars(ax)) == 2  # the heuristic seat, the one the effect compares
    assert "secondary" in win_rate_figure(dodo.seats, "bot", "Win rate by bot\n(secondary: not this lesson's "
                                          "metric)").axes[0].get_title()


def test_a_sweep_s_plots_have_no_lesson_plot_and_each_lesson_its_own(dodo: Tables, tmp_path: Path) -> None:
    """``lab lessons`` hands each lesson to its plots (two lessons over the same arms draw their own metric); a
    sweep's plots, even of a lesson's arms, have none (they were once found by the folder's name)."""
    assert "lesson_metric" not in make_plots(dodo, tmp_path / "specialists_capture_rich")
    feeds, specialists = lessons_for("dodo")[0], lessons_for("dodo")[1]
    for lesson, said in ((feeds, "meals eaten"), (specialists, "mutations of the capturing creature per capture")):
        plots = make_plots(dodo, tmp_path / lesson.key, lesson)
        assert next(iter(plots)) == "lesson_metric"
        assert said in lesson_figure(dodo.seats, lesson, lookup("dodo")).axes[0].get_ylabel().replace("\n", " ")


def test_no_matplotlib_warning_for_small_or_lopsided_games(dodo: Tables, tmp_path: Path) -> None:
    lesson = lessons_for("dodo")[1]
    one_game = to_tables(run_sweep(SweepSpec("dodo", 2, 1, 0, lesson.arms), workers=1))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for k, tables in enumerate((dodo, one_game)):
            assert make_plots(tables, tmp_path / str(k), lesson)["lesson_metric"]
        empty = lesson_figure(one_game.seats, lesson, lookup("dodo"))  # one game an arm: no interval
        assert "too few games" in empty.axes[0].texts[0].get_text()
        seats = _seats({("a", "x"): 1}, seats=3)  # every group under the seats a bar needs: said so, not "no games"
        assert _drawn(win_rate_figure(seats, "bot", "Win rate by bot")).axes[0].texts[0].get_text() == \
            "no group had 10 seats"


def test_every_plot_orders_the_variants_as_the_sweep_does() -> None:
    """Win rates came sorted by name, boxes as they came, histograms sorted: one report, three orders."""
    seats = _seats({("predators ignored", "x"): 5, ("predators hunt", "x"): 8})
    games = pd.DataFrame({"variant_label": ["predators hunt", "predators ignored"] * 5, "rounds": range(1, 11)})
    order = ["predators ignored", "predators hunt"]
    for figure in (win_rate_figure(seats, "bot", "Win rate by bot", order), score_figure(seats, "Offspring", order)):
        assert [t.get_text() for t in figure.axes[0].get_xticklabels()] == order
    legend = length_figure(games, order).axes[0].get_legend()
    assert legend is not None and [t.get_text() for t in legend.get_texts()] == order
    rounds = pd.DataFrame({"game_id": range(80), "seat": 0, "round": 1, "style": "x", "food": 1,
                           "variant_label": ["predators hunt", "predators ignored"] * 40, "bot": "x"})
    legend = trajectory_figure(rounds, variants=order).axes[-1].get_legend()
    assert legend is not None and [t.get_text() for t in legend.get_texts()] == [f"{v} | x" for v in order]
