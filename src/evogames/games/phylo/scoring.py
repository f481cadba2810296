"""How a game ends: after the other player(s)' turn once someone has drawn the last card of their deck.

Each seat scores the points of its species still on the table, cards underneath
included (l.71); the most points wins, and a tie has several winners (R 8).
"""

from __future__ import annotations

from typing import Final

from evogames.core.events import PUBLIC
from evogames.games.phylo.events import GameOver
from evogames.games.phylo.rules.grid import SPECIES
from evogames.games.phylo.state import SEATS, PhyloState

POINTS: Final = {sid: sp.points for sid, sp in SPECIES.items()}
SEAT_OF: Final = {letter: seat for seat, letter in enumerate(SEATS)}


def scores(s: PhyloState) -> list[int]:
    """Points of each seat's species on the table, cards underneath included."""
    out = [0] * s.n
    card_of = s.card_of
    for stack in s.board.values():
        for iid in stack:
            points = POINTS.get(card_of[iid])
            if points is not None:
                out[SEAT_OF[iid[0]]] += points  # ``owner(iid)``
    return out


def finish(s: PhyloState) -> None:
    points = scores(s)
    best = max(points)
    winners = [seat for seat, p in enumerate(points) if p == best]
    s.over = True
    s.outcome = {"scores": points, "winners": winners, "reason": "deck_out", "turns": s.turn,
                 "rounds": -(-s.turn // s.n)}
    s.log(GameOver, "game_over", PUBLIC, tuple(points), tuple(winners))
