"""After the game: how many steps each player took."""

from __future__ import annotations

from typing import Any

from tests.toygame.state import RaceState


def debrief(s: RaceState) -> dict[str, Any] | None:
    return {"steps": list(s.steps)} if s.over else None
