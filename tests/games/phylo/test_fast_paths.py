"""The fast compatibility paths (bitmasks, spots, incremental previews) agree with the rules read plainly.

The reference functions below are the straightforward reading of the rules (every link judged from
the cards' terrains, climates and food chain, spaces as they count now); the game's own functions use
tables computed once and shortcuts, and must give the very same answers on tables met in play,
flooded and urban spaces included.
"""

from __future__ import annotations

from typing import Any

from evogames import Match
from evogames.core.rng import Rng
from evogames.games.phylo.components import Species
from evogames.games.phylo.rules import grid
from evogames.games.phylo.rules.grid import SPECIES, eats, near, terrain_mask
from evogames.games.phylo.state import PhyloState, Pos
from evogames.games.phylo.view import previews


def ref_link(s: PhyloState, sp: Species, pos: Pos, other: Pos) -> bool:
    stack = s.board.get(other)
    if not stack:
        return False
    d = SPECIES.get(s.card_of[stack[0]])
    if d is None:
        return sp.foodchain == 1
    if not terrain_mask(s, pos, sp) & terrain_mask(s, other, d) or not sp.climate_mask & d.climate_mask:
        return False
    return eats(sp, d)


def ref_linked(s: PhyloState, sp: Species, pos: Pos, ignore: Pos | None = None) -> bool:
    return any(ref_link(s, sp, pos, q) for q in near(pos) if q != ignore)


def ref_unlinked(s: PhyloState) -> list[Pos]:
    return [pos for pos, stack in s.board.items()
            if (sp := SPECIES.get(s.card_of[stack[0]])) is not None and not ref_linked(s, sp, pos)]


def ref_places(s: PhyloState, sp: Species) -> list[Pos]:
    hosts = [pos for pos in sorted(s.board) if grid.can_parasitize(s, sp, pos)] if sp.parasite else []
    if sp.parasite and not sp.free_living:
        return hosts
    return ref_places_alone(s, sp) + hosts


def ref_places_alone(s: PhyloState, sp: Species) -> list[Pos]:
    empty = sorted({q for pos in s.board for q in near(pos) if q not in s.board})
    found = [q for q in empty if grid.fits(s, sp, q) and ref_linked(s, sp, q)]
    if sp.invasive:
        found += [pos for pos in sorted(s.board) if grid.can_invade(s, sp, pos)]
    return found


def ref_previews(s: PhyloState, moves: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    from evogames.games.phylo.rules.effects import EVENTS, play_event

    out: dict[str, dict[str, Any]] = {}
    before = {s.board[p][0] for p in ref_unlinked(s)}
    for index, action in enumerate(moves):
        if action["type"] != "event" or "at" not in action:
            continue
        certain = {k: v for k, v in action.items() if k != "then"}
        twin = s.sandbox()
        play_event(twin, s.player, EVENTS[s.card_of[action["card"]]], certain)
        out[str(index)] = ref_outcome(s, twin, before)
        if "then" in action:  # the contest won: the neighbour goes too
            twin = s.sandbox()
            play_event(twin, s.player, EVENTS[s.card_of[action["card"]]], certain)
            twin.board.pop(tuple(action["then"]), None)
            out[str(index)]["if_it_spreads"] = {**ref_outcome(s, twin, before), "chance": round(15 / 36, 4)}
    return out


def ref_outcome(s: PhyloState, twin: PhyloState, before: set[str]) -> dict[str, Any]:
    on_table = {i for stack in twin.board.values() for i in stack}
    gone = sorted(i for stack in s.board.values() for i in stack if i not in on_table)
    cut = sorted({twin.board[p][0] for p in ref_unlinked(twin)} - before)
    return {"removes": gone, "threatens": cut}


def check(s: PhyloState, hand_species: list[Species], moves: list[dict[str, Any]]) -> None:
    assert grid.unlinked(s) == ref_unlinked(s)
    for pos, stack in s.board.items():
        sp = SPECIES.get(s.card_of[stack[0]])
        if sp is None:
            continue
        for q in near(pos):
            assert grid.link(s, sp, pos, q) == ref_link(s, sp, pos, q)
            assert grid.linked(s, sp, q, ignore=pos) == ref_linked(s, sp, q, ignore=pos)
    for sp in hand_species:
        assert grid.places(s, sp) == ref_places(s, sp)
    assert previews(s, moves) == ref_previews(s, moves)


def test_fast_compatibility_agrees_with_the_plain_rules() -> None:
    special = 0
    for seed in range(10):
        m = Match("phylo", 2 + seed % 3, seed=seed)
        s = m.state
        rng = Rng(seed)
        # every species of the box in turn, so each link mask is met
        every = list(SPECIES.values())
        step = 0
        while not m.over:
            seat = m.to_act[0]
            moves = m.legal(seat)
            hand = [SPECIES[s.card_of[i]] for i in s.hands[seat] if s.card_of[i] in SPECIES]
            if step % 2 == 0:
                check(s, hand + every[step % len(every):][:4], moves)
                special += bool(s.flooded or s.urban)
            m.act(seat, rng.choice(moves))
            step += 1
    assert special >= 10, special  # flooded and urban spaces were met


def test_a_flooded_and_urban_table_agrees() -> None:
    m = Match("phylo", 2, seed=5)
    s = m.state
    rng = Rng(5)
    every = list(SPECIES.values())
    for _ in range(40):
        if m.over:
            break
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    spaces = sorted(s.board)
    for i, pos in enumerate(spaces):
        if i % 2:
            s.urban.add(pos)
        if i % 3 == 0:
            s.flooded[next(iter(q for q in near(pos) if q not in s.board), pos)] = s.turn + 1
    if not m.over:
        check(s, every, m.legal(m.to_act[0]))


def ref_legal_plays(s: PhyloState, seat: int) -> list[dict[str, Any]]:
    """The play actions read plainly: each card in hand (one copy per card), in hand order, where it may go."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for iid in s.hands[seat]:
        card = s.card_of[iid]
        if card in seen or card not in SPECIES:
            seen.add(card)
            continue
        seen.add(card)
        out += [{"type": "play", "card": iid, "at": list(q)} for q in ref_places(s, SPECIES[card])]
    return out


def test_legal_plays_are_where_the_plain_rules_allow() -> None:
    """``legal`` lists plays of plain species straight from the open spaces' bits (not ``places``): the same
    plays, in the same order, as the rules read plainly, flooded and urban tables included."""
    special = 0
    for seed in range(12):
        m = Match("phylo", 2 + seed % 3, seed=seed, options={"decks": "terrain", "themes": ["ocean"]}
                  if seed % 2 else None)
        rng = Rng(seed)
        while not m.over:
            seat = m.to_act[0]
            moves = m.legal(seat)
            if m.state.pending < 0:
                assert [a for a in moves if a["type"] == "play"] == ref_legal_plays(m.state, seat)
                special += bool(m.state.flooded or m.state.urban)
            m.act(seat, rng.choice(moves))
    assert special >= 10, special  # flooded and urban spaces were met
