"""Phylo's actions are TypedDicts (issue 16): one per action type, in ``action_types.py``.

``legal`` still returns plain dicts (the corpus hashes them); here, over seeded bot games, every
legal action has exactly the keys of its type's TypedDict (its required ones, and only optional
ones it declares), in the declared order, each holding a value of the declared type, and every
declared type turns up.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, get_args, get_origin, get_type_hints

from evogames.games.phylo.action_types import PhyloAction
from evogames.games.phylo.actions import legal, to_act
from tests.games.phylo.helpers import bot_matches

TYPES = get_args(PhyloAction)


def _kind(cls: type) -> str:
    literal = get_type_hints(cls)["type"]
    assert get_origin(literal) is Literal
    (value,) = get_args(literal)
    return str(value)


BY_KIND = {_kind(cls): cls for cls in TYPES}


def _fits(value: Any, hint: Any) -> bool:
    if get_origin(hint) is NotRequired:
        (hint,) = get_args(hint)
    if get_origin(hint) is Literal:
        return value in get_args(hint) and type(value) is str
    if get_origin(hint) is list:
        (item,) = get_args(hint)
        assert item is int  # spaces are [x, y]
        return type(value) is list and len(value) == 2 and all(type(v) is int for v in value)
    return type(value) is hint


def test_one_typed_dict_per_action_type() -> None:
    assert len(BY_KIND) == len(TYPES) == 8
    assert set(BY_KIND) == {"play", "move", "spread", "event", "discard", "pass", "challenge", "remove"}
    for kind, cls in BY_KIND.items():
        assert "type" in cls.__required_keys__, kind
    assert BY_KIND["event"].__optional_keys__ == {"at", "also", "then", "take"}
    assert all(not BY_KIND[k].__optional_keys__ for k in BY_KIND if k != "event")


def test_every_legal_action_is_its_typed_dict() -> None:
    seen: set[str] = set()
    shapes: set[tuple[str, ...]] = set()
    for _, m in bot_matches(range(40), every=1):
        s = m.state
        for seat in to_act(s):
            for action in legal(s, seat):
                assert type(action) is dict
                cls = BY_KIND[action["type"]]
                hints = get_type_hints(cls, include_extras=True)
                keys = set(action)
                assert cls.__required_keys__ <= keys <= cls.__required_keys__ | cls.__optional_keys__, action
                assert list(action) == [k for k in hints if k in action], action  # the declared order
                for key, value in action.items():
                    assert _fits(value, hints[key]), (key, action)
                seen.add(action["type"])
                shapes.add(tuple(action))
    assert seen == set(BY_KIND), set(BY_KIND) - seen
    # the event's optional fields, each in play: Increase Biodiversity, Tsunami, Climate Change's spread
    assert {("type", "card", "take"), ("type", "card", "at", "also"), ("type", "card", "at", "then")} <= shapes
