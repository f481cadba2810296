"""Food: an animal's need, when it is fed, and how tokens reach it.

A token for a fed animal goes into an empty Fat Tissue as a yellow fat token.
An animal that gets a token joins the open chain of pair traits: its
Communication (a red token from the bank) and Cooperation (any red or blue
token) may then pass food along its links, in the order its owner chooses
(``pairs.py``); each link works once in each seat's feeding round.
"""

from __future__ import annotations

from evogames.core.events import PUBLIC
from evogames.games.evolution.events import GotBlue, Took
from evogames.games.evolution.state import Animal, EvolutionState, T

RED, BLUE = "red", "blue"
FOOD, FAT = "food", "fat"  # where a token went
SHARING = ("communication", "cooperation")  # the pair traits that pass food on


def need(a: Animal) -> int:
    """Food tokens that make ``a`` fed: 1 plus its traits' modifiers."""
    return 1 + a.extra


def fat_slots(a: Animal) -> int:
    return a.slots


def is_fed(a: Animal) -> bool:
    """Fed: enough food tokens (fat does not count), or asleep by Hibernation."""
    return a.hibernating or a.red + a.blue > a.extra  # food >= need (1 + extra), inline: the hottest test


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


def put(s: EvolutionState, a: Animal, colour: str) -> str:
    """One token onto ``a``: food while it is hungry, otherwise fat. Where it went: FOOD or FAT."""
    if not is_fed(a):
        if colour == RED:
            a.red += 1
        else:
            a.blue += 1
        return FOOD
    a.fat += 1
    s.tokens["gone"] += 1
    s.tokens["fat"] += 1
    return FAT


def take_red(s: EvolutionState, a: Animal) -> None:
    """``a`` takes a red token from the food bank; its links may pass food on."""
    s.bank -= 1
    where = put(s, a, RED)
    s.tally[a.owner][T["red_taken"]] += 1
    s.log(Took, "take", PUBLIC, a.owner, a.id, where, is_fed(a))
    trigger(s, a, RED)


def give_blue(s: EvolutionState, a: Animal, cause: str) -> bool:
    """A blue extra-food token for ``a``, if it can take one (else none is made)."""
    if not can_receive(s, a):
        return False
    s.tokens["blue"] += 1
    where = put(s, a, BLUE)
    s.tally[a.owner][T["blue_gained"]] += 1
    s.log(GotBlue, "blue", PUBLIC, a.owner, a.id, cause, where, is_fed(a))
    trigger(s, a, BLUE)
    return True


def trigger(s: EvolutionState, a: Animal, colour: str) -> None:
    """``a`` got a token of ``colour``: the links it has join the open chain of pair traits."""
    if any(link.trait in SHARING and a.id in (link.a, link.b) for link in s.links):
        s.chain.append((a.id, colour))


def scavenge(s: EvolutionState, start: int) -> None:
    """After a kill, one scavenger (clockwise from the carnivore's owner, the first played) gets a blue token."""
    for seat in s.order(start):
        for card in s.tables[seat]:
            a = s.animals[card]
            if a.has("scavenger") and give_blue(s, a, "scavenger"):
                return


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
