"""The Ray backend on a real cluster: a head node from ``ray start``, reached with ``--address``.

The head runs in its own session with a private temp dir (short: Ray limits
socket paths) and its own token, so it touches neither ``~/.ray`` nor any
other Ray on the machine; teardown sends SIGTERM to the ``--block`` process,
which stops what it started. Never ``ray stop``: that stops every Ray here.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest

from evogames.sim.results import read_tables

pytestmark = pytest.mark.serial  # Ray takes the whole machine: `make test` runs it alone, after the parallel part

BIN = Path(sys.executable).parent  # the venv's bin: ray and evogames live next to python
SWEEP = ("sweep", "mating", "--games", "6", "--players", "3", "--bots", "random", "--no-plots")
HEAD_READY_SECONDS = 60


@dataclass(frozen=True)
class Head:
    address: str
    env: dict[str, str]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("", 0))
        port: int = probe.getsockname()[1]
        return port


def clean_env(**ray_vars: str) -> dict[str, str]:
    """This environment without RAY_* (a local ray.init in this process sets RAY_AUTH_MODE), plus ``ray_vars``."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("RAY_")}
    return env | {"COLUMNS": "200"} | ray_vars  # COLUMNS: Rich does not wrap a message we look for


def evogames(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "evogames"), *args], env=env, capture_output=True, text=True, timeout=timeout)


def log_tail(path: Path) -> str:
    return path.read_text(errors="replace")[-3000:] if path.exists() else "(no log)"


def wait_until_up(head: subprocess.Popen[bytes], address: str, env: dict[str, str], log: Path) -> None:
    deadline = time.monotonic() + HEAD_READY_SECONDS
    last = ""
    while time.monotonic() < deadline:
        if head.poll() is not None:
            pytest.fail(f"`ray start --head` exited with {head.returncode} before answering:\n{log_tail(log)}")
        status = subprocess.run([str(BIN / "ray"), "status", "--address", address], env=env,
                                capture_output=True, text=True, timeout=30)
        if status.returncode == 0:
            return
        last = status.stderr[-1500:]
        time.sleep(0.5)
    pytest.fail(f"The Ray head at {address} did not answer `ray status` within {HEAD_READY_SECONDS} s.\n"
                f"Last `ray status` error:\n{last}\nHead log:\n{log_tail(log)}")


def stop(head: subprocess.Popen[bytes]) -> None:
    """SIGTERM: the head drains (up to 30 s) and stops its processes; SIGKILL its session if it does not."""
    if head.poll() is None:
        head.send_signal(signal.SIGTERM)
        try:
            head.wait(timeout=45)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
    for _ in range(50):  # gcs_server, raylet, workers: all in the head's process group
        try:
            os.killpg(head.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    os.killpg(head.pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def ray_head() -> Iterator[Head]:
    temp_dir = Path(tempfile.mkdtemp(prefix="ray", dir="/tmp"))
    port = free_port()
    address = f"127.0.0.1:{port}"
    env = clean_env(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(32))
    log = temp_dir / "head.log"
    with log.open("wb") as out:
        head = subprocess.Popen([str(BIN / "ray"), "start", "--head", "--block", "--port", str(port),
                                 "--num-cpus", "2", "--include-dashboard=false", "--disable-usage-stats",
                                 "--temp-dir", str(temp_dir)],
                                env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until_up(head, address, env, log)
        yield Head(address, env)
    finally:
        stop(head)
        shutil.rmtree(temp_dir, ignore_errors=True)


def test_sweep_on_a_cluster_gives_the_process_pools_games(ray_head: Head, tmp_path: Path) -> None:
    on_cluster, on_pool = tmp_path / "cluster", tmp_path / "pool"
    run = evogames(ray_head.env, *SWEEP, "--backend", "ray", "--address", ray_head.address, "--out", str(on_cluster))
    assert run.returncode == 0, run.stdout + run.stderr
    pool = evogames(ray_head.env, *SWEEP, "--workers", "2", "--out", str(on_pool))
    assert pool.returncode == 0, pool.stdout + pool.stderr
    games = read_tables(on_cluster).games
    assert len(games) == 6
    pd.testing.assert_frame_equal(read_tables(on_pool).games, games)


def test_an_address_with_no_cluster_fails_fast_and_names_it(tmp_path: Path) -> None:
    address = f"127.0.0.1:{free_port()}"  # nothing listens there
    start = time.monotonic()
    run = evogames(clean_env(), *SWEEP, "--backend", "ray", "--address", address, "--out", str(tmp_path), timeout=60)
    took = time.monotonic() - start
    assert run.returncode == 2, run.stdout + run.stderr
    assert f"No Ray cluster answers at {address}" in run.stderr  # errors go to stderr, like every command's
    assert "Traceback" not in run.stdout + run.stderr
    assert took < 20, f"took {took:.1f} s"
    assert not (tmp_path / "games.parquet").exists()
