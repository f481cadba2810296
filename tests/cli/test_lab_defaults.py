"""Every lab command seats a game's best number of players unless told (``play`` and ``simulate`` do)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from tests.cli.conftest import Invoke


def test_a_sweep_of_phylo_seats_two_players_by_default(run: Invoke, tmp_path: Path) -> None:
    """It seated 4 (Phylo's 4-player extension), where ``simulate phylo`` seats the rulebook's 2."""
    result = run(["sweep", "phylo", "-n", "2", "--workers", "1", "--no-plots", "--out", str(tmp_path / "a")])
    assert result.exit_code == 0, result.stderr
    assert set(pd.read_parquet(tmp_path / "a" / "games.parquet")["players"]) == {2}
    told = run(["sweep", "phylo", "-n", "1", "-p", "3", "--workers", "1", "--no-plots", "--out", str(tmp_path / "b")])
    assert told.exit_code == 0, told.stderr
    assert set(pd.read_parquet(tmp_path / "b" / "games.parquet")["players"]) == {3}


def test_a_lessons_games_per_arm_read_as_a_sentence(run: Invoke, tmp_path: Path) -> None:
    """It printed a Python dict: "Games per arm: {'poor grid': 20, 'rich grid': 20}"."""
    result = run(["lab", "lessons", "dodo", "-n", "6", "--workers", "1", "--out", str(tmp_path / "l")])
    assert result.exit_code == 0, result.stderr
    assert "Games per arm: poor grid 6, rich grid 6" in result.stdout and "{'" not in result.stdout
