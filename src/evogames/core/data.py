"""Data files (cards, boards, habitats) read the same way for every game.

Every error is a ``DataFileError`` (a ``ValueError``) naming the file, and
the card where there is one.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any


class DataFileError(ValueError):
    """A game's data file is missing, unreadable or wrong; the message names the file and the card."""


def read_data_file(path: Path, sections: Iterable[str], error: type[ValueError] = DataFileError) -> dict[str, Any]:
    """The TOML file at ``path``, refused if unreadable or if it has a section not in ``sections``."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise error(f"{path}: cannot read this data file: {err}") from err
    unknown = set(data) - set(sections)
    if unknown:
        raise error(f"{path}: unknown section(s) {sorted(unknown)}")
    return data


def labelled_rows(path: Path, data: dict[str, Any], section: str, error: type[ValueError] = DataFileError,
                  keys: tuple[str, ...] = ("id",)) -> list[tuple[str, Any]]:
    """The ``[[section]]`` rows, each with the label an error names it by: ``species #3 (S003, Horse)``."""
    rows = data.get(section, [])
    if not isinstance(rows, list):
        raise error(f"{path}: [[{section}]] must be an array of tables")
    return [(_label(section, index, row, keys), row) for index, row in enumerate(rows)]


def _label(section: str, index: int, row: Any, keys: tuple[str, ...]) -> str:
    label = f"{section} #{index + 1}"
    if isinstance(row, dict):
        label += " (" + ", ".join(str(row.get(key)) for key in keys) + ")"
    return label
