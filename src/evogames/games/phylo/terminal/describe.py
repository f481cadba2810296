"""Phylo's legal actions as sentences a player reads: card names, where, what an event would do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.types import Action, View
from evogames.games.phylo.terminal.cards import one_line


def describe(view: View, action: Action) -> str:
    """The action in words, using the cards the seat can see in its ``view``."""
    say = SAY.get(action["type"])
    return say(view, action) if say else str(action["type"]).replace("_", " ")


def _card(view: View, iid: str) -> dict[str, Any] | None:
    for card in view.get("hand") or []:
        if card["id"] == iid:
            return dict(card)
    for space in view.get("board", []):
        for c in space["cards"]:
            if c["id"] == iid:
                return dict(view["cards"][c["card"]])
    return None


def _name(view: View, iid: str) -> str:
    card = _card(view, iid)
    return card["name"] if card else iid


def _at_name(view: View, pos: list[int]) -> str:
    for space in view.get("board", []):
        if space["at"] == pos:
            return str(view["cards"][space["cards"][0]["card"]]["name"])
    return "an empty space"


def _play(view: View, a: Action) -> str:
    card = _card(view, a["card"])
    what = one_line(card) if card else a["card"]
    taken = _at_name(view, a["at"])
    if taken != "an empty space":
        how = "under" if card and "PARASITE" in card.get("keywords", []) else "on top of"
        return f"Play {what} {how} the {taken} at {a['at']}"
    return f"Play {what} at {a['at']}"


def _event(view: View, a: Action) -> str:
    text = f"Play the event {_name(view, a['card'])}"
    if "at" in a:
        text += f" on the {_at_name(view, a['at'])} at {a['at']}"
    if "also" in a:
        text += f", flooding {a['also']} too"
    if "then" in a:
        text += f", spreading to the {_at_name(view, a['then'])} at {a['then']} on a win"
    if "take" in a:
        text += f", taking back {_name(view, a['take'])}"
    index = next((i for i, b in enumerate(view.get("legal", [])) if b == a), None)
    preview = view.get("previews", {}).get(str(index))
    if preview and "if_it_spreads" in preview:  # a contest: both outcomes, never the dice
        spread = preview["if_it_spreads"]
        text += (f" → if it spreads ({round(spread['chance'] * 36)} in 36) {_outcome(view, spread)}; "
                 f"if not, {_outcome(view, preview)}")
    elif preview:
        text += f" → {_outcome(view, preview)}"
    return text


def _outcome(view: View, preview: dict[str, Any]) -> str:
    text = "discards " + (", ".join(_name(view, i) for i in preview["removes"]) or "nothing")
    if preview["threatens"]:
        text += "; threatens " + ", ".join(_name(view, i) for i in preview["threatens"])
    return text


SAY: dict[str, Callable[[View, Action], str]] = {
    "play": _play,
    "move": lambda v, a: f"Move {_name(v, a['card'])} to {a['to']}",
    "spread": lambda v, a: f"Spread {_name(v, a['card'])} from {a['from']} to {a['to']} (free)",
    "event": _event,
    "discard": lambda v, a: f"Discard {_name(v, a['card'])} to draw 3",
    "pass": lambda v, a: "Pass (use an action doing nothing)",
    "challenge": lambda v, a: f"Call your bluff on the {_at_name(v, a['at'])} at {a['at']} and the "
    f"{_at_name(v, a['with'])} at {a['with']}",
    "remove": lambda v, a: f"Remove the {_at_name(v, a['at'])} at {a['at']} (and what falls with it)",
}
