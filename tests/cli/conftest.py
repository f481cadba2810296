"""Shared helpers for the command-line tests: run the app in-process or as a program."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest
from typer.testing import CliRunner, Result

from evogames.cli.app import app

ALWAYS_ONE = "1\n" * 3000
Invoke = Callable[..., Result]


@pytest.fixture
def run() -> Invoke:
    """``run(args, input=None)``: invoke the Typer app in-process."""
    runner = CliRunner()

    def invoke(args: list[str], input: str | None = None) -> Result:
        return runner.invoke(app, args, input=input, catch_exceptions=False)

    return invoke


def run_program(args: list[str], input: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m evogames.cli.app ARGS`` with piped stdin and stdout."""
    return subprocess.run([sys.executable, "-m", "evogames.cli.app", *args], input=input,
                          capture_output=True, text=True, timeout=60, check=False)
