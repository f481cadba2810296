"""The score after the last turn's extinction, and its tie-breaks.

2 per surviving animal, +1 per trait on it (a pair trait once), + the food
modifier again (Carnivorous +1, High Body Weight +1, Parasite +2; a Parasite
scores for its host's owner). Ties: more cards in one's own discard pile, then a die.
"""

from __future__ import annotations

from evogames.core.events import PUBLIC
from evogames.games.evolution.components import components
from evogames.games.evolution.events import GameOver, Rolled
from evogames.games.evolution.state import EvolutionState


def scores(s: EvolutionState) -> list[int]:
    traits = components().traits
    out = [0] * s.n
    for a in s.animals.values():
        out[a.owner] += 2 + sum(1 + traits[key].food for key, _ in a.traits)
    for link in s.links:
        out[s.animals[link.a].owner] += 1
    return out


def rank_by_dice(s: EvolutionState, seats: list[int]) -> list[int]:
    """``seats`` from the highest roll to the lowest; tied rolls roll again."""
    if len(seats) < 2:
        return list(seats)
    rolls = [(seat, s.roll()) for seat in seats]
    s.log(Rolled, "rolls", PUBLIC, tuple(rolls))
    ranked: list[int] = []
    for value in sorted({r for _, r in rolls}, reverse=True):
        tied = [seat for seat, r in rolls if r == value]
        ranked.extend(rank_by_dice(s, tied) if len(tied) > 1 else tied)
    return ranked


def finish(s: EvolutionState) -> None:
    points = scores(s)
    best = max(points)
    tied = [seat for seat in range(s.n) if points[seat] == best]
    tie_break = None
    if len(tied) > 1:
        tie_break = "discard"
        most = max(len(s.discards[seat]) for seat in tied)
        tied = [seat for seat in tied if len(s.discards[seat]) == most]
    if len(tied) > 1:
        tie_break = "die"
        tied = rank_by_dice(s, tied)[:1]
    s.over = True
    s.outcome = {
        "scores": points,
        "winners": tied,
        "rounds": s.turn,
        "reason": "deck_out" if s.last_turn else "turn_limit",
        "tie_break": tie_break,
        "discards": [len(p) for p in s.discards],
        "animals": [len(t) for t in s.tables],
    }
    s.log(GameOver, "game_over", PUBLIC, tied[0], best, tie_break, tuple(points))
