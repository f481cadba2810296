"""The turn, step by step: draw, three actions, the check for species that lost their links, the end check.

``ORDER`` names the steps, ``STEPS`` gives each its function, and
``ROUND = Round(ORDER, STEPS)`` (``core/flow.py``) runs them: ``advance`` runs
the automatic steps until the player (or a bluff's winner) must choose, or the
game ends. A step returns True when it is finished, False while it waits for a
seat; the last step, ``next_player``, goes back to ``draw`` for the next
player's turn (``setup.py`` puts the first player at ``draw``).

A species left without a compatible link at the end of a turn is *threatened*;
its owner's next turn is the reaction turn (with two players, the next turn;
a species its own player cut off is judged at the end of the next turn), and at
its end the species, if still without a link, is removed, with the cascade that
follows (each species that loses its last link because of those removals goes
too, at once).
The game ends after the turn of the other player(s) once someone has drawn the
last card of their deck (``draw`` sets that turn); the scores and the result are
``scoring.py``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from evogames.core.events import PUBLIC
from evogames.core.flow import Round
from evogames.games.phylo.events import Draw, Draws, LastCard, Removed, Threatened, Turn
from evogames.games.phylo.rules.grid import unlinked
from evogames.games.phylo.scoring import finish, scores
from evogames.games.phylo.state import ACTIONS_PER_TURN, PhyloState, Pos, owner


# -- the turn ----------------------------------------------------------------------------------
def step_draw(s: PhyloState) -> bool:
    """The player's turn begins: three actions to come, and they draw 1 card (2 with Scientific Insight)."""
    s.turn += 1
    s.actions_left = ACTIONS_PER_TURN
    s.event_played = False
    s.wind = False
    s.challenged_this_turn = False
    seat = s.player
    s.log(Turn, "turn", PUBLIC, seat, s.turn, s.cards(due(s)))
    draw(s, seat, 2 if s.insight[seat] else 1)
    return True


def step_actions(s: PhyloState) -> bool:
    """Three actions, in any mix (each action in ``actions.py`` uses one; SPREAD and a challenge are free).
    Wait until none is left and no bluff's winner still has to remove a card."""
    return s.actions_left <= 0 and s.pending < 0


def step_reaction(s: PhyloState) -> bool:
    """The end of the turn: the threatened species whose reaction turn this was go if still without a link,
    with their cascade; the species now without a link are threatened until their reaction turn."""
    found = unlinked(s)
    if not found and not s.threatened:  # nothing cut off, nothing waiting: only the flood may end
        if s.flooded:
            s.flooded = {pos: last for pos, last in s.flooded.items() if last > s.turn}
        return True
    before = set(found)
    doomed = [pos for pos in before if s.threatened.get(s.board[pos][0], s.turn + 1) <= s.turn]
    if doomed:
        removed = remove_cards(s, doomed, "links") + cascade(s, before)
        s.cleanups.append(removed)
        found = unlinked(s)
    cut = sorted(s.board[pos][0] for pos in found)
    s.threatened = {iid: s.threatened.get(iid) or reaction_turn(s, iid) for iid in cut}
    if s.threatened:
        cut = sorted(s.threatened)
        s.log(Threatened, "threatened", PUBLIC, s.cards(cut), tuple(s.threatened[iid] for iid in cut))
    if s.flooded:
        s.flooded = {pos: last for pos, last in s.flooded.items() if last > s.turn}
    return True


def step_end_check(s: PhyloState) -> bool:
    """The points on the table are recorded; after the last turn (``draw`` set it) the game is over."""
    s.history.append(scores(s))
    if s.last_turn and s.turn >= s.last_turn:
        finish(s)
    return True


def step_next_player(s: PhyloState) -> str:
    """The next seat's turn."""
    s.player = (s.player + 1) % s.n
    return "draw"


ORDER = ("draw", "actions", "reaction", "end_check", "next_player")

STEPS: dict[str, Callable[[PhyloState], bool | str]] = {
    "draw": step_draw,
    "actions": step_actions,
    "reaction": step_reaction,
    "end_check": step_end_check,
    "next_player": step_next_player,
}

ROUND = Round(ORDER, STEPS)
ACTIONS: Final = ORDER.index("actions")


def advance(s: PhyloState) -> None:
    """Run automatic steps until a seat must choose or the game is over (``ROUND.advance``; most actions
    leave the turn waiting for the next one, which is answered here without running the round)."""
    if s.step == ACTIONS and not s.over and not step_actions(s):  # the turn waits for its next action
        return
    ROUND.advance(s)


# -- helpers the rules share -------------------------------------------------------------------
def draw(s: PhyloState, seat: int, count: int) -> int:
    """Draw up to ``count`` cards; taking the last card of the deck starts the end of the game."""
    deck = s.decks[seat]
    rest = len(deck) - min(count, len(deck))
    got = deck[rest:][::-1]  # the cards on top, as taken one by one from the end
    del deck[rest:]
    s.hands[seat].extend(got)
    if got:
        s.log(Draw, "draw", seat, seat, s.cards(got))
        s.log(Draws, "draws", PUBLIC, seat, len(got), len(deck))
    if not deck and got and not s.last_turn:
        s.last_turn = s.turn + s.n - 1
        s.log(LastCard, "last_card", PUBLIC, seat, s.last_turn)
    return len(got)


def due(s: PhyloState) -> list[str]:
    """The threatened species checked at the end of this turn, in order."""
    return sorted(iid for iid, turn in s.threatened.items() if turn <= s.turn)


def reaction_turn(s: PhyloState, iid: str) -> int:
    """The turn at whose end a species found without a link now is checked: its owner's next turn (they
    react, l.53, l.67), or the next turn when its owner cut it off in their own turn (l.66)."""
    ahead = (owner(iid) - s.player) % s.n
    return s.turn + (ahead or 1)


def remove_cards(s: PhyloState, spaces: list[Pos], cause: str) -> int:
    """Discard the species in ``spaces`` (and the parasites under them); returns how many went."""
    gone = 0
    for pos in sorted(spaces):
        stack = s.board.pop(pos, None)
        if not stack:
            continue
        for iid in stack:
            s.where.pop(iid, None)
            s.threatened.pop(iid, None)
            seat = owner(iid)
            s.discards[seat].append(iid)
            s.lost[seat][cause] += 1
            gone += 1
        s.log(Removed, "removed", PUBLIC, s.cards(stack), cause, pos)
    return gone


def cascade(s: PhyloState, before: set[Pos]) -> int:
    """Remove, at once and repeatedly, every species that lost its last link since ``before``."""
    gone = 0
    while True:
        fresh = [pos for pos in unlinked(s) if pos not in before]
        if not fresh:
            return gone
        gone += remove_cards(s, fresh, "cascade")


def remove_with_consequences(s: PhyloState, spaces: list[Pos], cause: str) -> int:
    """Remove and let the cascade follow immediately (no reaction turn): bluffs, Meteorite Crash."""
    before = set(unlinked(s))
    removed = remove_cards(s, spaces, cause)
    fallen = cascade(s, before)
    if fallen:
        s.cleanups.append(fallen)
    return removed + fallen
