"""Log events as sentences a student reads, rendered only when asked.

An event is a tuple ``(kind, visible_to, *data)``; in Adapt or Die everything
that happens is public, so ``visible_to`` is always -1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.text import render_event, who
from evogames.games.adapt.cards import FEATURE_NAMES, components


def habitat(hid: str) -> str:
    h = components().habitats[hid]
    return f"Habitat {h.number} ({h.name})"


def niche(hid: str) -> str:
    h = components().habitats[hid]
    return f"the NICHE card of Habitat {h.number} ({h.niche})"


def adaptation(aid: str) -> str:
    a = components().adaptations[aid]
    return f"{a.kind} {FEATURE_NAMES[a.feature]} ({a.name}, {a.organism})"


def creature(cid: str) -> str:
    c = components().creatures[cid]
    if not c.home:
        return "the GENERIC creature (3 in every feature, no home habitat)"
    return f"the {c.name} (home: {habitat(c.home)})"


def _mat(e: tuple[Any, ...]) -> str:
    h = components().habitats[e[3]]
    text = f"{who(e[2])} turns over a new HABITAT MAT: {habitat(e[3])}, {h.place}."
    if e[5]:
        r = components().randomizers[e[5]]
        text += f" The randomizer card '{r.name}' fills its blanks with {', '.join(map(str, r.values))}."
    return text


def _returned(e: tuple[Any, ...]) -> str:
    extra = f" and {adaptation(e[4])}" if e[4] else ""
    return f"{who(e[2])} returns {niche(e[3])}{extra} to the piles."


def _give(e: tuple[Any, ...]) -> str:
    extra = f" (returning {adaptation(e[5])})" if e[5] else ""
    return f"{who(e[2])} forces {niche(e[4])} on {who(e[3])}{extra}."


def _answer(e: tuple[Any, ...]) -> str:
    if e[4]:
        return f"{who(e[2])} accepts: {who(e[3])} and {who(e[2])} swap {_card(e[5])} and {_card(e[6])}."
    return f"{who(e[2])} declines the trade."


def _card(cid: str) -> str:
    return niche(cid) if cid.startswith("H") else adaptation(cid)


def _game_over(e: tuple[Any, ...]) -> str:
    reason = {"complete": "every player has their NICHE cards", "turn_limit": "the turn limit"}[e[2]]
    names = " and ".join(who(w) for w in e[3])
    if e[6]:
        how = "the best fit in the most habitats"
    elif e[5] == "extinction":
        how = f"the fewest extinctions ({e[4][e[3][0]]})"
    else:
        how = f"the lowest unfit score ({e[4][e[3][0]]})"
    return f"Game over ({reason}). {names} {'wins' if len(e[3]) == 1 else 'win'} with {how}!"


def _setup(e: tuple[Any, ...]) -> str:
    board = "one board (8 places)" if e[3] == "single" else "the double board (12 places)"
    return f"A {e[2]}-player game of Adapt or Die on {board}: each player needs {e[4]} NICHE cards."


TEXT: dict[str, Callable[[tuple[Any, ...]], str]] = {
    "setup": _setup,
    "player_note": lambda e: f"Note: the rulebook designs Adapt or Die for 3-5 players; this {e[2]}-player "
    "game follows the same rules.",
    "choose_creatures": lambda e: "Each player in turn chooses a creature (variant).",
    "creature": lambda e: f"{who(e[2])} plays {creature(e[3])}.",
    "roll": lambda e: f"{who(e[2])} rolls {e[3]}.",
    "move": lambda e: f"{who(e[2])} moves the bug to {e[3]}" + (" and exits at a side." if e[4] else "."),
    "mat": _mat,
    "no_mat": lambda e: "No HABITAT MAT is left to place here.",
    "no_niche_left": lambda e: f"No copy of {niche(e[3])} is left in the NICHE pile.",
    "nothing_to_do": lambda e: f"{who(e[2])} already holds {niche(e[3])} and can neither return another "
    "NICHE card nor give it away.",
    "niche": lambda e: f"{who(e[2])} takes {niche(e[3])}.",
    "return": _returned,
    "give": _give,
    "shared": lambda e: f"{who(e[2])} selects {habitat(e[3])}: everyone receives it and selects an adaptation.",
    "already_shared": lambda e: f"{habitat(e[3])} is already everyone's habitat.",
    "adaptation": lambda e: f"{who(e[2])} selects the ADAPTATION card {adaptation(e[3])}.",
    "no_adaptation_left": lambda e: "The ADAPTATION pile is empty: no adaptation to select.",
    "offer": lambda e: f"{who(e[2])} offers {who(e[3])} a trade: {_card(e[4])} for {_card(e[5])}.",
    "answer": _answer,
    "end_turn": lambda e: f"{who(e[2])} ends the turn.",
    "game_over": _game_over,
}


def render(event: tuple[Any, ...], seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it, else None."""
    return render_event(TEXT, event, seat)
