"""The board as a graph, loaded from ``data/board.toml`` through ``core/data.py`` and checked on load.

A move goes to any space at 1..roll steps (shortest path) from the bug; the
distances are computed once per board. A broken file is a ``DataFileError``
(``core/data.py``) naming the file, the board and the space.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from evogames.core.data import DataFileError, labelled_rows, read_data_file

BOARD_FILE = Path(__file__).parents[1] / "data" / "board.toml"
KINDS = ("centre", "path", "exit")
STEPS_TO_SIDE = 4  # from the centre to any side, and between adjacent sides
MAX_ROLL = 6


@dataclass(frozen=True, eq=False)
class Board:
    name: str
    title: str
    start: str
    links: dict[str, tuple[str, ...]]
    xy: dict[str, tuple[float, float]]
    exits: dict[str, str]  # exit space -> place (where a mat goes)
    places: dict[str, tuple[float, float]]
    reach: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)  # [node][roll] -> spaces

    def within(self, node: str, roll: int) -> tuple[str, ...]:
        """Every space 1..roll steps from ``node``."""
        return self.reach[node][roll]

    def steps(self, node: str, to: str) -> int:
        """The fewest steps from ``node`` to ``to``, a space within one roll of it."""
        return next(roll for roll in range(1, MAX_ROLL + 1) if to in self.reach[node][roll])


def load_boards(path: Path = BOARD_FILE) -> dict[str, Board]:
    data = read_data_file(path, ("board",))
    boards = {}
    for label, row in labelled_rows(path, data, "board", keys=("name",)):
        if not isinstance(row, dict) or not isinstance(row.get("name"), str):
            raise DataFileError(f"{path}: {label}: needs a name")
        boards[row["name"]] = _board(path, row)
    for name in ("single", "double"):
        if name not in boards:
            raise DataFileError(f"{path}: the '{name}' board is missing")
    _check_octagon(path, boards["single"])
    return boards


def _board(path: Path, row: dict[str, Any]) -> Board:
    links: dict[str, tuple[str, ...]] = {}
    xy: dict[str, tuple[float, float]] = {}
    exits: dict[str, str] = {}
    starts = []
    places = {}
    for label, place in labelled_rows(path, row, "places"):
        try:
            places[place["id"]] = (float(place["x"]), float(place["y"]))
        except (KeyError, TypeError, ValueError) as err:
            raise DataFileError(f"{path}: board {row['name']}: {label}: needs an id and numbers x, y "
                                f"({err!r})") from None
    for label, node in labelled_rows(path, row, "nodes"):
        nid = node.get("id") if isinstance(node, dict) else None
        where = f"{path}: board {row['name']}: space {nid if isinstance(nid, str) else label}"
        if not isinstance(nid, str):
            raise DataFileError(f"{where}: needs an id")
        if node.get("kind") not in KINDS or not isinstance(node.get("links"), list):
            raise DataFileError(f"{where}: kind must be one of {KINDS} and links a list")
        try:
            xy[nid] = (float(node["x"]), float(node["y"]))
        except (KeyError, TypeError, ValueError) as err:
            raise DataFileError(f"{where}: needs numbers x and y ({err!r})") from None
        links[nid] = tuple(node["links"])
        if node["kind"] == "centre":
            starts.append(nid)
        if node["kind"] == "exit":
            if node.get("place") not in places:
                raise DataFileError(f"{where}: an exit space needs a place that is listed in places")
            exits[nid] = node["place"]
    if len(starts) != 1:
        raise DataFileError(f"{path}: board {row['name']}: exactly one centre space (the bugs' start)")
    board = Board(row["name"], str(row.get("title", row["name"])), starts[0], links, xy, exits, places)
    _check_links(path, board)
    board.reach.update(_reach(board))
    return board


def _check_links(path: Path, b: Board) -> None:
    for nid, ends in b.links.items():
        for other in ends:
            if other not in b.links or nid not in b.links[other]:
                raise DataFileError(f"{path}: board {b.name}: space {nid}: link to {other} is not two-way")
    if len(_distances(b, b.start)) != len(b.links):
        raise DataFileError(f"{path}: board {b.name}: some spaces cannot be reached from the centre")


def _check_octagon(path: Path, b: Board) -> None:
    """The rulebook's board: 8 sides, 4 steps from the centre to each, 4 between neighbours."""
    exits = list(b.exits)
    if len(exits) != 8 or len(set(b.exits.values())) != 8:
        raise DataFileError(f"{path}: board single: an octagon has 8 exit spaces, each with its place")
    centre = _distances(b, b.start)
    for i, e in enumerate(exits):
        nxt = _distances(b, e)[exits[(i + 1) % 8]]
        if centre[e] != STEPS_TO_SIDE or nxt != STEPS_TO_SIDE:
            raise DataFileError(f"{path}: board single: space {e}: must be {STEPS_TO_SIDE} steps from the "
                                f"centre and from the next side (it is {centre[e]} and {nxt})")


def _distances(b: Board, start: str) -> dict[str, int]:
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for other in b.links[here]:
            if other not in dist:
                dist[other] = dist[here] + 1
                todo.append(other)
    return dist


def _reach(b: Board) -> dict[str, tuple[tuple[str, ...], ...]]:
    out = {}
    for node in b.links:
        dist = _distances(b, node)
        out[node] = tuple(tuple(n for n in b.links if 1 <= dist[n] <= roll) for roll in range(MAX_ROLL + 1))
    return out


@cache
def boards() -> dict[str, Board]:
    return load_boards()
