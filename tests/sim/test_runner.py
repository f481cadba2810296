"""The batch runner: deterministic, replayable, and the --json shape of DESIGN.md."""

from __future__ import annotations

import pandas as pd
import pytest

from evogames import Match
from evogames.core.errors import EvogamesError, UsageError
from evogames.core.rng import derive_seed
from evogames.sim.runner import Lineup, play_game, simulate
from evogames.sim.stats import win_table
from evogames.sim.sweep import build_spec, run_sweep


def test_simulate_has_the_design_shape_and_sane_statistics() -> None:
    out = simulate("mating", 60, 4, "heuristic,random", seed=2)
    assert {"games", "players", "bots", "wins", "mean_rounds", "seconds", "games_per_second"} <= set(out)
    assert out["games"] == 60 and out["players"] == 4
    assert out["bots"] == ["heuristic", "random", "heuristic", "random"]
    assert sum(out["wins"]["per_seat"]) == 60  # one winner a game (ties are broken)
    assert sum(out["wins"]["per_bot"].values()) == 60
    assert 2 <= out["mean_rounds"] <= 30
    assert out["per_game_means"]["females_attracted"] > 0


def test_simulate_is_deterministic() -> None:
    a = simulate("mating", 20, 3, "random", seed=9)
    b = simulate("mating", 20, 3, "random", seed=9)
    for key in ("wins", "mean_rounds", "per_game_means", "mean_score_per_seat"):
        assert a[key] == b[key]
    c = simulate("mating", 20, 3, "random", seed=10)
    assert (a["wins"], a["per_game_means"]) != (c["wins"], c["per_game_means"])


def test_every_row_replays_alone() -> None:
    rows: list[dict] = []  # type: ignore[type-arg]
    simulate("mating", 5, 2, "random,heuristic", seed=4, rows=rows)
    assert len(rows) == 10
    row = rows[7]
    lineup = Lineup.parse("random,heuristic", 2)
    again = play_game(Match("mating", 2, row["seed"]), lineup.bots("mating"), row["seed"])
    assert again.result is not None and again.result["scores"][row["seat"]] == row["score"]
    assert row["seed"] == derive_seed(4, row["game"])


def test_bad_simulation_requests_are_refused() -> None:
    with pytest.raises(UsageError, match="at least one game"):
        simulate("mating", 0, 4, "random")
    with pytest.raises(UsageError, match="at least one bot"):
        simulate("mating", 1, 4, "")
    with pytest.raises(EvogamesError, match="not 9"):  # the rules refuse the player count
        simulate("mating", 1, 9, "random")


def test_simulate_is_a_one_variant_sweep_with_the_sweeps_seat_rows() -> None:
    rows: list[dict] = []  # type: ignore[type-arg]
    options = {"environment": "variable"}
    summary = simulate("mating", 6, 3, "random,heuristic", seed=4, options=options, rows=rows)
    spec = build_spec("mating", 3, 6, 4, "random,heuristic", options)
    assert len(spec.variants) == 1
    swept = [row for outcome in run_sweep(spec, workers=2).outcomes for row in outcome.seats]
    assert rows == swept
    assert summary["wins"]["per_seat"] == [sum(r["win"] for r in rows if r["seat"] == s) for s in range(3)]
    assert summary["stat_means_per_seat"]["food_spent"] == [
        sum(r["food_spent"] for r in rows if r["seat"] == s) / 6 for s in range(3)]


def test_a_tie_shares_the_win_in_every_rate_the_lab_shows() -> None:
    """Dodo's "no creature left in play" makes every seat a winner: each gets 1/k, so a sweep's win rates add up to
    the table's one win a game (they added up to 1.35 when every tied winner counted a whole win)."""
    rows: list[dict[str, object]] = []
    out = simulate("dodo", 30, 3, "random", seed=1, rows=rows)
    by_game: dict[object, list[dict[str, object]]] = {}
    for row in rows:
        by_game.setdefault(row["game"], []).append(row)
    shared = [seats for seats in by_game.values() if sum(int(str(r["winner"])) for r in seats) > 1]
    assert shared, "no tied game in this sample: pick another seed"
    for seats in shared:
        k = sum(int(str(r["winner"])) for r in seats)
        assert sorted(float(str(r["win"])) for r in seats if r["winner"]) == [pytest.approx(1 / k)] * k
    assert sum(out["wins"]["per_seat"]) == pytest.approx(30)
    table = win_table(pd.DataFrame(rows), ["seat"])
    assert table["win_rate"].sum() == pytest.approx(1.0)
