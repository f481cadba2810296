"""The Ray backend: a tiny sweep on a local Ray gives the process pool's rows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest
import ray
import typer
from typer.testing import CliRunner

from evogames.cli.lab import register
from evogames.sim.results import read_tables, to_tables
from evogames.sim.sweep import SweepSpec, run_sweep

pytestmark = pytest.mark.serial  # Ray takes the whole machine: `make test` runs it alone, after the parallel part


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_rows_match_the_process_pool(local_ray: None, small_spec: SweepSpec) -> None:
    pool = to_tables(run_sweep(small_spec, workers=2))
    on_ray = run_sweep(small_spec, workers=2, backend="ray")
    assert on_ray.complete
    on_ray_tables = to_tables(on_ray)
    for name in ("games", "seats", "rounds"):
        pd.testing.assert_frame_equal(getattr(pool, name), getattr(on_ray_tables, name))
    assert ray.is_initialized()  # a Ray it did not start is left running


def test_sweep_command_runs_on_ray(local_ray: None, tmp_path: Path) -> None:
    app = typer.Typer()
    register(app)
    result = CliRunner().invoke(app, ["sweep", "mating", "--games", "6", "--players", "3", "--bots", "random",
                                      "--backend", "ray", "--out", str(tmp_path), "--no-plots"])
    assert result.exit_code == 0, result.output
    assert len(read_tables(tmp_path).games) == 6
