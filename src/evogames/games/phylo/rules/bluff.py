"""Call your bluff (rules v2.0, optional, l.69-70): challenge a link the data say cannot exist in nature.

On your turn (free, once a turn) you may challenge a link between an opponent's
species and a neighbour it links with. The cards stand in for Wikipedia and the
Encyclopaedia of Life (l.70's "specific food chain keys"):
- the two species share no continent: they never meet, the link is a bluff;
- the species that feeds through the link has a food key (``eats``) that does not
  hold its neighbour: it does not eat that, the link is a bluff;
- its food key holds the neighbour (or it is a producer, which eats no one): the
  link is real, and the challenged player wins;
- otherwise (a consumer without a food key) nothing can be proved either way:
  the link is left as is and nobody removes a card.
The winner may remove any species on the table, with immediate consequences:
the species that lose their links because of it go at once (no reaction turn).
"""

from __future__ import annotations

from typing import NamedTuple, cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.phylo.action_types import ChallengeAction, PassAction, RemoveAction
from evogames.games.phylo.components import Species
from evogames.games.phylo.events import Bluff, Spare
from evogames.games.phylo.flow import remove_with_consequences
from evogames.games.phylo.rules.fields import pos_of
from evogames.games.phylo.rules.grid import link, near, shared_continent, top_species
from evogames.games.phylo.state import PhyloState, Pos, owner


def challengeable(s: PhyloState, seat: int, a: Pos, b: Pos) -> bool:
    """Is the link between the opponent's species in ``a`` and its neighbour ``b`` open to a challenge?"""
    sa, sb = top_species(s, a), top_species(s, b)
    if sa is None or sb is None or owner(s.board[a][0]) == seat:
        return False
    if frozenset((s.board[a][0], s.board[b][0])) in s.challenged:
        return False
    return link(s, sa, a, b) or link(s, sb, b, a)


def challenges(s: PhyloState, seat: int) -> list[ChallengeAction]:
    out: list[ChallengeAction] = []
    for a in sorted(s.board):
        out.extend({"type": "challenge", "at": list(a), "with": list(b)}
                   for b in near(a) if b in s.board and challengeable(s, seat, a, b))
    return out


def check_challenge(s: PhyloState, seat: int, action: Action) -> ChallengeAction:
    """The untrusted ``action`` checked as a challenge (an IllegalAction says what is wrong)."""
    if not s.options.get("call_your_bluff"):
        raise IllegalAction("Call your bluff is not in play at this table (option call_your_bluff).",
                            ErrorCode.ACTION_INVALID_MOVE)
    if s.challenged_this_turn:
        raise IllegalAction("You may call one bluff per turn.", ErrorCode.ACTION_INVALID_MOVE)
    a, b = pos_of(action.get("at"), "at"), pos_of(action.get("with"), "with")
    if b not in tuple(near(a)) or not challengeable(s, seat, a, b):
        raise IllegalAction("You can challenge only a link between an opponent's species and a neighbour it "
                            "links with, and each link only once.", ErrorCode.ACTION_INVALID_MOVE)
    return cast(ChallengeAction, action)


def challenge(s: PhyloState, seat: int, action: ChallengeAction) -> None:
    (ax, ay), (bx, by) = action["at"], action["with"]
    a, b = (ax, ay), (bx, by)
    s.challenged.add(frozenset((s.board[a][0], s.board[b][0])))
    s.challenged_this_turn = True
    found = verdict(s, a, b)
    winner = {BLUFF: seat, REAL: owner(s.board[a][0])}.get(found.outcome, -1)
    s.pending = winner
    s.log(Bluff, "bluff", PUBLIC, seat, s.card_of[s.board[a][0]], s.card_of[s.board[b][0]], found.outcome, winner,
          found.evidence, found.eater, found.food)


BLUFF, REAL, UNPROVEN = "bluff", "real", "unproven"


class Verdict(NamedTuple):
    """What the cards prove about a link: ``outcome`` (bluff, real, unproven), the ``evidence`` that
    decided (continents, food_key, producer, no_food_key) and the card ids of the species that feeds
    through the link and of its food (empty when the continents decide)."""

    outcome: str
    evidence: str
    eater: str = ""
    food: str = ""


def verdict(s: PhyloState, a: Pos, b: Pos) -> Verdict:
    """Judge the link between the species in ``a`` and its neighbour in ``b`` from the cards' data."""
    sa, sb = top_species(s, a), top_species(s, b)
    if sa is None or sb is None:
        raise ValueError("a bluff is called on two species")
    if not shared_continent(sa, sb):
        return Verdict(BLUFF, "continents")
    if link(s, sa, a, b):  # the challenged species' own link: what it lives on
        return feeding(sa, sb)
    return feeding(sb, sa)  # else the neighbour lives on it


def feeding(eater: Species, food: Species) -> Verdict:
    """Does ``eater`` really feed on ``food``? Its food key says, if it has one."""
    if eater.producer:
        return Verdict(REAL, "producer", eater.id, food.id)
    if not eater.eats:
        return Verdict(UNPROVEN, "no_food_key", eater.id, food.id)
    eaten = {food.kingdom, food.phylum, food.klass, food.genus} & set(eater.eats)
    return Verdict(REAL if eaten else BLUFF, "food_key", eater.id, food.id)


def removals(s: PhyloState) -> list[RemoveAction | PassAction]:
    spots = [pos for pos in sorted(s.board) if top_species(s, pos) is not None]
    out: list[RemoveAction | PassAction] = [{"type": "remove", "at": list(pos)} for pos in spots]
    out.append({"type": "pass"})
    return out


def check_resolve(s: PhyloState, seat: int, action: Action) -> RemoveAction | PassAction:
    """The untrusted ``action`` of a bluff's winner (a remove or a pass) checked."""
    if s.pending != seat:
        raise IllegalAction("Only the winner of a bluff removes a card.", ErrorCode.ACTION_INVALID_MOVE)
    if action.get("type") == "pass":
        return cast(PassAction, action)
    if top_species(s, pos_of(action.get("at"), "at")) is None:
        raise IllegalAction("Remove a species card on the table (not a HOME, not an empty space).",
                            ErrorCode.ACTION_INVALID_MOVE)
    return cast(RemoveAction, action)


def resolve(s: PhyloState, seat: int, action: RemoveAction | PassAction) -> None:
    if action["type"] == "pass":
        s.log(Spare, "spare", PUBLIC, seat)
    else:
        x, y = action["at"]
        remove_with_consequences(s, [(x, y)], "bluff")
    s.pending = -1
