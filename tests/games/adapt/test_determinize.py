"""Determinization: a copy every seat sees exactly as the real game, with the face-down piles
and the die's future drawn again, the real state untouched, and the copy playable to the end."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.registry import game as lookup
from evogames.core.rng import Rng
from evogames.games.adapt.components import components
from evogames.games.adapt.determinize import determinize
from evogames.games.adapt.events import MatTurned
from evogames.games.adapt.state import AdaptState
from tests.core.test_clone import fields
from tests.games.adapt.helpers import game

SPEC = lookup("adapt")
C = components()
# (players, options, bots): every variant, small and large tables, both bots
TABLES: list[tuple[int, dict[str, Any], tuple[str, ...]]] = [
    (3, {"max_rounds": 8}, ("heuristic", "random", "heuristic")),
    (4, {"max_rounds": 6, "shared_habitats": True, "habitats_per_player": 5}, ("random",) * 4),
    (2, {"max_rounds": 30, "scoring": "extinction"}, ("heuristic", "heuristic")),
    (5, {"max_rounds": 6, "creatures": "choose", "habitats_per_player": 3}, ("heuristic", "random") * 2 + ("random",)),
    (6, {"max_rounds": 4, "habitats_per_player": 5}, ("random", "heuristic") * 3),
    (3, {"max_rounds": 30, "habitat_order": ["H05", "*", "H02"], "randomizer_order": ["R12"],
         "creature_order": ["C01", "*"]}, ("heuristic",) * 3),
]
EVERY = 7  # determinize at every 7th step


def points(players: int, options: dict[str, Any], bots: tuple[str, ...], seed: int) -> Iterator[AdaptState]:
    """The states of one seeded bot game, every ``EVERY`` steps and at the end."""
    match = Match("adapt", players, seed, options)
    players_bots = [make_bot(name, "adapt") for name in bots]
    rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
    steps = 0
    while not match.over:
        if steps % EVERY == 0:
            yield match.state
        seat = match.to_act[0]
        match.act(seat, players_bots[seat].choose(match.view(seat), rngs[seat]))
        steps += 1
    yield match.state


def everything(s: AdaptState) -> dict[str, Any]:
    """Every field of the state (the rng by its next output), deep-copied."""
    out = {name: copy.deepcopy(getattr(s, name)) for name in fields(s) if name != "rng"}
    out["rng"] = s.rng.clone().next64()
    return out


def seen(s: AdaptState) -> list[Any]:
    return [SPEC.full_view(s, seat) for seat in [*range(s.n), None]] + [list(s.events)]


def boxes(s: AdaptState) -> tuple[list[str], list[str], list[str]]:
    """Every HABITAT MAT, randomizer and creature, wherever it is."""
    used = [e.randomizer for e in s.events if isinstance(e, MatTurned) and e.randomizer]
    return (sorted(s.deck + list(s.mats.values())), sorted(s.randomizers + used),
            sorted(s.creature_pile + [c for c in s.creatures if c]))


def play_out(s: AdaptState, seed: int) -> None:
    rng = Rng(seed)
    while not SPEC.is_over(s):
        seat = SPEC.to_act(s)[0]
        SPEC.apply(s, seat, rng.choice(SPEC.legal(s, seat)))
    assert SPEC.result(s) is not None


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_every_seat_sees_the_copy_as_the_game_and_the_game_is_unchanged(table: int) -> None:
    players, options, bots = TABLES[table]
    for seed in (table, table + 40):
        for index, s in enumerate(points(players, options, bots, seed)):
            before, views = everything(s), seen(s)
            for seat in range(players):
                det = SPEC.determinize(s, seat, Rng(seed * 1000 + index * 10 + seat))
                assert det is not s
                for other in [*range(players), None]:
                    assert SPEC.full_view(det, other) == SPEC.full_view(s, other)
                assert SPEC.legal(det, seat) == SPEC.legal(s, seat)
                assert SPEC.to_act(det) == SPEC.to_act(s)
                assert list(det.events) == list(s.events)
                assert boxes(det) == boxes(s)
                assert sorted(det.deck) == sorted(s.deck) and sorted(det.randomizers) == sorted(s.randomizers)
                assert sorted(det.creature_pile) == sorted(s.creature_pile)
                assert det.niches == s.niches and det.adapts == s.adapts and det.niche_pile == s.niche_pile
            assert everything(s) == before and seen(s) == views


def test_the_box_is_whole_in_every_copy() -> None:
    s = Match("adapt", 4, seed=5).state
    det = determinize(s, 2, Rng(1))
    habitats, randomizers, creatures = boxes(det)
    assert habitats == sorted(C.habitats) and randomizers == sorted(C.randomizers)
    assert creatures == sorted(C.creatures)


def test_the_face_down_piles_and_the_die_vary_across_rngs() -> None:
    s = next(p for i, p in enumerate(points(4, {"max_rounds": 8}, ("heuristic",) * 4, 11)) if i == 3)
    assert len(s.deck) >= 2 and len(s.randomizers) >= 2
    dets = [determinize(s, 1, Rng(k)) for k in range(20)]
    assert len({tuple(d.deck) for d in dets}) > 1
    assert len({tuple(d.randomizers) for d in dets}) > 1
    assert len({tuple(d.creature_pile) for d in dets}) > 1
    assert len({d.rng.clone().next64() for d in dets}) == 20
    assert all(d.rng is not s.rng for d in dets)
    # the same rng gives the same copy
    assert determinize(s, 1, Rng(3)).deck == determinize(s, 1, Rng(3)).deck


def test_the_real_order_of_the_piles_does_not_steer_the_copy() -> None:
    """Two states the seat cannot tell apart (the face-down piles in other orders) give the same copy
    from the same rng: a search seeded alike then plays alike (the swap test of tests/bots)."""
    s = next(p for i, p in enumerate(points(4, {"max_rounds": 8}, ("heuristic",) * 4, 11)) if i == 3)
    other = s.clone()
    for pile in (other.deck, other.randomizers, other.creature_pile):
        pile.reverse()
    assert other.deck != s.deck
    one, two = determinize(s, 1, Rng(3)), determinize(other, 1, Rng(3))
    assert (one.deck, one.randomizers, one.creature_pile) == (two.deck, two.randomizers, two.creature_pile)


def test_the_next_mat_turned_over_varies() -> None:
    m = game(3, seed=2)
    s = m.state
    nexts = set()
    for k in range(20):
        det = determinize(s, 0, Rng(k))
        nexts.add((det.deck[-1], det.randomizers[-1]))
    assert len(nexts) > 1 and s.deck == game(3, seed=2).state.deck


def test_a_face_up_creature_pile_is_kept() -> None:
    s = Match("adapt", 3, seed=4, options={"creatures": "choose"}).state
    for k in range(5):
        det = determinize(s, 0, Rng(k))
        assert det.creature_pile == s.creature_pile == sorted(C.creatures)
        assert SPEC.full_view(det, 0)["creatures_to_choose"] == SPEC.full_view(s, 0)["creatures_to_choose"]


def test_scripted_orders_are_forgotten_but_still_counted() -> None:
    m = game(3, seed=1, habitats=["H05", "H02"], randomizer_order=["R12"])
    det = determinize(m.state, 1, Rng(7))
    assert det.options["habitat_order"] == ["*", "*"] and det.options["randomizer_order"] == ["*"]
    assert det.options["creature_order"] == ["*", "*", "*"]
    assert m.state.options["habitat_order"] == ["H05", "H02"]  # the real options are untouched
    assert SPEC.full_view(det, 1)["options"] == SPEC.full_view(m.state, 1)["options"]
    plain = Match("adapt", 3, seed=1).state
    assert determinize(plain, 0, Rng(1)).options is plain.options  # nothing scripted: shared, read-only


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_a_copy_plays_to_the_end(table: int) -> None:
    players, options, bots = TABLES[table]
    for index, s in enumerate(points(players, options, bots, table + 100)):
        if index % 3:
            continue
        before = everything(s)
        det = determinize(s, index % players, Rng(index))
        play_out(det, index)
        assert everything(s) == before
