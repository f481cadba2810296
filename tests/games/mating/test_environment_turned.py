"""The Environment cards turned since the last shuffle: public, in every view, right across a reshuffle
(RULINGS.md 27), and what the hidden deck holds is the game's cards less them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from evogames import Match
from evogames.core.rng import Rng
from evogames.games.mating.events import EnvironmentTurned, Reshuffle
from evogames.games.mating.setup import MARKER
from evogames.games.mating.state import MatingState
from tests.games.mating.helpers import C, calm, pass_windows, play, scenario
from tests.games.mating.test_variants import one_round

VARIANTS: list[dict[str, Any]] = [
    {},
    {"environment": "variable", "offspring_to_win": 100, "max_rounds": 40},
    {"sudden_death": True},
    {"environment": "custom", "environment_cards": ["E01", "E01", "E17", "E09"], "offspring_to_win": 100},
    {"environment": "custom", "environment_cards": ["E03", "E02", "E05"], "environment_order": "fixed",
     "offspring_to_win": 100},
]


def turned(view: dict[str, Any]) -> list[str]:
    return [card["id"] for card in view["environment_turned"]]


def since_the_shuffle(s: MatingState) -> list[str]:
    """From the public log: each Environment turned after the Environment deck's last reshuffle."""
    out: list[str] = []
    for event in s.events:
        if isinstance(event, Reshuffle) and event.deck == "Environment":
            out = []
        elif isinstance(event, EnvironmentTurned):
            out.append(event.card)
    return out


def game_deck(s: MatingState) -> Counter[str]:
    """The game's Environment cards (which, not their order), and the sudden-death card once turned."""
    options = s.options
    cards = (list(options["environment_cards"]) if options["environment"] == "custom"
             else C.environment_deck(options["environment"]))
    drawn = [e.card for e in s.events if e.kind == "sudden_death"]
    return Counter(cards + drawn)


def hidden_deck(s: MatingState) -> Counter[str]:
    return Counter(c for c in s.env_deck if not c.startswith(MARKER))


def test_ruling_turned_environments_start_again_at_the_reshuffle() -> None:
    """A shuffled deck of three: after three rounds all three are listed; the fourth round's card
    comes from the reshuffled deck and is the only one listed."""
    cards = ["E01", "E02", "E08"]
    m = Match("mating", 2, seed=3, options={"environment": "custom", "environment_cards": cards,
                                            "offspring_to_win": 100})
    assert m.view(0)["environment_turned"] == [] and m.view(None)["environment_turned"] == []
    for rounds in range(1, 4):
        one_round(m)
        assert len(turned(m.view(0))) == rounds
    assert sorted(turned(m.view(1))) == sorted(cards)
    assert m.view(0)["environment_deck"] == 0
    one_round(m)
    assert len(turned(m.view(None))) == 1
    assert m.view(None)["environment_deck"] == 2
    assert hidden_deck(m.state) + Counter(turned(m.view(0))) == Counter(cards)


def test_turned_environments_are_named_as_the_cards_name_them_and_the_one_in_play_is_last() -> None:
    seasons = [calm(2), calm(3)]
    m = scenario([[], []], seasons)
    play(m, {})
    assert m.view(0)["environment_turned"] == [{"id": seasons[0], "name": C.environments[seasons[0]].name}]
    pass_windows(m)
    assert m.view(1)["environment_turned"][-1]["id"] == m.view(1)["environment"]["id"] == seasons[0]


@pytest.mark.parametrize("seed", range(10))
def test_every_view_lists_the_cards_turned_since_the_last_shuffle_and_the_deck_holds_the_rest(seed: int) -> None:
    """Random games of every deck: every seat and the spectator see the same list, the log's
    Environments since the last reshuffle, and the hidden deck is the game's cards less the list."""
    options = VARIANTS[seed % len(VARIANTS)]
    m = Match("mating", 2 + seed % 4, seed, {"max_rounds": 40, **options})
    rng = Rng(seed)
    reshuffled = False
    while True:
        s = m.state
        views = [m.view(seat) for seat in (*range(s.n), None)]
        assert all(v["environment_turned"] == views[0]["environment_turned"] for v in views)
        assert turned(views[0]) == since_the_shuffle(s)
        assert hidden_deck(s) + Counter(turned(views[0])) == game_deck(s)
        reshuffled = reshuffled or any(isinstance(e, Reshuffle) and e.deck == "Environment" for e in s.events)
        if m.over:
            break
        seat = m.to_act[rng.below(len(m.to_act))]
        m.act(seat, rng.choice(m.legal(seat)))
    if options.get("environment") == "custom":
        assert reshuffled, "a short custom deck must meet a reshuffle"
