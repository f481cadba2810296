"""Compatibility on the table: links between neighbours, where a card may go, what is still linked.

The table is an unbounded grid; neighbours share a side. A species is *linked*
when at least one neighbour gives it a compatible link, judged as when it was
played: a shared TERRAIN and CLIMATE plus a food chain link (FOODCHAIN 1 needs
none; FOODCHAIN n eats n-1; omnivores also eat producers; a carnivorous link
needs a larger SCALE). A HOME links any FOODCHAIN 1 species.
"""

from __future__ import annotations

from collections.abc import Iterator

from evogames.games.phylo.cards import CLIMATES, TERRAINS, Species, components
from evogames.games.phylo.state import PhyloState, Pos

SIDES: tuple[Pos, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
ALL_WAYS: tuple[Pos, ...] = (*SIDES, (1, 1), (1, -1), (-1, 1), (-1, -1))
GRASS = 1 << TERRAINS.index("grasslands")
URBAN = 1 << TERRAINS.index("urban")
OCEAN = 1 << TERRAINS.index("ocean")
EVERY_TERRAIN = (1 << len(TERRAINS)) - 1
EVERY_CLIMATE = (1 << len(CLIMATES)) - 1
SPECIES = components().species


def near(pos: Pos, ways: tuple[Pos, ...] = SIDES) -> Iterator[Pos]:
    x, y = pos
    for dx, dy in ways:
        yield x + dx, y + dy


def species_of(s: PhyloState, iid: str) -> Species | None:
    """The species a physical card is (None for a HOME or an event)."""
    return SPECIES.get(s.card_of[iid])


def top_species(s: PhyloState, pos: Pos) -> Species | None:
    stack = s.board.get(pos)
    return SPECIES.get(s.card_of[stack[0]]) if stack else None


def terrain_mask(s: PhyloState, pos: Pos, sp: Species) -> int:
    """The species' terrains as they count in that space (Habitat Loss, a Tsunami's flood)."""
    if pos in s.flooded:
        return OCEAN
    m = sp.terrain_mask
    if pos in s.urban and m & GRASS:
        m = (m & ~GRASS) | URBAN
    return m


def eats(c: Species, d: Species) -> bool:
    """The food chain part of a link: may ``c`` feed on ``d``?"""
    if c.foodchain == 1:
        return True
    if d.producer and c.diet in ("omnivore", "herbivore") and (c.diet == "omnivore" or d.foodchain == c.foodchain - 1):
        return True
    if d.foodchain != c.foodchain - 1 or d.producer or c.diet == "herbivore":
        return False
    return c.scale > d.scale or c.pack_hunter  # a carnivorous link


def link(s: PhyloState, sp: Species, pos: Pos, other: Pos) -> bool:
    """Does the card in ``other`` give ``sp`` (standing in ``pos``) a compatible link?"""
    stack = s.board.get(other)
    if not stack:
        return False
    d = SPECIES.get(s.card_of[stack[0]])
    if d is None:  # a HOME
        return sp.foodchain == 1
    if not terrain_mask(s, pos, sp) & terrain_mask(s, other, d) or not sp.climate_mask & d.climate_mask:
        return False
    return eats(sp, d)


def linked(s: PhyloState, sp: Species, pos: Pos, ignore: Pos | None = None) -> bool:
    """Would ``sp`` standing in ``pos`` have at least one compatible link (``ignore``: a space left empty)?"""
    return any(link(s, sp, pos, q) for q in near(pos) if q != ignore)


def fits(s: PhyloState, sp: Species, pos: Pos) -> bool:
    """A flooded space takes only ocean species (or flyers)."""
    return pos not in s.flooded or bool(sp.terrain_mask & OCEAN) or sp.flight > 0


def unlinked(s: PhyloState) -> list[Pos]:
    """Spaces whose top species has no compatible link now (parasites live on their host)."""
    out = []
    for pos, stack in s.board.items():
        sp = SPECIES.get(s.card_of[stack[0]])
        if sp is not None and not linked(s, sp, pos):
            out.append(pos)
    return out


def frontier(s: PhyloState) -> set[Pos]:
    """Empty spaces next to a card: the only places a card can link."""
    board = s.board
    return {q for pos in board for q in near(pos) if q not in board}


def can_invade(s: PhyloState, sp: Species, pos: Pos) -> bool:
    """INVASIVE: on top of a species of the same FOODCHAIN sharing a terrain and a climate, still linked there."""
    below = top_species(s, pos)
    if below is None or not sp.invasive or below.foodchain != sp.foodchain:
        return False
    if not sp.terrain_mask & terrain_mask(s, pos, below) or not sp.climate_mask & below.climate_mask:
        return False
    return fits(s, sp, pos) and linked(s, sp, pos)


def can_parasitize(s: PhyloState, sp: Species, pos: Pos) -> bool:
    """PARASITE: under a host of a class (or kingdom) its card names, sharing a terrain and a climate."""
    stack = s.board.get(pos)
    host = top_species(s, pos)
    if host is None or stack is None or len(stack) != 1 or not sp.parasite:
        return False
    if host.klass not in sp.hosts and host.kingdom not in sp.hosts:
        return False
    return bool(sp.terrain_mask & terrain_mask(s, pos, host)) and bool(sp.climate_mask & host.climate_mask)


def can_place(s: PhyloState, sp: Species, pos: Pos) -> bool:
    """May ``sp`` be played in ``pos`` (empty, on top as INVASIVE, or under as PARASITE)?"""
    if pos in s.board:
        return can_invade(s, sp, pos) if sp.invasive else can_parasitize(s, sp, pos)
    return not sp.parasite and fits(s, sp, pos) and linked(s, sp, pos)


Spot = tuple[Pos, bool, tuple[tuple[int, int, Species], ...], int, int]


def spots(s: PhyloState) -> list[Spot]:
    """Each empty space next to a card, with what its neighbours offer (computed once per ``legal``)."""
    out = []
    for pos in sorted(frontier(s)):
        home = False
        offers = []
        terrains = climates = 0
        for q in near(pos):
            stack = s.board.get(q)
            if not stack:
                continue
            d = SPECIES.get(s.card_of[stack[0]])
            if d is None:
                home = True
            else:
                t = terrain_mask(s, q, d)
                offers.append((t, d.climate_mask, d))
                terrains |= t
                climates |= d.climate_mask
        out.append((pos, home, tuple(offers), terrains, climates))
    return out


def _offered(s: PhyloState, sp: Species, spot: Spot) -> bool:
    pos, home, offers, terrains, climates = spot
    flooded = pos in s.flooded
    if flooded and not (sp.terrain_mask & OCEAN or sp.flight):
        return False
    if home and sp.foodchain == 1:
        return True
    if not sp.climate_mask & climates:
        return False
    mine = OCEAN if flooded else (terrain_mask(s, pos, sp) if s.urban else sp.terrain_mask)
    if not mine & terrains:
        return False
    climate = sp.climate_mask
    return any(t & mine and c & climate and eats(sp, d) for t, c, d in offers)


def places(s: PhyloState, sp: Species, around: list[Spot] | None = None) -> list[Pos]:
    """Every space where ``sp`` may be played now (``around``: ``spots(s)``, if already known)."""
    if sp.parasite:
        return [pos for pos in sorted(s.board) if can_parasitize(s, sp, pos)]
    found = [spot[0] for spot in (spots(s) if around is None else around) if _offered(s, sp, spot)]
    if sp.invasive:
        found += [pos for pos in sorted(s.board) if can_invade(s, sp, pos)]
    return found


def steps(s: PhyloState, pos: Pos, sp: Species) -> list[Pos]:
    """Spaces a species may MOVE (straight, blocked by cards) or FLY (any of 8 ways, over cards) to."""
    out: set[Pos] = set()
    for reach, ways, blocked in ((sp.move, SIDES, True), (sp.flight, ALL_WAYS, False)):
        for dx, dy in ways[:reach and len(ways)]:
            for k in range(1, reach + 1):
                q = (pos[0] + dx * k, pos[1] + dy * k)
                if q in s.board:
                    if blocked:
                        break
                    continue
                if fits(s, sp, q) and linked(s, sp, q, ignore=pos):
                    out.add(q)
    return sorted(out)


def shared_continent(a: Species, b: Species) -> bool:
    return bool(set(a.continents) & set(b.continents))
