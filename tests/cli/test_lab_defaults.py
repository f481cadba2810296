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
