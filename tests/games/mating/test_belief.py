"""``belief.infer``: a search's deal weighted by what the rivals revealed (the module's docstring)."""

from __future__ import annotations

from collections import Counter

from evogames import Match
from evogames.bots.base import make_bot
from evogames.core.rng import Rng
from evogames.games.mating import SPEC
from evogames.games.mating.belief import STRAY, card_weights, infer, reveals
from evogames.games.mating.flow import ORDER


def positions(count: int) -> list[tuple[Match, int]]:
    """Heuristic games stopped where seat 0 must choose its Strategy, from round 2 on."""
    bot, rng, found = make_bot("heuristic", "mating"), Rng(5), []
    for seed in range(60):
        m = Match("mating", 4, seed)
        while not m.over and len(found) < count:
            seat = m.to_act[0]
            if seat == 0 and ORDER[m.state.step] == "play" and m.state.round >= 2:
                found.append((m.clone(), 0))
                break
            m.act(seat, bot.choose(m.view(seat), rng))
    return found


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
