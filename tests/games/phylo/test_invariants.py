"""Invariants over random games: every card is somewhere exactly once, the log reads, options vary."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from evogames import Match
from evogames.core.rng import Rng
from evogames.games.phylo.state import PhyloState


def places_of(s: PhyloState) -> Counter[str]:
    where: Counter[str] = Counter()
    for seat in range(s.n):
        where.update(s.decks[seat])
        where.update(s.hands[seat])
        where.update(s.discards[seat])
    for stack in s.board.values():
        where.update(stack)
    return where


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 2, 3, 4]), bluff=st.booleans())
def test_every_card_is_in_exactly_one_place(seed: int, players: int, bluff: bool) -> None:
    m = Match("phylo", players, seed=seed, options={"call_your_bluff": bluff})
    total = places_of(m.state)
    assert set(total.values()) == {1} and len(total) == 25 * players
    rng = Rng(seed)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
        now = places_of(m.state)
        assert now == total
        assert all(len(stack) <= 2 for stack in m.state.board.values())
        assert m.state.actions_left >= 0
        assert all(m.state.where[i] == pos for pos, stack in m.state.board.items() for i in stack)
    assert all(isinstance(e["text"], str) and e["text"] for e in m.log)
    assert m.result is not None and m.result["scores"] == [p["points"] for p in m.view(None)["players"]]


def test_same_seed_same_game_with_every_option() -> None:
    options = {"call_your_bluff": True, "decks": "region", "themes": ["North America", "Europe"]}
    a, b = Match("phylo", 2, seed=4, options=options), Match("phylo", 2, seed=4, options=options)
    rng_a, rng_b = Rng(1), Rng(1)
    while not a.over:
        seat = a.to_act[0]
        a.act(seat, rng_a.choice(a.legal(seat)))
        b.act(seat, rng_b.choice(b.legal(seat)))
    assert a.log == b.log and a.result == b.result


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_legal_action_is_accepted(seed: int) -> None:
    """``legal`` and ``act`` agree: each listed action applies (on a clone), in random games with events."""
    m = Match("phylo", 2, seed=seed, options={"call_your_bluff": True})
    rng = Rng(seed)
    while not m.over:
        seat = m.to_act[0]
        for action in m.legal(seat):
            m.clone().act(seat, action)
        m.act(seat, rng.choice(m.legal(seat)))
