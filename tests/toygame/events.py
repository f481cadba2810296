"""Log events as sentences."""

from __future__ import annotations

from typing import Any

from tests.toygame.state import Event

TEXT = {"add": "Player {seat} adds {value}.", "win": "Player {seat} reaches {value} and wins."}


def render(event: Event, seat: int | None) -> dict[str, Any] | None:
    if event.visible_to not in (-1, seat):
        return None
    return {"kind": event.kind, "text": TEXT[event.kind].format(seat=event.seat + 1, value=event.value)}
