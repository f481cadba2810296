"""Evolution's legal actions as sentences a player reads: traits by name, animals by what they are."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.types import Action
from evogames.games.evolution.rules.attack import RUN_ESCAPES

Say = Callable[[dict[str, Any], Action], str]


def animal_word(view: dict[str, Any], animal_id: str) -> str:
    """``Dolly (yours: Carnivorous, Swimming; 1/2 food)``."""
    for player in view.get("players", []):
        for a in player["animals"]:
            if a["id"] == animal_id:
                whose = "yours" if player["seat"] == view.get("seat") else f"Player {player['seat'] + 1}'s"
                traits = ", ".join(trait_name(view, t["trait"]) for t in a["traits"]) or "no traits"
                food = a["red"] + a["blue"]
                return f"{a.get('name', animal_id)} ({whose}: {traits}; {food}/{a['need']} food)"
    return animal_name(view, animal_id)


def animal_name(view: dict[str, Any], animal_id: str) -> str:
    """The name students say (``Dolly``) of the engine's animal ``A1``."""
    for player in view.get("players", []):
        for a in player["animals"]:
            if a["id"] == animal_id:
                return str(a.get("name", animal_id))
    return animal_id


def trait_name(view: dict[str, Any], key: str) -> str:
    rules = view.get("traits") or {}
    return str(rules[key]["name"]) if key in rules else key.replace("_", " ")


def card_word(view: dict[str, Any], card_id: str) -> str:
    """A card in hand by its id and the traits it shows: ``PAF03 (Parasite / Fat Tissue)``, so a move names
    what is played, not only a code to look up."""
    for card in view.get("hand") or []:
        if card["id"] == card_id:
            return f"{card_id} ({' / '.join(trait_name(view, t) for t in card['traits'])})"
    return card_id


def _trait(view: dict[str, Any], a: Action) -> str:
    name, card = trait_name(view, a["trait"]), card_word(view, a["card"])
    if "other" in a:
        role = " (the first is the symbiont)" if a["trait"] == "symbiosis" else ""
        return f"Play {card} as {name} joining {animal_word(view, a['animal'])} and " \
               f"{animal_word(view, a['other'])}{role}"
    return f"Play {card} as {name} on {animal_word(view, a['animal'])}"


def _pass(view: dict[str, Any], a: Action) -> str:
    if view.get("phase") == "development":
        return "Pass (play no more cards this turn)"
    return "Pass (end your feeding round)"


SAY: dict[str, Say] = {
    "animal": lambda v, a: f"Play {card_word(v, a['card'])} face down as a new animal",
    "trait": _trait,
    "pass": _pass,
    "take": lambda v, a: f"Take a red token for {animal_word(v, a['animal'])}",
    "attack": lambda v, a: f"Attack {animal_word(v, a['target'])} with your carnivore {animal_name(v, a['carnivore'])}",
    "fat": lambda v, a: f"Turn {a['count']} fat of {animal_word(v, a['animal'])} into food",
    "graze": lambda v, a: f"Graze with {animal_name(v, a['animal'])}: destroy a red token in the food bank",
    "piracy": lambda v, a: f"Pirate with {animal_name(v, a['pirate'])}: steal a token from "
                           f"{animal_word(v, a['target'])}",
    "hibernate": lambda v, a: f"Hibernate {animal_word(v, a['animal'])} (it counts as fed this turn)",
    "run": lambda v, a: f"Run! (roll a die: {RUN_ESCAPES}-6 escapes)",
    "mimic": lambda v, a: f"Mimicry: redirect the attack to {animal_word(v, a['animal'])}",
    "tail": lambda v, a: f"Tail Loss: drop {a['card']} ({_card_trait(v, a['card'])}) and survive",
    "yield": lambda v, a: "Do not defend: the animal is eaten",
    "link": lambda v, a: _link(v, a),
    "stop": lambda v, a: "Stop: use no more pair traits now",
}


def _link(view: dict[str, Any], a: Action) -> str:
    """``Communication Dolly → Laika: Laika takes a red token from the food bank``."""
    name = animal_name(view, a["animal"])
    link = next((x for x in view.get("links", []) if x["card"] == a["card"]), None)
    if link is None:
        return f"Use {a['card']} for {name}"
    source = animal_name(view, link["b"] if link["a"] == a["animal"] else link["a"])
    gets = "takes a red token from the food bank" if link["trait"] == "communication" else "gets a blue token"
    return f"{trait_name(view, link['trait'])} {source} → {animal_word(view, a['animal'])}: {name} {gets}"


def _card_trait(view: dict[str, Any], card: str) -> str:
    for player in view.get("players", []):
        for a in player["animals"]:
            for t in a["traits"]:
                if t["card"] == card:
                    return trait_name(view, t["trait"])
    for link in view.get("links", []):
        if link["card"] == card:
            return trait_name(view, link["trait"])
    return card


def describe(view: dict[str, Any], action: Action) -> str:
    """The action in words, from what the seat sees in its ``view``."""
    say = SAY.get(action["type"])
    return say(view, action) if say else str(action["type"])
