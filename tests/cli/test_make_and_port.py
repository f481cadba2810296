"""`make run` on another port and with only the package; a busy port says so in one line (issue 20, item 13).

The Makefile is read by GNU make itself (`make -n`: what it would run, nothing installed); the busy port
is a real socket listening on loopback and the real server program."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def dry_run(folder: Path, *args: str) -> str:
    done = subprocess.run(["make", "-n", "-C", str(folder), *args], capture_output=True, text=True, timeout=60,
                          check=True)
    return done.stdout


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """What a fresh clone has for make: the Makefile and pyproject.toml, no .venv."""
    if not shutil.which("make"):
        pytest.skip("GNU make is not installed")
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    return tmp_path


def test_make_run_takes_a_port_and_a_host_and_installs_only_the_package(clone: Path) -> None:
    commands = dry_run(clone, "run", "PORT=8080", "HOST=127.0.0.1")
    assert "-m venv .venv" in commands
    assert "pip install --quiet -e .\n" in commands and "[dev]" not in commands, commands
    assert "evogames serve --host 127.0.0.1 --port 8080 --db sqlite:///evogames.db" in commands
    # its engine: compiled if built from these sources, else pure (tests/cli/test_engine_choice.py)
    assert 'engine=$(.venv/bin/python build_backend/engine.py --python .venv/bin/python)' in commands
    assert 'PYTHONPATH="$engine" .venv/bin/evogames serve' in commands
    assert "--host 0.0.0.0 --port 8000" in dry_run(clone, "run")  # the defaults: the whole room, port 8000


def test_make_engine_builds_the_compiled_engine_now(clone: Path) -> None:
    commands = dry_run(clone, "engine")
    assert ".venv/bin/python build_backend/engine.py --python .venv/bin/python --now" in commands


def test_make_test_installs_the_dev_extras_even_after_make_run(clone: Path) -> None:
    (clone / ".venv" / "bin").mkdir(parents=True)
    (clone / ".venv" / "bin" / "python").touch()
    time.sleep(0.01)
    (clone / ".venv" / ".installed-run").touch()  # `make run` has installed the package
    assert "pip install" not in dry_run(clone, "run")  # a second `make run` installs nothing
    commands = dry_run(clone, "test")
    assert "pip install --quiet -e '.[dev]'" in commands, commands
    assert "pytest" in commands


def test_a_busy_port_says_so_in_one_line_before_any_link(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "evogames.server.main", "--port", str(port),
                               "--db", f"sqlite:///{tmp_path / 'x.db'}"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""  # no teacher's link, no address
    assert done.stderr.strip() == (f"Port {port} is busy: another evogames or program uses it; try make run "
                                   "PORT=8080 (or evogames serve --port 8080).")
