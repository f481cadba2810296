"""Compatibility on the table: links between neighbours, where a card may go, what is still linked.

The table is an unbounded grid; neighbours share a side. A species is *linked*
when at least one neighbour gives it a compatible link, judged as when it was
played: a shared TERRAIN and CLIMATE plus a food chain link (FOODCHAIN 1 needs
none; FOODCHAIN n eats n-1; omnivores also eat producers; a carnivorous link
needs a larger SCALE). A HOME links any FOODCHAIN 1 species.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final

from evogames.games.phylo.components import CLIMATES, TERRAINS, Species, components
from evogames.games.phylo.rules.index import (
    BIT,
    HOME_BIT,
    MAYBE_UNLINKED,
    TableIndex,
    held_spaces,
    open_spaces,
    table_index,
)
from evogames.games.phylo.state import PhyloState, Pos

SIDES: Final[tuple[Pos, ...]] = ((1, 0), (-1, 0), (0, 1), (0, -1))
ALL_WAYS: Final[tuple[Pos, ...]] = (*SIDES, (1, 1), (1, -1), (-1, 1), (-1, -1))
GRASS: Final = 1 << TERRAINS.index("grasslands")
URBAN: Final = 1 << TERRAINS.index("urban")
OCEAN: Final = 1 << TERRAINS.index("ocean")
EVERY_TERRAIN: Final = (1 << len(TERRAINS)) - 1
EVERY_CLIMATE: Final = (1 << len(CLIMATES)) - 1
SPECIES: Final = components().species


def near(pos: Pos, ways: tuple[Pos, ...] = SIDES) -> Iterator[Pos]:
    x, y = pos
    for dx, dy in ways:
        yield x + dx, y + dy


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


# Static compatibility, computed once at load: each species of the box has a bit (``BIT``, in index.py);
# a species' link mask holds the bits of the species it links to when neither space is flooded or urban
# (shared terrain and climate, and it eats them), and HOME_BIT when it is FOODCHAIN 1 (any card that is
# not a species counts as a HOME, as in ``link``).


def _link_masks() -> dict[str, int]:
    every = list(SPECIES.values())
    out = {}
    for c in every:
        m = HOME_BIT if c.foodchain == 1 else 0
        for d in every:
            if c.terrain_mask & d.terrain_mask and c.climate_mask & d.climate_mask and eats(c, d):
                m |= BIT[d.id]
        out[c.id] = m
    return out


LINK_MASK: Final = _link_masks()


def link_mask(sp: Species) -> int | None:
    """``LINK_MASK`` of a species of the box (None for a species built elsewhere: judge it the long way)."""
    m = LINK_MASK.get(sp.id)
    return m if m is not None and SPECIES.get(sp.id) is sp else None


def _link_slow(s: PhyloState, sp: Species, pos: Pos, other: Pos) -> bool:
    stack = s.board.get(other)
    if not stack:
        return False
    d = SPECIES.get(s.card_of[stack[0]])
    if d is None:  # a HOME
        return sp.foodchain == 1
    if not terrain_mask(s, pos, sp) & terrain_mask(s, other, d) or not sp.climate_mask & d.climate_mask:
        return False
    return eats(sp, d)


def link(s: PhyloState, sp: Species, pos: Pos, other: Pos) -> bool:
    """Does the card in ``other`` give ``sp`` (standing in ``pos``) a compatible link?"""
    stack = s.board.get(other)
    if not stack:
        return False
    m = link_mask(sp)
    if m is None or ((s.flooded or s.urban) and _modified(s, pos, other)):
        return _link_slow(s, sp, pos, other)
    return bool(m & BIT.get(s.card_of[stack[0]], HOME_BIT))


def _modified(s: PhyloState, pos: Pos, other: Pos) -> bool:
    """Is either space flooded or urban (so terrains there are not the cards' own)?"""
    flooded, urban = s.flooded, s.urban
    return pos in flooded or pos in urban or other in flooded or other in urban


def linked(s: PhyloState, sp: Species, pos: Pos, ignore: Pos | None = None) -> bool:
    """Would ``sp`` standing in ``pos`` have at least one compatible link (``ignore``: a space left empty)?"""
    m = LINK_MASK.get(sp.id)
    flooded, urban = s.flooded, s.urban
    special = flooded or urban
    if m is None or SPECIES.get(sp.id) is not sp or (special and (pos in flooded or pos in urban)):
        return any(_link_slow(s, sp, pos, q) for q in near(pos) if q != ignore)
    board, card_of = s.board, s.card_of
    x, y = pos
    sides: tuple[Pos, ...] = ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))  # each boxed once (compiled)
    for q in sides:
        stack = board.get(q)
        if stack and q != ignore:
            if special and (q in flooded or q in urban):
                if _link_slow(s, sp, pos, q):
                    return True
            elif m & BIT.get(card_of[stack[0]], HOME_BIT):
                return True
    return False


def fits(s: PhyloState, sp: Species, pos: Pos) -> bool:
    """A flooded space takes only ocean species (or flyers)."""
    return pos not in s.flooded or bool(sp.terrain_mask & OCEAN) or sp.flight > 0


def unlinked(s: PhyloState) -> list[Pos]:
    """Spaces whose top species has no compatible link now (parasites live on their host)."""
    ix = table_index(s)
    found: tuple[Pos, ...] | None = ix.memo.get("unlinked")
    if found is None:
        maybe: tuple[Pos, ...] | None = ix.memo.get(MAYBE_UNLINKED)  # in the board's order too
        tops = ix.tops
        spaces = tops.items() if maybe is None else [(pos, tops[pos]) for pos in maybe]
        found = ix.memo["unlinked"] = tuple(_unlinked(s, ix, spaces))
    return list(found)


def _unlinked(s: PhyloState, ix: TableIndex, spaces: Iterable[tuple[Pos, str]]) -> list[Pos]:
    """``unlinked`` among ``spaces`` (each with its top card, in the board's order): away from flooded and urban
    spaces, the bits beside a space say."""
    card_of, beside, touched = s.card_of, ix.beside, ix.touched
    out = []
    for pos, top in spaces:
        m = LINK_MASK.get(card_of[top])
        if m is None:  # a HOME
            continue
        if pos in touched:  # terrains near it are not the cards' own: the long way
            out += unlinked_among(s, (pos,))
        elif not m & beside.get(pos, 0):
            out.append(pos)
    return out


def unlinked_among(s: PhyloState, spaces: Iterable[Pos]) -> list[Pos]:
    """``unlinked``, looking only at ``spaces`` (in their order; empty spaces are skipped)."""
    board, card_of = s.board, s.card_of
    flooded, urban = s.flooded, s.urban
    special = flooded or urban
    masks, bits = LINK_MASK, BIT
    out = []
    for pos in spaces:
        stack = board.get(pos)
        if not stack:
            continue
        card = card_of[stack[0]]
        m = masks.get(card)
        if m is None:  # a HOME
            continue
        if special and (pos in flooded or pos in urban):
            if not linked(s, SPECIES[card], pos):
                out.append(pos)
            continue
        x, y = pos
        sides: tuple[Pos, ...] = ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))  # each boxed once (compiled)
        for q in sides:
            other = board.get(q)
            if other and (_link_slow(s, SPECIES[card], pos, q) if special and (q in flooded or q in urban)
                          else m & bits.get(card_of[other[0]], HOME_BIT)):
                break
        else:
            out.append(pos)
    return out


def can_invade(s: PhyloState, sp: Species, pos: Pos) -> bool:
    """INVASIVE: on top of a species of the same FOODCHAIN sharing a terrain and a climate, still linked there."""
    below = top_species(s, pos)
    if below is None or not sp.invasive or not displaces(sp, below, terrain_mask(s, pos, below)):
        return False
    return fits(s, sp, pos) and linked(s, sp, pos)


def displaces(sp: Species, below: Species, terrains: int) -> bool:
    """May INVASIVE ``sp`` take the place of ``below`` (whose terrains count as ``terrains`` in its space)?"""
    if below.foodchain != sp.foodchain:
        return False
    return bool(sp.terrain_mask & terrains) and bool(sp.climate_mask & below.climate_mask)


def can_parasitize(s: PhyloState, sp: Species, pos: Pos) -> bool:
    """PARASITE: under a host of a class (or kingdom) its card names, sharing a terrain and a climate."""
    stack = s.board.get(pos)
    host = top_species(s, pos)
    if host is None or stack is None or len(stack) != 1 or not sp.parasite:
        return False
    return lives_on(sp, host, terrain_mask(s, pos, host))


def lives_on(sp: Species, host: Species, terrains: int) -> bool:
    """May PARASITE ``sp`` live under ``host`` (whose terrains count as ``terrains`` in its space)?"""
    if host.klass not in sp.hosts and host.kingdom not in sp.hosts:
        return False
    return bool(sp.terrain_mask & terrains) and bool(sp.climate_mask & host.climate_mask)


# Each PARASITE (INVASIVE) species of the box: the bits of the species it may live under (take the place
# of) when their space is neither flooded nor urban.
HOST_MASK: Final = {sp.id: sum(BIT[d.id] for d in SPECIES.values() if lives_on(sp, d, d.terrain_mask))
             for sp in SPECIES.values() if sp.parasite}
INVADE_MASK: Final = {sp.id: sum(BIT[d.id] for d in SPECIES.values() if displaces(sp, d, d.terrain_mask))
               for sp in SPECIES.values() if sp.invasive}


def can_place(s: PhyloState, sp: Species, pos: Pos) -> bool:
    """May ``sp`` be played in ``pos`` (empty, on top as INVASIVE, or under as PARASITE)?"""
    if pos in s.board:
        return can_invade(s, sp, pos) if sp.invasive else can_parasitize(s, sp, pos)
    return plays_alone(sp) and fits(s, sp, pos) and linked(s, sp, pos)


#: the link masks of the species of the box that are neither PARASITE nor INVASIVE (``places_known``'s quick way)
PLAIN_MASK: Final = {sid: m for sid, m in LINK_MASK.items() if not SPECIES[sid].parasite and not SPECIES[sid].invasive}


def plays_alone(sp: Species) -> bool:
    """May ``sp`` go in a space of its own? Every species but a PARASITE that needs a host (l.42: "many
    [parasites] can be played like a normal SPECIES card": the card data say which)."""
    return not sp.parasite or sp.free_living


Offers = tuple[tuple[int, int, Species, int], ...]
# An empty space next to cards: where, the bits of the cards next to it (BIT, HOME_BIT), and None when
# no space around is flooded or urban, else what each neighbour offers (terrains, climates, species, its bit)
# with the union of those terrains and climates.
Spot = tuple[Pos, int, tuple[Offers, int, int] | None]


def _spots(s: PhyloState, ix: TableIndex) -> tuple[Spot, ...]:
    """Each empty space next to a card, with what its neighbours offer where a flooded or urban space is
    near (``ix`` = ``table_index(s)``); kept in the index until the table changes."""
    found: tuple[Spot, ...] | None = ix.memo.get("spots")
    if found is None:
        beside, touched = ix.beside, ix.touched
        found = ix.memo["spots"] = tuple((pos, beside[pos], _offers(s, pos) if pos in touched else None)
                                         for pos in ix.empty)
    return found


def _offers(s: PhyloState, pos: Pos) -> tuple[Offers, int, int]:
    offers = []
    terrains = climates = 0
    for q in near(pos):
        stack = s.board.get(q)
        d = SPECIES.get(s.card_of[stack[0]]) if stack else None
        if d is not None:
            t = terrain_mask(s, q, d)
            offers.append((t, d.climate_mask, d, BIT[d.id]))
            terrains |= t
            climates |= d.climate_mask
    return tuple(offers), terrains, climates


def _offered(s: PhyloState, sp: Species, spot: Spot) -> bool:
    """May ``sp`` be played in the empty space of ``spot`` (the long way, terrains as they count there)?"""
    pos, bits, rest = spot
    offers, terrains, climates = _offers(s, pos) if rest is None else rest
    flooded = pos in s.flooded
    if flooded and not (sp.terrain_mask & OCEAN or sp.flight):
        return False
    if bits & HOME_BIT and sp.foodchain == 1:
        return True
    if not sp.climate_mask & climates:
        return False
    mine = OCEAN if flooded else (terrain_mask(s, pos, sp) if s.urban else sp.terrain_mask)
    if not mine & terrains:
        return False
    climate = sp.climate_mask
    return any(t & mine and c & climate and eats(sp, d) for t, c, d, _ in offers)


def places(s: PhyloState, sp: Species) -> list[Pos]:
    """Every space where ``sp`` may be played now."""
    return list(places_known(s, table_index(s), sp))


def places_known(s: PhyloState, ix: TableIndex, sp: Species) -> tuple[Pos, ...]:
    """``places`` with ``ix`` = ``table_index(s)``; kept in the index until the table changes (not a
    PARASITE's: it depends on the cards under the top ones, which the index does not follow).

    Most species in a hand are neither PARASITE nor INVASIVE, and most tables have nothing flooded or
    urban: then the bits beside each empty space say, with no call further (``legal`` asks for every
    species in hand after every change on the table)."""
    m = PLAIN_MASK.get(sp.id)
    if m is not None and not ix.touched and SPECIES.get(sp.id) is sp:
        if not m & ix.present:
            return ()
        key = sp.id  # a species' places (``legal`` reads the same key)
        found: tuple[Pos, ...] | None = ix.memo.get(key)
        if found is None:
            beside = ix.beside
            found = ix.memo[key] = tuple([q for q in ix.empty if m & beside[q]])
        return found
    if sp.parasite:
        hosts = tuple(_hosts_known(s, ix, sp))
        return (*_places_alone(s, ix, sp), *hosts) if sp.free_living else hosts
    return _places_alone(s, ix, sp)


def _places_alone(s: PhyloState, ix: TableIndex, sp: Species) -> tuple[Pos, ...]:
    """``places_known`` in a space of its own (or on top, for an INVASIVE species)."""
    m = LINK_MASK.get(sp.id)
    if m is None or SPECIES.get(sp.id) is not sp:  # not a species of the box: the long way
        return tuple(_places_around(s, ix, sp))
    key = sp.id  # a species' places (``legal`` reads the same key)
    found: tuple[Pos, ...] | None = ix.memo.get(key)
    if found is None:
        found = ix.memo[key] = tuple(_places_around(s, ix, sp) if ix.touched else _places_untouched(s, ix, sp, m))
    return found


def _places_around(s: PhyloState, ix: TableIndex, sp: Species) -> list[Pos]:
    """``places`` the long way: each empty space next to cards judged from what its neighbours offer
    (flooded and urban spaces as they count now)."""
    m = link_mask(sp)
    found = [spot[0] for spot in _spots(s, ix) if _offered(s, sp, spot)] if m is None else places_marked(s, ix, sp, m)
    if sp.invasive:
        invade = INVADE_MASK.get(sp.id)
        if m is None or invade is None:  # not a species of the box: the long way
            found += [pos for pos in sorted(s.board) if can_invade(s, sp, pos)]
        else:  # away from flooded and urban spaces, as in ``_places_untouched``
            touched = ix.touched
            found += [pos for pos, bit, near_bits in held_spaces(ix, s.card_of)
                      if (can_invade(s, sp, pos) if pos in touched else invade & bit and m & near_bits)]
    return found


def places_marked(s: PhyloState, ix: TableIndex, sp: Species, m: Any) -> list[Pos]:
    """The empty spaces next to cards where ``sp``, a species of the box (link mask ``m``), may be played
    on a table with flooded or urban spaces (``ix.touched``): away from them the bits beside a space say,
    near them what its neighbours offer (``legal`` asks it directly for the species that are neither
    PARASITE nor INVASIVE)."""
    flooded, urban = s.flooded, s.urban
    eat, climate, own = EAT_MASK[sp.id], sp.climate_mask, sp.terrain_mask
    swims, first = bool(own & OCEAN) or sp.flight > 0, sp.foodchain == 1
    found = []
    for pos, bits, rest in _spots(s, ix):
        if rest is None:  # no flooded or urban space near: the bits say
            if m & bits:
                found.append(pos)
            continue
        if pos in flooded:  # ``_offered``, with ``EAT_MASK`` for ``eats``
            if not swims:
                continue
            mine = OCEAN
        else:
            mine = (own & ~GRASS) | URBAN if own & GRASS and pos in urban else own  # ``terrain_mask``
        if bits & HOME_BIT and first:
            found.append(pos)
            continue
        offers, terrains, climates = rest
        if climate & climates and mine & terrains:
            for t, c, _, bit in offers:
                if t & mine and c & climate and eat & bit:
                    found.append(pos)
                    break
    return found


#: each species of the box -> the bits of the species it may feed on (``eats``), whatever their terrains (the bits
#: ``Any`` as ``index.Open``'s)
EAT_MASK: Final[dict[str, Any]] = {c.id: sum(BIT[d.id] for d in SPECIES.values() if eats(c, d))
                                   for c in SPECIES.values()}


def _places_untouched(s: PhyloState, ix: TableIndex, sp: Species, m: int) -> list[Pos]:
    """``places`` of a species of the box (link mask ``m``) on a table with nothing flooded or urban: a space
    links as the bits beside it say."""
    found = [q for q, bits in open_spaces(ix) if m & bits] if m & ix.present else []
    if sp.invasive:
        invade = INVADE_MASK[sp.id]
        found += [pos for pos, bit, near_bits in held_spaces(ix, s.card_of) if invade & bit and m & near_bits]
    return found


def _hosts(s: PhyloState, sp: Species) -> list[Pos]:
    return [pos for pos in sorted(s.board) if can_parasitize(s, sp, pos)]


def _hosts_known(s: PhyloState, ix: TableIndex, sp: Species) -> list[Pos]:
    """``_hosts`` with ``ix`` = ``table_index(s)``: a space neither flooded nor urban as ``HOST_MASK`` says."""
    m = HOST_MASK.get(sp.id)
    if m is None or SPECIES.get(sp.id) is not sp:
        return _hosts(s, sp)
    board, touched = s.board, ix.touched
    return [pos for pos, bit, _ in held_spaces(ix, s.card_of) if (can_parasitize(s, sp, pos) if pos in touched
                                                                  else m & bit and len(board[pos]) == 1)]


def steps(s: PhyloState, pos: Pos, sp: Species) -> list[Pos]:
    """Spaces a species may MOVE (straight, blocked by cards) or FLY (any of 8 ways, over cards) to."""
    return list(steps_known(s, table_index(s), pos, sp))


def steps_known(s: PhyloState, ix: TableIndex, pos: Pos, sp: Species) -> tuple[Pos, ...]:
    """``steps`` with ``ix`` = ``table_index(s)``, kept in the index until the table changes."""
    m = link_mask(sp)
    if m is None:
        return tuple(q for q in sorted(_reached(s, pos, sp)) if fits(s, sp, q) and linked(s, sp, q, ignore=pos))
    key = ("steps", pos, sp.id)
    found: tuple[Pos, ...] | None = ix.memo.get(key)
    if found is None:
        found = ix.memo[key] = tuple(_steps(s, ix, pos, sp))
    return found


def _steps(s: PhyloState, ix: TableIndex, pos: Pos, sp: Species) -> list[Pos]:
    """``steps`` of a species of the box (``STEPS_OF``: its link mask and paths). Only an empty space next to a
    card may link; away from flooded and urban spaces its bits say, unless the species links to its own kind
    and the space is next to ``pos`` (its own card, leaving, counts in those bits)."""
    mover = STEPS_OF.get(sp.id)
    return [] if mover is None else _steps_by(s, ix, pos, sp, mover)


def _steps_by(s: PhyloState, ix: TableIndex, pos: Pos, sp: Species, mover: Mover) -> list[Pos]:
    """``_steps`` with ``mover`` = ``STEPS_OF[sp.id]``."""
    m, own, paths = mover
    board, free, beside, touched = s.board, ix.free, ix.beside, ix.touched
    x, y = pos
    out: list[Pos] = []
    for dx, dy, between, beside_it in paths:
        q: Pos = (x + dx, y + dy)  # boxed once (compiled: a tuple[int, int] is boxed at each use)
        if q not in free:
            continue
        blocked = False
        for bx, by in between:  # a MOVE stops at a card on the way
            if (x + bx, y + by) in board:
                blocked = True
                break
        if blocked:
            continue
        if (touched and q in touched) or (own and beside_it):
            if fits(s, sp, q) and linked(s, sp, q, ignore=pos):
                out.append(q)
        elif m & beside[q]:
            out.append(q)
    return out


def _paths(move: int, flight: int) -> tuple[tuple[int, int, tuple[Pos, ...]], ...]:
    """The offsets MOVE ``move`` and FLIGHT ``flight`` reach, sorted, each with the offsets a MOVE passes
    on the way (none when FLIGHT reaches it: it flies over cards)."""
    out: dict[Pos, tuple[Pos, ...]] = {}
    for dx, dy in ALL_WAYS[:flight and len(ALL_WAYS)]:
        out.update(((dx * k, dy * k), ()) for k in range(1, flight + 1))
    for dx, dy in SIDES[:move and len(SIDES)]:
        for k in range(1, move + 1):
            out.setdefault((dx * k, dy * k), tuple((dx * j, dy * j) for j in range(1, k)))
    return tuple((dx, dy, between) for (dx, dy), between in sorted(out.items()))


PATHS: Final = {(sp.move, sp.flight): _paths(sp.move, sp.flight) for sp in SPECIES.values() if sp.move or sp.flight}


def _reached(s: PhyloState, pos: Pos, sp: Species) -> set[Pos]:
    """The free spaces MOVE (straight, blocked by cards) or FLIGHT (8 ways, over cards) reach from ``pos``."""
    board = s.board
    x, y = pos
    reached: set[Pos] = set()
    for reach, ways, blocked in ((sp.move, SIDES, True), (sp.flight, ALL_WAYS, False)):
        for dx, dy in ways[:reach and len(ways)]:
            for k in range(1, reach + 1):
                q = (x + dx * k, y + dy * k)
                if q in board:
                    if blocked:
                        break
                    continue
                reached.add(q)
    return reached


Reach = tuple[int, int, tuple[Pos, ...], bool]  # an offset, the offsets a MOVE passes, next to the start
#: each species of the box that may MOVE or FLY: its link mask, whether it links to its own kind, and its paths
#: (``PATHS``) each with whether the offset is next to where it stands (``_steps``' test, worked out once)
Mover = tuple[Any, bool, tuple[Reach, ...]]
STEPS_OF: Final[dict[str, Mover]] = {  # the mask as ``index.Open``'s bits
    sid: (LINK_MASK[sid], bool(LINK_MASK[sid] & BIT[sid]),
          tuple((dx, dy, between, abs(dx) + abs(dy) == 1) for dx, dy, between in PATHS[sp.move, sp.flight]))
    for sid, sp in SPECIES.items() if sp.move or sp.flight}


def own_moves(s: PhyloState, ix: TableIndex, letter: str) -> tuple[tuple[str, Pos], ...]:
    """Every MOVE and FLIGHT of the species whose cards start with ``letter`` (a seat's), in the table's order:
    (card, space) pairs (``legal`` asks once per table change)."""
    card_of = s.card_of
    found: list[tuple[str, Pos]] = []
    for pos, iid in ix.tops.items():
        if iid[0] == letter:
            card = card_of[iid]
            mover = STEPS_OF.get(card)
            if mover is not None:
                found += [(iid, q) for q in _steps_by(s, ix, pos, SPECIES[card], mover)]
    return tuple(found)


def shared_continent(a: Species, b: Species) -> bool:
    return bool(set(a.continents) & set(b.continents))
