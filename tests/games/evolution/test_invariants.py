"""Hypothesis-driven random games: the invariants hold after every action."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from evogames import Match
from evogames.games.evolution.components import components
from evogames.games.evolution.rules.food import fat_slots
from evogames.games.evolution.state import EvolutionState
from tests.games.evolution.helpers import all_cards, tokens_balance

C = components()


def check_invariants(s: EvolutionState, box: list[str]) -> None:
    assert sorted(all_cards(s)) == box, "cards are conserved across deck, hands, table and discard piles"
    assert tokens_balance(s) == (0, 0), "food and fat tokens are conserved"
    assert s.bank >= 0
    for a in s.animals.values():
        counts = Counter(key for key, _ in a.traits)
        assert all(n == 1 for key, n in counts.items() if key != "fat_tissue"), "no two identical traits"
        assert not (a.has("carnivorous") and a.has("scavenger"))
        assert min(a.red, a.blue, a.fat) >= 0 and a.fat <= fat_slots(a)
        assert a.id in s.tables[a.owner]
        if a.has("parasite"):
            assert any(key == "parasite" for key, _ in a.traits)
    for link in s.links:
        assert s.animals[link.a].owner == s.animals[link.b].owner, "pair traits join one player's animals"
    pairs = [(x.trait, frozenset((x.a, x.b))) for x in s.links]
    assert len(pairs) == len(set(pairs)), "no pair holds the same pair trait twice"
    assert sum(len(t) for t in s.tables) == len(s.animals)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8), picks=st.randoms(use_true_random=False))
def test_random_games_keep_the_invariants(seed: int, players: int, picks: Any) -> None:
    m = Match("evolution", players, seed=seed)
    s: EvolutionState = m.state
    box = sorted(all_cards(s))
    assert len(box) == (84 if players <= 4 else 168)
    steps = 0
    while not m.over:
        seat = picks.choice(m.to_act)
        m.act(seat, picks.choice(m.legal(seat)))
        check_invariants(s, box)
        steps += 1
        assert steps < 20_000
    assert m.result is not None and m.result["winners"]
