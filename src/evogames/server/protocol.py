"""Websocket messages: parsing what a browser sends, shaping what it gets.

Every bad message becomes an ``IllegalAction`` with a ``message/...`` code;
the sender gets it as ``{"type": "error", "code", "reason"}``.
"""

from __future__ import annotations

from typing import Any, Protocol

import orjson

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.server.messages import ErrorMessage, SeatMessage, ServerMessage

MAX_MESSAGE = 8 * 1024
MAX_FIELDS = 16
CLIENT_TYPES = ("action", "ping", "name", "hint")


def parse(text: str) -> dict[str, Any]:
    """A client message as a dict, or IllegalAction saying what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise IllegalAction(f"Message too large ({len(text)} bytes; at most {MAX_MESSAGE}).",
                            ErrorCode.MESSAGE_TOO_LARGE)
    try:
        message = orjson.loads(text)  # refuses nesting past 1,024 levels and numbers past a double
    except orjson.JSONDecodeError as err:
        raise IllegalAction(f"Not JSON: {str(err).split(':', 1)[0][:80]}.", ErrorCode.MESSAGE_MALFORMED) from err
    if not isinstance(message, dict):
        raise IllegalAction("A message is a JSON object with a 'type'.", ErrorCode.MESSAGE_MALFORMED)
    kind = message.get("type")
    if kind not in CLIENT_TYPES:
        raise IllegalAction(  # never echo what was sent: it may be large
            f"Unknown message type (known: {', '.join(CLIENT_TYPES)}).", ErrorCode.MESSAGE_UNKNOWN_TYPE
        )
    return message


def action_of(message: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The action and the version it was sent against."""
    action, version = message.get("action"), message.get("version")
    if not isinstance(action, dict) or len(action) > MAX_FIELDS:
        raise IllegalAction(f"An action message needs an 'action' object (at most {MAX_FIELDS} fields).",
                            ErrorCode.MESSAGE_MALFORMED)
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version < 2**31:
        raise IllegalAction("An action message needs the 'version' of the state it answers.",
                            ErrorCode.MESSAGE_MALFORMED)
    return action, version


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


def encode(message: ServerMessage | dict[str, Any]) -> str:
    """A server message as JSON text. orjson: the state messages are the
    server's largest cost under load, and it encodes them ~5x faster."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


async def send(socket: Socket, message: ServerMessage) -> None:
    await socket.send_text(encode(message))


def error(err: IllegalAction) -> ErrorMessage:
    return {"type": "error", "code": err.code, "reason": err.reason}


def slow_down() -> ErrorMessage:
    """What a client that sends too many messages is told (a flood is not an illegal move)."""
    return {"type": "error", "code": ErrorCode.MESSAGE_RATE, "reason": "Too many messages at once; slow down."}


def seat_notice(seat: int, bot: str | None) -> SeatMessage:
    """What a seat's student is told when the teacher gives the seat to a bot (``bot``) or back (None)."""
    reason = (f"Your teacher has given your seat to a bot ({bot}) for now. You can watch it play your hand; "
              "the seat comes back to you when your teacher gives it back." if bot
              else "Your teacher has given your seat back to you: you play again.")
    return {"type": "seat", "seat": seat, "held": bot is not None, "bot": bot, "reason": reason}
