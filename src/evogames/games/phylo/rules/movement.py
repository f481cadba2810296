"""MOVE, FLIGHT and SPREAD: a species changes its space, or a copy from the hand spreads next to it.

MOVE n: up to n spaces in a straight line (up, down, sideways), not through cards.
FLIGHT n: the same, diagonals too, over cards. The new space must give a
compatible link. SPREAD n: a copy of the same species from your hand goes to an
empty space within n (diagonals count) of the original, when what the card
needs is there (a POLLINATOR next to it, or a WIND event this turn); WIND
doubles n. Spreading uses no action.
"""

from __future__ import annotations

from typing import Any, Final

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.games.phylo.action_types import SpreadAction
from evogames.games.phylo.components import Species
from evogames.games.phylo.rules.grid import SPECIES, fits, linked, near, steps
from evogames.games.phylo.state import PhyloState, Pos, owner


def check_move(s: PhyloState, seat: int, card: Any, to: Pos) -> tuple[str, Pos, Pos]:
    if not isinstance(card, str) or card not in s.where:
        raise IllegalAction(f"There is no card {card!r} on the table.", ErrorCode.ACTION_INVALID_MOVE)
    frm = s.where[card]
    sp = SPECIES.get(s.card_of[card])
    if owner(card) != seat or s.board[frm][0] != card or sp is None:
        raise IllegalAction("You may move only your own species (a card underneath moves with its host).",
                            ErrorCode.ACTION_INVALID_MOVE)
    if not sp.move and not sp.flight:
        raise IllegalAction(f"{sp.name} has no MOVE or FLIGHT keyword: it cannot move.", ErrorCode.ACTION_INVALID_MOVE)
    if to not in steps(s, frm, sp):
        ways = [f"MOVE {sp.move} in straight lines"] if sp.move else []
        ways += [f"FLIGHT {sp.flight}, diagonals too"] if sp.flight else []
        raise IllegalAction(f"{sp.name} cannot reach a compatible free space there ({' / '.join(ways)}).",
                            ErrorCode.ACTION_INVALID_MOVE)
    return card, frm, to


def spread_reach(s: PhyloState, sp: Species, pos: Pos) -> int:
    """How far ``sp`` in ``pos`` may spread now (0: it may not)."""
    if not sp.spread:
        return 0
    if sp.spread_needs == "wind" and not s.wind:
        return 0
    if sp.spread_needs == "pollinator" and not _pollinator_near(s, pos):
        return 0
    return sp.spread * (2 if s.wind else 1)


def _pollinator_near(s: PhyloState, pos: Pos) -> bool:
    for q in near(pos):
        stack = s.board.get(q)
        if stack:
            sp = SPECIES.get(s.card_of[stack[0]])
            if sp is not None and sp.pollinator:
                return True
    return False


def spread_places(s: PhyloState, sp: Species, pos: Pos) -> list[Pos]:
    reach = spread_reach(s, sp, pos)
    out: list[Pos] = []
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            q = (pos[0] + dx, pos[1] + dy)
            if q not in s.board and fits(s, sp, q) and linked(s, sp, q):
                out.append(q)
    return out


SPREADERS: Final = frozenset(sid for sid, sp in SPECIES.items() if sp.spread)


def spread_actions(s: PhyloState, seat: int, copies: dict[str, str]) -> list[SpreadAction]:
    """The SPREADs of ``seat``, whose SPREAD species in hand are ``copies`` (species -> its first card in hand)."""
    out: list[SpreadAction] = []
    for pos, stack in s.board.items():
        card = s.card_of[stack[0]]
        if card in copies and owner(stack[0]) == seat:
            sp = SPECIES[card]
            out.extend({"type": "spread", "card": copies[card], "from": list(pos), "to": list(q)}
                       for q in spread_places(s, sp, pos))
    return out


def check_spread(s: PhyloState, seat: int, iid: str, frm: Pos, to: Pos) -> None:
    stack = s.board.get(frm)
    card = s.card_of[iid]
    sp = SPECIES.get(card)
    if not stack or s.card_of[stack[0]] != card or owner(stack[0]) != seat or sp is None:
        raise IllegalAction("SPREAD puts a copy next to your own card of the same species.",
                            ErrorCode.ACTION_INVALID_MOVE)
    if not spread_reach(s, sp, frm):
        need = {"pollinator": "a POLLINATOR next to it", "wind": "a WIND event this turn"}.get(sp.spread_needs, "")
        raise IllegalAction(f"{sp.name} cannot spread now" + (f": it needs {need}." if need else "."),
                            ErrorCode.ACTION_INVALID_MOVE)
    if to not in spread_places(s, sp, frm):
        raise IllegalAction(f"{sp.name} can spread only to a free, compatible space within "
                            f"{spread_reach(s, sp, frm)} of the original.", ErrorCode.ACTION_INVALID_MOVE)
