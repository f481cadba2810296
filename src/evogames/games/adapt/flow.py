"""A turn, step by step: roll and move the bug; exiting at a side places a
HABITAT MAT if none is there and offers its NICHE card; every NICHE card
selected or given brings an ADAPTATION card; trades end the turn.
"""

from __future__ import annotations

from evogames.games.adapt.components import components
from evogames.games.adapt.events import (
    PUBLIC,
    AdaptationSelected,
    AlreadyShared,
    BugMoved,
    HabitatShared,
    MatTurned,
    NoAdaptationLeft,
    NoMat,
    NoNicheLeft,
    NothingToDo,
    Rolled,
    TurnEnded,
)
from evogames.games.adapt.rules.board import boards
from evogames.games.adapt.rules.exits import exit_choices
from evogames.games.adapt.scoring import finish, round_history
from evogames.games.adapt.state import ADAPT, EXIT, MOVE, TRADE, AdaptState, T


def start_turn(s: AdaptState) -> None:
    """Roll the die; the bug may move anywhere within the roll."""
    s.phase = MOVE
    s.roll = s.rng.die()
    s.asked = []
    s.traded = []
    s.pending = ""
    s.exit_place = ""
    s.events.append(Rolled("roll", PUBLIC, s.active, s.roll))


def move_bug(s: AdaptState, seat: int, to: str) -> None:
    board = boards()[s.board]
    s.tally[seat][T["distance_moved"]] += board.steps(s.pos[seat], to)
    s.pos[seat] = to
    place = board.exits.get(to)
    s.events.append(BugMoved("move", PUBLIC, seat, to, place or ""))
    if place is None:
        s.phase = TRADE
        return
    s.tally[seat][T["exits"]] += 1
    exit_at(s, seat, place)


def exit_at(s: AdaptState, seat: int, place: str) -> None:
    """The bug exits a side: a mat is drawn if the place is empty, then its NICHE card."""
    if place not in s.mats:
        draw_mat(s, seat, place)
    habitat = s.mats.get(place, "")
    s.exit_place = place
    if not habitat:
        s.events.append(NoMat("no_mat", PUBLIC, seat))
        s.phase = TRADE
    elif s.options["shared_habitats"]:
        _share(s, seat, habitat)
    elif habitat not in s.niches[seat] and s.niche_pile[habitat] == 0:
        s.events.append(NoNicheLeft("no_niche_left", PUBLIC, seat, habitat))
        s.phase = TRADE
    else:
        s.pending = habitat
        s.phase = EXIT
        if not exit_choices(s, seat):
            s.events.append(NothingToDo("nothing_to_do", PUBLIC, seat, habitat))
            s.pending = ""
            s.phase = TRADE


def draw_mat(s: AdaptState, seat: int, place: str) -> None:
    """Turn over the top HABITAT MAT; a randomizer card fills its three blanks in order."""
    if not s.deck:
        return
    habitat = s.deck.pop()
    card = s.randomizers.pop() if s.randomizers else ""
    values = components().randomizers[card].values if card else (3, 3, 3)
    s.mats[place] = habitat
    s.pressures[habitat] = components().habitats[habitat].pressures(values)
    s.tally[seat][T["mats_drawn"]] += 1
    s.events.append(MatTurned("mat", PUBLIC, seat, habitat, place, card))


def _share(s: AdaptState, seat: int, habitat: str) -> None:
    """Shared habitats: everyone receives it and selects an adaptation, clockwise from the selector."""
    if habitat in s.shared:
        s.events.append(AlreadyShared("already_shared", PUBLIC, seat, habitat))
        s.phase = TRADE
        return
    s.shared.append(habitat)
    s.tally[seat][T["niches_taken"]] += 1
    clockwise = tuple((seat + i) % s.n for i in range(s.n))
    s.events.append(HabitatShared("shared", PUBLIC, seat, habitat, clockwise[:len(s.adapt_pile)], clockwise))
    select_adaptations(s, list(clockwise))


def select_adaptations(s: AdaptState, seats: list[int]) -> None:
    """These seats select an ADAPTATION card each, in order (none if the pile is empty)."""
    s.pending = ""
    s.queue = list(seats)
    s.phase = ADAPT
    skip_empty_pile(s)


def skip_empty_pile(s: AdaptState) -> None:
    if s.queue and not s.adapt_pile:
        s.events.append(NoAdaptationLeft("no_adaptation_left", PUBLIC, tuple(s.queue)))
        s.queue = []
    if not s.queue:
        s.phase = TRADE


def take_adaptation(s: AdaptState, seat: int, card: str) -> None:
    s.adapt_pile.remove(card)
    s.adapts[seat].append(card)
    s.queue.pop(0)
    s.events.append(AdaptationSelected("adaptation", PUBLIC, seat, card))
    skip_empty_pile(s)


def end_turn(s: AdaptState) -> None:
    """The game ends at the end of the turn in which the last player gets their last NICHE."""
    s.events.append(TurnEnded("end_turn", PUBLIC, s.active))
    s.turn += 1
    if s.active == s.n - 1:
        round_history(s)
    if _everyone_done(s):
        finish(s, "complete")
    elif s.turn >= s.options["max_rounds"] * s.n:
        finish(s, "turn_limit")
    else:
        s.active = (s.active + 1) % s.n
        start_turn(s)


def _everyone_done(s: AdaptState) -> bool:
    if s.options["shared_habitats"]:
        return len(s.shared) >= s.goal
    return all(len(held) >= s.goal for held in s.niches)
