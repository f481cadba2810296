"""The turn, step by step: set-up, then Token Phase, Migration (three rounds), Consumption, Capture,
Reproduction; the Active Player token passes and the next turn's Token Phase begins.

``ORDER`` names the steps, ``STEPS`` gives each its function, and
``ROUND = Round(ORDER, STEPS)`` (``core/flow.py``) runs them: ``advance`` runs
automatic steps until a seat must choose or the game ends, skipping every
player who has nothing to choose. A step returns True when it is finished (the
next step in ``ORDER`` starts), False while it waits for a seat, or the name
of the step to go to: Migration names itself for its next round, and the
passing of the token names the Token Phase (set-up happens once).
"""

from __future__ import annotations

from collections.abc import Callable

from evogames.core.events import PUBLIC
from evogames.core.flow import Round
from evogames.games.dodo.components import CAPTURES_TO_END, MIGRATION_ROUNDS
from evogames.games.dodo.events import Consumption, Migration, PassToken, Turn
from evogames.games.dodo.rules.feeding import run_captures, run_consumption, run_reproduction
from evogames.games.dodo.rules.targets import any_migration, any_usable_token
from evogames.games.dodo.scoring import finish
from evogames.games.dodo.state import DodoState


# -- set-up ----------------------------------------------------------------
def step_setup(s: DodoState) -> bool:
    """Each player in turn places a single-mutation creature (``setup.py`` lays out the order); wait until all
    are placed."""
    return not s.order


# -- Token Phase -------------------------------------------------------------
def step_token(s: DodoState) -> bool:
    """A new turn: from the active player clockwise, each player may play one token."""
    if not s.entered:
        s.entered = True
        start_turn(s)
    return _nobody_left(s, any_usable_token)


def start_turn(s: DodoState) -> None:
    s.turn += 1
    s.pending = ()
    s.migrated.clear()
    s.relocated.clear()
    s.advantage.clear()
    s.fed.clear()
    for pos in range(len(s.grid)):
        s.covered[pos] = [0, 0, 0]
        s.eaten[pos] = [0, 0, 0]
        s.eaters[pos] = []
    s.order = s.seat_order()
    s.log(Turn, "turn", PUBLIC, s.turn, s.active)


def _nobody_left(s: DodoState, can: Callable[[DodoState, int], bool]) -> bool:
    """Skip the players in ``s.order`` who have nothing to choose; True when nobody is left to ask."""
    if s.pending:  # the player asked holds a token or a creature: he chooses on
        return False
    order = s.order
    while order and not can(s, order[0]):
        order.pop(0)
    return not order


# -- Migration -------------------------------------------------------------
def step_migration(s: DodoState) -> bool | str:
    """A migration round: from the active player clockwise, each player may move one creature; three rounds."""
    if not s.entered:
        s.entered = True
        # round 1 after the Token Phase (the last turn's Migration ended at round 3), else the next round
        s.migration_round = s.migration_round % MIGRATION_ROUNDS + 1
        s.order = s.seat_order()
        s.relocated.clear()
        s.log(Migration, "migration", PUBLIC, s.migration_round)
    if not _nobody_left(s, any_migration):
        return False
    return "migration" if s.migration_round < MIGRATION_ROUNDS else True


# -- Consumption, Capture, Reproduction ---------------------------------------
def step_consumption(s: DodoState) -> bool:
    """Environment by environment, creatures eat or starve; wait while a player orders his tied creatures."""
    if not s.entered:
        s.entered = True
        s.log(Consumption, "consumption", PUBLIC, s.turn)
        s.consume_pos = 0
    s.choices = []
    return run_consumption(s)


def step_capture(s: DodoState) -> bool:
    """Every environment one creature ate bare is captured; two captures end the game."""
    run_captures(s)
    _record_history(s)
    if max(s.captures(seat) for seat in range(s.n)) >= CAPTURES_TO_END:
        finish(s, "captures")
    return True


def step_reproduction(s: DodoState) -> bool:
    run_reproduction(s)
    return True


def step_pass_token(s: DodoState) -> str:
    """The end of the turn: the game ends if nothing can change any more, else the token passes clockwise."""
    # a new dict, not a change in place: clones share the history's records
    s.history[-1] = {**s.history[-1], "creatures": _on_board_counts(s)}
    if not s.living():
        finish(s, "extinction")
    elif s.turn >= s.options["max_turns"]:
        finish(s, "turn_limit")
    else:
        s.active = (s.active + 1) % s.n
        s.log(PassToken, "pass_token", PUBLIC, s.active)
    return "token"


def _on_board_counts(s: DodoState) -> list[int]:
    """Creatures on the board (captors included) per seat: ``len(s.on_board(seat))`` in one pass."""
    counts = [0] * s.n
    for c in s.creatures.values():
        if c.pos >= 0:
            counts[c.owner] += 1
    return counts


def _record_history(s: DodoState) -> None:
    creatures = s.creatures
    fed = [0] * s.n
    for cid in s.fed:
        fed[creatures[cid].owner] += 1
    s.history.append({
        "creatures": _on_board_counts(s),
        "captures": [s.captured_by.count(seat) for seat in range(s.n)],
        "fed": fed,
    })


ORDER = ("setup", "token", "migration", "consumption", "capture", "reproduction", "pass_token")

STEPS: dict[str, Callable[[DodoState], bool | str]] = {
    "setup": step_setup,
    "token": step_token,
    "migration": step_migration,
    "consumption": step_consumption,
    "capture": step_capture,
    "reproduction": step_reproduction,
    "pass_token": step_pass_token,
}

ROUND = Round(ORDER, STEPS)
#: run automatic steps until a seat must choose or the game is over
advance = ROUND.advance

#: the steps where a seat chooses (``actions.py`` and ``view.py`` ask which one the game is in)
SETUP, TOKEN, MIGRATION, CONSUMPTION = (ROUND.index[name] for name in ("setup", "token", "migration", "consumption"))

phase = ROUND.phase  # what a view calls the moment: the step the game waits in, or "over"
