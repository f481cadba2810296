"""Determinization: a copy the seat cannot tell from the real game, with everything hidden resampled."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.registry import game
from evogames.core.rng import Rng
from evogames.games.mating.components import components
from evogames.games.mating.determinize import determinize
from evogames.games.mating.flow import ORDER
from evogames.games.mating.setup import MARKER
from evogames.games.mating.state import MatingState
from tests.games.mating.test_environment_turned import game_deck, hidden_deck

SPEC = game("mating")
C = components()
VARIANTS: list[dict[str, Any]] = [
    {},
    {"environment": "variable"},
    {"predation": False, "female_scarcity": False},
    {"sudden_death": True},
    {"sudden_death": True, "sudden_death_safe": 0, "environment": "custom",
     "environment_cards": ["E01", "E02", "E03", "E04", "E05", "E06"], "environment_order": "fixed"},
    {"long_life": True},
    {"environment": "custom", "environment_cards": ["E01", "E01", "E17", "E09"]},
]


def seen(s: MatingState, seat: int | None) -> str:
    """Everything ``seat`` sees: its view and its log."""
    log = [SPEC.render_event(e, seat) for e in s.events]
    return json.dumps([SPEC.full_view(s, seat), [e for e in log if e]], sort_keys=True, default=str)


def everything(s: MatingState) -> str:
    """What every seat and a spectator sees, plus the raw hidden parts."""
    return json.dumps([[seen(s, seat) for seat in [*range(s.n), None]], s.hands, s.deck, s.env_deck,
                       s.choice, s.discarding, s.events, s.rng.state],
                      default=str)


def strategy_cards(s: MatingState) -> Counter[str]:
    return Counter([c for hand in s.hands for c in hand] + s.deck + s.discard + [c for c in s.played if c])


def environment_cards(s: MatingState) -> Counter[str]:
    deck = [c for c in s.env_deck if not c.startswith(MARKER)]
    return Counter(deck + s.env_discard + ([s.env] if s.env else []))


def checkpoints(seed: int, every: int = 4) -> Iterator[Match]:
    """A seeded bot game of the Mating Game, paused every ``every`` actions (and at the end)."""
    players = 2 + seed % 5
    options = VARIANTS[(seed // 5) % len(VARIANTS)]
    match = Match("mating", players, seed, options)
    bots = [make_bot(("random", "heuristic")[(seed + seat) % 2], "mating") for seat in range(players)]
    rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
    pick = Rng(seed)
    steps = 0
    while not match.over:
        if steps % every == 0:
            yield match
        seats = match.to_act
        seat = seats[pick.below(len(seats))]
        match.act(seat, bots[seat].choose(match.view(seat), rngs[seat]))
        steps += 1
    yield match


def play_out(s: MatingState, rng: Rng) -> None:
    """Random legal moves to the end."""
    for _ in range(20_000):
        if SPEC.is_over(s):
            return
        seats = SPEC.to_act(s)
        seat = seats[rng.below(len(seats))]
        SPEC.apply(s, seat, rng.choice(SPEC.legal(s, seat)))
    raise AssertionError("no end")


@pytest.mark.parametrize("seed", range(35))
def test_the_seat_sees_the_same_game(seed: int) -> None:
    for number, match in enumerate(checkpoints(seed)):
        s = match.state
        before = everything(s)
        cards, envs = strategy_cards(s), environment_cards(s)
        for seat in range(s.n):
            det = determinize(s, seat, Rng(seed * 1000 + number * 10 + seat))
            assert det is not s
            assert seen(det, seat) == seen(s, seat)
            assert SPEC.to_act(det) == SPEC.to_act(s)
            if seat in SPEC.to_act(s):
                assert SPEC.legal(det, seat) == SPEC.legal(s, seat)
            assert det.hands[seat] == s.hands[seat]
            assert [len(h) for h in det.hands] == [len(h) for h in s.hands]
            assert len(det.deck) == len(s.deck) and len(det.env_deck) == len(s.env_deck)
            assert strategy_cards(det) == cards == Counter(C.strategy_deck())
            assert environment_cards(det) == envs
            turned = Counter(card["id"] for card in SPEC.view(det, seat)["environment_turned"])
            assert hidden_deck(det) + turned == game_deck(s)  # the hidden deck: the game's less the turned
            assert sum(c.startswith(MARKER) for c in det.env_deck) == sum(c.startswith(MARKER) for c in s.env_deck)
            _face_down_choices_are_legal(det)
            if number % 3 == 0:
                play_out(det, Rng(seed + number))
        assert everything(s) == before, "determinize changed the real state"


def _face_down_choices_are_legal(d: MatingState) -> None:
    step = ORDER[d.step]
    for j in range(d.n):
        if step == "play" and d.choice[j]:
            card = C.strategies[d.choice[j] or ""]
            assert d.choice[j] in d.hands[j] and card.food <= d.food[j]
        if step == "discard":
            assert set(d.discarding[j]) <= set(d.hands[j])


def test_the_spec_points_at_it() -> None:
    assert SPEC.determinize is determinize


def test_the_hidden_parts_vary() -> None:
    match = next(m for i, m in enumerate(checkpoints(12)) if i == 3)
    s = match.state
    dets = [determinize(s, 0, Rng(r)) for r in range(20)]
    assert len({tuple(tuple(h) for h in d.hands[1:]) for d in dets}) > 10
    assert len({tuple(d.deck) for d in dets}) > 10
    assert len({tuple(d.env_deck) for d in dets}) > 10
    futures = {d.rng.next64() for d in dets}
    assert len(futures) == 20 and s.rng.clone().next64() not in futures


def test_face_down_strategies_of_others_are_resampled() -> None:
    """In Play & Pay, another seat's committed card is one of many; the seat's own stays."""
    m = Match("mating", 3, 5)
    m.act(1, m.legal(1)[0])
    m.act(0, m.legal(0)[0])
    s = m.state
    dets = [determinize(s, 0, Rng(r)) for r in range(20)]
    assert all(d.choice[0] == s.choice[0] and d.choice[2] is None for d in dets)
    assert len({d.choice[1] for d in dets}) > 3
    assert "" in {d.choice[1] for d in dets}


def test_face_down_discards_of_others_are_resampled() -> None:
    m = Match("mating", 3, 4)
    rng = Rng(4)
    while ORDER[m.state.step] != "discard":
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    m.act(1, {"type": "discard", "cards": []})
    s = m.state
    dets = [determinize(s, 0, Rng(r)) for r in range(20)]
    assert all(d.discarding[0] == () and d.pending[0] for d in dets)
    assert len({d.discarding[1] for d in dets}) > 5


def test_other_seats_private_log_names_their_new_hand() -> None:
    """Another seat's log shows the cards of its new hand, never a real hidden one."""
    m = Match("mating", 4, 9)
    s = m.state
    for r in range(10):
        det = determinize(s, 0, Rng(r))
        for j in range(1, 4):
            dealt = [e for e in det.events if e.kind == "deal" and e.visible_to == j]
            assert list(dealt[0].cards) == det.hands[j]
        assert [e for e in det.events if e.visible_to in (-1, 0)] == [e for e in s.events if e.visible_to in (-1, 0)]


def test_the_sudden_death_card_stays_below_the_safe_cards() -> None:
    m = Match("mating", 3, 2, {"sudden_death": True, "sudden_death_safe": 3})
    s = m.state
    for r in range(200):
        deck = determinize(s, 0, Rng(r)).env_deck
        marker = next(i for i, c in enumerate(deck) if c.startswith(MARKER))
        assert len(deck) - 1 - marker >= 3
