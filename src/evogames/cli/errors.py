"""One-line errors for the command line: a message on stderr and exit code 2."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from evogames.core.errors import EvogamesError

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
    except EvogamesError as err:
        fail(err.reason)


def cannot_write(path: Path, err: OSError) -> NoReturn:
    fail(f"Cannot write {err.filename or path}: {err.strerror or err}.")


def writable_dir(path: Path) -> None:
    """Make the output directory ``path`` now, or stop: a long run never ends on an unwritable ``--out``."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        cannot_write(path, err)
    if not os.access(path, os.W_OK | os.X_OK):
        fail(f"Cannot write {path}: permission denied.")


def writable_file(path: Path) -> None:
    """Stop now if the output file ``path`` could not be written (its folder missing or read-only)."""
    parent = path.parent
    if path.is_dir():
        fail(f"Cannot write {path}: it is a directory.")
    if not parent.is_dir():
        fail(f"Cannot write {path}: there is no folder {parent}.")
    if not os.access(parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"Cannot write {path}: permission denied.")
