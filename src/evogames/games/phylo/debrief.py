"""The numbers of a game's food web, for the debrief and the lab.

The longest chain follows feeding links (a species next to what it eats, by
the rules' food chain links) from a top predator down to a producer.
"""

from __future__ import annotations

from typing import Any

from evogames.games.phylo.rules.grid import SPECIES, eats, link, near
from evogames.games.phylo.scoring import scores
from evogames.games.phylo.state import PhyloState, Pos, owner

DIET_GROUPS = {"photosynthetic": "producer", "chemosynthetic": "producer", "herbivore": "herbivore",
               "omnivore": "omnivore", "carnivore": "carnivore"}


def _food(s: PhyloState, pos: Pos) -> list[Pos]:
    """Neighbours the species in ``pos`` feeds on (producers feed on none)."""
    sp = SPECIES.get(s.card_of[s.board[pos][0]])
    if sp is None or sp.foodchain == 1:
        return []
    out = []
    for q in near(pos):
        stack = s.board.get(q)
        d = SPECIES.get(s.card_of[stack[0]]) if stack else None
        if d is not None and eats(sp, d) and link(s, sp, pos, q):
            out.append(q)
    return out


def longest_chain(s: PhyloState) -> list[str]:
    """The physical cards of the longest feeding chain on the table, eater first."""
    best: dict[Pos, list[Pos]] = {}

    def chain(pos: Pos, seen: frozenset[Pos]) -> list[Pos]:
        if pos in best:
            return best[pos]
        longest: list[Pos] = []
        for q in _food(s, pos):
            if q not in seen:
                tail = chain(q, seen | {pos})
                if len(tail) > len(longest):
                    longest = tail
        best[pos] = [pos, *longest]
        return best[pos]

    chains = [chain(pos, frozenset()) for pos in s.board if SPECIES.get(s.card_of[s.board[pos][0]])]
    top = max(chains, key=len, default=[])
    return [s.board[pos][0] for pos in top]


def links_per_species(s: PhyloState, seat: int | None = None) -> float:
    """Mean number of compatible links each species on the table (of ``seat``) has: redundancy."""
    counts = []
    for pos, stack in s.board.items():
        sp = SPECIES.get(s.card_of[stack[0]])
        if sp is not None and (seat is None or owner(stack[0]) == seat):
            counts.append(sum(link(s, sp, pos, q) for q in near(pos)))
    return round(sum(counts) / len(counts), 3) if counts else 0.0


def points_by_diet(s: PhyloState) -> list[dict[str, int]]:
    out = [dict.fromkeys(("producer", "herbivore", "omnivore", "carnivore"), 0) for _ in range(s.n)]
    for stack in s.board.values():
        for iid in stack:
            sp = SPECIES.get(s.card_of[iid])
            if sp is not None:
                out[owner(iid)][DIET_GROUPS[sp.diet]] += sp.points
    return out


def debrief(s: PhyloState) -> dict[str, Any] | None:
    """The debrief once the game is over (the spec's ``debrief`` slot); None before."""
    return numbers(s) if s.over else None


def numbers(s: PhyloState) -> dict[str, Any]:
    chain = longest_chain(s)
    return {
        "longest_chain": [{"id": iid, "card": s.card_of[iid], "owner": owner(iid)} for iid in chain],
        "links_per_species": round(links_per_species(s), 2),
        "lost": [dict(x) for x in s.lost],
        "lost_to_cascades": [x["links"] + x["cascade"] for x in s.lost],
        "cascades": list(s.cleanups),
        "largest_cascade": max(s.cleanups, default=0),
        "points_by_diet": points_by_diet(s),
        "scores": scores(s),
    }
