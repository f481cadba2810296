"""The heuristic bot: leave the count on a multiple of (max_step + 1) below the target when it can."""

from __future__ import annotations

from typing import Any

from evogames.core.rng import Rng


class HeuristicBot:
    name = "heuristic"

    def __init__(self, **style: Any) -> None:
        if style:
            raise TypeError(f"unexpected style {sorted(style)}")

    def choose(self, view: dict[str, Any], rng: Rng) -> dict[str, Any]:
        period = max(a["amount"] for a in view["legal"]) + 1
        for action in view["legal"]:
            if (view["target"] - view["count"] - action["amount"]) % period == 0:
                return action
        return rng.choice(view["legal"])
