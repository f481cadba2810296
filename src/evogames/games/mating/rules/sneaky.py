"""Sneaky Strategies: who may play which card in which window, and what it does.

A sneaky card needs a combat or flashy Strategy in play (the one exception is
the card whose text is about a Strategy that just lost combat), Food to pay,
and, for a card that names an opponent, an opponent it can name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.games.mating.components import TARGETED, Sneaky, components
from evogames.games.mating.events import SneakyPlay
from evogames.games.mating.rules.attract import fitness, is_combat
from evogames.games.mating.state import (
    AVOID,
    EXTRA_DICE,
    FITNESS_DOWN,
    GUARDED,
    HIDDEN,
    IN_PLAY,
    LEVEL_UP,
    LOST,
    NO_FOOD_LOSS,
    REJOINED,
    MatingState,
    T,
)

WINDOW_TIMING = {
    "window_survive": "before survive",
    "window_attract": "before attract",
    "window_combat": "after combat",
    "window_mating": "after attract",
    "window_end": "after mating",
}


def _in_play(s: MatingState, seat: int) -> bool:
    return s.status[seat] == IN_PLAY


def _unflagged(flag: int) -> Callable[[MatingState, int], bool]:
    return lambda s, seat: _in_play(s, seat) and not s.flags[seat] & flag


def _can_fight(s: MatingState, seat: int) -> bool:
    if not _in_play(s, seat):
        return False
    flags = s.flags[seat]
    fights = bool(flags & LEVEL_UP) or (is_combat(s, seat) and not flags & AVOID)
    return fights and not flags & EXTRA_DICE


_NOT_HIDDEN = _unflagged(HIDDEN)

#: effect -> may ``seat`` play it now (its own Strategy's side)
CAN_PLAY: dict[str, Callable[[MatingState, int], bool]] = {
    # with Predators ignored (Variant 1) hiding is no real choice, so nobody is asked
    "hide_from_predators": lambda s, seat: s.options["predation"] and _NOT_HIDDEN(s, seat),
    "ignore_food_loss": _unflagged(NO_FOOD_LOSS),
    "mate_guarding": _unflagged(GUARDED),
    "extra_offspring": lambda s, seat: _in_play(s, seat) and s.females[seat] > 0,
    "steal_female": _in_play,
    "steal_offspring": _in_play,
    "rejoin_after_combat": lambda s, seat: s.status[seat] == LOST and is_combat(s, seat),
    "avoid_combat": lambda s, seat: _in_play(s, seat) and is_combat(s, seat)
    and not s.flags[seat] & (AVOID | LEVEL_UP),
    "level_up": lambda s, seat: _in_play(s, seat) and not is_combat(s, seat)
    and not s.flags[seat] & LEVEL_UP,
    "extra_combat_dice": _can_fight,
    "lower_fitness": _in_play,
}

#: the statuses of a Strategy whose seat may play some sneaky card: every CAN_PLAY test needs
#: the Strategy in play, but one (rejoin) that needs it beaten in combat
_CAN_PLAY_SOMETHING = (IN_PLAY, LOST)

#: effect -> may ``target`` be named by ``seat``
CAN_TARGET: dict[str, Callable[[MatingState, int], bool]] = {
    "steal_female": lambda s, t: _in_play(s, t) and s.females[t] > 0 and not s.flags[t] & GUARDED,
    "steal_offspring": lambda s, t: s.gained[t] > 0 and s.offspring[t] > 0 and not s.flags[t] & GUARDED,
    "lower_fitness": lambda s, t: _in_play(s, t) and not is_combat(s, t)
    and not s.flags[t] & FITNESS_DOWN and fitness(s, t) > 1,
}


def targets(s: MatingState, seat: int, effect: str) -> list[int]:
    return [t for t in range(s.n) if t != seat and CAN_TARGET[effect](s, t)]


def playable(s: MatingState, seat: int, card: Sneaky, timing: str) -> bool:
    """Can ``seat`` play ``card`` in the window of ``timing``?"""
    if card.timing != timing or s.food[seat] < card.food:
        return False
    if not CAN_PLAY[card.effect](s, seat):
        return False
    return card.effect not in TARGETED or bool(targets(s, seat, card.effect))


def may_be_asked(s: MatingState, seat: int, timing: str) -> bool:
    """Is ``seat`` asked in the window of ``timing``? Yes when some sneaky card of that
    timing, whoever holds it, could be played and paid for by ``seat`` now. This reads
    only what the table sees (Strategies, Food, Females, flags), never the hand, so being
    asked (or a window being skipped) tells nobody what anyone holds (ruling 7).

    ``playable`` for each kind, inlined (this runs for every seat in every window): every
    kind already has ``timing``, and a Strategy out to lunch or eaten can play none."""
    if s.status[seat] not in _CAN_PLAY_SOMETHING:
        return False
    food = s.food[seat]
    for card in _kinds(timing):
        if card.food <= food and CAN_PLAY[card.effect](s, seat) and (
                card.effect not in TARGETED or targets(s, seat, card.effect)):
            return True
    return False


@cache
def _kinds(timing: str) -> tuple[Sneaky, ...]:
    """One sneaky card of each (effect, Food cost) with ``timing``: all ``may_be_asked`` needs."""
    kinds: dict[tuple[str, int], Sneaky] = {}
    for card in components().sneakies.values():
        if card.timing == timing:
            kinds.setdefault((card.effect, card.food), card)
    return tuple(kinds.values())


def playable_cards(s: MatingState, seat: int, timing: str) -> list[Sneaky]:
    sneakies = components().sneakies
    return [sneakies[c] for c in s.hands[seat] if c in sneakies and playable(s, seat, sneakies[c], timing)]


def check_play(s: MatingState, seat: int, card_id: object, target: object, timing: str) -> Sneaky:
    """The card, if playing it now is legal; else IllegalAction."""
    sneakies = components().sneakies
    if not isinstance(card_id, str) or card_id not in s.hands[seat]:
        raise IllegalAction(f"You do not hold a card {card_id!r}.", ErrorCode.ACTION_INVALID_MOVE)
    if card_id not in sneakies:
        raise IllegalAction("Only sneaky Strategies are played between phases.", ErrorCode.ACTION_INVALID_MOVE)
    card = sneakies[card_id]
    if card.timing != timing:
        raise IllegalAction(f"{card.name} is played {card.timing}, not {timing}.", ErrorCode.ACTION_INVALID_MOVE)
    if s.food[seat] < card.food:
        raise IllegalAction(f"{card.name} costs {card.food} Food; you have {s.food[seat]}.",
                            ErrorCode.ACTION_INVALID_MOVE)
    if not CAN_PLAY[card.effect](s, seat):
        raise IllegalAction(f"{card.name} cannot be played now: {card.text}", ErrorCode.ACTION_INVALID_MOVE)
    if card.effect in TARGETED:
        if isinstance(target, bool) or target not in targets(s, seat, card.effect):
            raise IllegalAction(f"{card.name} needs an opponent it can name as target.", ErrorCode.ACTION_INVALID_MOVE)
    elif target is not None:
        raise IllegalAction(f"{card.name} takes no target.", ErrorCode.ACTION_INVALID_MOVE)
    return card


def play_sneaky(s: MatingState, seat: int, card: Sneaky, target: int | None) -> None:
    s.hands[seat].remove(card.id)
    s.discard.append(card.id)
    s.food[seat] -= card.food
    s.tally[seat][T["sneaky_played"]] += 1
    s.plays[seat].append(card.id)
    s.tally[seat][T["food_spent"]] += card.food
    named = target if target is not None else -1
    EFFECTS[card.effect](s, seat, named)
    # the numbers its sentence needs to say what the card did: the player's Females and Offspring, and the named
    # opponent's Females, Offspring and Fitness (-1: no opponent). Every field is given: ``log`` builds the tuple
    # without the class, so the class's defaults would not fill them in.
    if named < 0:
        s.log(SneakyPlay, "sneaky", PUBLIC, seat, card.id, named, s.females[seat], s.offspring[seat], -1, -1, -1)
    else:
        s.log(SneakyPlay, "sneaky", PUBLIC, seat, card.id, named, s.females[seat], s.offspring[seat],
              s.females[named], s.offspring[named], fitness(s, named))


def _flag(flag: int) -> Callable[[MatingState, int, int], None]:
    def apply(s: MatingState, seat: int, target: int) -> None:
        s.flags[seat] |= flag
    return apply


def _extra_offspring(s: MatingState, seat: int, target: int) -> None:
    s.offspring[seat] += 1
    s.gained[seat] += 1


def _steal_female(s: MatingState, seat: int, target: int) -> None:
    s.females[target] -= 1
    s.females[seat] += 1


def _steal_offspring(s: MatingState, seat: int, target: int) -> None:
    s.offspring[target] -= 1
    s.gained[target] -= 1
    s.offspring[seat] += 1
    s.gained[seat] += 1


def _rejoin(s: MatingState, seat: int, target: int) -> None:
    s.status[seat] = IN_PLAY
    s.flags[seat] |= REJOINED


def _lower_fitness(s: MatingState, seat: int, target: int) -> None:
    s.flags[target] |= FITNESS_DOWN


EFFECTS: dict[str, Callable[[MatingState, int, int], None]] = {
    "hide_from_predators": _flag(HIDDEN),
    "ignore_food_loss": _flag(NO_FOOD_LOSS),
    "mate_guarding": _flag(GUARDED),
    "extra_offspring": _extra_offspring,
    "steal_female": _steal_female,
    "steal_offspring": _steal_offspring,
    "rejoin_after_combat": _rejoin,
    "avoid_combat": _flag(AVOID),
    "level_up": _flag(LEVEL_UP),
    "extra_combat_dice": _flag(EXTRA_DICE),
    "lower_fitness": _lower_fitness,
}
