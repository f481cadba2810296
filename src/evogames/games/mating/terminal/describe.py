"""The Mating Game's legal actions as sentences a player reads: card names, animals, costs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.types import Action
from evogames.games.mating.components import ESCAPE_COST

Cards = dict[str, dict[str, Any]]


def describe(view: dict[str, Any], action: Action) -> str:
    """The action in words, using the cards the seat can see in its ``view``."""
    cards: Cards = {card["id"]: card for card in view.get("hand") or []}
    for player in view.get("players", []):
        if player.get("strategy"):
            cards.setdefault(player["strategy"]["id"], player["strategy"])
    say = MATING.get(action["type"])
    return say(action, cards) if say else str(action["type"]).replace("_", " ")


def card_name(cards: Cards, card_id: str) -> str:
    card = cards.get(card_id)
    return f"{card['name']} ({card['animal']})" if card else card_id


def _play(action: Action, cards: Cards) -> str:
    card = cards.get(action["card"])
    if card is None:
        return f"Play {action['card']}"
    return (f"Play {card['name']} ({card['animal']}): {card['type']}, costs {card['food']} Food, "
            f"Fitness {card['fitness']}, Predator {card['predator']}")


def _sneaky(action: Action, cards: Cards) -> str:
    card = cards.get(action["card"], {})
    target = f", naming Player {action['target'] + 1}" if "target" in action else ""
    cost = f" for {card['food']} Food" if card else ""
    text = f": {card['text']}" if card.get("text") else ""
    return f"Play sneaky {card_name(cards, action['card'])}{cost}{target}{text}"


def _discard(action: Action, cards: Cards) -> str:
    if not action["cards"]:
        return "Keep your whole hand (discard nothing)"
    return "Discard " + " + ".join(cards[c]["name"] if c in cards else c for c in action["cards"])


MATING: dict[str, Callable[[Action, Cards], str]] = {
    "play": _play,
    "out_to_lunch": lambda a, c: "Go Out to Lunch (costs nothing; you still get the Environment's Food)",
    "escape": lambda a, c: f"Pay {ESCAPE_COST} Food to escape the Predator",
    "no_escape": lambda a, c: "Let the Predator take your Strategy (keep your Food)",
    "sneaky": _sneaky,
    "pass": lambda a, c: "Pass (play no more sneaky Strategies now)",
    "discard": _discard,
}
