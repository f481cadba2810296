"""Determinization: the seat's view stays identical, the rest is resampled, the original never changes."""

from __future__ import annotations

import json
from collections import Counter

from evogames import Match
from evogames.core.registry import game
from evogames.core.rng import Rng
from evogames.games.evolution.determinize import determinize
from evogames.games.evolution.events import Dealt, Drew, PairPlayed, TailLost, TraitPlayed, render
from evogames.games.evolution.state import EvolutionState
from tests.games.evolution.helpers import all_cards, bot_games, new, state

SPEC = game("evolution")
SEEDS = range(0, 28, 3)  # 2 to 8 players, every variant, random, heuristic and mixed tables


def seen(s: EvolutionState, seat: int | None) -> str:
    """All ``seat`` sees: its view and its log."""
    log = [shown for e in s.events if (shown := render(e, seat)) is not None]
    return json.dumps([SPEC.full_view(s, seat), log], sort_keys=True, default=str)


def snapshot(s: EvolutionState) -> str:
    """Everything about ``s``, hidden parts included."""
    animals = {k: (a.card, a.traits, a.red, a.blue, a.fat) for k, a in s.animals.items()}
    return json.dumps([[seen(s, seat) for seat in [None, *range(s.n)]], s.events, s.deck, s.hands, s.discards,
                       s.plays, animals, s.rng.state, s.scripted], default=str)


def play_out(s: EvolutionState, rng: Rng) -> None:
    """Random legal moves to the end."""
    for _ in range(20_000):
        if s.over:
            return
        seat = rng.choice(SPEC.to_act(s))
        SPEC.apply(s, seat, rng.choice(SPEC.legal(s, seat)))
    raise AssertionError("no end")


def test_the_seat_sees_the_same_and_the_original_never_changes() -> None:
    checked = 0
    for seed, m in bot_games(SEEDS):
        s = state(m)
        before = snapshot(s)
        box = Counter(all_cards(s))
        for seat in range(s.n):
            det = determinize(s, seat, Rng(seed * 31 + seat))
            assert det is not s
            assert seen(det, seat) == seen(s, seat), f"seed {seed}: seat {seat}'s view changed"
            assert Counter(all_cards(det)) == box, "the same cards, wherever they went"
            if seat in SPEC.to_act(s):
                assert SPEC.legal(det, seat) == SPEC.legal(s, seat)
            checked += 1
        assert snapshot(s) == before, "the original is unchanged"
    assert checked > 200


def test_a_determinized_state_plays_on_to_the_end() -> None:
    for seed, m in bot_games(SEEDS, every=67):
        s = state(m)
        for seat in range(s.n):
            det = determinize(s, seat, Rng(seed + 100 * seat))
            play_out(det, Rng(seed))
            assert det.over and det.outcome is not None
            assert Counter(all_cards(det)) == Counter(all_cards(s))


def _hidden(s: EvolutionState, seat: int) -> list[str]:
    """The cards in places ``seat`` cannot look into (others' discard piles hold face-up cards too)."""
    others = [i for i in range(s.n) if i != seat]
    return [*s.deck, *(c for i in others for c in s.hands[i]),
            *(s.animals[a].card for i in others for a in s.tables[i]), *(c for i in others for c in s.discards[i])]


def test_what_the_seat_cannot_see_really_varies() -> None:
    m = new(4, seed=5)
    s = state(m)
    rng = Rng(5)
    while s.turn < 3:  # animals on the table, some dead, cards drawn
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    assert any(s.discards[i] for i in range(1, 4)) or any(s.tables[i] for i in range(1, 4))
    samples = [determinize(s, 0, Rng(k)) for k in range(20)]
    hands = {tuple(tuple(d.hands[i]) for i in range(1, 4)) for d in samples}
    decks = {tuple(d.deck) for d in samples}
    faces = {tuple(d.animals[a].card for i in range(1, 4) for a in d.tables[i]) for d in samples}
    assert len(hands) == 20 and len(decks) == 20
    assert len(faces) > 1 or not any(s.tables[i] for i in range(1, 4))
    assert len({d.rng.next64() for d in samples}) == 20, "the future of the dice differs"
    assert all(seen(d, 0) == seen(s, 0) for d in samples)


def test_only_hidden_cards_move() -> None:
    for seed, m in bot_games(range(1, 40, 7), every=31):
        s = state(m)
        for seat in range(s.n):
            det = determinize(s, seat, Rng(seed))
            assert det.hands[seat] == s.hands[seat] and det.discards[seat] == s.discards[seat]
            assert [det.animals[a].card for a in det.tables[seat]] == [s.animals[a].card for a in s.tables[seat]]
            for a in s.animals.values():
                assert det.animals[a.id].traits == a.traits, "traits are face up"
            assert [x.card for x in det.links] == [x.card for x in s.links]
            for other in range(s.n):
                assert len(det.hands[other]) == len(s.hands[other])
                assert len(det.discards[other]) == len(s.discards[other])
            assert len(det.deck) == len(s.deck)
            assert Counter(_hidden(det, seat)) == Counter(_hidden(s, seat)), "hidden cards stay hidden"
            public = {e.card for e in s.events if isinstance(e, TraitPlayed | PairPlayed | TailLost)}
            for other in range(s.n):
                for old, card in zip(s.discards[other], det.discards[other], strict=True):
                    assert card == old or old not in public, "a card played face up stays where it went"


def test_each_seat_s_records_follow_its_resampled_cards() -> None:
    """Another seat's own log (its deal and draws) and its cards played agree with its new hand and animals."""
    for seed, m in bot_games(range(2, 50, 9), every=37):
        s = state(m)
        for seat in range(s.n):
            det = determinize(s, seat, Rng(seed * 3 + seat))
            for other in range(det.n):
                got = {c for e in det.events if isinstance(e, Dealt | Drew) and e.visible_to == other for c in e.cards}
                assert set(det.hands[other]) <= got
                faces = {det.animals[a].card for a in det.tables[other]}
                assert faces <= got and faces <= set(det.plays[other])
                assert set(det.plays[other]) <= got | {c for p in det.plays for c in p}


def test_scripted_dice_and_deck_stay_secret_and_are_not_replayed() -> None:
    m = Match("evolution", 3, seed=4, options={"dice": ["6", "1", "2", "5", "5"], "first_player": 0})
    s = state(m)
    det = determinize(s, 1, Rng(9))
    assert det.scripted == [] and s.scripted
    assert seen(det, 1) == seen(s, 1)
