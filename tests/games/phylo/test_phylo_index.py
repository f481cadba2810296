"""The running index of the table (``index.py``) agrees with the table counted afresh, whatever happens to it.

The index follows the table by difference and keeps answers (where a species may go or move, what an
event may hit, who lost their links) until the table changes. These tests count everything again from
the board, plainly, after every action of random games and after random edits of the table (cards put
down, lifted, replaced, moved, slipped under, the board reordered, spaces flooded or made urban, several
at once before the index looks), so an index that drifted from its table, or an answer kept too long,
fails here.
"""

from __future__ import annotations

import pickle
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from evogames import Match
from evogames.bots.base import make_bot
from evogames.core.rng import Rng
from evogames.games.phylo import actions
from evogames.games.phylo.components import Species
from evogames.games.phylo.rules import grid
from evogames.games.phylo.rules.effects import EVENTS, may_target, targets
from evogames.games.phylo.rules.grid import ALL_WAYS, SIDES, SPECIES, fits, near
from evogames.games.phylo.rules.index import BIT, HOME_BIT, TableIndex, table_index
from evogames.games.phylo.state import SEATS, PhyloState, Pos
from tests.games.phylo.test_fast_paths import ref_linked, ref_places, ref_unlinked

EVERY = list(SPECIES.values())
# species with each kind of answer: parasites, invasives, movers, flyers, and a spread of the whole box
SAMPLE = ([sp for sp in EVERY if sp.parasite][:3] + [sp for sp in EVERY if sp.invasive][:3]
          + [sp for sp in EVERY if sp.move][:3] + [sp for sp in EVERY if sp.flight][:3] + EVERY[::9])
TARGETED = [e for e in EVENTS.values() if e.targeted]


def counted_afresh(s: PhyloState) -> dict[str, Any]:
    """What the index should hold, counted plainly from the board."""
    bits = {pos: BIT.get(s.card_of[stack[0]], HOME_BIT) for pos, stack in s.board.items()}
    beside: dict[Pos, int] = {}
    for pos, bit in bits.items():
        for q in near(pos):
            beside[q] = beside.get(q, 0) | bit
    present = 0
    for bit in bits.values():
        present |= bit
    special = set(s.flooded) | set(s.urban)
    return {
        "tops": [(pos, stack[0]) for pos, stack in s.board.items()],
        "order": sorted(s.board),
        "present": present,
        "beside": beside,
        "free": {q for q in beside if q not in s.board},
        "empty": sorted(q for q in beside if q not in s.board),
        "flooded": set(s.flooded),
        "urban": set(s.urban),
        "touched": {q for p in special for q in (p, *near(p))},
    }


def held(ix: TableIndex) -> dict[str, Any]:
    """A snapshot (copies: the index changes its containers in place)."""
    return {"tops": list(ix.tops.items()), "order": list(ix.order), "present": ix.present, "beside": dict(ix.beside),
            "free": set(ix.free), "empty": list(ix.empty), "flooded": set(ix.flooded), "urban": set(ix.urban),
            "touched": set(ix.touched)}


def ref_steps(s: PhyloState, pos: Pos, sp: Species) -> list[Pos]:
    """MOVE in straight lines, stopped by cards; FLIGHT 8 ways, over cards; to a space it fits and links in."""
    reached = set()
    for reach, ways, stopped in ((sp.move, SIDES, True), (sp.flight, ALL_WAYS, False)):
        for dx, dy in ways if reach else ():
            for k in range(1, reach + 1):
                q = (pos[0] + dx * k, pos[1] + dy * k)
                if q in s.board:
                    if stopped:
                        break
                    continue
                reached.add(q)
    return sorted(q for q in reached if fits(s, sp, q) and ref_linked(s, sp, q, ignore=pos))


def check(s: PhyloState, species: list[Species] = SAMPLE) -> None:
    """The index and every answer it keeps agree with the table counted afresh (asked twice: the second
    time the answers come from the index's memo)."""
    for _ in range(2):
        ix = table_index(s)
        assert held(ix) == counted_afresh(s)
        assert grid.unlinked(s) == ref_unlinked(s)
        for sp in species:
            assert list(grid.places_known(s, ix, sp)) == ref_places(s, sp), sp.name
        for pos, stack in s.board.items():
            sp = SPECIES.get(s.card_of[stack[0]])
            if sp is not None and (sp.move or sp.flight):
                assert list(grid.steps_known(s, ix, pos, sp)) == ref_steps(s, pos, sp), sp.name
        for event in TARGETED:
            assert list(targets(s, ix, event)) == [p for p in sorted(s.board) if may_target(s, event, p)], event.name


def ref_moves(s: PhyloState, seat: int) -> list[tuple[str, Pos]]:
    """Every MOVE and FLIGHT the seat may make: each of its species on top of a space that may MOVE or FLY,
    to each space ``ref_steps`` allows (sorted)."""
    out = []
    for pos, stack in s.board.items():
        sp = SPECIES.get(s.card_of[stack[0]])
        if stack[0][0] == SEATS[seat] and sp is not None and (sp.move or sp.flight):
            out += [(stack[0], q) for q in ref_steps(s, pos, sp)]
    return sorted(out)


def legal_afresh(s: PhyloState, seat: int) -> list[dict[str, Any]]:
    """``legal`` on a copy of the state whose index starts empty (counted from scratch)."""
    twin = s.clone()
    twin.index = TableIndex()
    return actions.legal(twin, seat)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.sampled_from([2, 2, 3, 4]), bluff=st.booleans(),
       bots=st.sampled_from(["random", "heuristic"]))
def test_the_index_follows_random_games(seed: int, players: int, bluff: bool, bots: str) -> None:
    m = Match("phylo", players, seed=seed, options={"call_your_bluff": bluff})
    bot, rng = make_bot(bots, "phylo"), Rng(seed)
    step = 0
    while not m.over:
        seat = m.to_act[0]
        view = m.view(seat)
        assert view["legal"] == legal_afresh(m.state, seat)
        if m.state.pending < 0:  # not a bluff's removal: the seat's MOVE and FLIGHT as the plain rules allow
            moves = sorted((a["card"], (a["to"][0], a["to"][1])) for a in view["legal"] if a["type"] == "move")
            assert moves == ref_moves(m.state, seat)
        if step % 3 == 0:
            hand = [SPECIES[c] for c in m.state.cards(m.state.hands[seat]) if c in SPECIES]
            check(m.state, hand + SAMPLE)
        m.act(seat, bot.choose(view, rng))
        step += 1
    check(m.state)


KINDS = ["put", "lift", "replace", "under", "move", "reorder", "flood", "urban", "look"]
EDITS = st.lists(st.tuples(st.sampled_from(KINDS),
                           st.integers(0, 10_000), st.integers(0, 10_000)), min_size=1, max_size=30)


def edit(s: PhyloState, kind: str, a: int, b: int, fresh: list[int]) -> None:
    """Change the table straight away, as tests and bots do (no action, no rule)."""
    spaces, empty = sorted(s.board), sorted({q for p in s.board for q in near(p)} - s.board.keys())
    card = EVERY[b % len(EVERY)].id
    fresh[0] += 1
    iid = f"{'AB'[b % 2]}{fresh[0]}"
    s.card_of[iid] = card
    if kind == "put" and empty:
        s.board[empty[a % len(empty)]] = [iid]
    elif kind == "lift" and spaces:
        del s.board[spaces[a % len(spaces)]]
    elif kind == "replace" and spaces:
        s.board[spaces[a % len(spaces)]] = [iid]
    elif kind == "under" and spaces:
        s.board[spaces[a % len(spaces)]].append(iid)
    elif kind == "move" and spaces and empty:
        s.board[empty[b % len(empty)]] = s.board.pop(spaces[a % len(spaces)])
    elif kind == "reorder" and spaces:  # the same table, the board in another order
        pos = spaces[a % len(spaces)]
        s.board[pos] = s.board.pop(pos)
    elif kind == "flood" and spaces + empty:
        pos = (spaces + empty)[a % len(spaces + empty)]
        if s.flooded.pop(pos, None) is None:
            s.flooded[pos] = s.turn + 1
    elif kind == "urban" and spaces + empty:
        s.urban ^= {(spaces + empty)[a % len(spaces + empty)]}
    elif kind == "look":
        check(s)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 100_000), warm=st.integers(0, 40), edits=EDITS)
def test_the_index_follows_any_change_of_the_table(seed: int, warm: int, edits: list[tuple[str, int, int]]) -> None:
    m = Match("phylo", 2, seed=seed)
    rng = Rng(seed)
    for _ in range(warm):
        if m.over:
            break
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    s = m.state
    check(s)
    fresh = [100]
    for kind, a, b in edits:
        edit(s, kind, a, b, fresh)
    check(s)
    if not m.over:
        seat = m.to_act[0]
        assert actions.legal(s, seat) == legal_afresh(s, seat)


def test_clones_sandboxes_and_pickles_keep_their_own_index() -> None:
    m = Match("phylo", 2, seed=7)
    rng = Rng(7)
    for _ in range(15):
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    s = m.state
    check(s)
    twin, trial, again = s.clone(), s.sandbox(), pickle.loads(pickle.dumps(s))
    assert twin.index is not s.index and trial.index is not s.index and again.index is not s.index
    lost = sorted(twin.board)[-1]
    del twin.board[lost]
    trial.board.clear()
    check(twin)
    check(trial)
    check(again)
    check(s)  # the original's index did not follow its copies
    assert lost in s.board and held(s.index) == counted_afresh(s)


def test_a_replayed_game_has_the_same_index() -> None:
    m = Match("phylo", 3, seed=11, options={"call_your_bluff": True})
    rng = Rng(11)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    again = Match.replay(m.record())
    assert held(table_index(again.state)) == held(table_index(m.state)) == counted_afresh(m.state)


def test_a_card_put_down_and_taken_back_leaves_the_index_as_it_was() -> None:
    m = Match("phylo", 2, seed=3)
    s = m.state
    before = held(table_index(s))
    s.card_of["A99"] = EVERY[0].id
    s.board[(40, 40)] = ["A99"]  # far from the HOMEs: an island of its own
    ix = table_index(s)
    assert (40, 40) in ix.order and {(41, 40), (39, 40), (40, 41), (40, 39)} <= ix.free
    del s.board[(40, 40)]
    assert held(table_index(s)) == before
