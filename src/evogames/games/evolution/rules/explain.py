"""What each of the defender's choices does, in a sentence for the board (the rules' numbers come from attack.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evogames.games.evolution.components import components
from evogames.games.evolution.rules.attack import KILL_TOKENS, RUN_ESCAPES, TAIL_TOKENS, defences
from evogames.games.evolution.state import EvolutionState

if TYPE_CHECKING:
    from evogames.games.evolution.action_types import DefenceAction


def defence_help(s: EvolutionState) -> list[dict[str, Any]]:
    """Each defence open now with its sentence (public: the prey's traits are on the table)."""
    choices = defences(s)
    more = sum(1 for a in choices if a["type"] != "yield") > 1
    return [{"action": a, "why": _why(s, a, more)} for a in choices]


def _why(s: EvolutionState, a: DefenceAction, more: bool) -> str:
    at = s.attack
    assert at is not None
    hunter, target = at.carnivore, at.target
    if a["type"] == "run":
        after = " and you choose again from its other defences" if more else " and eaten"
        return (f"Roll a die: on {RUN_ESCAPES}-6 {target} escapes and {hunter}'s attack is spent; "
                f"on 1-{RUN_ESCAPES - 1} it is caught{after}.")
    if a["type"] == "mimic":
        other = a["animal"]
        return (f"{hunter} attacks your {other} instead; {other} may then use its own defences. "
                "Mimicry works once per attack.")
    if a["type"] == "tail":
        return f"{target} survives without its {_card_trait(s, a['card'])}; {hunter} gets only {_tokens(TAIL_TOKENS)}."
    poison = f" It is Poisonous: {hunter} will die at extinction." if s.animals[target].has("poisonous") else ""
    return f"{target} is eaten: its cards are discarded and {hunter} gets {_tokens(KILL_TOKENS)}.{poison}"


def _tokens(n: int) -> str:
    return f"{n} blue token" + ("" if n == 1 else "s")


def _card_trait(s: EvolutionState, card: str) -> str:
    names = components().traits
    for a in s.animals.values():
        for key, c in a.traits:
            if c == card:
                return names[key].name
    link = next(x for x in s.links if x.card == card)
    return f"{names[link.trait].name} (pair)"
