"""How a game ends: 10 Offspring after Mating, sudden death, long life, the round limit.

Winner: whoever reached 10 (or, at another ending, has the most); a tie goes to the most Food left, then to a die roll.
"""

from __future__ import annotations

from evogames.core.events import PUBLIC
from evogames.games.mating.events import GameOver
from evogames.games.mating.rules.dice import rank_by_dice
from evogames.games.mating.state import MatingState


def check_end(s: MatingState) -> None:
    goal = s.options["offspring_to_win"]
    if not s.options["long_life"] and max(s.offspring) >= goal:
        finish(s, "offspring")
    elif s.marker_drawn:
        finish(s, "sudden_death")
    elif s.options["long_life"] and not s.env_deck:
        finish(s, "long_life")
    elif s.round >= s.options["max_rounds"] and not s.options["long_life"]:
        finish(s, "round_limit")


def finish(s: MatingState, reason: str) -> None:
    """Reaching the goal is what counts: all who reach it tie, whatever their count
    (the rulebook's worked example). Other endings: the most Offspring."""
    best = s.options["offspring_to_win"] if reason == "offspring" else max(s.offspring)
    tied = [seat for seat in range(s.n) if s.offspring[seat] >= best]
    level = list(tied)  # who tied before any tie-break (shown at the end: why 11 can beat 12)
    tie_break = None
    if len(tied) > 1:
        tie_break = "food"
        most_food = max(s.food[seat] for seat in tied)
        tied = [seat for seat in tied if s.food[seat] == most_food]
    if len(tied) > 1:
        tie_break = "die"
        tied = rank_by_dice(s, tied, "win")[:1]
    s.over = True
    s.outcome = {
        "scores": list(s.offspring),
        "winners": tied,
        "food": list(s.food),
        "rounds": s.round,
        "reason": reason,
        "tie_break": tie_break,
        "tied": level if len(level) > 1 else [],
    }
    s.log(GameOver, "game_over", PUBLIC, reason, tied[0], tie_break, s.offspring[tied[0]], s.food[tied[0]])
