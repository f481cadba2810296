"""Adapt or Die's legal actions as sentences a player reads: habitats, NICHEs, adaptations."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.types import Action


def habitat_name(view: dict[str, Any], hid: str) -> str:
    h = view["catalog"]["habitats"][hid]
    return f"Habitat {h['number']} {h['name']}"


def adaptation_name(view: dict[str, Any], aid: str) -> str:
    cat = view["catalog"]
    a = cat["adaptations"][aid]
    return f"{a['kind']} {cat['feature_names'][a['feature']]} ({a['name']})"


def card_name(view: dict[str, Any], cid: str) -> str:
    return habitat_name(view, cid) if cid.startswith("H") else adaptation_name(view, cid)


def _move(view: dict[str, Any], action: Action) -> str:
    place = next((n[3] for n in view["board"]["nodes"] if n[0] == action["to"]), None)
    if not place:
        return f"move your bug to {action['to']} ({_where(view, action['to'])})"
    mats = {m["place"]: m["habitat"] for m in view["mats"]}
    where = habitat_name(view, mats[place]) if place in mats else "a new HABITAT MAT"
    return f"move to {action['to']} and exit: {where}"


def _where(view: dict[str, Any], node: str) -> str:
    """Where a space lies: the nearest exit space and its distance (in steps on the board's drawing)."""
    xy = {n[0]: (n[1], n[2]) for n in view["board"]["nodes"]}
    exits = [n[0] for n in view["board"]["nodes"] if n[3]]
    x, y = xy[node]
    near = min(exits, key=lambda e: (xy[e][0] - x) ** 2 + (xy[e][1] - y) ** 2)
    return f"near exit {near}" if node != view["board"]["start"] else "the centre"


def _exchange(view: dict[str, Any], action: Action) -> str:
    back = f" and {adaptation_name(view, action['adaptation'])}" if action.get("adaptation") else ""
    pending = view.get("pending") or {}
    keep = "keep this one" if not pending.get("held") else "keep the one you hold"
    return f"return the NICHE of {habitat_name(view, action['niche'])}{back}; {keep}"


def _give(view: dict[str, Any], action: Action) -> str:
    back = f" (return {adaptation_name(view, action['adaptation'])})" if action.get("adaptation") else ""
    return f"force this NICHE card on Player {action['to'] + 1}{back}"


def _offer(view: dict[str, Any], action: Action) -> str:
    return (f"offer Player {action['to'] + 1}: your {card_name(view, action['give'])} "
            f"for their {card_name(view, action['take'])}")


SAY: dict[str, Callable[[dict[str, Any], Action], str]] = {
    "choose": lambda v, a: f"choose the {v['catalog']['creatures'][a['creature']]['name']} "
    f"({' '.join(map(str, v['catalog']['creatures'][a['creature']]['features']))})",
    "move": _move,
    "keep": lambda v, a: "keep the NICHE card",
    "exchange": _exchange,
    "give": _give,
    "adapt": lambda v, a: f"select {adaptation_name(v, a['card'])}",
    "offer": _offer,
    "accept": lambda v, a: "accept the trade",
    "decline": lambda v, a: "decline the trade",
    "end_turn": lambda v, a: "end your turn",
}


def describe(view: dict[str, Any], action: Action) -> str:
    """The action in words, from what the seat's ``view`` shows."""
    say = SAY.get(action["type"])
    return say(view, action) if say else str(action["type"]).replace("_", " ")
