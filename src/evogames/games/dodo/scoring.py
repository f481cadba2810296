"""How a game ends: a player has captured two environments at the end of Consumption (or a safety end).

Winner: the most captured environments; a tie goes to the most creatures on the
board (captors included); a tie on both is shared.
"""

from __future__ import annotations

from evogames.core.events import PUBLIC
from evogames.games.dodo.debrief import numbers
from evogames.games.dodo.events import Debrief, GameOver
from evogames.games.dodo.state import DodoState, T

REASONS = {
    "captures": "a player captured two environments",
    "extinction": "no creature was left in play",
    "turn_limit": "the turn limit was reached",
}


def finish(s: DodoState, why: str) -> None:
    scores = [s.captures(seat) for seat in range(s.n)]
    creatures = [len(s.on_board(seat)) for seat in range(s.n)]
    best = max(scores)
    tied = [seat for seat in range(s.n) if scores[seat] == best]
    tie_break = None
    if len(tied) > 1:
        tie_break = "creatures"
        most = max(creatures[seat] for seat in tied)
        tied = [seat for seat in tied if creatures[seat] == most]
    s.over = True
    s.order = []
    s.pending = ()
    s.outcome = {
        "scores": scores,
        "winners": tied,
        "reason": REASONS[why],
        "end": why,
        "tie_break": tie_break,
        "rounds": s.turn,
        "creatures": creatures,
        "born": [t[T["born"]] for t in s.tally],
        "starved": [t[T["starved"]] for t in s.tally],
    }
    s.log(GameOver, "game_over", PUBLIC, why, tuple(tied), tie_break, tuple(scores), tuple(creatures))
    for line in numbers(s)["lines"]:
        s.log(Debrief, "debrief", PUBLIC, line)
