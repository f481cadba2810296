"""The feeding phase: in your feeding round, one eating action and any free traits.

Eating actions (one per round): take a red token from the food bank, attack
with a carnivore, or turn the fat of one animal into blue food. Free traits
(with or instead of eating): Grazing (each grazer, once per round), Piracy
(each pirate, once per turn), Hibernation Ability (not two turns running,
not in the last turn). ``pass`` ends your feeding round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.evolution.events import FatUsed, Grazed, Hibernated, Pirated
from evogames.games.evolution.events import animal as animal_name
from evogames.games.evolution.rules.attack import attack_targets, carnivore_problem, check_attack, start_attack
from evogames.games.evolution.rules.food import BLUE, can_receive, is_fed, need, put, symbiont_hungry, take_red, trigger
from evogames.games.evolution.state import Animal, EvolutionState, T

if TYPE_CHECKING:
    from evogames.games.evolution.action_types import (
        AttackAction,
        FatAction,
        FeedingAction,
        GrazeAction,
        HibernateAction,
        PiracyAction,
        TakeAction,
    )

EATING = ("take", "attack", "fat")
FREE = ("graze", "piracy", "hibernate")


def legal_feeding(s: EvolutionState, seat: int) -> list[FeedingAction]:
    return list(_feeding_actions(s, seat))


def can_act(s: EvolutionState, seat: int) -> bool:
    """Whether ``seat`` has anything to do in its feeding round (stops at the first thing)."""
    return next(_feeding_actions(s, seat), None) is not None


def _feeding_actions(s: EvolutionState, seat: int) -> Iterator[FeedingAction]:
    mine = [s.animals[c] for c in s.tables[seat]]
    if not s.main_done:
        if s.bank > 0:
            takes: Iterator[TakeAction] = ({"type": "take", "animal": a.id} for a in mine if can_receive(s, a))
            yield from takes
        for a in mine:
            if "carnivorous" in a.kinds and carnivore_problem(s, seat, a.id) is None:
                attacks: Iterator[AttackAction] = ({"type": "attack", "carnivore": a.id, "target": t}
                                                   for t in attack_targets(s, a))
                yield from attacks
        for a in mine:
            if a.fat and fat_problem(s, a) is None:
                most = min(a.fat, need(a) - a.food)
                fats: Iterator[FatAction] = ({"type": "fat", "animal": a.id, "count": k} for k in range(1, most + 1))
                yield from fats
    grazes: Iterator[GrazeAction] = ({"type": "graze", "animal": a.id} for a in mine
                                     if "grazing" in a.kinds and graze_problem(s, a) is None)
    yield from grazes
    for a in mine:
        if "piracy" in a.kinds and pirate_problem(s, a) is None:
            loots: Iterator[PiracyAction] = ({"type": "piracy", "pirate": a.id, "target": t} for t in _loot(s, a))
            yield from loots
    sleeps: Iterator[HibernateAction] = ({"type": "hibernate", "animal": a.id} for a in mine
                                         if "hibernation" in a.kinds and hibernate_problem(s, a) is None)
    yield from sleeps


def _loot(s: EvolutionState, pirate: Animal) -> list[str]:
    return [c for table in s.tables for c in table if c != pirate.id and loot_problem(s, s.animals[c]) is None]


def fat_problem(s: EvolutionState, a: Animal) -> str | None:
    if a.fat == 0:
        return "This animal has no fat to use."
    if is_fed(a):
        return "This animal is fed: its fat stays stored."
    return None  # Symbiosis does not stop it: using fat is not getting food (ruling 11)


def graze_problem(s: EvolutionState, a: Animal) -> str | None:
    if not a.has("grazing"):
        return "Only an animal with Grazing can graze."
    if a.grazed:
        return "This animal has already grazed in this feeding round."
    if s.bank == 0:
        return "The food bank is empty: there is nothing to graze."
    return None


def pirate_problem(s: EvolutionState, a: Animal) -> str | None:
    if not a.has("piracy"):
        return "Only an animal with Piracy can steal food."
    if a.pirated:
        return "This pirate has already stolen this turn."
    if is_fed(a) or not can_receive(s, a):
        return "A pirate steals only while it still needs food."
    return None


def loot_problem(s: EvolutionState, victim: Animal) -> str | None:
    if victim.food == 0:
        return "A pirate steals only from an animal that has food on it."
    if is_fed(victim):
        return "A pirate cannot steal from a fed animal."
    return None


def hibernate_problem(s: EvolutionState, a: Animal) -> str | None:
    if not a.has("hibernation"):
        return "Only an animal with Hibernation Ability can hibernate."
    if a.hibernating:
        return "This animal is already hibernating."
    if a.hibernated_last:
        return "An animal cannot hibernate two turns in a row."
    if s.last_turn:
        return "No animal may hibernate in the last turn."
    return None


def feed(s: EvolutionState, seat: int, action: Action) -> None:
    """Check one feeding action of ``seat`` (not ``pass``) as it came, then apply it, typed."""
    kind = action["type"]
    if kind in EATING and s.main_done:
        raise IllegalAction("You have already eaten, attacked or used fat in this feeding round.",
                            ErrorCode.ACTION_INVALID_MOVE)
    CHECKS[kind](s, seat, action)
    move = cast("FeedingAction", action)  # checked: its fields name what its type needs
    if move["type"] == "take":
        take_red(s, s.animals[move["animal"]])
    elif move["type"] == "attack":
        start_attack(s, seat, move["carnivore"], move["target"])
    elif move["type"] == "fat":
        _fat(s, seat, move)
    elif move["type"] == "graze":
        _graze(s, seat, move)
    elif move["type"] == "piracy":
        _piracy(s, seat, move)
    else:
        _hibernate(s, seat, move)
    if kind in EATING:
        s.main_done = True


def _mine(s: EvolutionState, seat: int, card: Any) -> Animal:
    a = s.animals.get(card) if isinstance(card, str) else None
    if a is None or a.owner != seat:
        raise IllegalAction(f"You have no animal {card!r}.", ErrorCode.ACTION_INVALID_MOVE)
    return a


def _refuse(problem: str | None) -> None:
    if problem:
        raise IllegalAction(problem, ErrorCode.ACTION_INVALID_MOVE)


# The checks: each reads the untrusted dict and raises before anything changes.

def _check_take(s: EvolutionState, seat: int, action: Action) -> None:
    a = _mine(s, seat, action.get("animal"))
    if s.bank == 0:
        raise IllegalAction("The food bank is empty.", ErrorCode.ACTION_INVALID_MOVE)
    hungry = symbiont_hungry(s, a)
    _refuse(f"This animal may get food only once its symbiont ({animal_name(hungry)}) is fed." if hungry else None)
    _refuse("This animal is fed and its Fat Tissue is full: it can take no more food."
            if not can_receive(s, a) else None)


def _check_attack(s: EvolutionState, seat: int, action: Action) -> None:
    check_attack(s, seat, action.get("carnivore"), action.get("target"))


def _check_fat(s: EvolutionState, seat: int, action: Action) -> None:
    a = _mine(s, seat, action.get("animal"))
    _refuse(fat_problem(s, a))
    count = action.get("count")
    most = min(a.fat, need(a) - a.food)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= most:
        raise IllegalAction(f"Turn 1 to {most} fat tokens into food on this animal.", ErrorCode.ACTION_INVALID_MOVE)


def _check_graze(s: EvolutionState, seat: int, action: Action) -> None:
    _refuse(graze_problem(s, _mine(s, seat, action.get("animal"))))


def _check_piracy(s: EvolutionState, seat: int, action: Action) -> None:
    pirate = _mine(s, seat, action.get("pirate"))
    _refuse(pirate_problem(s, pirate))
    card = action.get("target")
    victim = s.animals.get(card) if isinstance(card, str) and card != pirate.id else None
    if victim is None:
        raise IllegalAction(f"There is no other animal {card!r} to steal from.", ErrorCode.ACTION_INVALID_MOVE)
    _refuse(loot_problem(s, victim))


def _check_hibernate(s: EvolutionState, seat: int, action: Action) -> None:
    _refuse(hibernate_problem(s, _mine(s, seat, action.get("animal"))))


CHECKS: dict[str, Callable[[EvolutionState, int, Action], None]] = {
    "take": _check_take, "attack": _check_attack, "fat": _check_fat, "graze": _check_graze,
    "piracy": _check_piracy, "hibernate": _check_hibernate}
FEEDING = tuple(CHECKS)  # the feeding action types besides ``pass``


# The moves: each reads a checked, typed action.

def _fat(s: EvolutionState, seat: int, action: FatAction) -> None:
    a, count = s.animals[action["animal"]], action["count"]
    a.fat -= count
    a.blue += count
    s.tokens["fat_gone"] += count
    s.tokens["blue"] += count
    s.tally[seat][T["fat_converted"]] += count
    s.log(FatUsed, "fat", PUBLIC, seat, a.id, count)


def _graze(s: EvolutionState, seat: int, action: GrazeAction) -> None:
    a = s.animals[action["animal"]]
    a.grazed = True
    s.bank -= 1
    s.tokens["gone"] += 1
    s.tally[seat][T["food_grazed"]] += 1
    s.log(Grazed, "graze", PUBLIC, seat, a.id, s.bank)


def _piracy(s: EvolutionState, seat: int, action: PiracyAction) -> None:
    pirate, victim = s.animals[action["pirate"]], s.animals[action["target"]]
    pirate.pirated = True
    red = victim.red > 0
    if red:
        victim.red -= 1
    else:
        victim.blue -= 1
    s.tokens["gone"] += 1
    s.tally[seat][T["food_pirated"]] += 1
    s.log(Pirated, "piracy", PUBLIC, seat, pirate.id, victim.owner, victim.id, "red" if red else "blue")
    _steal_onto(s, pirate, red)


def _steal_onto(s: EvolutionState, pirate: Animal, red: bool) -> None:
    """The stolen token lands on the pirate keeping its colour (ruling 3); not from the bank: only Cooperation fires."""
    s.tokens["red" if red else "blue"] += 1
    put(s, pirate, "red" if red else "blue")
    trigger(s, pirate, BLUE)


def _hibernate(s: EvolutionState, seat: int, action: HibernateAction) -> None:
    a = s.animals[action["animal"]]
    a.hibernating = True
    s.tally[seat][T["hibernations"]] += 1
    s.log(Hibernated, "hibernate", PUBLIC, seat, a.id)
