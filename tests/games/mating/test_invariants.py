"""Hypothesis-driven random games: the invariants hold at every step."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from evogames import Match
from evogames.games.mating.cards import components

OPTIONS = st.fixed_dictionaries({
    "environment": st.sampled_from(["stable", "variable"]),
    "predation": st.booleans(),
    "female_scarcity": st.booleans(),
    "sudden_death": st.booleans(),
    "long_life": st.booleans(),
})


def check_invariants(m: Match) -> None:
    s = m.state
    assert all(f >= 0 for f in s.food), "Food never negative"
    assert all(o >= 0 for o in s.offspring)
    in_play = [c for c in s.played if c]
    cards = [c for hand in s.hands for c in hand] + s.deck + s.discard + in_play
    assert sorted(cards) == sorted(components().strategy_deck()), "78 Strategy cards, each once"
    assert all(len(hand) <= 5 for hand in s.hands)
    for colour in (0, 1):
        assert 0 <= s.stands[colour] <= s.n + 1
    assert sum(s.females) <= 2 * (s.n + 1), "Females are conserved"
    envs = len(s.env_deck) + len(s.env_discard) + (1 if s.env else 0)
    assert envs in (16, 17)  # 17 with the sudden-death card


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), options=OPTIONS, picks=st.randoms())
def test_random_games_keep_the_invariants(seed: int, players: int, options: dict, picks) -> None:  # type: ignore[no-untyped-def,type-arg]
    m = Match("mating", players, seed=seed, options=options)
    steps = 0
    while not m.over:
        seat = picks.choice(m.to_act)
        m.act(seat, picks.choice(m.legal(seat)))
        check_invariants(m)
        steps += 1
        assert steps < 20_000
    assert m.result is not None
