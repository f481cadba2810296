"""Food: an animal's need, when it is fed, and how tokens reach it.

A token for a fed animal goes into an empty Fat Tissue as a yellow fat token.
Communication (a red token from the bank) and Cooperation (any red or blue
token) pass food along their links at once; each link works once in each
seat's feeding round (whatever brings the tokens: eating, Piracy, a kill, a scavenger).
"""

from __future__ import annotations

from evogames.games.evolution.state import Animal, EvolutionState, T

RED, BLUE = "red", "blue"


def need(a: Animal) -> int:
    """Food tokens that make ``a`` fed: 1 plus its traits' modifiers."""
    return 1 + a.extra


def fat_slots(a: Animal) -> int:
    return a.slots


def is_fed(a: Animal) -> bool:
    """Fed: enough food tokens (fat does not count), or asleep by Hibernation."""
    return a.hibernating or a.food >= need(a)


def is_full(a: Animal) -> bool:
    """Fed, and every Fat Tissue holds a fat token: it can take nothing more."""
    return is_fed(a) and a.fat >= fat_slots(a)


def symbiont_hungry(s: EvolutionState, a: Animal) -> str | None:
    """The unfed symbiont that keeps ``a`` from eating, if any."""
    for link in s.links:
        if link.trait == "symbiosis" and link.b == a.id and not is_fed(s.animals[link.a]):
            return link.a
    return None


def can_receive(s: EvolutionState, a: Animal) -> bool:
    return not is_full(a) and symbiont_hungry(s, a) is None


def put(s: EvolutionState, a: Animal, colour: str) -> None:
    """One token onto ``a``: food while it is hungry, otherwise fat."""
    if not is_fed(a):
        if colour == RED:
            a.red += 1
        else:
            a.blue += 1
        return
    a.fat += 1
    s.tokens["gone"] += 1
    s.tokens["fat"] += 1


def take_red(s: EvolutionState, a: Animal) -> None:
    """``a`` takes a red token from the food bank; the links pass food on."""
    s.bank -= 1
    put(s, a, RED)
    s.tally[a.owner][T["red_taken"]] += 1
    s.log("take", -1, a.owner, a.id, is_fed(a), a.fat)
    spread(s, a.id, RED)


def give_blue(s: EvolutionState, a: Animal, cause: str) -> bool:
    """A blue extra-food token for ``a``, if it can take one (else none is made)."""
    if not can_receive(s, a):
        return False
    s.tokens["blue"] += 1
    put(s, a, BLUE)
    s.tally[a.owner][T["blue_gained"]] += 1
    s.log("blue", -1, a.owner, a.id, cause)
    spread(s, a.id, BLUE)
    return True


def spread(s: EvolutionState, start: str, colour: str) -> None:
    """Communication and Cooperation along the links of ``start``, each link once per feeding round of a seat."""
    used = s.link_used
    queue = [(start, colour)]
    while queue:
        card, got = queue.pop(0)
        for link in s.links:
            if link.card in used or card not in (link.a, link.b):
                continue
            partner = s.animals[link.other(card)]
            if link.trait == "communication" and got == RED and s.bank > 0 and can_receive(s, partner):
                used.add(link.card)
                s.bank -= 1
                put(s, partner, RED)
                s.tally[partner.owner][T["red_taken"]] += 1
                s.log("communication", -1, partner.owner, card, partner.id)
                queue.append((partner.id, RED))
            elif link.trait == "cooperation" and can_receive(s, partner):
                used.add(link.card)
                s.tokens["blue"] += 1
                put(s, partner, BLUE)
                s.tally[partner.owner][T["blue_gained"]] += 1
                s.log("cooperation", -1, partner.owner, card, partner.id)
                queue.append((partner.id, BLUE))


def clear_food(s: EvolutionState, a: Animal, with_fat: bool) -> None:
    """Remove ``a``'s food tokens (and its fat, when it leaves the table)."""
    s.tokens["gone"] += a.red + a.blue
    a.red = a.blue = 0
    if with_fat:
        s.tokens["fat_gone"] += a.fat
        a.fat = 0


def trim_fat(s: EvolutionState, a: Animal) -> None:
    """Fat beyond its Fat Tissue cards (one was lost) is gone."""
    extra = a.fat - fat_slots(a)
    if extra > 0:
        a.fat -= extra
        s.tokens["fat_gone"] += extra
