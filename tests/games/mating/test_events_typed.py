"""Typed events: one NamedTuple per kind, still a tuple ``(kind, visible_to, ...)``, rendered as before."""

from __future__ import annotations

import json
import pickle
import typing
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.events import PUBLIC
from evogames.core.rng import Rng
from evogames.games.mating import events
from evogames.games.mating.components import components
from evogames.games.mating.events import TEXT, Deal, Draw, Reveal, SneakyPlay, render
from evogames.games.mating.state import MatingState

KINDS = get_args(events.Event)
PRIVATE = (Deal, Draw)


def kind_of(cls: type) -> str:
    hint = get_type_hints(cls, vars(events))["kind"]
    assert get_origin(hint) is Literal, f"{cls.__name__}.kind is not a Literal"
    (kind,) = get_args(hint)
    return str(kind)


def test_every_kind_is_a_named_tuple_with_kind_and_visible_to_first() -> None:
    assert len(KINDS) == len(TEXT) == len({kind_of(cls) for cls in KINDS})
    for cls in KINDS:
        assert issubclass(cls, tuple) and cls._fields[:2] == ("kind", "visible_to"), cls.__name__
        assert kind_of(cls) in TEXT


def test_an_event_is_still_the_tuple_it_was() -> None:
    event = Reveal("reveal", PUBLIC, 2, "C01")
    assert event == ("reveal", -1, 2, "C01") and event[0] == event.kind == "reveal" and event[1] == event.visible_to
    assert pickle.loads(pickle.dumps(event)) == event and type(pickle.loads(pickle.dumps(event))) is Reveal
    assert json.loads(json.dumps(event)) == ["reveal", -1, 2, "C01"]


def _games() -> typing.Iterator[Match]:
    variants: list[dict[str, Any]] = [{}, {"sudden_death": True}, {"long_life": True}, {"environment": "variable"},
                                      {"predation": False, "female_scarcity": False}]
    for seed in range(20):
        players = 2 + seed % 5
        match = Match("mating", players, seed, variants[seed % len(variants)])
        bots = [make_bot(("random", "heuristic")[(seed + seat) % 2], "mating") for seat in range(players)]
        rng = Rng(seed)
        while not match.over:
            seat = match.to_act[rng.below(len(match.to_act))]
            match.act(seat, bots[seat].choose(match.view(seat), rng))
        yield match


@pytest.fixture(scope="module")
def played() -> list[Match]:
    return list(_games())


def test_every_logged_event_is_typed_and_says_who_sees_it(played: list[Match]) -> None:
    seen: set[str] = set()
    for match in played:
        for event in match.state.events:
            assert type(event) in KINDS, f"an untyped event {event!r}"
            assert len(event) == len(type(event)._fields), f"{event!r} lacks fields"  # log fills in no defaults
            assert event.kind == kind_of(type(event))
            if isinstance(event, PRIVATE):
                assert 0 <= event.visible_to < match.players
            else:
                assert event.visible_to == PUBLIC
            seen.add(event.kind)
    assert len(seen) >= len(TEXT) - 2  # rare kinds (no prey left, a reshuffle) may not come up


def test_render_shows_an_event_to_the_seats_that_may_see_it(played: list[Match]) -> None:
    for match in played[:5]:
        for event in match.state.events:
            for seat in [*range(match.players), None]:
                shown = render(event, seat)
                if event.visible_to == PUBLIC or event.visible_to == seat:
                    assert shown is not None and shown["kind"] == event.kind and shown["text"]
                else:
                    assert shown is None


def test_sentences_by_field_name() -> None:
    """A few events built by hand: the sentences read the named fields."""
    c = components()
    card = next(iter(c.strategies.values()))
    assert render(Reveal("reveal", PUBLIC, 1, card.id), None) == {
        "kind": "reveal", "text": f"Player 2 reveals the {card.animal}'s {card.name} ({card.type}, Fitness "
        f"{card.fitness}, Predator {card.predator}) and pays {card.food} Food."}
    assert render(events.Commit("commit", PUBLIC, 0, "discard"), 1) == {
        "kind": "commit", "text": "Player 1 has chosen what to discard."}
    assert render(events.Commit("commit", PUBLIC, 0, "strategy"), 1) == {
        "kind": "commit", "text": "Player 1 places a card face down."}
    assert render(events.Draws("draws", PUBLIC, 2, 1), None) == {"kind": "draws", "text": "Player 3 draws 1 card."}
    assert render(Draw("draw", 2, ()), 2) == {"kind": "draw", "text": "You draw nothing."}
    assert render(Draw("draw", 2, ()), 1) is None
    assert render(events.GameOver("game_over", PUBLIC, "offspring", 0, "food", 10, 4), None) == {
        "kind": "game_over",
        "text": "Game over (reached the Offspring goal). Player 1 wins with 10 Offspring, tie broken by Food left (4)!"}


def test_a_sneaky_play_names_its_numbers() -> None:
    """What a sneaky card did reads named fields: the player's, then the named opponent's numbers."""
    c = components()

    def said(effect: str, *numbers: int, target: int = -1) -> str:
        card = next(s for s in c.sneakies.values() if s.effect == effect)
        text = render(events.SneakyPlay("sneaky", PUBLIC, 0, card.id, target, *numbers), None)
        assert text is not None and text["kind"] == "sneaky"
        return str(text["text"]).split(": ", 1)[1]

    assert said("extra_offspring", 2, 7) == "Player 1 gains 1 extra Offspring (now 7)."
    assert said("steal_female", 3, 7, 1, 4, 2, target=1) == (
        "Player 1 takes one of Player 2's Females (Player 1 now has 3, Player 2 1).")
    assert said("steal_offspring", 3, 7, 1, 4, 2, target=1) == (
        "Player 1 takes one of Player 2's Offspring (Player 1 now has 7, Player 2 4).")
    assert said("lower_fitness", 3, 7, 1, 4, 2, target=1) == "Player 2's Strategy has Fitness 2 this round."
    played = events.SneakyPlay("sneaky", PUBLIC, 0, "S01", -1, 2, 7)
    assert (played.their_females, played.their_offspring, played.their_fitness) == (-1, -1, -1)


def test_log_builds_the_same_event_as_the_class() -> None:
    """``s.log(Cls, ...)`` (core's LoggedState) makes the event the class makes, of the class's type."""
    s = MatingState(2, {}, Rng(0))
    s.log(Reveal, "reveal", PUBLIC, 1, "C01")
    s.log(SneakyPlay, "sneaky", PUBLIC, 0, "S01", -1, 2, 7, -1, -1, -1)
    s.log(Draw, "draw", 1, ("C02", "C03"))
    assert [type(e) for e in s.events] == [Reveal, SneakyPlay, Draw]
    assert s.events == [Reveal("reveal", PUBLIC, 1, "C01"), SneakyPlay("sneaky", PUBLIC, 0, "S01", -1, 2, 7),
                        Draw("draw", 1, ("C02", "C03"))]
    sneaky = s.events[1]
    assert isinstance(sneaky, SneakyPlay) and (sneaky.target, sneaky.their_fitness) == (-1, -1)
