"""Typed actions: every legal action is exactly one of actions.py's TypedDicts (issue 16); the dicts are plain."""

from __future__ import annotations

import typing
from typing import Any, Literal, get_args, get_origin

from evogames.games.evolution import actions
from evogames.games.evolution.action_types import EvolutionAction
from evogames.games.evolution.actions import legal
from evogames.games.evolution.state import EvolutionState
from tests.games.evolution.helpers import bot_games, state

BY_TYPE: dict[str, Any] = {get_args(typing.get_type_hints(cls)["type"])[0]: cls for cls in get_args(EvolutionAction)}


def _fits(value: Any, hint: Any) -> bool:
    if get_origin(hint) is Literal:
        return value in get_args(hint)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def test_one_typeddict_per_action_type_each_with_its_literal_type() -> None:
    assert set(BY_TYPE) == set(actions.SAY), "every action type the game names has a TypedDict"
    assert len(BY_TYPE) == len(get_args(EvolutionAction)) == 15
    assert BY_TYPE["trait"].__optional_keys__ == {"other"}, "a pair trait adds 'other'"


def test_every_legal_action_of_seeded_bot_games_has_exactly_its_typeddict_s_keys_and_types() -> None:
    seen: set[str] = set()
    for _, m in bot_games(range(0, 120, 3), every=1):
        s: EvolutionState = state(m)
        for seat in range(s.n):
            for a in legal(s, seat):
                assert type(a) is dict, a
                cls = BY_TYPE[a["type"]]
                keys = set(a)
                assert cls.__required_keys__ <= keys <= cls.__required_keys__ | cls.__optional_keys__, a
                hints = typing.get_type_hints(cls)
                for key, value in a.items():
                    assert _fits(value, hints[key]), f"{a['type']}.{key} = {value!r}"
                assert next(iter(a)) == "type", "the type comes first, as it always did"
                seen.add(a["type"])
    assert seen == set(BY_TYPE), f"never offered: {set(BY_TYPE) - seen}"
