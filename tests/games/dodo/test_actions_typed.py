"""Every legal action is exactly one of the TypedDicts actions.py declares: its keys, in order, and value types."""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin, get_type_hints

import pytest

from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.dodo import actions
from evogames.games.dodo.action_types import DodoAction

SHAPES: list[type[Any]] = list(get_args(DodoAction))


def _fits(value: object, hint: object) -> bool:
    origin = get_origin(hint)
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    assert isinstance(hint, type)
    return isinstance(value, hint) and not (hint is int and isinstance(value, bool))


def _shape(action: dict[str, Any]) -> type[Any]:
    """The one TypedDict whose keys (in declaration order) and value types the action has."""
    fits = []
    for shape in SHAPES:
        hints = get_type_hints(shape)
        if list(action) == list(hints) and all(_fits(action[k], hints[k]) for k in hints):
            fits.append(shape)
    assert len(fits) == 1, f"{action} fits {fits}"
    return fits[0]


def test_the_union_has_every_shape_once() -> None:
    assert len(SHAPES) == len(set(SHAPES)) == 12
    kinds = {get_args(get_type_hints(shape)["type"])[0] for shape in SHAPES}
    assert kinds == set(actions.SAY)  # every type apply knows how to name
    for shape in SHAPES:
        assert shape.__optional_keys__ == frozenset()
        assert shape.__required_keys__ == frozenset(get_type_hints(shape))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_is_exactly_one_typed_shape(players: int) -> None:
    seen: set[type[Any]] = set()
    for seed in range(12):
        m = Match("dodo", players, seed=seed)
        bots = [make_bot(("random", "heuristic")[(seed + seat) % 2], "dodo") for seat in range(players)]
        rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
        steps = 0
        while not m.over and steps < 3000:
            seat = m.to_act[0]
            legal = m.legal(seat)
            for action in legal:
                shape = _shape(action)
                assert set(action) == shape.__required_keys__ | shape.__optional_keys__
                seen.add(shape)
            m.act(seat, bots[seat].choose(m.view(seat), rngs[seat]))
            steps += 1
    if players == 3:  # seeded games reach every shape, the rarer token targets included
        assert seen == set(SHAPES), sorted(s.__name__ for s in set(SHAPES) - seen)
