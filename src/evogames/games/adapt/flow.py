"""A turn, step by step: roll and move the bug; exiting at a side places a
HABITAT MAT if none is there and offers its NICHE card; every NICHE card
selected or given brings an ADAPTATION card; trades end the turn; the next
player's turn.

``ORDER`` names the steps, ``STEPS`` gives each its function, and
``ROUND = Round(ORDER, STEPS)`` (``core/flow.py``) runs them: ``advance`` runs
automatic steps until a seat must choose or the game ends. A step that waits
for a seat finds the checked action in ``s.choice`` (``actions.apply`` puts it
there), reads it as its TypedDict (``actions.py``), uses it and clears it; with
none it returns False. A step returns True to go on to the next step in
``ORDER``, or the name of the step the rules lead to (the bug exited:
``"exit"``; an offer: ``"answer"``; the turn over: the next player's ``"roll"``).

``choose`` comes before the first turn, in the variant where players choose
their creatures; every turn starts at ``roll``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from evogames.core.events import PUBLIC
from evogames.core.flow import Round
from evogames.games.adapt.components import components
from evogames.games.adapt.events import (
    AdaptationSelected,
    AlreadyShared,
    BugMoved,
    CreaturePlayed,
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
from evogames.games.adapt.rules.exits import apply_exit, exit_choices
from evogames.games.adapt.rules.trade import answer, make_offer
from evogames.games.adapt.scoring import finish, round_history
from evogames.games.adapt.state import AdaptState, T

if TYPE_CHECKING:
    from evogames.games.adapt.action_types import Adapt, Choose, ExitAction, Move, Offer


# -- before the first turn -------------------------------------------------
def step_choose(s: AdaptState) -> bool:
    """Variant: players choose their creatures from the face-up pile, in turn order."""
    action = s.choice
    if action is None:
        return False
    s.choice = None
    seat, creature = s.active, cast("Choose", action)["creature"]
    s.creature_pile.remove(creature)
    s.creatures[seat] = creature
    s.log(CreaturePlayed, "creature", PUBLIC, seat, creature)
    if seat < s.n - 1:
        s.active = seat + 1
        return False
    s.active = 0
    return True


# -- the turn --------------------------------------------------------------
def step_roll(s: AdaptState) -> bool:
    """Roll the die; the bug may move anywhere within the roll."""
    s.roll = s.rng.die()
    s.asked = []
    s.traded = []
    s.pending = ""
    s.exit_place = ""
    s.log(Rolled, "roll", PUBLIC, s.active, s.roll)
    return True


def step_move(s: AdaptState) -> bool | str:
    """The bug moves; ending on an exit space, it exits that side (then trades)."""
    action = s.choice
    if action is None:
        return False
    s.choice = None
    seat, to = s.active, cast("Move", action)["to"]
    board = boards()[s.board]
    s.tally[seat][T["distance_moved"]] += board.steps(s.pos[seat], to)
    s.pos[seat] = to
    place = board.exits.get(to)
    s.log(BugMoved, "move", PUBLIC, seat, to, place or "")
    if place is None:
        return "trade"
    s.tally[seat][T["exits"]] += 1
    return exit_at(s, seat, place)


def exit_at(s: AdaptState, seat: int, place: str) -> str:
    """The bug exits a side: a mat is drawn if the place is empty, then its NICHE card.
    Returns the step this leads to."""
    if place not in s.mats:
        draw_mat(s, seat, place)
    habitat = s.mats.get(place, "")
    s.exit_place = place
    if not habitat:
        s.log(NoMat, "no_mat", PUBLIC, seat)
        return "trade"
    if s.options["shared_habitats"]:
        return _share(s, seat, habitat)
    if habitat not in s.niches[seat] and s.niche_pile[habitat] == 0:
        s.log(NoNicheLeft, "no_niche_left", PUBLIC, seat, habitat)
        return "trade"
    s.pending = habitat
    if not exit_choices(s, seat):
        s.log(NothingToDo, "nothing_to_do", PUBLIC, seat, habitat)
        s.pending = ""
        return "trade"
    return "exit"


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
    s.log(MatTurned, "mat", PUBLIC, seat, habitat, place, card)


def _share(s: AdaptState, seat: int, habitat: str) -> str:
    """Shared habitats: everyone receives it and selects an adaptation, clockwise from the selector."""
    if habitat in s.shared:
        s.log(AlreadyShared, "already_shared", PUBLIC, seat, habitat)
        return "trade"
    s.shared.append(habitat)
    s.tally[seat][T["niches_taken"]] += 1
    clockwise = tuple((seat + i) % s.n for i in range(s.n))
    s.log(HabitatShared, "shared", PUBLIC, seat, habitat, clockwise[:len(s.adapt_pile)], clockwise)
    s.queue = list(clockwise)
    return "adapt"


def step_exit(s: AdaptState) -> bool | str:
    """Keep, exchange or give the NICHE card (``rules/exits.py``); whoever selected or was
    given one selects an ADAPTATION card."""
    action = s.choice
    if action is None:
        return False
    s.choice = None
    s.queue = apply_exit(s, s.active, cast("ExitAction", action))
    s.pending = ""
    return "adapt"


def step_adapt(s: AdaptState) -> bool:
    """The seats in ``queue`` select an ADAPTATION card each, in order (none if the pile is empty)."""
    action = s.choice
    if action is not None:
        s.choice = None
        seat, card = s.queue.pop(0), cast("Adapt", action)["card"]
        s.adapt_pile.remove(card)
        s.adapts[seat].append(card)
        s.log(AdaptationSelected, "adaptation", PUBLIC, seat, card)
    if s.queue and not s.adapt_pile:
        s.log(NoAdaptationLeft, "no_adaptation_left", PUBLIC, tuple(s.queue))
        s.queue = []
    return not s.queue


def step_trade(s: AdaptState) -> bool | str:
    """Trades at the end of the turn (``rules/trade.py``): an offer waits for its answer;
    ending the turn ends it."""
    action = s.choice
    if action is None:
        return False
    s.choice = None
    if action["type"] == "end_turn":
        return "end_turn"
    make_offer(s, s.active, cast("Offer", action))
    return "answer"


def step_answer(s: AdaptState) -> bool | str:
    """The offered player accepts or declines (out of turn); then more trades."""
    action = s.choice
    if action is None:
        return False
    s.choice = None
    answer(s, action["type"] == "accept")
    return "trade"


def step_end_turn(s: AdaptState) -> str:
    """The game ends at the end of the turn in which the last player gets their last NICHE;
    otherwise the next player's turn."""
    s.log(TurnEnded, "end_turn", PUBLIC, s.active)
    s.turn += 1
    if s.active == s.n - 1:
        round_history(s)
    if _everyone_done(s):
        finish(s, "complete")
    elif s.turn >= s.options["max_rounds"] * s.n:
        finish(s, "turn_limit")
    else:
        s.active = (s.active + 1) % s.n
    return "roll"


def _everyone_done(s: AdaptState) -> bool:
    if s.options["shared_habitats"]:
        return len(s.shared) >= s.goal
    return all(len(held) >= s.goal for held in s.niches)


ORDER = ("choose", "roll", "move", "exit", "adapt", "trade", "answer", "end_turn")

STEPS: dict[str, Callable[[AdaptState], bool | str]] = {
    "choose": step_choose,
    "roll": step_roll,
    "move": step_move,
    "exit": step_exit,
    "adapt": step_adapt,
    "trade": step_trade,
    "answer": step_answer,
    "end_turn": step_end_turn,
}

ROUND = Round(ORDER, STEPS)
#: run automatic steps until a seat must choose or the game is over
advance = ROUND.advance
#: the steps a seat waits in, as ``s.step`` holds them
CHOOSE, MOVE, EXIT, ADAPT, ANSWER = (ROUND.index[name] for name in ("choose", "move", "exit", "adapt", "answer"))

phase = ROUND.phase  # what a view calls the moment: the step the game waits in, or "over"
