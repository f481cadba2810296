"""After the game: what each seat played and what it cost, for the debrief and the lab."""

from __future__ import annotations

from typing import Any

from evogames.games.mating.state import MatingState
from evogames.games.mating.view import stats


def debrief(s: MatingState) -> dict[str, Any] | None:
    """Each seat's tallies (Strategies played by type, Food spent, Offspring) and main type; None before the end."""
    if not s.over:
        return None
    full = stats(s)
    return {"seats": full["seats"], "kinds": full["kinds"], "offspring": list(s.offspring)}
