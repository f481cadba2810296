"""Determinization: the seat's view stays identical, the unseen cards are resampled, the original never changes."""

from __future__ import annotations

import json
from collections import Counter

from evogames import Match
from evogames.core.registry import game
from evogames.core.rng import Rng
from evogames.games.phylo.determinize import determinize
from evogames.games.phylo.events import Deal, Draw
from evogames.games.phylo.state import SEATS, PhyloState
from tests.games.phylo.helpers import bot_states, match, play_out, seen, spend

SPEC = game("phylo")
SEEDS = range(24)  # 2 to 4 players, every variant, random, heuristic and mixed tables


def snapshot(s: PhyloState) -> str:
    """Everything about ``s``, hidden parts included."""
    return json.dumps([[seen(s, seat) for seat in [None, *range(s.n)]], s.events, s.decks, s.hands, s.discards,
                       sorted(s.card_of.items()), s.rng.state], default=str)


def cards(s: PhyloState) -> Counter[str]:
    """The cards of every physical card in play, wherever it is."""
    iids = [i for stack in s.board.values() for i in stack]
    iids += [i for places in (s.hands, s.decks, s.discards) for pile in places for i in pile]
    return Counter(s.card_of[i] for i in iids)


def hidden_hands(s: PhyloState, seat: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(sorted(s.card_of[i] for i in s.hands[o])) for o in range(s.n) if o != seat)


def draws_agree(s: PhyloState) -> bool:
    """Each seat's ``deal`` and ``draw`` events name the cards its physical cards 1, 2, 3... are."""
    drawn = [0] * s.n
    for e in s.events:
        if isinstance(e, Deal | Draw):
            seat = e.seat
            iids = [f"{SEATS[seat]}{k:02d}" for k in range(drawn[seat] + 1, drawn[seat] + len(e.cards) + 1)]
            drawn[seat] += len(e.cards)
            if tuple(s.card_of[i] for i in iids) != e.cards:
                return False
    return True


def test_the_seat_sees_the_same_and_the_original_never_changes() -> None:
    checked = 0
    for seed, s in bot_states(SEEDS, every=6):
        before = snapshot(s)
        box = cards(s)
        assert draws_agree(s)
        for seat in range(s.n):
            det = determinize(s, seat, Rng(seed * 31 + seat + checked))
            assert det is not s and det.card_of is not s.card_of
            assert seen(det, seat) == seen(s, seat), f"seed {seed}: seat {seat}'s view or log changed"
            assert cards(det) == box, "the same cards, wherever they went"
            assert Counter(det.card_of.values()) == Counter(s.card_of.values())
            assert draws_agree(det), "the other seats' deal and draw events follow their new cards"
            assert all(type(a) is type(b) for a, b in zip(det.events, s.events, strict=True)), "typed events stay typed"
            assert det.hands == s.hands and det.decks == s.decks, "every physical card stays where it is"
            assert [len(h) for h in det.hands] == [len(h) for h in s.hands]
            if seat in SPEC.to_act(s):
                assert SPEC.legal(det, seat) == SPEC.legal(s, seat)
            checked += 1
        assert snapshot(s) == before, "the original is unchanged"
    assert checked > 150


def test_the_unseen_cards_really_vary() -> None:
    for seed, s in bot_states(range(0, 12, 5), every=9):
        if s.over:
            continue
        for seat in range(s.n):
            hands = {hidden_hands(determinize(s, seat, Rng(k)), seat) for k in range(20)}
            decks = {tuple(determinize(s, seat, Rng(k)).card_of[i] for i in s.decks[seat]) for k in range(20)}
            assert len(hands) >= 2, f"seed {seed}: the other hands never change"
            if len(s.decks[seat]) > 1:
                assert len(decks) >= 2, f"seed {seed}: the seat's own deck never changes"


def test_the_future_of_chance_is_new() -> None:
    s = Match("phylo", 2, 5).state
    rolls = {tuple(determinize(s, 0, Rng(k)).rng.dice(4)) for k in range(10)}
    assert len(rolls) > 1
    assert s.rng.state == Match("phylo", 2, 5).state.rng.state


def test_a_determinized_state_plays_to_the_end() -> None:
    for seed, s in bot_states(range(0, 12, 2), every=9):
        if s.over:
            continue
        for seat in range(s.n):
            det = determinize(s, seat, Rng(seed + seat))
            play_out(det, Rng(seed * 3 + seat))
            assert det.over and det.outcome is not None
            assert cards(det) == cards(s)


def test_a_card_taken_back_in_the_open_stays_known() -> None:
    """Player 2 discards a Sugar Maple (to draw 3), then takes it back with Increase Biodiversity: Player 1
    knows that card is in Player 2's hand, and it stays there in every determinization."""
    m = match([], ["Increase Biodiversity", "Sugar Maple", "Douglas Fir", "Big Bluestem", "Bread Wheat"])
    spend(m, 0, 3)
    m.act(1, {"type": "discard", "card": "B02"})
    m.act(1, {"type": "event", "card": "B01", "take": "B02"})
    s = m.state
    assert "B02" in s.hands[1] and "B02" not in s.discards[1]
    maple = s.card_of["B02"]
    others = set()
    for k in range(30):
        det = determinize(s, 0, Rng(k))
        assert det.card_of["B02"] == maple
        assert seen(det, 0) == seen(s, 0)
        others.add(tuple(det.card_of[i] for i in s.hands[1] if i != "B02"))
    assert len(others) >= 2
    mine = determinize(s, 1, Rng(3))
    assert [mine.card_of[i] for i in s.hands[1]] == [s.card_of[i] for i in s.hands[1]], "its own hand is seen"


def test_a_seat_whose_log_disagrees_with_its_cards_keeps_its_events() -> None:
    """A table put together by hand: seat 2's deal names other cards than its physical cards are, so none of
    seat 2's deal and draw events is rewritten; seat 1's, which agree, follow the resampled cards."""
    m, rng = Match("phylo", 3, seed=7), Rng(7)
    for _ in range(15):
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    s = m.state
    deal = next(i for i, e in enumerate(s.events) if isinstance(e, Deal) and e.seat == 2)
    e = s.events[deal]
    assert isinstance(e, Deal)
    s.events[deal] = e._replace(cards=tuple(reversed(e.cards)))
    d = determinize(s, 0, Rng(5))
    mine = [i for i, e in enumerate(s.events) if isinstance(e, Deal | Draw) and e.seat == 2]
    assert [d.events[i] for i in mine] == [s.events[i] for i in mine]
    theirs = [i for i, e in enumerate(s.events) if isinstance(e, Deal | Draw) and e.seat == 1]
    assert [d.events[i] for i in theirs] != [s.events[i] for i in theirs]
    assert all(type(d.events[i]) is type(s.events[i]) for i in theirs)
    d.events = [e for e in d.events if not (isinstance(e, Deal | Draw) and e.seat == 2)]
    assert draws_agree(d)
