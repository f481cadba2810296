"""The lab names a game's things in the game's words: its length in its rounds or turns (Phylo and Dodo count
turns, Evolution too), and every metric its lessons measure and its stats record with a plain label."""

from __future__ import annotations

from pathlib import Path

import pytest
from matplotlib.figure import Figure

from evogames.core.match import Match
from evogames.core.registry import game as lookup
from evogames.core.registry import names
from evogames.kit.parts import lab_setup
from evogames.sim import plots
from evogames.sim.lessons import lesson_spec, lessons_for, metric_label
from evogames.sim.play import Lineup, play_game
from evogames.sim.results import Tables, to_tables
from evogames.sim.sweep import build_spec, run_sweep
from evogames.sim.words import column_name, is_named, round_word

BUILTIN = ("adapt", "dodo", "evolution", "mating", "phylo")


def _columns(game: str) -> dict[str, set[str]]:
    """A game's lab columns, by where they come from: its seat stats, its history, its lessons' metrics."""
    spec = lookup(game)
    players = spec.best_players
    match = play_game(Match(spec, players, 3, {}), Lineup.parse("random", players).bots(game), 3)
    stats = match.stats()
    lessons = lab_setup(spec).lessons
    return {"seat stats": set(stats["seats"][0]),
            "history": {key for row in stats.get("history", []) for key in row},
            "lessons": {lesson.metric for lesson in lessons} | {lesson.per for lesson in lessons if lesson.per}}


def test_every_builtin_game_is_walked() -> None:
    assert set(BUILTIN) <= set(names())


@pytest.mark.parametrize("game", BUILTIN)
def test_every_metric_of_a_games_lessons_and_stats_has_a_plain_label(game: str) -> None:
    """A metric without a label showed its column's name (``mutations_at_capture``, "mutations at capture per
    capture") in the plots, the findings table and the CLI's sentence."""
    spec = lookup(game)
    columns = _columns(game)
    assert columns["history"] and columns["seat stats"], "the game records what the lab draws"
    for where, found in columns.items():
        unnamed = sorted(column for column in found if not is_named(column, spec))
        assert not unnamed, f"{spec.title}: {where} without a label: {unnamed}"
        for column in found:
            label = column_name(column, spec)
            assert label.strip() and "_" not in label, (column, label)
    for lesson in lessons_for(game):
        assert "_" not in metric_label(lesson, spec), lesson.key


@pytest.mark.parametrize(("game", "word"), [("adapt", "round"), ("dodo", "turn"), ("evolution", "turn"),
                                            ("mating", "round"), ("phylo", "turn")])
def test_each_game_counts_its_length_in_its_own_word(game: str, word: str) -> None:
    assert round_word(game) == word
    assert column_name("score_per_round", lookup(game)) == f"{lookup(game).score_label} per {word}"


def _figures(tables: Tables, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Figure]:
    """The figures ``make_plots`` draws for ``tables``, by name (kept instead of saved)."""
    drawn: dict[str, Figure] = {}

    def keep(figure: Figure, stem: Path) -> list[Path]:
        drawn[stem.name] = figure
        return []

    monkeypatch.setattr(plots, "save", keep)
    plots.make_plots(tables, tmp_path)
    return drawn


@pytest.fixture(scope="module")
def phylo() -> Tables:
    return to_tables(run_sweep(build_spec("phylo", 2, 12, 1, "random"), workers=1))


@pytest.fixture(scope="module")
def dodo() -> Tables:
    lesson = next(x for x in lessons_for("dodo") if x.key == "specialists_capture_rich")
    return to_tables(run_sweep(lesson_spec("dodo", lesson, 12, 3), workers=1))


@pytest.mark.parametrize("game", ["phylo", "dodo"])
def test_the_plots_count_a_games_length_in_its_own_word(game: str, request: pytest.FixtureRequest,
                                                         tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Phylo and Dodo count turns: their plots said "rounds" (and Phylo's length counted rounds of the table
    while its trajectories counted turns)."""
    tables: Tables = request.getfixturevalue(game)
    figures = _figures(tables, tmp_path, monkeypatch)
    length = figures["game_length"].axes[0]
    assert length.get_xlabel() == "turns played" and length.get_title() == "Game length in turns"
    for ax in figures["trajectories"].axes:
        if ax.get_legend_handles_labels()[1] or ax.get_xlabel():
            assert ax.get_xlabel() == "turn"
            title = ax.get_title().replace("\n", " ")
            assert "per turn" in title and "round" not in title and "_" not in ax.get_ylabel(), title


def test_a_games_length_counts_what_its_trajectories_count(phylo: Tables, dodo: Tables) -> None:
    """The histogram's length and the trajectories' last turn agree (Phylo's length counted rounds of the
    table, ceil(turns / players))."""
    for tables in (phylo, dodo):
        last = tables.rounds.groupby("game_id")["round"].max()
        length = tables.games.set_index("game_id")["rounds"]
        assert (length.loc[last.index] == last).all(), tables.spec.game


def test_the_findings_table_and_the_cli_say_a_metric_in_the_games_words() -> None:
    """The CLI's sentence on a ratio's left-out resamples said the column's name; the findings table did not
    say what a lesson measured at all."""
    import pandas as pd

    from evogames.cli.lab import _left_out
    from evogames.sim.lessons import Arm, Lesson, Term, findings_table, measure

    rows = [{"variant_label": arm, "game": g, "seat": 0, "bot": "h", "creatures_at_end": int(g < 2),
             "mutations_at_capture": 3} for arm in ("poor", "rich") for g in range(40)]
    lesson = Lesson("p", "claim", "design", (Arm("poor", {}, "h"), Arm("rich", {}, "h")),
                    (Term(1, "rich", "h"), Term(-1, "poor", "h")), "mutations_at_capture", 1, players=1,
                    per="creatures_at_end")
    finding = measure(lesson, pd.DataFrame(rows))
    assert finding.undefined > 0
    said = _left_out(finding, "dodo")
    assert "counted no creatures on the board at the end" in said and "_" not in said
    table = findings_table([finding], "dodo")
    assert list(table["metric"]) == ["mutations of the capturing creature per creatures on the board at the end "
                                     "(pooled over seats and games)"]
