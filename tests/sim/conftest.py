"""Small sweeps shared by the lab's tests."""

from __future__ import annotations

import pytest

from evogames.sim.sweep import SweepSpec, build_spec


@pytest.fixture(scope="session")
def small_spec() -> SweepSpec:
    """Two environments x two lineups, 12 games each (48 games)."""
    return build_spec("mating", 4, 12, 5, "heuristic", vary=[
        "environment=stable,variable",
        "bots=heuristic:prefer=combat,random|heuristic:prefer=flashy:risk=0.8,heuristic:save_below=3",
    ])
