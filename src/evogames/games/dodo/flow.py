"""The turn: Token Phase, Migration (three rounds), Consumption, Capture, Reproduction; the token passes.

``advance`` runs the game on from a player's action to the next real choice,
skipping every player who has nothing to choose.
"""

from __future__ import annotations

from evogames.games.dodo.components import CAPTURES_TO_END, MIGRATION_ROUNDS
from evogames.games.dodo.events import PUBLIC, Consumption, Migration, PassToken, Turn
from evogames.games.dodo.rules.feeding import run_captures, run_consumption, run_reproduction
from evogames.games.dodo.rules.moves import any_migration, any_usable_token
from evogames.games.dodo.scoring import finish
from evogames.games.dodo.state import MIGRATE, ORDER, PLACE, TOKEN, DodoState


def advance(s: DodoState) -> None:
    """Run automatic steps until someone must choose or the game is over."""
    while not s.over:
        if s.step == ORDER:
            return
        if s.step in (TOKEN, MIGRATE):
            _skip_players_without_a_choice(s)
        if s.order:
            return
        _next_step(s)


def _next_step(s: DodoState) -> None:
    if s.step == PLACE:
        start_turn(s)
    elif s.step == TOKEN:
        _start_migration_round(s, 1)
    elif s.migration_round < MIGRATION_ROUNDS:
        _start_migration_round(s, s.migration_round + 1)
    else:
        s.log(Consumption, "consumption", PUBLIC, s.turn)
        s.consume_pos = 0
        resume_consumption(s)


def _skip_players_without_a_choice(s: DodoState) -> None:
    if s.pending:
        return
    can = any_usable_token if s.step == TOKEN else any_migration
    while s.order and not can(s, s.order[0]):
        s.order.pop(0)


def start_turn(s: DodoState) -> None:
    s.turn += 1
    s.step = TOKEN
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


def _start_migration_round(s: DodoState, number: int) -> None:
    s.step = MIGRATE
    s.migration_round = number
    s.order = s.seat_order()
    s.relocated.clear()
    s.log(Migration, "migration", PUBLIC, number)


def resume_consumption(s: DodoState) -> None:
    """Consumption from where it stopped; then Capture, the end check, Reproduction, the next turn."""
    s.step = MIGRATE  # not ORDER: feeding goes on
    s.choices = []
    if not run_consumption(s):
        return
    run_captures(s)
    _record_history(s)
    if max(s.captures(seat) for seat in range(s.n)) >= CAPTURES_TO_END:
        finish(s, "captures")
        return
    run_reproduction(s)
    _end_turn(s)


def _end_turn(s: DodoState) -> None:
    # a new dict, not a change in place: clones share the history's records
    s.history[-1] = {**s.history[-1], "creatures": _on_board_counts(s)}
    if not any(c.pos >= 0 and not c.captured for c in s.creatures.values()):  # no creature left in play
        finish(s, "extinction")
    elif s.turn >= s.options["max_turns"]:
        finish(s, "turn_limit")
    else:
        s.active = (s.active + 1) % s.n
        s.log(PassToken, "pass_token", PUBLIC, s.active)
        start_turn(s)


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
