"""Consumption, Capture and Reproduction: who eats, who starves, who captures, who is born.

In each environment creatures eat one at a time: Competitive Advantage first,
then the most mutations, ties to the active player and then clockwise; a
player orders his own tied creatures (asked only when the order matters). A
creature eats exactly its mutations or starves. A single creature that ate
every available resource captures the environment.
"""

from __future__ import annotations

from operator import itemgetter

from evogames.core.events import PUBLIC
from evogames.games.dodo.components import components
from evogames.games.dodo.events import Birth, Capture, Eat, NoChild, Starve
from evogames.games.dodo.rules.targets import available
from evogames.games.dodo.state import Creature, DodoState, T

# tally columns
FED, STARVED, CAPTURES, BORN, NO_CHILD = T["fed"], T["starved"], T["captures"], T["born"], T["no_child_supply"]
AT_DEATH, AT_CAPTURE = T["mutations_at_death"], T["mutations_at_capture"]


# -- Consumption ---------------------------------------------------------------
def run_consumption(s: DodoState) -> bool:
    """Feed environment by environment from ``s.consume_pos``; False when a player must order his creatures."""
    fed = set(s.fed)
    waiting: dict[int, list[Creature]] = {}  # hungry creatures by position, in table order
    for c in s.creatures.values():
        if c.pos >= s.consume_pos and not c.captured and c.id not in fed:
            waiting.setdefault(c.pos, []).append(c)
    while s.consume_pos < len(s.grid):
        pos = s.consume_pos
        ranked = sorted([(_rank(s, c), c) for c in waiting[pos]], key=_first) if pos in waiting else []
        while ranked:  # ranks do not change while an environment eats: sort once, eat from the front
            top = ranked[0][0]
            group = [c for rank, c in ranked if rank == top]
            if len(group) > 1 and _order_matters(s, pos, group):
                s.choices = [c.id for c in _one_per_mix(group)]
                return False
            eat_or_starve(s, group[0])
            ranked.pop(0)
        s.consume_pos += 1
    return True


_first = itemgetter(0)  # sort (rank, creature) pairs by rank only: equal ranks keep table order


def _rank(s: DodoState, c: Creature) -> tuple[int, int, int]:
    """Consumption order: Competitive Advantage, most mutations, seat clockwise from the active player."""
    return (0 if c.id in s.advantage else 1, -len(c.blocks), (c.owner - s.active) % s.n)


def _order_matters(s: DodoState, pos: int, group: list[Creature]) -> bool:
    """One player's tied creatures of different mixes that cannot all eat: he chooses."""
    if len(_one_per_mix(group)) < 2:
        return False
    left = available(s, pos)
    return any(sum(c.counts[k] for c in group) > left[k] for k in range(3))


def _one_per_mix(group: list[Creature]) -> list[Creature]:
    seen: dict[tuple[int, int, int], Creature] = {}
    for c in group:
        seen.setdefault(c.counts, c)
    return list(seen.values())


def eat_or_starve(s: DodoState, c: Creature) -> None:
    """``c`` eats exactly its mutations if they are all there, or eats nothing and dies."""
    left = available(s, c.pos)
    red, yellow, green = c.counts
    if red <= left[0] and yellow <= left[1] and green <= left[2]:
        eaten = s.eaten[c.pos]
        eaten[0] += red
        eaten[1] += yellow
        eaten[2] += green
        s.eaters[c.pos].append(c.id)
        s.fed.append(c.id)
        s.tally[c.owner][FED] += 1
        s.log(Eat, "eat", PUBLIC, c.owner, c.id, c.blocks, s.grid[c.pos], c.id in s.advantage)
    else:
        starve(s, c)


def starve(s: DodoState, c: Creature) -> None:
    del s.creatures[c.id]
    for colour in c.blocks:
        s.supply[colour] += 1
    s.bases[c.owner] += 1
    size = len(c.blocks)
    tally = s.tally[c.owner]
    tally[STARVED] += 1
    tally[AT_DEATH] += size
    s.death_mutations[size] = s.death_mutations.get(size, 0) + 1
    s.log(Starve, "starve", PUBLIC, c.owner, c.id, c.blocks, s.grid[c.pos], tuple(available(s, c.pos)))


# -- Capture -------------------------------------------------------------------
def run_captures(s: DodoState) -> None:
    """Every environment where one creature ate all that was available is captured, all at once."""
    for pos in range(len(s.grid)):
        if s.captured_by[pos] >= 0 or len(s.eaters[pos]) != 1 or any(available(s, pos)):
            continue
        c = s.creatures[s.eaters[pos][0]]
        c.captured = True
        s.captured_by[pos] = c.owner
        s.captor[pos] = c.id
        size = components().environments[s.grid[pos]].size
        s.tally[c.owner][CAPTURES] += 1
        s.tally[c.owner][AT_CAPTURE] += c.size
        s.capture_mutations[c.size] = s.capture_mutations.get(c.size, 0) + 1
        s.captures_by_size[size] = s.captures_by_size.get(size, 0) + 1
        s.log(Capture, "capture", PUBLIC, c.owner, c.id, c.blocks, s.grid[pos], tuple(s.covered[pos]), s.turn)


# -- Reproduction ----------------------------------------------------------------
def run_reproduction(s: DodoState) -> None:
    """Each creature that ate (and did not capture) gets a child: its blocks plus one rolled colour.

    Players in turn from the active player; each player's parents in the order they ate.
    """
    for seat in s.seat_order():
        for cid in s.fed:
            parent = s.creatures.get(cid)
            if parent is not None and parent.owner == seat and not parent.captured:
                reproduce(s, parent)


def reproduce(s: DodoState, parent: Creature) -> None:
    if s.bases[parent.owner] == 0:
        s.tally[parent.owner][NO_CHILD] += 1
        s.log(NoChild, "no_child", PUBLIC, parent.owner, parent.id, "bases")
        return
    spare = [s.supply[k] - parent.counts[k] for k in range(3)]
    if min(spare) < 0 or max(spare) < 1:
        s.tally[parent.owner][NO_CHILD] += 1
        s.log(NoChild, "no_child", PUBLIC, parent.owner, parent.id, "blocks")
        return
    faces = components().die_faces
    rolls = [roll_die(s)]
    while spare[faces[rolls[-1] - 1]] < 1:  # that colour ran out: roll again
        rolls.append(roll_die(s))
    child = Creature(s.next_id, parent.owner, (*parent.blocks, faces[rolls[-1] - 1]), parent.pos)
    s.next_id += 1
    s.creatures[child.id] = child
    for colour in child.blocks:
        s.supply[colour] -= 1
    s.bases[parent.owner] -= 1
    s.tally[parent.owner][BORN] += 1
    s.log(Birth, "birth", PUBLIC, parent.owner, parent.id, child.id, child.blocks, tuple(rolls), s.grid[parent.pos])


def roll_die(s: DodoState) -> int:
    """Roll the six-sided die (components.toml says which face is which colour)."""
    return s.rng.die()
