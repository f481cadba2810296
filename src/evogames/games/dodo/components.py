"""Tough Luck, Dodo's box, loaded from ``data/components.toml`` and validated.

Read with ``core/data.py``: a broken file is a ``DataFileError`` naming the
file and the card (``environment #3 (E03): unknown field(s) wings``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from evogames.core.data import DataFileError, check_fields, labelled_rows, read_data_file

DATA_FILE = Path(__file__).parent / "data" / "components.toml"

# constants (``Final``: the compiled build reads them without a lookup in the module's dict)
COLOURS: Final[tuple[str, ...]] = ("red", "yellow", "green")  # a boxed tuple compiled: indexed, not rebuilt
TOKENS: Final[tuple[str, ...]] = ("advantage", "famine", "relocation")
PLAYERS: Final = 4
CREATURES_AT_START: Final = 3
FAMINE_SQUARES: Final = 2
CAPTURES_TO_END: Final = 2
MIGRATION_ROUNDS: Final = 3
#: the most blocks of a colour, or bases of a player, a box may hold (the shipped box: 40 and 25). It keeps a
#: creature's size and its place on the board below 2**16, as the bot's packed consumption order needs (bot.py)
BOX_MOST: Final = 5_000

Counts = tuple[int, int, int]  # red, yellow, green


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


SECTIONS = ("box", "die", "player", "token", "environment")
ENV_KEYS = {"id", "name", "red", "yellow", "green", "fact"}
TOKEN_KEYS = {"id", "name", "text"}


def load_components(path: Path = DATA_FILE) -> Components:
    """Read and check the data file; any problem names the file and the card."""
    data = read_data_file(path, SECTIONS)
    box = _table(path, data, "box")
    envs = _environments(path, data)
    tokens = [_token(path, label, raw) for label, raw in labelled_rows(path, data, "token")]
    _check_box(path, box, envs, tokens)
    return Components(
        environments={e.id: e for e in envs},
        tokens={t.id: t for t in tokens},
        player_colours=_player_colours(path, data),
        die_faces=_die(path, data),
        blocks_per_colour=_count(path, "[box]", box, "blocks_per_colour", BOX_MOST),
        bases_per_player=_count(path, "[box]", box, "bases_per_player", BOX_MOST),
    )


@cache
def components() -> Components:
    """The box as shipped (loaded once)."""
    return load_components()


def _fail(path: Path, where: str, problem: str) -> DataFileError:
    return DataFileError(f"{path}: {where}: {problem}")


def _table(path: Path, data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise _fail(path, f"[{key}]", "the table is missing")
    return value


def _count(path: Path, where: str, raw: dict[str, Any], key: str, most: int | None = None) -> int:
    value = raw.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _fail(path, where, f"'{key}' must be a whole number 0 or more, not {value!r}")
    if most is not None and value > most:
        raise _fail(path, where, f"'{key}' must be at most {most:,}, not {value:,}")
    return value


def _text(path: Path, where: str, raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, where, f"'{key}' must be some text, not {value!r}")
    return value


def _keys(path: Path, where: str, raw: Any, keys: set[str]) -> None:
    check_fields(path, where, raw, dict.fromkeys(sorted(keys), object))  # each value is checked as it is read


def _environments(path: Path, data: dict[str, Any]) -> list[Environment]:
    envs: list[Environment] = []
    for label, raw in labelled_rows(path, data, "environment"):
        env = _environment(path, label, raw)
        if any(e.id == env.id for e in envs):
            raise _fail(path, label, f"the id {env.id} is used twice")
        envs.append(env)
    return envs


def _environment(path: Path, label: str, raw: Any) -> Environment:
    _keys(path, label, raw, ENV_KEYS)
    counts = (_count(path, label, raw, "red"), _count(path, label, raw, "yellow"), _count(path, label, raw, "green"))
    if sum(counts) < 2:
        raise _fail(path, label, "an environment needs at least 2 resource squares")
    return Environment(_text(path, label, raw, "id"), _text(path, label, raw, "name"), counts,
                       _text(path, label, raw, "fact"))


def _token(path: Path, label: str, raw: Any) -> Token:
    _keys(path, label, raw, TOKEN_KEYS)
    return Token(_text(path, label, raw, "id"), _text(path, label, raw, "name"), _text(path, label, raw, "text"))


def _check_box(path: Path, box: dict[str, Any], envs: list[Environment], tokens: list[Token]) -> None:
    wanted = _count(path, "[box]", box, "environments_in_box")
    if len(envs) != wanted:
        raise _fail(path, "[[environment]]", f"the box holds {wanted} environments, the file {len(envs)}")
    if tuple(t.id for t in tokens) != TOKENS:
        raise _fail(path, "[[token]]", f"the tokens must be {', '.join(TOKENS)}, in that order")


def _player_colours(path: Path, data: dict[str, Any]) -> tuple[str, ...]:
    colours = tuple(_player_colour(path, label, raw)
                    for label, raw in labelled_rows(path, data, "player", keys=("colour",)))
    if len(colours) != PLAYERS or len(set(colours)) != PLAYERS:
        raise _fail(path, "[[player]]", f"the box has {PLAYERS} different base colours")
    return colours


def _player_colour(path: Path, label: str, raw: Any) -> str:
    _keys(path, label, raw, {"colour"})
    return _text(path, label, raw, "colour")


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
