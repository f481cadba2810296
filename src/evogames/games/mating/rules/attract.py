"""The Attract phase: combat between combat Strategies, then Females choose.

Combat: every fighter rolls dice equal to its Fitness; the highest total wins,
tied leaders each roll one die (the FAQ's tie rule); losers are discarded.
The winner's combat bonus (+2 Females) exists only when combat happened.
Females: each Stand by colour, higher Fitness first (the combat winner too: its
bonus adds Females, not Fitness), equal Fitness splits equally and the die decides
the remainder.
"""

from __future__ import annotations

from evogames.core.events import PUBLIC
from evogames.games.mating.components import COMBAT_BONUS, components
from evogames.games.mating.events import Attract, Combat, CombatWon, NoCombat
from evogames.games.mating.rules.dice import rank_by_dice
from evogames.games.mating.state import (
    AVOID,
    EXTRA_DICE,
    FITNESS_DOWN,
    IN_PLAY,
    LEVEL_UP,
    LOST,
    MatingState,
    T,
)

RED, BLUE = 0, 1


def fitness(s: MatingState, seat: int) -> int:
    """The Fitness of ``seat``'s Strategy this round (a bower raid lowers it, never below 1)."""
    card = components().strategies[s.played[seat] or ""]
    return max(1, card.fitness - 1) if s.flags[seat] & FITNESS_DOWN else card.fitness


def is_combat(s: MatingState, seat: int) -> bool:
    return components().strategies[s.played[seat] or ""].type == "combat"


def fighters(s: MatingState) -> list[int]:
    """Combat Strategies that fight (not satellites), plus Levelled-Up flashy ones."""
    out = []
    for seat in range(s.n):
        if s.status[seat] != IN_PLAY:
            continue
        flags = s.flags[seat]
        if flags & LEVEL_UP or (is_combat(s, seat) and not flags & AVOID):
            out.append(seat)
    return out


def resolve_combat(s: MatingState) -> None:
    """Roll combat dice when two or more Strategies fight."""
    fighting = fighters(s)
    if len(fighting) < 2:
        s.combat = False
        s.combat_winner = -1
        if fighting:
            s.log(NoCombat, "no_combat", PUBLIC, fighting[0], s.played[fighting[0]])
        return
    s.combat = True
    rolls = []
    for seat in fighting:
        count = fitness(s, seat) + (2 if s.flags[seat] & EXTRA_DICE else 0)
        rolls.append((seat, tuple(s.rng.dice(count))))
    played = tuple(s.played)
    s.log(Combat, "combat", PUBLIC, tuple(rolls), played)
    best = max(sum(d) for _, d in rolls)
    leaders = [seat for seat, d in rolls if sum(d) == best]
    # FAQ: "Whenever there is a tie, players in the tie roll a single six-sided dice"
    winner = rank_by_dice(s, leaders, "combat")[0] if len(leaders) > 1 else leaders[0]
    s.combat_winner = winner
    for seat in fighting:
        s.tally[seat][T["combats_fought"]] += 1
        if seat != winner:
            s.status[seat] = LOST
    s.tally[winner][T["combats_won"]] += 1
    s.log(CombatWon, "combat_won", PUBLIC, winner, tuple(x for x in fighting if x != winner), played)


def attract_females(s: MatingState) -> None:
    """Each Stand gives its Females to the Strategies of its colour still in play."""
    for colour in (RED, BLUE):
        suitors = [seat for seat in range(s.n) if s.status[seat] == IN_PLAY
                   and (RED if is_combat(s, seat) else BLUE) == colour]
        for group in _attract_order(s, suitors):
            _share(s, colour, group)


def _attract_order(s: MatingState, suitors: list[int]) -> list[list[int]]:
    """Groups of equal Fitness, highest first (l.281: "The Strategies with higher Fitness
    attract Females first"). The combat bonus adds Females, not Fitness (l.259), so a combat
    winner takes its place by its Fitness like everyone else (rulings 10 and 11)."""
    return [[x for x in suitors if fitness(s, x) == value]
            for value in sorted({fitness(s, x) for x in suitors}, reverse=True)]


def _share(s: MatingState, colour: int, group: list[int]) -> None:
    """Females divide equally among a tied group; a die roll places the remainder."""
    wants = {seat: fitness(s, seat) + (COMBAT_BONUS if seat == s.combat_winner else 0) for seat in group}
    got = dict.fromkeys(group, 0)
    while s.stands[colour] > 0:
        active = [seat for seat in group if got[seat] < wants[seat]]
        if not active:
            break
        if s.stands[colour] >= len(active):
            for seat in active:
                got[seat] += 1
            s.stands[colour] -= len(active)
            continue
        for seat in rank_by_dice(s, active, "female")[: s.stands[colour]]:
            got[seat] += 1
        s.stands[colour] = 0
    for seat in group:
        s.females[seat] += got[seat]
        s.tally[seat][T["females_attracted"]] += got[seat]
        s.log(Attract, "attract", PUBLIC, seat, colour, got[seat], wants[seat], s.played[seat])


def lost_combat(s: MatingState, seat: int) -> bool:
    return s.status[seat] == LOST
