"""``belief.infer``: a search's deal weighted by what the rivals revealed (the module's docstring)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from evogames import Match
from evogames.bots.base import make_bot
from evogames.core.rng import Rng
from evogames.games.mating import SPEC
from evogames.games.mating.belief import STRAY, card_weights, infer, reveals
from evogames.games.mating.flow import ORDER


def positions(count: int, step: str = "play", seat: int = 0,
              options: dict[str, Any] | None = None) -> list[tuple[Match, int]]:
    """Heuristic games stopped at ``step`` from round 2 on, where ``seat`` is the next to choose (seats choose in
    seat order: seat 0 before any rival has chosen, seat 3 after every rival has, face down)."""
    bot, rng, found = make_bot("heuristic", "mating"), Rng(5), []
    for seed in range(80):
        m = Match("mating", 4, seed, dict(options or {}))
        while not m.over and len(found) < count:
            acting = m.to_act
            if acting[0] == seat and ORDER[m.state.step] == step and m.state.round >= 2:
                found.append((m.clone(), seat))
                break
            m.act(acting[0], bot.choose(m.view(acting[0]), rng))
    return found


def held_by_the_log(world: Any, j: int) -> Counter[str]:
    """Seat ``j``'s hand as its own log and the public plays tell it: dealt and drawn, less played and discarded."""
    held: Counter[str] = Counter()
    for e in world.events:
        if e.kind in ("deal", "draw") and e.visible_to == j:
            held.update(e.cards)
        elif e.kind in ("reveal", "sneaky") and e.seat == j:
            held[e.card] -= 1
        elif e.kind == "discard" and e.seat == j:
            held.subtract(e.cards)
    return +held


def cards_everywhere(state: object) -> Counter[str]:
    s = state  # a MatingState
    return Counter([*s.deck, *(c for hand in s.hands for c in hand)])  # type: ignore[attr-defined]


def test_infer_keeps_the_seats_view_the_choices_and_every_card_in_one_place() -> None:
    for m, seat in positions(8):
        for k in range(5):
            world = SPEC.determinize(m.state, seat, Rng(k))
            before = cards_everywhere(world)
            infer(world, seat, Rng(100 + k))
            assert SPEC.full_view(world, seat) == m.view(seat), "the seat cannot tell the world from the real one"
            assert cards_everywhere(world) == before, "every card still in exactly one place"
            assert [len(h) for h in world.hands] == [len(h) for h in m.state.hands]
            assert SPEC.to_act(world) == m.to_act


def test_a_rival_who_revealed_a_strategy_seldom_holds_one_it_would_have_played_instead() -> None:
    """Over many worlds, the cards a rival kept since its reveal are ones the heuristic values below what
    it revealed far more often in the inferred deal than in the uniform one."""
    strays = {"uniform": 0, "inferred": 0}
    slots = 0
    for m, seat in positions(8):
        for k in range(40):
            for name in strays:
                world = SPEC.determinize(m.state, seat, Rng(1000 * k + 7))
                if name == "inferred":
                    infer(world, seat, Rng(k))
                for j in (1, 2, 3):
                    found = reveals(world, j, last=1)
                    assert found, "every rival revealed something by round 2"
                    r = found[0]
                    weights = card_weights(r.played, r.food, r.offspring, r.then_food, world.n, (
                        world.options["environment"], world.options["predation"], world.options["offspring_to_win"]))
                    strays[name] += sum(weights[c] == STRAY for c in world.hands[j][: r.kept])
                    slots += r.kept if name == "uniform" else 0
    assert strays["uniform"] > 0.05 * slots, "the positions must hold cards a rival would have preferred"
    assert strays["inferred"] < 0.5 * strays["uniform"], strays


def test_last_reveal_reads_the_food_and_offspring_the_rival_chose_with() -> None:
    """At round r's Play & Pay a rival's last reveal was in round r-1: it chose with the Food and Offspring
    it had after round r-2, discarded with those after round r-1, and has drawn since."""
    for m, _ in positions(6):
        s = m.state
        for j in (1, 2, 3):
            found = reveals(s, j)
            assert found
            r = found[0]
            start = s.history[s.round - 3] if s.round >= 3 else ((5,) * 4, (0,) * 4)
            assert (r.food, r.offspring) == (start[0][j], start[1][j])
            discarded = any(e.kind == "discard" and e.seat == j for e in s.events)
            assert r.then_food == (s.history[s.round - 2][0][j] if discarded else -1)
            revealed = max(i for i, e in enumerate(s.events) if e.kind in ("reveal", "lunch") and e.seat == j)
            drawn = sum(e.drawn for e in s.events[revealed:] if e.kind == "draws" and e.seat == j)
            assert 0 <= r.kept == len(s.hands[j]) - drawn <= len(s.hands[j])


def test_older_reveals_bind_the_oldest_cards_of_a_hand() -> None:
    """Newest first; each older reveal holds no more of the hand than a newer one (cards drawn go to the end)."""
    for m, _ in positions(6):
        for j in (1, 2, 3):
            kept = [r.kept for r in reveals(m.state, j)]
            assert kept == sorted(kept, reverse=True) and all(k > 0 for k in kept)
            assert len(kept) <= 3


def test_infer_keeps_the_rivals_face_down_choices_and_their_logs_true_to_their_new_hands() -> None:
    """Where every rival has chosen face down (Play & Pay, Discard & Draw): each choice is one its new hand allows,
    and its own log (dealt, drawn, less played and discarded) still adds up to the hand it now holds."""
    for step in ("play", "discard"):
        found = positions(6, step, seat=3)
        assert len(found) == 6, step
        for m, seat in found:
            for k in range(4):
                world = SPEC.determinize(m.state, seat, Rng(k))
                infer(world, seat, Rng(50 + k))
                assert SPEC.full_view(world, seat) == m.view(seat)
                for j in (0, 1, 2):
                    hand = Counter(world.hands[j])
                    if step == "play":
                        assert world.choice[j] is not None, "every rival has chosen"
                        assert world.choice[j] == "" or world.choice[j] in hand, (step, j)
                    elif not world.pending[j]:
                        assert not Counter(world.discarding[j]) - hand, (step, j)
                    assert held_by_the_log(world, j) == hand, (step, j)


def test_a_heuristic_rival_never_held_a_card_infer_weighs_down() -> None:
    """In real games of heuristic bots (no determinization), no card a rival really held at a reveal is one it
    would have played instead or discarded: ``card_weights`` judges as the heuristic bot does, in each variant."""
    held = 0
    for options in ({}, {"environment": "variable"}, {"predation": False}, {"female_scarcity": False}):
        for m, _ in positions(10, options=options):
            s = m.state
            for j in range(1, 4):
                for r in reveals(s, j):
                    weights = card_weights(r.played, r.food, r.offspring, r.then_food, s.n, (
                        s.options["environment"], s.options["predation"], s.options["offspring_to_win"]))
                    assert all(weights[c] == 1.0 for c in s.hands[j][: r.kept]), (options, j, r)
                    held += r.kept
    assert held > 300, "the games must hold cards to judge"
