"""Determinization: a copy of the state that ``seat`` cannot tell from the real one."""

from __future__ import annotations

from typing import Any

from evogames.core.rng import Rng


def determinize(s: Any, seat: int, rng: Rng) -> Any:
    """PLACEHOLDER being written."""
    raise NotImplementedError
