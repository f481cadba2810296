"""The server's websocket messages, as ``TypedDict``s (see docs/protocol.md): plain dicts at run time."""

from __future__ import annotations

from typing import Any, Literal

# typing_extensions: FastAPI (pydantic) needs its TypedDict on Python 3.11
from typing_extensions import TypedDict

from evogames.core.types import LogEntry, View


class WelcomeMessage(TypedDict):
    type: Literal["welcome"]
    table_id: str
    name: str
    game: str
    seat: int | None
    players: int
    seats: list[dict[str, Any]]


class StateMessage(TypedDict):
    type: Literal["state"]
    version: int
    view: View
    log: list[LogEntry]
    seats: list[dict[str, Any]]
    paused: bool
    ended: bool
    hints: bool  # whether the coach answers here (the teacher may switch hints off for a class)


class ErrorMessage(TypedDict):
    type: Literal["error"]
    code: str
    reason: str


class PongMessage(TypedDict):
    type: Literal["pong"]


class ReplacedMessage(TypedDict):
    type: Literal["replaced"]
    reason: str


class SeatMessage(TypedDict):
    """To a seat's own connections: the teacher gave the seat to a bot (``held``), or gave it back."""

    type: Literal["seat"]
    seat: int
    held: bool
    bot: str | None
    reason: str


class HintMessage(TypedDict):
    """To the seat that asked: the coach's top moves (at most 3) and the sentence that says them."""

    type: Literal["hint"]
    version: int  # the state it was worked out for
    text: str
    moves: list[dict[str, Any]]  # {"action", "label", "share"}, the most tried first
    games: int  # simulated games


ServerMessage = (WelcomeMessage | StateMessage | ErrorMessage | PongMessage | ReplacedMessage | SeatMessage
                 | HintMessage)
