"""Event cards: which species they may be played on, and what they do.

An event played on a species usually discards it; the species that lose their
links because of it are only threatened, and the other player reacts before
they are removed (Meteorite Crash is the exception: its dependents go at once).
A counter-event, played in the next turn by the player whose species were hit,
cancels the event: discarded cards come back where their space is still free.
"""

from __future__ import annotations

from typing import Any, Final

from evogames.core.events import PUBLIC
from evogames.games.phylo.action_types import EventAction
from evogames.games.phylo.components import Event, Species, components
from evogames.games.phylo.events import Contest, Countered, EventPlayed, Flooded, Insight, TakeBack, Urban, Wind
from evogames.games.phylo.flow import remove_cards, remove_with_consequences
from evogames.games.phylo.rules.grid import OCEAN, SIDES, SPECIES, near, terrain_mask, top_species
from evogames.games.phylo.rules.index import BIT, TableIndex, held_spaces
from evogames.games.phylo.state import PhyloState, Pos, owner

EVENTS: Final = components().events
TERRAIN_BITS: Final = {name: 1 << i for i, name in enumerate(("urban", "forest", "desert", "freshwater", "grasslands",
                                                       "tundra", "ocean"))}
FLOOD_TURNS: Final = 1  # the flood lasts until the end of the next turn


def may_target(s: PhyloState, event: Event, pos: Pos) -> bool:
    """Is the top species of ``pos`` a compatible target for ``event``?"""
    sp = top_species(s, pos)
    if sp is None or not event.targeted or not may_hit(event, sp, terrain_mask(s, pos, sp)):
        return False
    if event.next_to_ocean and not any(_is_ocean(s, q) for q in near(pos)):
        return False
    return not (event.effect == "climate_change" and s.climate_change_used)


def may_hit(event: Event, sp: Species, terrains: int) -> bool:
    """What ``event`` asks of the species it hits (``terrains``: the species' terrains in its space)."""
    if event.kingdoms and sp.kingdom not in event.kingdoms:
        return False
    if event.terrains and not terrains & sum(TERRAIN_BITS[t] for t in event.terrains):
        return False
    return not (sp.scale < event.min_scale or (event.max_foodchain and sp.foodchain > event.max_foodchain))


# Each targeted event: the bits of the species it may hit in a space neither flooded nor urban; and the
# bits of the ocean species (an event next to the ocean looks for one beside its target).
HIT_MASK: Final = {e.id: sum(BIT[sp.id] for sp in SPECIES.values() if may_hit(e, sp, sp.terrain_mask))
            for e in EVENTS.values() if e.targeted}
OCEAN_BITS: Final = sum(BIT[sp.id] for sp in SPECIES.values() if sp.terrain_mask & OCEAN)


def targets(s: PhyloState, ix: TableIndex, event: Event) -> tuple[Pos, ...]:
    """The spaces ``event`` may be played on, in order (``ix`` = ``table_index(s)``; kept there until the
    table changes). Away from flooded and urban spaces, ``HIT_MASK`` and the bits beside a space say."""
    if event.effect == "climate_change" and s.climate_change_used:
        return ()
    key = ("targets", event.id)
    found: tuple[Pos, ...] | None = ix.memo.get(key)
    if found is None:
        touched = ix.touched
        hit, shore = HIT_MASK[event.id], event.next_to_ocean
        found = ix.memo[key] = tuple([
            pos for pos, bit, near_bits in held_spaces(ix, s.card_of)
            if (may_target(s, event, pos) if pos in touched
                else hit & bit and (not shore or near_bits & OCEAN_BITS))])
    return found


def _is_ocean(s: PhyloState, pos: Pos) -> bool:
    sp = top_species(s, pos)
    return sp is not None and bool(terrain_mask(s, pos, sp) & OCEAN)


def counter_target(s: PhyloState, seat: int) -> dict[str, Any] | None:
    """The event a counter-event may cancel now: the opponent's, last turn, that hit ``seat``'s species."""
    last = s.last_event
    if last and last["turn"] == s.turn - 1 and last["seat"] != seat and seat in last["hit"] and not last["countered"]:
        return last
    return None


def play_event(s: PhyloState, seat: int, event: Event, action: EventAction) -> dict[str, Any]:
    """Apply an event whose action was already checked; returns its record."""
    record: dict[str, Any] = {"turn": s.turn, "seat": seat, "event": event.id, "hit": set(), "removed": [],
                              "flooded": [], "urban": [], "countered": False}
    at = _pos(action.get("at"))
    if at is not None:
        record["hit"].add(owner(s.board[at][0]))
    target = s.card_of[s.board[at][0]] if at is not None else None
    s.log(EventPlayed, "event", PUBLIC, seat, event.id, at, target)
    EFFECT[event.effect](s, seat, event, action, record)
    if event.targeted:
        s.last_event = record
    return record


def _discard(s: PhyloState, spaces: list[Pos], record: dict[str, Any], cascade: bool = False) -> None:
    for pos in spaces:
        if pos in s.board:
            record["removed"].append((pos, list(s.board[pos])))
            record["hit"].add(owner(s.board[pos][0]))
    if cascade:
        remove_with_consequences(s, spaces, "event")
    else:
        remove_cards(s, spaces, "event")


def _plain(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    _discard(s, [_must(action.get("at"))], record)


def _crash(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    _discard(s, [_must(action.get("at"))], record, cascade=True)


def _outbreak(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    card = s.card_of[s.board[_must(action.get("at"))][0]]
    _discard(s, [pos for pos, stack in s.board.items() if s.card_of[stack[0]] == card], record)


def _habitat_loss(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    at = _must(action.get("at"))
    s.urban.add(at)
    record["urban"].append(at)
    s.log(Urban, "urban", PUBLIC, at)


def _tsunami(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    spaces = [_must(action.get("at")), _must(action.get("also"))]
    drowned = []
    for pos in spaces:
        sp = top_species(s, pos)
        if sp is not None and not sp.terrain_mask & OCEAN and not sp.flight:
            drowned.append(pos)
        if pos not in s.flooded:
            record["flooded"].append(pos)
        s.flooded[pos] = s.turn + FLOOD_TURNS
    s.log(Flooded, "flooded", PUBLIC, tuple(spaces), s.turn + FLOOD_TURNS)
    _discard(s, drowned, record)


def _climate_change(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    s.climate_change_used = True
    _discard(s, [_must(action.get("at"))], record)
    then = _pos(action.get("then"))
    if then is None:
        return
    roll, against = s.rng.die(), s.rng.die()
    spreads = roll > against and then in s.board
    s.log(Contest, "contest", PUBLIC, seat, roll, against, spreads)
    if spreads:
        climate_change_spreads(s, then, record)


def climate_change_spreads(s: PhyloState, then: Pos, record: dict[str, Any]) -> None:
    """Climate Change won its contest: it discards the species in ``then`` too."""
    _discard(s, [then], record)


CONTEST_WON: Final = 15 / 36  # the event's player rolls higher on two dice


def _counter(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    last = counter_target(s, seat)
    if last is None:
        return
    s.last_event = {**last, "countered": True}
    for pos in last["flooded"]:
        s.flooded.pop(pos, None)
    for pos in last["urban"]:
        s.urban.discard(pos)
    back = []
    for pos, stack in last["removed"]:
        if pos in s.board or any(iid not in s.discards[owner(iid)] for iid in stack):
            continue
        for iid in stack:
            s.discards[owner(iid)].remove(iid)
            s.where[iid] = pos
        s.board[pos] = list(stack)
        for iid in stack:
            s.threatened.pop(iid, None)
        back.extend(stack)
    s.log(Countered, "countered", PUBLIC, seat, last["event"], s.cards(back))


def _insight(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    s.log(Insight, "insight", PUBLIC, seat, s.insight[seat])
    s.insight[seat] = True


def _biodiversity(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    iid = str(action.get("take"))
    s.discards[seat].remove(iid)
    s.hands[seat].append(iid)
    s.log(TakeBack, "take_back", PUBLIC, seat, s.card_of[iid], iid)


def _wind(s: PhyloState, seat: int, event: Event, action: EventAction, record: dict[str, Any]) -> None:
    s.log(Wind, "wind", PUBLIC, seat, s.wind)
    s.wind = True


def _pos(value: Any) -> Pos | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value):
        return int(value[0]), int(value[1])
    return None


def _must(value: Any) -> Pos:
    pos = _pos(value)
    if pos is None:
        raise ValueError("an event target was not checked")
    return pos


def tsunami_partners(pos: Pos) -> list[Pos]:
    return [(pos[0] + dx, pos[1] + dy) for dx, dy in SIDES]


EFFECT: Final = {
    "discard": _plain, "crash": _crash, "outbreak": _outbreak, "habitat_loss": _habitat_loss,
    "tsunami": _tsunami, "climate_change": _climate_change, "counter": _counter, "insight": _insight,
    "biodiversity": _biodiversity, "wind": _wind,
}
