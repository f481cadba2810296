"""Scripted Adapt or Die scenarios: chosen creatures and mats, bugs put next to an exit."""

from __future__ import annotations

from typing import Any

from evogames import Match
from evogames.games.adapt.components import components
from evogames.games.adapt.rules.board import boards

C = components()
SINGLE = boards()["single"]


def game(players: int = 3, seed: int = 1, creatures: list[str] | None = None,
         habitats: list[str] | None = None, **options: Any) -> Match:
    """A match with these creatures dealt (seat order) and these mats on top of the pile."""
    opts = {"creature_order": creatures or [f"C{i + 1:02d}" for i in range(players)],
            "habitat_order": habitats or [], **options}
    return Match("adapt", players, seed=seed, options=opts)


def exit_space(place: int, board: str = "single") -> str:
    """The exit space of a side (single board: E0..E7)."""
    return f"E{place}" if board == "single" else place_exit(board, str(place))


def place_exit(board: str, place: str) -> str:
    return next(e for e, p in boards()[board].exits.items() if p == place)


def exit_at(m: Match, side: int | str) -> None:
    """The active bug moves to the exit space of ``side`` (put one step away, roll 1)."""
    s = m.state
    board = boards()[s.board]
    target = side if isinstance(side, str) else exit_space(side)
    s.pos[s.active] = next(n for n in board.links[target] if n not in board.exits)
    s.roll = 1
    m.act(s.active, {"type": "move", "to": target})


def visit(m: Match, habitat: str) -> None:
    """The active bug exits where ``habitat``'s mat lies (or, if not yet placed, at the
    first free place: the mat drawn there is the top of the pile)."""
    s = m.state
    board = boards()[s.board]
    placed = {h: p for p, h in s.mats.items()}
    place = placed.get(habitat) or next(p for p in board.places if p not in s.mats)
    exit_at(m, place_exit(s.board, place))


def walk(m: Match) -> None:
    """The active bug moves to a space that is not an exit."""
    s = m.state
    board = boards()[s.board]
    seat = s.active
    to = next(n for n in board.within(s.pos[seat], s.roll) if n not in board.exits)
    m.act(seat, {"type": "move", "to": to})


def hold(m: Match, seat: int, niches: list[str], adaptations: list[str]) -> None:
    """Give a seat these NICHE and ADAPTATION cards from the piles (set-up for a scenario)."""
    s = m.state
    for h in niches:
        place_mat(m, h)
        s.niche_pile[h] -= 1
        s.niches[seat].append(h)
    for a in adaptations:
        s.adapt_pile.remove(a)
        s.adapts[seat].append(a)


def place_mat(m: Match, habitat: str) -> None:
    """Put this habitat's mat on the first free place (as if drawn), with the next randomizer."""
    s = m.state
    if habitat in s.pressures:
        return
    board = boards()[s.board]
    place = next(p for p in board.places if p not in s.mats)
    s.deck.remove(habitat)
    values = C.randomizers[s.randomizers.pop()].values
    s.mats[place] = habitat
    s.pressures[habitat] = C.habitats[habitat].pressures(values)


def end_turn(m: Match) -> None:
    m.act(m.state.active, {"type": "end_turn"})


def types(m: Match, seat: int) -> set[str]:
    return {a["type"] for a in m.legal(seat)}


def texts(m: Match) -> list[str]:
    return [e["text"] for e in m.log]


def cards_conserved(m: Match) -> bool:
    s = m.state
    niches = sum(s.niche_pile.values()) + sum(len(n) for n in s.niches)
    adapts = len(s.adapt_pile) + sum(len(a) for a in s.adapts)
    return niches == 80 and adapts == 25
