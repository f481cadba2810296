"""What one seat sees: the count, whose turn, its own secret die."""

from __future__ import annotations

from typing import Any

from tests.toygame.state import RaceState


def view(s: RaceState, seat: int | None) -> dict[str, Any]:
    return {
        "round": sum(s.steps) // s.n + 1, "count": s.count, "target": s.options["target"],
        "hand": [s.secret[seat]] if seat is not None else None,  # the secret die
        "players": [{"seat": i, "steps": s.steps[i], "score": int(s.over and i in (s.outcome or {})["winners"])}
                    for i in range(s.n)],
    }


def stats(s: RaceState) -> dict[str, Any]:
    return {"rounds": sum(s.steps), "seats": [{"steps": k} for k in s.steps], "history": []}
