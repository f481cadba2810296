"""End-of-game rewards: zero-sum, paid once, when the game is over.

- ``"win"`` (default): each winner gets +1 and each other seat -w/(n-w), where
  w is the number of winners, so the rewards sum to 0 (one winner of four:
  +1, -1/3, -1/3, -1/3). If every seat wins, or none does, everyone gets 0.
- ``"score"``: each seat gets its score (``result["scores"]``) minus the mean
  score of the table, so the rewards again sum to 0.

Every step before the end pays 0; a truncated game pays 0: one cut at ``max_steps``, or ended by the game's own
safety limit (``max_rounds``/``max_turns``, not in its rulebook: the end codes of its spec's ``safety_ends``).
"""

from __future__ import annotations

from evogames.core.types import Result

SCHEMES = ("win", "score")


def check_scheme(scheme: str) -> str:
    if scheme not in SCHEMES:
        raise ValueError(f"Unknown reward scheme {scheme!r}: choose one of {', '.join(SCHEMES)}.")
    return scheme


def final_rewards(scheme: str, result: Result, players: int) -> list[float]:
    """Each seat's reward for a finished game with this ``result``."""
    if scheme == "score":
        scores = [float(x) for x in result["scores"]]
        mean = sum(scores) / players
        return [score - mean for score in scores]
    winners = set(result["winners"])
    if not winners or len(winners) == players:
        return [0.0] * players
    loss = -len(winners) / (players - len(winners))
    return [1.0 if seat in winners else loss for seat in range(players)]
