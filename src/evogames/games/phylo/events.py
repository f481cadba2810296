"""Log events as sentences a student reads, rendered only when asked.

An event is a tuple ``(kind, visible_to, *data)``; ``visible_to`` is -1 for
everyone or the one seat that may see it (the cards it was dealt or drew).
Physical cards are named by what they are, which is public once on the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.text import who
from evogames.games.phylo.components import components

CAUSE = {"event": "by the event", "links": "it had no compatible link left", "cascade": "in the cascade",
         "bluff": "by the bluff's winner", "invaded": "pushed out by an INVASIVE species"}


def name(card_id: str) -> str:
    c = components()
    card = c.species.get(card_id) or c.events.get(card_id) or c.homes.get(card_id)
    return card.name if card else card_id


def at(pos: Any) -> str:
    return f"[{pos[0]}, {pos[1]}]" if pos is not None else ""


def render(event: tuple[Any, ...], seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it, else None."""
    visible_to = event[1]
    if visible_to >= 0 and visible_to != seat:
        return None
    return {"kind": event[0], "text": TEXT[event[0]](event, name)}


Namer = Callable[[str], str]


def _cards(iids: tuple[str, ...], n: Namer) -> str:
    return ", ".join(n(i) for i in iids) or "nothing"


def _removed(e: tuple[Any, ...], n: Namer) -> str:
    return f"{_cards(e[2], n)} at {at(e[4])} {'is' if len(e[2]) == 1 else 'are'} discarded ({CAUSE[e[3]]})."


def _event(e: tuple[Any, ...], n: Namer) -> str:
    """What was played, and on what; what it did follows in the next lines (never the card's nominal text)."""
    card = components().events[e[3]]
    target = f" on {n(e[5])} at {at(e[4])}" if e[4] is not None else ""
    return f"{who(e[2])} plays the event {card.name}{target}."


def _threatened(e: tuple[Any, ...], n: Namer) -> str:
    by_turn: dict[int, list[str]] = {}
    for card, turn in zip(e[2], e[3], strict=True):
        by_turn.setdefault(turn, []).append(n(card))
    when = "; ".join(f"{', '.join(names)} at the end of turn {turn}" for turn, names in sorted(by_turn.items()))
    return (f"Threatened (no compatible link): {_cards(e[2], n)}. Each is removed at the end of its owner's "
            f"reaction turn unless it finds a link: {when}.")


def _bluff(e: tuple[Any, ...], n: Namer) -> str:
    outcome, winner, evidence, eater, food = e[5:10]
    found = {
        "continents": "they share no continent, so they never meet in nature",
        "food_key": f"{n(eater)} {'eats' if outcome == 'real' else 'does not eat'} "
                    f"{'the likes of ' if outcome == 'real' else ''}{n(food)} (its food key)",
        "producer": f"they share a continent, and {n(eater)} makes its own food",
        "no_food_key": f"they share a continent, but nothing on the cards says what {n(eater)} eats",
    }[evidence]
    if outcome == "unproven":
        return (f"{who(e[2])} calls a bluff on {n(e[3])} and {n(e[4])}: {found}. Nothing can be proved, "
                "so the link is left as is and nobody removes a card.")
    verdict = "the bluff is called" if outcome == "bluff" else "the link is real"
    return (f"{who(e[2])} calls a bluff on {n(e[3])} and {n(e[4])}: {found}; {verdict}. "
            f"{who(winner)} wins and may remove a species.")


def _game_over(e: tuple[Any, ...], n: Namer) -> str:
    points = ", ".join(f"{who(i)} {p}" for i, p in enumerate(e[2]))
    winners = " and ".join(who(w) for w in e[3])
    return f"Game over: {points} points. {winners} {'wins' if len(e[3]) == 1 else 'tie'}!"


TEXT: dict[str, Callable[[tuple[Any, ...], Namer], str]] = {
    "deal": lambda e, n: f"You are dealt {_cards(e[3], n)}.",
    "setup": lambda e, n: f"A {e[2]}-player game of Phylo begins; the HOMEs are on the table. "
    f"{who(e[3])} goes first" + (" (Call your bluff is in play)." if e[4] else "."),
    "turn": lambda e, n: f"Turn {e[3]}: {who(e[2])}'s turn"
    + (f" ({_cards(e[4], n)}, threatened, {'is' if len(e[4]) == 1 else 'are'} removed at the end of this turn "
       "unless relinked)." if e[4] else "."),
    "draw": lambda e, n: f"You draw {_cards(e[3], n)}.",
    "draws": lambda e, n: f"{who(e[2])} draws {e[3]} card{'s' if e[3] != 1 else ''} ({e[4]} left in the deck).",
    "last_card": lambda e, n: f"{who(e[2])} has drawn the last card of their deck: the game ends after turn {e[3]}.",
    "play": lambda e, n: f"{who(e[2])} plays {n(e[3])}{' under the host' if e[5] else ''} at {at(e[4])}.",
    "invades": lambda e, n: f"{n(e[3])} (INVASIVE) takes over the space of {_cards(e[4], n)} at {at(e[5])}.",
    "move": lambda e, n: f"{who(e[2])} moves {n(e[3])} from {at(e[4])} to {at(e[5])}.",
    "spread": lambda e, n: f"{who(e[2])} spreads {n(e[3])} from {at(e[4])} to {at(e[5])} (no action used).",
    "event": _event,
    "contest": lambda e, n: f"Climate Change contest: {who(e[2])} rolls {e[3][0]} against {e[3][1]}; "
    + ("it spreads." if e[4] else "it does not spread."),
    "countered": lambda e, n: f"{who(e[2])} cancels {name(e[3])}"
    + (f": {_cards(e[4], n)} come back." if e[4] else "."),
    "take_back": lambda e, n: f"{who(e[2])} takes {n(e[3])} back from the discard pile.",
    "discard": lambda e, n: f"{who(e[2])} discards {n(e[3])} and draws {e[4]} card{'s' if e[4] != 1 else ''}.",
    "urban": lambda e, n: f"The grassland at {at(e[2])} is urban for the rest of the game.",
    "flooded": lambda e, n: f"{' and '.join(at(p) for p in e[2])} are ocean until the end of turn {e[3]}.",
    "insight": lambda e, n: f"{who(e[2])} already draws 2 cards a turn: nothing changes." if e[3]
    else f"{who(e[2])} draws 2 cards at the start of each of their turns from now on.",
    "wind": lambda e, n: "SPREAD was already doubled this turn: nothing changes." if e[3]
    else "SPREAD is doubled, and species whose SPREAD needs WIND may spread, for the rest of this turn.",
    "pass": lambda e, n: f"{who(e[2])} passes an action.",
    "removed": _removed,
    "threatened": _threatened,
    "bluff": _bluff,
    "spare": lambda e, n: f"{who(e[2])} removes nothing.",
    "game_over": _game_over,
}
