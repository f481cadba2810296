"""A running index of the table: for each space with a card on a side, which cards are beside it.

``legal`` asks, for every species in hand, where it may link; on an unbounded grid the only
spaces worth asking about are the empty ones next to a card. The index keeps, for every space
with a card on one of its four sides, the bits of the top cards beside it (``BIT``, ``HOME_BIT``
for any card that is not a species of the box), the empty ones among those spaces in order, and
the spaces with cards in order.

It follows the table by difference: each use compares the top cards (and the flooded and urban
spaces) with those it saw last and updates only the spaces beside a change, so it is right
whoever changed the board (the rules, a test putting cards down, a bot trying a move). Answers
worked out from those alone (where a species may go, but not a PARASITE, which looks under the top
cards; where a species may move; what an event may hit; which species have no link) wait in
``memo`` until they change. ``PhyloState.clone`` copies the index; a sandbox starts with an empty
one, counted only if it is used.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from operator import itemgetter
from typing import Any, Final, Protocol

from evogames.games.phylo.components import components

Pos = tuple[int, ...]  # (x, y); not tuple[int, int], which mypyc unboxes and boxes again at each use
SPECIES: Final = components().species
BIT: Final[dict[str, int]] = {sid: 1 << i for i, sid in enumerate(SPECIES)}
HOME_BIT: Final = 1 << len(SPECIES)


class TableIndex:
    """What the index knew of a table when it was last brought up to date (``table_index``)."""

    __slots__ = ("beside", "cards", "empty", "flooded", "free", "memo", "order", "present", "spaces", "tops",
                 "touched", "urban")

    def __init__(self) -> None:
        self.tops: dict[Pos, str] = {}  # the top card of each space, in the board's order
        self.spaces: tuple[Pos, ...] = ()  # the same spaces, and their top cards (``table_index`` compares
        self.cards: tuple[str, ...] = ()  # the board with these two first: no dict built when nothing changed)
        self.order: list[Pos] = []  # the spaces with cards, sorted
        self.present = 0  # the bits of the cards on the table, together
        self.beside: dict[Pos, int] = {}  # each space with a card on a side -> the bits of those cards
        self.free: set[Pos] = set()  # the empty spaces of ``beside``
        self.empty: list[Pos] = []  # the same, sorted
        self.flooded: set[Pos] = set()
        self.urban: set[Pos] = set()
        self.touched: frozenset[Pos] = frozenset()  # flooded or urban spaces and their neighbours
        self.memo: dict[Any, Any] = {}  # answers worked out from this table (immutable values)

    def copy(self) -> TableIndex:
        """Its own containers (the tuples, the frozenset and the memo's values are immutable, so shared)."""
        other = TableIndex.__new__(TableIndex)
        other.tops, other.spaces, other.cards = dict(self.tops), self.spaces, self.cards
        other.order, other.present, other.beside = list(self.order), self.present, dict(self.beside)
        other.free, other.empty = set(self.free), list(self.empty)
        other.flooded, other.urban, other.touched = set(self.flooded), set(self.urban), self.touched
        other.memo = dict(self.memo)
        return other


class Table(Protocol):
    """What the index reads of a state (``PhyloState`` is one; this module does not import it)."""

    card_of: dict[str, str]
    board: dict[Pos, list[str]]
    flooded: dict[Pos, int]
    urban: set[Pos]
    index: TableIndex


def table_index(s: Table) -> TableIndex:
    """The index of ``s``'s table, brought up to date."""
    ix, board = s.index, s.board
    if _unchanged(ix, board):
        return _follow_marks(ix, s)
    spaces, cards = tuple(board), tuple(map(_first, board.values()))
    known = len(ix.spaces)
    if len(spaces) == known + 1 and spaces[:known] == ix.spaces and cards[:known] == ix.cards:
        # one card on a space that was empty (a play, most often): the board's new last space
        ix.tops[spaces[-1]] = cards[-1]  # ``tops`` is the index's own dict (``copy`` copies it)
        ix.memo = _after_put(ix.memo, spaces[-1])
        _put(ix, spaces[-1], BIT.get(s.card_of[cards[-1]], HOME_BIT))
        ix.spaces, ix.cards = spaces, cards
        return _follow_marks(ix, s)
    tops = dict(zip(spaces, cards, strict=True))
    if tops != ix.tops:
        _follow(ix, s, tops)
    else:  # the same cards, the board in another order (answers follow it)
        ix.tops, ix.memo = tops, {}
    ix.spaces, ix.cards = spaces, cards
    return _follow_marks(ix, s)


#: the memo's key for spaces among which are all those whose top species has no link (``grid.unlinked``): those
#: without one before cards came on empty spaces, and those spaces (a card on an empty space only adds links)
MAYBE_UNLINKED: Final = "maybe unlinked"


def _after_put(memo: dict[Any, Any], pos: Pos) -> dict[Any, Any]:
    """The memo once a card came on the empty space ``pos``: only what ``MAYBE_UNLINKED`` says is kept."""
    before: tuple[Pos, ...] | None = memo.get("unlinked")
    if before is None:
        before = memo.get(MAYBE_UNLINKED)
        if before is None:
            return {}
    return {MAYBE_UNLINKED: (*before, pos)}


def _unchanged(ix: TableIndex, board: dict[Pos, list[str]]) -> bool:
    """Are the board's spaces and top cards, in order, those the index saw last (``spaces``, ``cards``)?
    (as tuples, built and compared in C: no Python loop)"""
    spaces = ix.spaces
    if len(board) != len(spaces) or tuple(board) != spaces:
        return False
    return tuple(map(_first, board.values())) == ix.cards


def _follow_marks(ix: TableIndex, s: Table) -> TableIndex:
    """The flooded and urban spaces (and their neighbours: ``touched``) as they are now."""
    if (ix.flooded or ix.urban or s.flooded or s.urban) and (ix.flooded != s.flooded.keys() or ix.urban != s.urban):
        ix.flooded, ix.urban = set(s.flooded), set(s.urban)
        ix.touched = frozenset(q for x, y in ix.flooded | ix.urban for q in ((x, y), *_sides(x, y)))
        ix.memo = {}
    return ix


_first = itemgetter(0)  # a stack's top card

# Bits held as ``Any`` where they are read in bulk (a space's bits, a link mask in ``legal``): to mypyc a
# 165-bit int typed ``int`` is tried as a native integer at each read and each result; ``Any`` leaves it as it is.
Open = tuple[tuple[Pos, Any], ...]
Held = tuple[tuple[Pos, Any, Any], ...]  # bits as in ``Open``


def open_spaces(ix: TableIndex) -> Open:
    """The empty spaces next to cards, sorted, each with the bits of the cards beside it (``beside``): where a
    species may link is the spaces whose bits meet its link mask. Kept in ``memo`` until the table changes."""
    found: Open | None = ix.memo.get("open")
    if found is None:
        beside = ix.beside
        found = ix.memo["open"] = tuple([(q, beside[q]) for q in ix.empty])
    return found


def held_spaces(ix: TableIndex, card_of: dict[str, str]) -> Held:
    """The spaces with cards, sorted, each with the bit of its top card and the bits of the cards beside it:
    where an INVASIVE species may land or a PARASITE find a host. Kept in ``memo`` until the table changes."""
    found: Held | None = ix.memo.get("held")
    if found is None:
        tops, beside = ix.tops, ix.beside
        found = ix.memo["held"] = tuple([(pos, BIT.get(card_of[tops[pos]], HOME_BIT), beside.get(pos, 0))
                                         for pos in ix.order])
    return found


def _sides(x: int, y: int) -> tuple[Pos, Pos, Pos, Pos]:
    return (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)


def _follow(ix: TableIndex, s: Table, tops: dict[Pos, str]) -> None:
    """Bring the index to the top cards ``tops``, space by space (all afresh when much changed)."""
    old = ix.tops
    get = old.get
    changed = {pos for pos, top in tops.items() if get(pos) != top}  # the spaces whose top card changed
    changed.update(pos for pos in old if pos not in tops)
    ix.tops = tops
    ix.memo = {}
    if 4 * len(changed) > len(tops):
        _count(ix, s)
        return
    lifted = False
    for pos in changed:
        top = tops.get(pos)
        if top is not None and pos not in old:
            _put(ix, pos, BIT.get(s.card_of[top], HOME_BIT))
        else:
            _lift(ix, s, pos)
            lifted = True
    if lifted:
        ix.present = _bits_of(s, tops.values())


def _put(ix: TableIndex, pos: Pos, bit: int) -> None:
    """A card (``bit``) on an empty space: the space is no longer empty, its bit joins its neighbours'."""
    beside, tops, free, empty = ix.beside, ix.tops, ix.free, ix.empty
    ix.present |= bit
    insort(ix.order, pos)
    if pos in free:
        free.remove(pos)
        del empty[bisect_left(empty, pos)]
    x, y = pos
    sides: tuple[Pos, ...] = ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))  # ``_sides``, each boxed once
    for q in sides:
        beside[q] = beside.get(q, 0) | bit
        if q not in tops and q not in free:
            free.add(q)
            insort(empty, q)


def _lift(ix: TableIndex, s: Table, pos: Pos) -> None:
    """A card gone from ``pos``, or another on top there: its neighbours are counted again."""
    if pos not in ix.tops:
        del ix.order[bisect_left(ix.order, pos)]
    beside = ix.beside
    for q in _sides(*pos):
        bits = _bits_beside(s, ix.tops, q)
        if bits:
            beside[q] = bits
        else:
            beside.pop(q, None)
    for q in (pos, *_sides(*pos)):
        _file(ix, q)


def _file(ix: TableIndex, pos: Pos) -> None:
    """Put ``pos`` in, or take it out of, the empty spaces next to cards, as it is now."""
    if pos in ix.beside and pos not in ix.tops:
        if pos not in ix.free:
            ix.free.add(pos)
            insort(ix.empty, pos)
    elif pos in ix.free:
        ix.free.remove(pos)
        del ix.empty[bisect_left(ix.empty, pos)]


def _count(ix: TableIndex, s: Table) -> None:
    """The whole index afresh from ``ix.tops``."""
    tops = ix.tops
    ix.order = sorted(tops)
    ix.present = _bits_of(s, tops.values())
    ix.beside = count_beside(s, tops)
    ix.free = {q for q in ix.beside if q not in tops}
    ix.empty = sorted(ix.free)


def _bits_of(s: Table, cards: Any) -> int:
    card_of = s.card_of
    bits = 0
    for iid in cards:
        bits |= BIT.get(card_of[iid], HOME_BIT)
    return bits


def _bits_beside(s: Table, tops: dict[Pos, str], pos: Pos) -> int:
    card_of = s.card_of
    bits = 0
    for q in _sides(*pos):
        top = tops.get(q)
        if top is not None:
            bits |= BIT.get(card_of[top], HOME_BIT)
    return bits


def count_beside(s: Table, tops: dict[Pos, str]) -> dict[Pos, int]:
    """``beside`` counted from scratch: every space with a card on a side -> the bits of those cards."""
    card_of = s.card_of
    out: dict[Pos, int] = {}
    get = out.get
    for (x, y), top in tops.items():
        bit = BIT.get(card_of[top], HOME_BIT)
        for q in _sides(x, y):
            out[q] = get(q, 0) | bit
    return out
