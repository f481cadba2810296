"""Small words every game's log sentences share."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def who(seat: int) -> str:
    """Seat 0 is "Player 1": the name players read."""
    return f"Player {seat + 1}"


def plural(n: int, word: str) -> str:
    """``plural(1, "card")`` -> "1 card"; ``plural(3, "card")`` -> "3 cards"."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def render_event(text: Mapping[str, Callable[[tuple[Any, ...]], str]], event: tuple[Any, ...],
                 seat: int | None) -> dict[str, Any] | None:
    """An event ``(kind, visible_to, ...)`` as ``{"kind", "text"}`` if ``seat`` may see it, else None.

    ``visible_to`` -1 is public; otherwise only that seat sees the event (a spectator never does)."""
    if event[1] >= 0 and event[1] != seat:
        return None
    return {"kind": event[0], "text": text[event[0]](event)}
