"""``MatingState.clone``: playing on a clone leaves the original alone (tests/core/test_clone.py checks each field)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.registry import game
from evogames.core.rng import Rng
from evogames.games.mating.state import MatingState
from tests.core.test_clone import class_doc, fields

SPEC = game("mating")
VARIANTS: list[dict[str, Any]] = [{}, {"sudden_death": True}, {"long_life": True}, {"environment": "variable"}]


def test_the_read_only_fields_are_explained() -> None:
    """What a clone shares (tests/core/test_clone.py checks the rest of every field) is said in the docstring
    (read from the source: a compiled class keeps no docstring)."""
    doc = class_doc(MatingState)
    assert set(MatingState.READ_ONLY) == {"options", "outcome"}
    assert all(f"``{name}``" in doc for name in MatingState.READ_ONLY)


def seen(s: MatingState) -> str:
    """Every seat's and the spectator's view and log, and the raw state."""
    seats = [*range(s.n), None]
    views = [SPEC.full_view(s, seat) for seat in seats]
    logs = [[SPEC.render_event(e, seat) for e in s.events] for seat in seats]
    raw = {name: getattr(s, name) for name in fields(s) if name != "rng"}
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
