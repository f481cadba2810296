"""Trades at the end of a turn: one NICHE card and one ADAPTATION card, each
swapped one-for-one with any willing player.

- ``{"type": "offer", "to": 2, "give": "H03", "take": "H11"}``: offer a swap (two NICHE
  cards, or two ADAPTATION cards ``A..``); the offered player answers out of turn;
- ``{"type": "accept"}`` / ``{"type": "decline"}``: the offered player's answer;
- ``{"type": "end_turn"}``: no (more) trades.
Each kind is traded at most once a turn, and each player is asked at most once per kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.adapt.events import TradeAnswered, TradeOffered
from evogames.games.adapt.state import AdaptState, T

if TYPE_CHECKING:
    from evogames.games.adapt.action_types import AdaptAction, Offer

NICHE, ADAPTATION = "niche", "adaptation"


def kinds_open(s: AdaptState) -> list[str]:
    kinds = [ADAPTATION] if s.options["shared_habitats"] else [NICHE, ADAPTATION]
    return [k for k in kinds if k not in s.traded]


def _holdings(s: AdaptState, seat: int, kind: str) -> list[str]:
    return s.niches[seat] if kind == NICHE else s.adapts[seat]


def offers(s: AdaptState, seat: int) -> list[AdaptAction]:
    out: list[AdaptAction] = []
    asked = s.asked
    for kind in kinds_open(s):
        held = s.niches if kind == NICHE else s.adapts
        mine = held[seat]
        if not mine:
            continue
        for q in range(s.n):
            if q == seat or (q, kind) in asked:
                continue
            theirs = held[q]
            gives, takes = mine, theirs
            if kind == NICHE:  # nobody may end up with two copies of a NICHE card
                gives = [g for g in mine if g not in theirs]
                takes = [t for t in theirs if t not in mine]
            out += [{"type": "offer", "to": q, "give": g, "take": t} for g in gives for t in takes]
    return out


def _swappable(kind: str, give: str, take: str, mine: list[str], theirs: list[str]) -> bool:
    """A player may never hold two copies of a NICHE card; identical swaps are pointless."""
    if give == take:
        return False
    return kind != NICHE or (give not in theirs and take not in mine)


def check_offer(s: AdaptState, seat: int, action: Action) -> None:
    to, give, take = action.get("to"), action.get("give"), action.get("take")
    kind = NICHE if str(give).startswith("H") else ADAPTATION
    if kind in s.traded or (kind == NICHE and s.options["shared_habitats"]):  # not in kinds_open(s)
        why = (f"You have already traded a{'n' if kind == ADAPTATION else ''} {kind} card this turn."
               if kind in s.traded else "In the shared-habitats variant only ADAPTATION cards are traded.")
    elif not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < s.n or to == seat:
        why = "Offer a trade to another player (\"to\": their seat)."
    elif (to, kind) in s.asked:
        why = f"You have already offered Player {to + 1} a {kind} trade this turn."
    else:
        mine, theirs = _holdings(s, seat, kind), _holdings(s, to, kind)
        if give not in mine or take not in theirs:
            why = f"A trade swaps one {kind} card you hold for one Player {to + 1} holds."
        elif not _swappable(kind, str(give), str(take), mine, theirs):
            why = "Nobody may hold two copies of the same NICHE card."
        else:
            return
    raise IllegalAction(why, ErrorCode.ACTION_INVALID_MOVE)


def make_offer(s: AdaptState, seat: int, action: Offer) -> None:
    kind = NICHE if action["give"].startswith("H") else ADAPTATION
    s.offer = (action["to"], kind, action["give"], action["take"])
    s.asked.append((action["to"], kind))
    s.log(TradeOffered, "offer", PUBLIC, seat, action["to"], action["give"], action["take"])


def answer(s: AdaptState, accepted: bool) -> None:
    if s.offer is None:
        return
    to, kind, give, take = s.offer
    active = s.active
    if accepted:
        mine, theirs = _holdings(s, active, kind), _holdings(s, to, kind)
        mine[mine.index(give)] = take
        theirs[theirs.index(take)] = give
        s.traded.append(kind)
        s.tally[active][T["trades"]] += 1
        s.tally[to][T["trades"]] += 1
    else:
        s.tally[active][T["offers_declined"]] += 1
    s.log(TradeAnswered, "answer", PUBLIC, to, active, accepted, give, take)
    s.offer = None
