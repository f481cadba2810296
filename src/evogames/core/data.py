"""Data files (cards, boards, habitats) read the same way for every game.

Every error is a ``DataFileError`` (a ``ValueError``) naming the file, and
the card where there is one. ``check_fields`` is the one field checker every game's loader uses.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
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


def check_fields(path: Path, label: str, row: Any, required: Mapping[str, Any],
                 optional: Mapping[str, Any] | None = None, error: type[ValueError] = DataFileError) -> dict[str, Any]:
    """A data row (a card...) checked against its fields, each ``name: kind``; returned as it is.

    The row must be a table with every ``required`` field and no field outside ``required`` and
    ``optional``. Kinds: ``int`` a whole number (not true/false), ``str`` non-empty text, ``list`` a
    list, ``float`` a positive number, ``list[str]`` a list of names, ``bool`` and ``dict`` themselves,
    ``object`` anything."""
    if not isinstance(row, dict):
        raise error(f"{path}: {label}: not a table")
    kinds = {**required, **(optional or {})}
    unknown = [name for name in row if name not in kinds]
    if unknown:
        raise error(f"{path}: {label}: unknown field(s) {', '.join(map(str, unknown))}")
    missing = [name for name in required if name not in row]
    if missing:
        raise error(f"{path}: {label}: missing field(s) {', '.join(missing)}")
    for name, kind in kinds.items():
        wanted = _wanted(row[name], kind) if name in row else None
        if wanted:
            raise error(f"{path}: {label}: '{name}' must be {wanted}")
    return row


def _wanted(value: Any, kind: Any) -> str | None:
    """What ``value`` should have been, or None if it is of ``kind``."""
    if kind is int:
        return None if type(value) is int else "a whole number"
    if kind is str:
        return None if isinstance(value, str) and value.strip() else "non-empty text"
    if kind == list[str]:
        return None if isinstance(value, list) and all(isinstance(v, str) for v in value) else "a list of names"
    if kind is float:
        return None if type(value) in (int, float) and value > 0 else "a positive number"
    if kind is object:
        return None
    return None if isinstance(value, kind) else f"a {kind.__name__}"
