"""Hypothesis-driven random games: the invariants hold at every step."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from evogames import Match
from evogames.games.mating.components import components
from evogames.games.mating.state import EATEN, IN_PLAY, LOST

C = components()
SNEAKY_FIRST = [*C.sneakies, *C.strategies]  # a scripted deck that deals the sneaky cards first


@st.composite
def game_options(draw: st.DrawFn) -> dict[str, Any]:
    options: dict[str, Any] = draw(st.fixed_dictionaries({
        "environment": st.sampled_from(["stable", "variable", "custom"]),
        "predation": st.booleans(),
        "female_scarcity": st.booleans(),
        "sudden_death": st.booleans(),
        "long_life": st.booleans(),
    }))
    if options["environment"] == "custom":
        options["environment_cards"] = draw(st.lists(st.sampled_from(list(C.environments)), min_size=1,
                                                     max_size=20))
        options["environment_order"] = draw(st.sampled_from(["shuffled", "fixed"]))
    if draw(st.booleans()):
        options["strategy_order"] = SNEAKY_FIRST[:draw(st.integers(5, 30))]
    return options


def environment_cards(options: dict[str, Any]) -> int:
    base = len(options["environment_cards"]) if options["environment"] == "custom" else 16
    return base + (1 if options["sudden_death"] else 0)


def check_invariants(m: Match, options: dict[str, Any], before: list[int]) -> None:
    s = m.state
    assert all(f >= 0 for f in s.food), "Food never negative"
    assert all(o >= 0 for o in s.offspring)
    in_play = [c for c in s.played if c]
    cards = [c for hand in s.hands for c in hand] + s.deck + s.discard + in_play
    assert sorted(cards) == sorted(C.strategy_deck()), "78 Strategy cards, each once"
    assert all(len(hand) <= 5 for hand in s.hands)
    for colour in (0, 1):
        assert 0 <= s.stands[colour] <= s.n + 1 <= 8
    assert sum(s.females) <= 2 * (s.n + 1), "Females are conserved"
    assert sum(s.offspring) >= sum(before), "Offspring are never lost, only moved"
    for seat in range(s.n):
        if s.status[seat] in (EATEN, LOST):
            assert s.females[seat] == 0, "an eaten or beaten Strategy attracts nobody"
        if s.choice[seat] == "" and m.view(None)["phase"] != "play":
            assert s.females[seat] == 0 and s.status[seat] != IN_PLAY, "Out to Lunch attracts nobody"
    if s.combat_winner >= 0:
        assert s.status[s.combat_winner] == IN_PLAY
    envs = len(s.env_deck) + len(s.env_discard) + (1 if s.env else 0)
    assert envs == environment_cards(options), "Environment cards are conserved"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6), options=game_options(), picks=st.randoms())
def test_random_games_keep_the_invariants(seed: int, players: int, options: dict[str, Any], picks: Any) -> None:
    m = Match("mating", players, seed=seed, options=options)
    steps = 0
    while not m.over:
        seat = picks.choice(m.to_act)
        before = list(m.state.offspring)
        m.act(seat, picks.choice(m.legal(seat)))
        check_invariants(m, options, before)
        steps += 1
        assert steps < 20_000
    assert m.result is not None
    assert m.result["winners"] and m.result["reason"] in ("offspring", "sudden_death", "long_life", "round_limit")
