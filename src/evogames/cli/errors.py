"""One-line errors for the command line: a message on stderr and exit code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from evogames.core.errors import IllegalAction

USAGE_ERROR = 2


def fail(message: str) -> NoReturn:
    """Print ``message`` as an error and stop with exit code 2."""
    Console(stderr=True, highlight=False).print(f"[bold red]Error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(USAGE_ERROR)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn an ``IllegalAction`` raised inside into a clean error, never a traceback."""
    try:
        yield
    except IllegalAction as err:
        fail(err.reason)
