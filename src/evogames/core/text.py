"""Small words every game's log sentences share."""

from __future__ import annotations


def who(seat: int) -> str:
    """Seat 0 is "Player 1": the name players read."""
    return f"Player {seat + 1}"


def plural(n: int, word: str) -> str:
    """``plural(1, "card")`` -> "1 card"; ``plural(3, "card")`` -> "3 cards"."""
    return f"{n} {word}" + ("" if n == 1 else "s")
