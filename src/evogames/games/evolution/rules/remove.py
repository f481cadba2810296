"""Cards leaving the table: a dead animal with its traits and pair traits, a lost trait.

Every card goes to the discard pile of the animal's owner (a Parasite too,
though an opponent played it: ruling 5).
"""

from __future__ import annotations

from evogames.games.evolution.rules.food import clear_food, trim_fat
from evogames.games.evolution.state import Animal, EvolutionState


def discard_animal(s: EvolutionState, a: Animal, fate: str) -> None:
    """``a`` leaves the table (``fate``: starved/eaten/poisoned) with all its cards."""
    pile = s.discards[a.owner]
    for key in dict.fromkeys(key for key, _ in a.traits):  # an animal counts once for each trait it carries
        s.trait_fate.setdefault(key, [0, 0])[1 if fate == "eaten" else 0] += 1
    for _, card in a.traits:
        pile.append(card)
    pile.append(a.card)
    for link in [x for x in s.links if a.id in (x.a, x.b)]:
        s.links.remove(link)
        s.discards[a.owner].append(link.card)
    clear_food(s, a, with_fat=True)
    s.tables[a.owner].remove(a.id)
    del s.animals[a.id]


def discard_trait(s: EvolutionState, a: Animal, card: str) -> None:
    """Tail Loss: one trait card of ``a`` (on it, or a pair trait joining it) is discarded."""
    if a.remove_card(card):
        s.discards[a.owner].append(card)
        trim_fat(s, a)
        return
    link = next(x for x in s.links if x.card == card)
    s.links.remove(link)
    s.discards[a.owner].append(card)
