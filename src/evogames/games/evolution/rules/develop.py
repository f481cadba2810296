"""The development phase: one card at a time, as an animal or as one of its traits.

Traits go on your own animals (Parasite only on an opponent's); no animal
holds a trait twice except Fat Tissue; pair traits join two of your animals,
never the same pair twice with the same trait; Carnivorous and Scavenger never
share an animal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.evolution.components import components
from evogames.games.evolution.events import AnimalPlayed, PairPlayed, TraitPlayed
from evogames.games.evolution.state import Animal, EvolutionState, Link, T

if TYPE_CHECKING:
    from evogames.games.evolution.action_types import AnimalAction, DevelopmentAction, TraitAction

EXCLUSIVE = {"carnivorous": "scavenger", "scavenger": "carnivorous"}


def legal_plays(s: EvolutionState, seat: int) -> list[DevelopmentAction]:
    out: list[DevelopmentAction] = []
    c = components()
    for card in s.hands[seat]:
        animal: AnimalAction = {"type": "animal", "card": card}
        out.append(animal)
        for trait in c.card_traits(card):
            if c.traits[trait].pair:
                pairs: list[TraitAction] = [{"type": "trait", "card": card, "trait": trait, "animal": a, "other": b}
                                            for a, b in _pairs(s.tables[seat], ordered=trait == "symbiosis")
                                            if pair_problem(s, seat, trait, a, b) is None]
                out.extend(pairs)
            else:
                traits: list[TraitAction] = [{"type": "trait", "card": card, "trait": trait, "animal": a}
                                             for a in _hosts(s, seat, trait)
                                             if trait_problem(s, seat, trait, a) is None]
                out.extend(traits)
    return out


def _pairs(animals: list[str], ordered: bool) -> list[tuple[str, str]]:
    """Pairs of animals; both orders only where the order matters (Symbiosis: the symbiont first)."""
    return [(a, b) for i, a in enumerate(animals) for j, b in enumerate(animals) if i != j and (ordered or i < j)]


def _hosts(s: EvolutionState, seat: int, trait: str) -> list[str]:
    if trait == "parasite":
        return [a for other in s.order(seat)[1:] for a in s.tables[other]]
    return s.tables[seat]


def trait_problem(s: EvolutionState, seat: int, trait: str, animal: str) -> str | None:
    """Why ``trait`` cannot go on ``animal`` (None: it can)."""
    a = s.animals.get(animal)
    if a is None:
        return f"There is no animal {animal} on the table."
    name = components().traits[trait].name
    if trait == "parasite" and a.owner == seat:
        return "A Parasite is played only on an opponent's animal."
    if trait != "parasite" and a.owner != seat:
        return f"You may add {name} only to your own animals."
    if trait != "fat_tissue" and trait in a.kinds:
        return f"This animal already has {name}: no animal has two identical traits (except Fat Tissue)."
    clash = EXCLUSIVE.get(trait)
    if clash and clash in a.kinds:
        return "Carnivorous and Scavenger cannot be on the same animal."
    return None


def pair_problem(s: EvolutionState, seat: int, trait: str, first: str, second: str) -> str | None:
    """Why pair trait ``trait`` cannot join ``first`` and ``second`` (None: it can)."""
    name = components().traits[trait].name
    if first == second:
        return f"{name} joins two different animals."
    for card in (first, second):
        a = s.animals.get(card)
        if a is None:
            return f"There is no animal {card} on the table."
        if a.owner != seat:
            return f"{name} joins two of your own animals."
    for link in s.links:
        if link.trait == trait and {link.a, link.b} == {first, second}:
            return f"These two animals already share {name}: a pair cannot hold the same pair trait twice."
    return None


def play(s: EvolutionState, seat: int, action: Action) -> None:
    """Check the untrusted dict, then play it, typed: an animal, a trait, or a pair trait."""
    card = action.get("card")
    if not isinstance(card, str) or card not in s.hands[seat]:
        raise IllegalAction(f"You do not hold a card {card!r}.", ErrorCode.ACTION_INVALID_MOVE)
    if action["type"] == "animal":
        _only(action, {"type", "card"})
        _play_animal(s, seat, cast("AnimalAction", action))
        return
    trait = action.get("trait")
    if trait not in components().card_traits(card):
        shown = " or ".join(components().traits[t].name for t in components().card_traits(card))
        raise IllegalAction(f"Card {card} shows {shown}, not {trait!r}.", ErrorCode.ACTION_INVALID_MOVE)
    if components().traits[trait].pair:
        _only(action, {"type", "card", "trait", "animal", "other"})
        first, second = action.get("animal"), action.get("other")
        _refuse(pair_problem(s, seat, trait, first, second) if isinstance(first, str) and isinstance(second, str)
                else "Name two animals ('animal' and 'other').")
        _play_pair(s, seat, cast("TraitAction", action))
    else:
        _only(action, {"type", "card", "trait", "animal"})
        target = action.get("animal")
        _refuse(trait_problem(s, seat, trait, target) if isinstance(target, str) else "Name an animal.")
        _play_trait(s, seat, cast("TraitAction", action))


def _refuse(problem: str | None) -> None:
    if problem:
        raise IllegalAction(problem, ErrorCode.ACTION_INVALID_MOVE)


def _play_animal(s: EvolutionState, seat: int, action: AnimalAction) -> None:
    card = action["card"]
    s.hands[seat].remove(card)
    s.born += 1
    animal = Animal(f"A{s.born}", card, seat)
    s.animals[animal.id] = animal
    s.tables[seat].append(animal.id)
    s.tally[seat][T["animals_born"]] += 1
    s.plays[seat].append(card)
    s.log(AnimalPlayed, "animal", PUBLIC, seat, animal.id)


def _play_trait(s: EvolutionState, seat: int, action: TraitAction) -> None:
    card, trait, target = action["card"], action["trait"], action["animal"]
    s.hands[seat].remove(card)
    s.animals[target].add_trait(trait, card)
    _count(s, seat, card, trait)
    s.log(TraitPlayed, "trait", PUBLIC, seat, card, trait, target)


def _play_pair(s: EvolutionState, seat: int, action: TraitAction) -> None:
    card, trait, first, second = action["card"], action["trait"], action["animal"], action["other"]
    s.hands[seat].remove(card)
    s.links.append(Link(trait, first, second, card))
    _count(s, seat, card, trait)
    s.log(PairPlayed, "pair", PUBLIC, seat, card, trait, first, second)


def _count(s: EvolutionState, seat: int, card: str, trait: str) -> None:
    s.tally[seat][T["traits_played"]] += 1
    if trait == "parasite":
        s.tally[seat][T["parasites_played"]] += 1
    s.plays[seat].append(card)


def _only(action: Action, keys: set[str]) -> None:
    extra = set(action) - keys
    if extra:
        raise IllegalAction(f"Unexpected field(s) {sorted(extra)} in a '{action['type']}' action.",
                            ErrorCode.ACTION_MALFORMED)
