"""Tough Luck, Dodo's box, loaded from ``components.toml`` and validated.

A broken file is a ``ComponentDataError`` naming the file and the card.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).parent / "data" / "components.toml"

COLOURS = ("red", "yellow", "green")
TOKENS = ("advantage", "famine", "relocation")
PLAYERS = 4
CREATURES_AT_START = 3
FAMINE_SQUARES = 2
CAPTURES_TO_END = 2
MIGRATION_ROUNDS = 3

Counts = tuple[int, int, int]  # red, yellow, green


class ComponentDataError(ValueError):
    """A data file that breaks the schema: names the file and the card."""


@dataclass(frozen=True, slots=True)
class Environment:
    """An environment card: its resource squares by colour, a real biome, a true fact."""

    id: str
    name: str
    resources: Counts
    fact: str

    @property
    def size(self) -> int:
        return sum(self.resources)


@dataclass(frozen=True, slots=True)
class Token:
    id: str
    name: str
    text: str


@dataclass(frozen=True, eq=False)
class Components:
    """Everything in the box."""

    environments: dict[str, Environment]
    tokens: dict[str, Token]
    player_colours: tuple[str, ...]
    die_faces: tuple[int, ...]  # colour index of each face, face 1 first
    blocks_per_colour: int
    bases_per_player: int


ENV_KEYS = {"id", "name", "red", "yellow", "green", "fact"}
TOKEN_KEYS = {"id", "name", "text"}


def load_components(path: Path = DATA_FILE) -> Components:
    """Read and check the data file; any problem names the file and the card."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise ComponentDataError(f"{path.name}: cannot read the file ({err})") from err
    box = _table(path, data, "box")
    envs = [_environment(path, raw) for raw in _list(path, data, "environment")]
    tokens = [_token(path, raw) for raw in _list(path, data, "token")]
    _check_box(path, box, envs, tokens)
    return Components(
        environments={e.id: e for e in envs},
        tokens={t.id: t for t in tokens},
        player_colours=_player_colours(path, data),
        die_faces=_die(path, data),
        blocks_per_colour=_count(path, "box", box, "blocks_per_colour"),
        bases_per_player=_count(path, "box", box, "bases_per_player"),
    )


@cache
def components() -> Components:
    return load_components()


def _fail(path: Path, where: str, problem: str) -> ComponentDataError:
    return ComponentDataError(f"{path.name}: {where}: {problem}")


def _table(path: Path, data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise _fail(path, f"[{key}]", "the table is missing")
    return value


def _list(path: Path, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise _fail(path, f"[[{key}]]", "the list is missing")
    return value


def _count(path: Path, where: str, raw: dict[str, Any], key: str) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(path, where, f"'{key}' must be a whole number 0 or more, not {value!r}")
    return value


def _text(path: Path, where: str, raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, where, f"'{key}' must be some text, not {value!r}")
    return value


def _keys(path: Path, where: str, raw: dict[str, Any], keys: set[str]) -> None:
    extra, missing = set(raw) - keys, keys - set(raw)
    if extra:
        raise _fail(path, where, f"unknown field(s) {', '.join(sorted(extra))}")
    if missing:
        raise _fail(path, where, f"missing field(s) {', '.join(sorted(missing))}")


def _environment(path: Path, raw: dict[str, Any]) -> Environment:
    where = f"environment {raw.get('id', '?')}"
    _keys(path, where, raw, ENV_KEYS)
    counts = (_count(path, where, raw, "red"), _count(path, where, raw, "yellow"), _count(path, where, raw, "green"))
    if sum(counts) < 2:
        raise _fail(path, where, "an environment needs at least 2 resource squares")
    return Environment(_text(path, where, raw, "id"), _text(path, where, raw, "name"), counts,
                       _text(path, where, raw, "fact"))


def _token(path: Path, raw: dict[str, Any]) -> Token:
    where = f"token {raw.get('id', '?')}"
    _keys(path, where, raw, TOKEN_KEYS)
    return Token(_text(path, where, raw, "id"), _text(path, where, raw, "name"), _text(path, where, raw, "text"))


def _check_box(path: Path, box: dict[str, Any], envs: list[Environment], tokens: list[Token]) -> None:
    ids = [e.id for e in envs]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise _fail(path, f"environment {dup}", "the id is used twice")
    wanted = _count(path, "box", box, "environments_in_box")
    if len(envs) != wanted:
        raise _fail(path, "[[environment]]", f"the box holds {wanted} environments, the file {len(envs)}")
    if tuple(t.id for t in tokens) != TOKENS:
        raise _fail(path, "[[token]]", f"the tokens must be {', '.join(TOKENS)}, in that order")


def _player_colours(path: Path, data: dict[str, Any]) -> tuple[str, ...]:
    colours = tuple(_text(path, "player", raw, "colour") for raw in _list(path, data, "player"))
    if len(colours) != PLAYERS or len(set(colours)) != PLAYERS:
        raise _fail(path, "[[player]]", f"the box has {PLAYERS} different base colours")
    return colours


def _die(path: Path, data: dict[str, Any]) -> tuple[int, ...]:
    faces = _table(path, data, "die").get("faces")
    if not isinstance(faces, list) or len(faces) != 6:
        raise _fail(path, "[die]", "the die has 6 faces")
    bad = [f for f in faces if f not in COLOURS]
    if bad:
        raise _fail(path, "[die]", f"face {bad[0]!r} is not red, yellow or green")
    if set(faces) != set(COLOURS):
        raise _fail(path, "[die]", "every colour needs at least one face")
    return tuple(COLOURS.index(f) for f in faces)
