"""How a search bot judges a rollout cut short, from scores anyone can see (``kit.parts``' ``search``
slot: a game's ``evaluate(public view, seat)`` may use it on its own estimates)."""

from __future__ import annotations


def share_by_rank(scores: list[float], seat: int) -> float:
    """A share of the win read from scores (higher is better): half for being first (1/k if k share
    it), half for the share of the others the seat beats (a tie half beats)."""
    if seat >= len(scores):
        return 0.0
    mine, best = scores[seat], max(scores)
    top = 1.0 / scores.count(best) if mine == best else 0.0
    beaten = sum(1 for s in scores if s < mine) + 0.5 * (scores.count(mine) - 1)
    return 0.5 * top + 0.5 * beaten / max(1, len(scores) - 1)
