"""Adapt or Die's actions have one TypedDict per type (``actions.py``): every action ``legal``
offers in seeded bot games has exactly its TypedDict's keys, with values of the declared types,
and ``apply`` still checks the untrusted dict against the same fields as before."""

from __future__ import annotations

import typing
from collections import Counter
from functools import cache
from typing import Any, Literal, get_args, get_origin

import pytest

import evogames
from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.adapt.action_types import SHAPES, AdaptAction
from evogames.games.adapt.actions import SAY, STEP_TYPES
from tests.games.adapt.helpers import game, hold, visit

TYPES = {kind: shapes[0] for kind, shapes in SHAPES.items()}  # one shape per action type
#: the fields ``Match.act`` accepts for each type (read off the TypedDicts)
KEYS = {kind: set(fields[0]) for kind, fields in evogames.game("adapt").fields.items()}

# (players, options, bots): together they offer every action type and every optional field
TABLES: list[tuple[int, dict[str, Any], str]] = [
    (4, {}, "random,random,random,random"),
    (3, {"creatures": "choose"}, "heuristic,random,heuristic"),
    (5, {"shared_habitats": True, "board": "double"}, "random,heuristic,random,random,heuristic"),
    (2, {"habitats_per_player": 3, "scoring": "extinction"}, "heuristic,heuristic"),
    (6, {"habitats_per_player": 5}, "random,random,heuristic,random,random,random"),
]
SEEDS = range(4)


def _fields(typed: type[Any]) -> dict[str, Any]:
    """Each field's declared type."""
    return typing.get_type_hints(typed)


def _fits(value: Any, hint: Any) -> bool:
    if get_origin(hint) is Literal:
        return value in get_args(hint) and type(value) is str
    return type(value) is hint  # str or int (never a bool for an int)


def _check(action: dict[str, Any]) -> str:
    kind = action["type"]
    typed = TYPES[kind]
    keys = set(action)
    assert typed.__required_keys__ <= keys <= typed.__required_keys__ | typed.__optional_keys__, action
    fields = _fields(typed)
    assert all(_fits(value, fields[key]) for key, value in action.items()), (action, fields)
    return kind + "".join(sorted(f"+{key}" for key in keys & typed.__optional_keys__))


@cache
def _played(table: int, seed: int) -> Counter[str]:
    """The shapes (type and optional fields) of the legal actions offered in one seeded bot game."""
    players, options, bots = TABLES[table]
    return _play(players, options, bots, seed)


def _play(players: int, options: dict[str, Any], bots: str, seed: int) -> Counter[str]:
    m = Match("adapt", players, seed=seed, options={"max_rounds": 20, **options})
    seen: Counter[str] = Counter()
    rng = Rng(seed)
    names = bots.split(",")
    chooser = [make_bot(name, "adapt") for name in names]
    while not m.over:
        for seat in range(players):
            offered = m.legal(seat)
            assert (seat in m.to_act) == bool(offered)
            for action in offered:
                seen[_check(action)] += 1
        seat = m.to_act[0]
        m.act(seat, chooser[seat].choose(m.view(seat), rng))
    return seen


@pytest.mark.parametrize("table", range(len(TABLES)))
def test_every_legal_action_has_exactly_its_typeddicts_fields(table: int) -> None:
    for seed in SEEDS:
        assert _played(table, seed)


def test_the_games_offer_every_action_type_and_every_optional_field() -> None:
    shapes = {shape for table in range(len(TABLES)) for seed in SEEDS for shape in _played(table, seed)}
    assert {shape.split("+")[0] for shape in shapes} == set(TYPES)
    assert {"exchange+adaptation", "give", "give+adaptation"} <= shapes


def test_an_exchange_without_an_adaptation_card_has_no_adaptation_field() -> None:
    # rare in play (only when the ADAPTATION pile ran out): a NICHE card held, no ADAPTATION card
    m = game(3, habitats=["H05"])
    hold(m, 0, ["H02"], [])
    visit(m, "H05")
    offered = m.legal(0)
    assert {_check(action) for action in offered} == {"keep", "exchange", "give"}
    assert {"type": "exchange", "niche": "H02"} in offered


def test_the_typeddicts_are_the_action_types_of_the_docstring_and_the_steps() -> None:
    assert set(TYPES) == set(SAY) == {kind for kinds in STEP_TYPES.values() for kind in kinds}
    assert set(get_args(AdaptAction)) == set(TYPES.values())
    for kind, typed in TYPES.items():
        assert get_args(_fields(typed)["type"]) == (kind,)


#: the fields ``apply`` accepted before the TypedDicts (``KEYS`` is now read off them)
KEYS_BEFORE = {
    "choose": {"type", "creature"}, "move": {"type", "to"}, "keep": {"type"},
    "exchange": {"type", "niche", "adaptation"}, "give": {"type", "to", "adaptation"},
    "adapt": {"type", "card"}, "offer": {"type", "to", "give", "take"}, "accept": {"type"},
    "decline": {"type"}, "end_turn": {"type"},
}


def test_apply_checks_the_same_fields_as_before_the_typeddicts() -> None:
    assert KEYS == KEYS_BEFORE
