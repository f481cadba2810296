"""Typed actions: one TypedDict per action type; ``legal`` offers exactly those keys with values of those types."""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.mating import actions
from evogames.games.mating.action_types import MatingAction, PlaySneaky
from evogames.games.mating.actions import SAY

TYPES = get_args(MatingAction)


def kind_of(cls: type) -> str:
    hint = get_type_hints(cls)["type"]
    assert get_origin(hint) is Literal, f"{cls.__name__}.type is not a Literal"
    (kind,) = get_args(hint)
    return str(kind)


BY_KIND = {kind_of(cls): cls for cls in TYPES}


def is_a(value: Any, hint: Any) -> bool:
    """Does ``value`` (a JSON-ish value) have the declared type? Only the forms the actions use."""
    origin = get_origin(hint)
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(is_a(v, item) for v in value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    raise AssertionError(f"no check for {hint!r}")


def test_one_typed_dict_per_action_type_and_every_type_has_one() -> None:
    assert len(BY_KIND) == len(TYPES) == 7
    assert set(BY_KIND) == set(SAY) == {kind for _, kind in actions._RULES}
    for cls in TYPES:
        assert typing.is_typeddict(cls) and "type" in cls.__required_keys__, cls.__name__
    assert PlaySneaky.__optional_keys__ == frozenset({"target"})
    assert all(not cls.__optional_keys__ for cls in TYPES if cls is not PlaySneaky)


def test_each_rule_checks_and_handles_its_own_type() -> None:
    """The check returns, and the handler takes, the TypedDict of the action type the rule is filed under."""
    for (_, kind), (check, handle) in actions._RULES.items():
        hints = get_type_hints(check, vars(actions)), get_type_hints(handle, vars(actions))
        assert hints[0]["return"] is BY_KIND[kind] and hints[1]["action"] is BY_KIND[kind], kind


def _legal_lists() -> Iterator[list[dict[str, Any]]]:
    """Every legal action list of every seat to act, over seeded games of random and heuristic bots."""
    variants: list[dict[str, Any]] = [{}, {"sudden_death": True}, {"long_life": True}, {"environment": "variable"},
                                      {"predation": False, "female_scarcity": False}]
    for seed in range(30):
        players = 2 + seed % 5
        match = Match("mating", players, seed, variants[seed % len(variants)])
        bots = [make_bot(("random", "heuristic")[(seed + seat) % 2], "mating") for seat in range(players)]
        rng = Rng(seed)
        while not match.over:
            for seat in match.to_act:
                yield match.legal(seat)
            seat = match.to_act[rng.below(len(match.to_act))]
            match.act(seat, bots[seat].choose(match.view(seat), rng))


@pytest.fixture(scope="module")
def legal_actions() -> list[dict[str, Any]]:
    return [action for legal in _legal_lists() for action in legal]


def test_every_legal_action_has_exactly_the_keys_and_types_of_its_typed_dict(
        legal_actions: list[dict[str, Any]]) -> None:
    seen: set[str] = set()
    targeted = untargeted = 0
    for action in legal_actions:
        assert type(action) is dict  # still the plain dict the platform sends
        cls = BY_KIND[action["type"]]
        keys = set(action)
        assert cls.__required_keys__ <= keys <= cls.__required_keys__ | cls.__optional_keys__, action
        assert next(iter(action)) == "type", action  # the key order the corpus hashes
        hints = get_type_hints(cls)
        for key, value in action.items():
            assert is_a(value, hints[key]), f"{action!r}: {key} is not a {hints[key]}"
        seen.add(action["type"])
        if cls is PlaySneaky:
            targeted += "target" in action
            untargeted += "target" not in action
    assert seen == set(BY_KIND), f"never offered: {set(BY_KIND) - seen}"
    assert targeted and untargeted, "sneaky actions with and without a target should both come up"
