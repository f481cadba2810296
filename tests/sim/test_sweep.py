"""Sweeps: the grid, determinism across runs and workers, replay, Ctrl-C."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from evogames import IllegalAction
from evogames.core.errors import UsageError
from evogames.core.rng import derive_seed
from evogames.sim.results import replay_game, to_tables, write_tables
from evogames.sim.sweep import SweepSpec, build_spec, parse_vary, replay_row, run_sweep


def test_vary_splits_on_bars_when_given_else_on_commas() -> None:
    assert parse_vary(["environment=stable,variable"]) == [("environment", ["stable", "variable"])]
    assert parse_vary(["bots=heuristic,random|random"]) == [("bots", ["heuristic,random", "random"])]
    with pytest.raises(UsageError, match="key=value1,value2"):
        parse_vary(["environment"])


def test_the_grid_is_the_product_of_every_vary(small_spec: SweepSpec) -> None:
    assert len(small_spec.variants) == 4 and small_spec.total == 48
    labels = [v.label for v in small_spec.variants]
    assert labels[0] == "environment=stable, bots=heuristic:prefer=combat,random"
    assert small_spec.variants[3].options == {"environment": "variable"}
    assert small_spec.variants[3].bots == "heuristic:prefer=flashy:risk=0.8,heuristic:save_below=3"


def test_ignore_predation_is_an_alias_and_bad_values_are_refused() -> None:
    spec = build_spec("mating", 3, 2, 0, "random", vary=["ignore_predation=true,false"])
    assert [v.options for v in spec.variants] == [{"predation": False}, {"predation": True}]
    with pytest.raises(IllegalAction):
        build_spec("mating", 3, 2, 0, "random", vary=["environment=stable,rainforest"])
    with pytest.raises(IllegalAction):
        build_spec("mating", 3, 2, 0, "random", vary=["bots=random|genius"])


def test_vary_values_are_typed_by_the_games_option_schema() -> None:
    spec = build_spec("mating", 3, 2, 0, "random", options={"environment": "custom"},
                      vary=["environment_cards=E01|E01,E02", "max_rounds=5,9"])
    assert [v.options["environment_cards"] for v in spec.variants[::2]] == [["E01"], ["E01", "E02"]]
    assert [v.options["max_rounds"] for v in spec.variants[:2]] == [5, 9]
    with pytest.raises(IllegalAction, match="whole number"):
        build_spec("mating", 3, 2, 0, "random", vary=["max_rounds=5,many"])


def test_same_seed_same_rows_whatever_the_number_of_workers(small_spec: SweepSpec) -> None:
    one = to_tables(run_sweep(small_spec, workers=1))
    again = to_tables(run_sweep(small_spec, workers=1))
    two = to_tables(run_sweep(small_spec, workers=2))
    assert len(one.seats) == 48 * 4 and len(one.games) == 48
    for name in ("games", "seats", "rounds"):
        pd.testing.assert_frame_equal(getattr(one, name), getattr(again, name))
        pd.testing.assert_frame_equal(getattr(one, name), getattr(two, name))
    other = to_tables(run_sweep(build_spec("mating", 4, 12, 6, "heuristic", vary=[
        "environment=stable,variable",
        "bots=heuristic:prefer=combat,random|heuristic:prefer=flashy:risk=0.8,heuristic:save_below=3"]), workers=1))
    assert not one.seats["score"].equals(other.seats["score"])


def test_game_i_of_every_variant_uses_derive_seed_of_i(small_spec: SweepSpec) -> None:
    games = to_tables(run_sweep(small_spec, workers=1)).games
    assert set(games["variant"]) == {0, 1, 2, 3}
    for row in games.itertuples():
        assert row.seed == derive_seed(5, row.game)


def test_a_replayed_row_gives_the_same_scores(small_spec: SweepSpec, tmp_path: Path) -> None:
    tables = to_tables(run_sweep(small_spec, workers=1))
    write_tables(tables, tmp_path)
    for game_id in (0, 17, 47):
        match, row = replay_game(tmp_path, game_id)
        assert match.result is not None
        assert ",".join(map(str, match.result["scores"])) == row["scores"]
    seat = tables.seats.iloc[101].to_dict()  # a seat row carries all it needs too
    again = replay_row(seat, "mating")
    assert again.result is not None and again.result["scores"][seat["seat"]] == seat["score"]
    with pytest.raises(UsageError, match="No game 999"):
        replay_game(tmp_path, 999)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_games(workers: int, tmp_path: Path) -> None:
    spec = build_spec("mating", 3, 200, 1, "random,heuristic")
    calls = []

    def stop_after_first(done: int, total: int) -> None:
        calls.append(done)
        raise KeyboardInterrupt

    result = run_sweep(spec, workers=workers, progress=stop_after_first)
    assert result.interrupted and not result.complete
    assert 0 < len(result.outcomes) == calls[0] < 200
    tables = to_tables(result)
    write_tables(tables, tmp_path)
    meta = json.loads((tmp_path / "sweep.json").read_text())
    assert meta["complete"] is False and meta["games_played"] == len(result.outcomes)
    full = to_tables(run_sweep(spec, workers=1)).games.set_index("game_id")
    kept = tables.games.set_index("game_id")
    pd.testing.assert_frame_equal(kept, full.loc[kept.index])  # the kept games are the real ones
