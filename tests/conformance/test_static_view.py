"""``GameSpec.static_view`` and ``derived_view``: what a search leaves out of its keys merges no two views.

A search bot keys its tree by the view less these parts (``bots/ismcts.py``'s ``view_key``), so a static part
that changed within a game, or a derived part that two views alike in everything else disagreed on, would merge
two views its seat can tell apart. Along seeded random games, every seat's and a spectator's view has the very
same static parts, and views alike in the rest are alike in their derived parts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from evogames import Match
from evogames.bots.ismcts import view_key
from evogames.core.registry import game as lookup
from evogames.core.registry import names
from evogames.core.rng import Rng
from evogames.core.types import View
from tests.conformance.test_contract import seats


def random_views(name: str, seeds: int = 3, steps: int = 300, options: dict[str, Any] | None = None
                 ) -> Iterator[tuple[int, int, int | None, View]]:
    """(seed, step, seat, view) for every seat and a spectator along seeded games of random legal moves."""
    for seed in range(seeds):
        match = Match(name, seats(name, 2 + seed), seed=seed, options=options)
        rng = Rng(seed)
        step = 0
        while not match.over and step < steps:
            for seat in [None, *range(match.players)]:
                yield seed, step, seat, match.view(seat)
            seat = rng.choice(match.to_act)
            match.act(seat, rng.choice(match.legal(seat)))
            step += 1


@pytest.mark.parametrize("name", names())
def test_a_views_static_parts_never_change_within_a_game(name: str) -> None:
    static = lookup(name).static_view
    if not static:
        pytest.skip(f"{name} declares no static view parts")
    first: dict[int, dict[str, Any]] = {}
    for seed, step, seat, view in random_views(name):
        parts = {key: view[key] for key in static}
        assert first.setdefault(seed, parts) == parts, (name, seed, step, seat)


#: the options each game's derived parts are checked under (where a variant changes what a view holds)
VARIANTS: dict[str, list[dict[str, Any]]] = {"adapt": [{}, {"creatures": "choose"}, {"shared_habitats": True}]}


@pytest.mark.parametrize("name", names())
def test_a_views_derived_parts_follow_from_the_rest(name: str) -> None:
    """Each derived part is worked out (``DERIVED``) from the view without it, so a part declared derived that
    is not fails here (the working out cannot read it); and views alike in the rest are alike in it."""
    spec = lookup(name)
    if not spec.derived_view:
        pytest.skip(f"{name} declares no derived view parts")
    rest = (*spec.static_view, *spec.derived_view)
    seen: dict[str, str] = {}  # the key of the rest -> the derived parts, as repr
    for options in VARIANTS.get(name, [{}]):
        for seed, step, seat, view in random_views(name, options=options):
            derived = {key: view[key] for key in spec.derived_view}
            without = {k: v for k, v in view.items() if k not in spec.derived_view}
            assert DERIVED[name](without) == derived, (name, options, seed, step, seat)
            assert seen.setdefault(view_key(view, rest), repr(derived)) == repr(derived), (name, seed, step, seat)


def _phylo_cards(view: View) -> dict[str, Any]:
    """Phylo's ``cards``: the card of every card id on the table, in a discard pile or in the hand."""
    from evogames.games.phylo.components import components

    named = [c["card"] for space in view["board"] for c in space["cards"]]
    named += [c["card"] for p in view["players"] for c in p["discard"]]
    named += [c["card"] for c in view["hand"] or []]
    dicts = components().card_dicts()
    return {"cards": {cid: dicts[cid] for cid in sorted(set(named))}}


def _adapt_facts(view: View) -> dict[str, Any]:
    """Adapt or Die's ``facts``: the fact of each placed habitat, each creature in play or to choose, each
    adaptation held."""
    from evogames.games.adapt.components import components

    c = components()
    out = {m["habitat"]: c.habitats[m["habitat"]].fact for m in view["mats"]}
    out.update({p["creature"]: c.creatures[p["creature"]].fact for p in view["players"] if p["creature"]})
    out.update({a: c.adaptations[a].fact for p in view["players"] for a in p["adaptations"]})
    out.update({cr: c.creatures[cr].fact for cr in view["creatures_to_choose"]})
    return {"facts": out}


#: each game's derived parts worked out from the rest of its view (what makes them derived)
DERIVED: dict[str, Callable[[View], dict[str, Any]]] = {"phylo": _phylo_cards, "adapt": _adapt_facts}


def test_a_search_keys_views_without_the_static_and_derived_parts() -> None:
    from evogames.bots.ismcts import ISMCTSBot

    bot = ISMCTSBot("phylo", iterations=1)
    view = {"board": [], "cards": {"S001": {"name": "Oak"}}, "hand": []}
    assert bot.key(view) == bot.key({**view, "cards": {}}) == view_key({"board": [], "hand": []})


def test_a_view_key_leaves_out_only_the_parts_it_is_told() -> None:
    view = {"hand": [1, 2], "catalog": {"a": 1}, "round": 3}
    assert view_key(view, ("catalog",)) == view_key({"hand": [1, 2], "round": 3})
    assert view_key({**view, "catalog": {"b": 2}}, ("catalog",)) == view_key(view, ("catalog",))
    assert view_key({**view, "round": 4}, ("catalog",)) != view_key(view, ("catalog",))


def test_a_view_key_tells_views_apart_exactly_when_they_differ() -> None:
    """Equal views, whatever objects they share, have one key (the pickler keeps no memo); views that differ in a
    value, its type, an order or a nesting have different keys (as their ``repr`` did)."""
    shared = ["E12", "green"]
    one = {"a": shared, "b": shared, "n": "".join(["E", "12"])}
    other = {"a": ["E12", "green"], "b": list(shared), "n": "E12"}
    assert one == other and view_key(one) == view_key(other)
    different = [{"x": 1}, {"x": True}, {"x": 1.0}, {"x": "1"}, {"x": [1]}, {"x": (1,)}, {"x": None},
                 {"x": 0.0}, {"x": -0.0}, {"y": 1}, {"x": 1, "y": 2}, {"y": 2, "x": 1}, {"x": [1, 2]}, {"x": [2, 1]},
                 {"x": [[1], 2]}, {"x": [1, [2]]}, {"x": ""}, {"x": 2**70}]
    keys = [view_key(view) for view in different]
    assert len(set(keys)) == len(different) == len({repr(view) for view in different})


def test_a_view_key_merges_what_repr_merged_along_real_games() -> None:
    """Along seeded random games of every game, two views have one key exactly when they have one ``repr``."""
    for name in names():
        by_key: dict[bytes, str] = {}
        by_repr: dict[str, bytes] = {}
        for _seed, _step, _seat, view in random_views(name, seeds=1, steps=120):
            key, text = view_key(view), repr(view)
            assert by_key.setdefault(key, text) == text, name
            assert by_repr.setdefault(text, key) == key, name
