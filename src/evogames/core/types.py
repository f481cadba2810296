"""The typed shapes that cross a boundary: actions, views, results, stats, log entries, records
and catalog entries (the server's websocket messages are ``evogames.server.messages``).

They are ``TypedDict``s: plain dicts at run time (JSON as it is), checked by mypy.
A game may add keys of its own to a result or stats (``tie_break``, ``debrief``...);
the keys here are the ones every adapter relies on.
"""

from __future__ import annotations

from typing import Any, NotRequired

# typing_extensions: FastAPI (pydantic) needs its TypedDict on Python 3.11
from typing_extensions import TypedDict

Action = dict[str, Any]  # {"type": ..., and the fields of that type}; each game's actions.py lists them
View = dict[str, Any]  # one seat's view; each game's view.py documents its keys


class Result(TypedDict):
    """The end of a game: a score per seat, the winners, why it ended."""

    scores: list[Any]
    winners: list[int]
    reason: str
    rounds: NotRequired[int]
    tie_break: NotRequired[str | None]


class Stats(TypedDict):
    """What the lab reads after a game (docs/adding-a-game.md, section 3)."""

    rounds: int
    seats: list[dict[str, Any]]
    history: list[dict[str, Any]]
    kinds: NotRequired[list[str]]
    cards_played: NotRequired[list[list[str]]]


class LogEntry(TypedDict):
    """One rendered event, as a seat (or the spectator) may read it (a game may add fields)."""

    text: str
    kind: NotRequired[str]


class Record(TypedDict):
    """Everything needed to replay a game exactly."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    actions: list[list[Any]]


class CatalogEntry(TypedDict):
    name: str
    title: str
    min_players: int
    max_players: int
    best_players: int
    teaches: str
    simultaneous: bool
    hidden_info: bool
    options: dict[str, dict[str, Any]]
    score_label: str
    parts: list[str]  # the optional parts the game has (a web board only where "web" is one)
