"""``clone`` is derived from declared fields: nothing the rules change in place is shared."""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.registry import game
from evogames.core.rng import Rng
from evogames.games.mating.state import MatingState

SPEC = game("mating")
IMMUTABLE = (int, str, float, bool, type(None), tuple, frozenset)
VARIANTS: list[dict[str, Any]] = [{}, {"sudden_death": True}, {"long_life": True}, {"environment": "variable"}]


def test_a_slot_left_undeclared_is_refused() -> None:
    with pytest.raises(TypeError, match="neither SHARED nor COPIED"):
        class Forgotten(MatingState):  # a new list field nobody declared
            __slots__ = ("rumours",)


def test_a_slot_declared_twice_is_refused() -> None:
    with pytest.raises(TypeError, match="both SHARED and COPIED"):
        class Twice(MatingState):
            __slots__ = ("rumours",)
            SHARED = (*MatingState.SHARED, "rumours")
            COPIED = MappingProxyType({**MatingState.COPIED, "rumours": list})


def test_every_slot_is_declared_once() -> None:
    assert sorted([*MatingState.SHARED, *MatingState.COPIED]) == sorted(MatingState.__slots__)


def seen(s: MatingState) -> str:
    """Every seat's and the spectator's view and log, and the raw state."""
    seats = [*range(s.n), None]
    views = [SPEC.full_view(s, seat) for seat in seats]
    logs = [[SPEC.render_event(e, seat) for e in s.events] for seat in seats]
    raw = {name: getattr(s, name) for name in MatingState.__slots__ if name != "rng"}
    return json.dumps([views, logs, raw, s.rng.state], sort_keys=True, default=str)


@pytest.mark.parametrize("seed", range(12))
def test_playing_a_clone_leaves_the_original_alone(seed: int) -> None:
    players = 2 + seed % 5
    match = Match("mating", players, seed, VARIANTS[seed % len(VARIANTS)])
    bots = [make_bot(("random", "heuristic")[(seed + seat) % 2], "mating") for seat in range(players)]
    rng = Rng(seed)
    steps = 0
    while not match.over:
        if steps % 7 == 3:
            s = match.state
            before, events = seen(s), list(s.events)
            copy = s.clone()
            assert seen(copy) == before
            _play_out(copy, Rng(seed * 100 + steps))
            assert seen(s) == before, "playing the clone changed the original"
            assert s.events == events
        seat = match.to_act[rng.below(len(match.to_act))]
        match.act(seat, bots[seat].choose(match.view(seat), rng))
        steps += 1


def _play_out(s: MatingState, rng: Rng) -> None:
    while not SPEC.is_over(s):
        seats = SPEC.to_act(s)
        seat = seats[rng.below(len(seats))]
        SPEC.apply(s, seat, rng.choice(SPEC.legal(s, seat)))


def test_shared_fields_hold_immutable_values_or_are_documented_read_only() -> None:
    documented = set(MatingState.READ_ONLY)
    assert documented <= set(MatingState.SHARED)
    doc = MatingState.__doc__ or ""
    assert all(f"``{name}``" in doc for name in documented), "each read-only field is explained in the docstring"
    for seed in range(6):
        match = Match("mating", 2 + seed % 5, seed, VARIANTS[seed % len(VARIANTS)])
        rng = Rng(seed)
        while True:
            for name in MatingState.SHARED:
                if name not in documented:
                    value = getattr(match.state, name)
                    assert isinstance(value, IMMUTABLE), f"{name} holds a {type(value).__name__}"
            if match.over:
                break
            seat = match.to_act[0]
            match.act(seat, rng.choice(match.legal(seat)))
