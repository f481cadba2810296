"""A heuristic player of Phylo, steered by a style for experiments.

It sees only its seat's view, from which it rebuilds the table to judge links
with the game's own compatibility rules. Its judgement:
- play species that score and that have several links (redundant links survive
  events), and those that give a threatened species of its own a link again;
- move its own threatened species to a linked space;
- spread whenever it can (it is free);
- play events where the preview shows the opponent losing the most, and never
  where it would lose more itself; counter events that hit it;
- call a bluff only when the cards would prove it (no shared continent, or a food
  key that does not hold the neighbour).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evogames.core.rng import Rng
from evogames.core.types import Action
from evogames.games.phylo.components import components
from evogames.games.phylo.rules.bluff import BLUFF, verdict
from evogames.games.phylo.rules.grid import SPECIES, link, linked, near
from evogames.games.phylo.state import PhyloState, Pos, owner


def table_from_view(view: dict[str, Any]) -> PhyloState:
    """The public table of a view as a state the compatibility rules can judge (no hands, no decks)."""
    n = len(view["players"])
    s = PhyloState(n, dict(view["options"]), Rng(0))
    for space in view["board"]:
        pos = (space["at"][0], space["at"][1])
        s.board[pos] = [c["id"] for c in space["cards"]]
        for c in space["cards"]:
            s.card_of[c["id"]] = c["card"]
            s.where[c["id"]] = pos
    for card in view.get("hand") or []:
        s.card_of[card["id"]] = card["card"]
    s.flooded = {(p[0], p[1]): view["turn"] for p in view["flooded"]}
    s.urban = {(p[0], p[1]) for p in view["urban"]}
    s.threatened = dict.fromkeys(view["threatened"], view["turn"])
    return s


@dataclass
class HeuristicBot:
    """``redundancy``: weight of extra links on a new species; ``aggression``: weight of the
    opponent's losses when playing events; ``bluff``: call bluffs the data would win."""

    redundancy: float = 1.5
    aggression: float = 1.0
    bluff: bool = True
    name: str = "heuristic"
    needs_view = True

    def __post_init__(self) -> None:
        if not 0 <= self.redundancy <= 10 or not 0 <= self.aggression <= 10:
            raise TypeError("redundancy and aggression must be between 0 and 10")

    def choose(self, view: dict[str, Any], rng: Rng) -> Action:
        legal = view["legal"]
        s = table_from_view(view)
        me = view["seat"]
        ctx = _Context(s, me, view)
        best: Action = legal[-1]
        best_value = -1e9
        for index, action in enumerate(legal):
            value = self._value(s, me, view, index, action, ctx) + 1e-6 * rng.random()
            if value > best_value:
                best, best_value = action, value
        return best

    def value(self, s: PhyloState, me: int, view: dict[str, Any], index: int, action: Action) -> float:
        return self._value(s, me, view, index, action, _Context(s, me, view))

    def _value(self, s: PhyloState, me: int, view: dict[str, Any], index: int, action: Action,
               ctx: _Context) -> float:
        kind = action["type"]
        if kind == "play":
            return self._play(s, me, action["card"], _pos(action["at"]), ctx)
        if kind == "spread":
            return 5.0 + self._play(s, me, action["card"], _pos(action["to"]), ctx)
        if kind == "move":
            return self._move(s, me, action["card"], _pos(action["to"]))
        if kind == "event":
            return self._event(s, me, view, index, action)
        if kind == "discard":
            return self._discard(s, me, view, action["card"], ctx)
        if kind == "challenge":
            return self._challenge(s, action)
        if kind == "remove":
            return _removal_gain(s, me, _pos(action["at"]))
        return 0.0

    # -- judging actions ---------------------------------------------------------------------
    def _play(self, s: PhyloState, me: int, iid: str, at: Pos, ctx: _Context) -> float:
        sp = SPECIES[s.card_of[iid]]
        value = float(sp.points)
        stack = s.board.get(at)
        if stack and sp.invasive:
            below = SPECIES[s.card_of[stack[0]]]
            value += below.points * (1 if owner(stack[0]) != me else -1.5)
        cut = [q for q in near(at) if q in ctx.mine_unlinked]
        s.board[at] = [*stack, iid] if stack and sp.parasite else [iid]  # try it, then put the table back
        try:
            links = 2 if stack and sp.parasite else sum(link(s, sp, at, q) for q in near(at))  # a host holds it
            relinked = sum(not _mine_and_unlinked(s, me, q) for q in cut)
        finally:
            if stack:
                s.board[at] = stack
            else:
                del s.board[at]
        return value + self.redundancy * min(links, 3) + 4.0 * relinked

    def _move(self, s: PhyloState, me: int, iid: str, to: Pos) -> float:
        frm = s.where[iid]
        sp = SPECIES[s.card_of[iid]]
        if linked(s, sp, frm):
            return -2.0
        twin = s.sandbox()
        twin.board[to] = twin.board.pop(frm)
        return 6.0 + sp.points + self.redundancy * sum(link(twin, sp, to, q) for q in near(to))

    def _event(self, s: PhyloState, me: int, view: dict[str, Any], index: int, action: Action) -> float:
        effect = components().events[_card_of(view, action["card"])].effect
        if effect == "counter":
            return 12.0
        if effect in ("insight", "biodiversity"):
            return 3.5
        if effect == "wind":
            return -1.0
        preview = view["previews"].get(str(index), {"removes": [], "threatens": []})
        gain = self._losses(s, me, preview)
        chance = preview.get("if_it_spreads")
        if chance:  # a contest: weigh what it may add by its chance
            gain += chance["chance"] * (self._losses(s, me, chance) - gain)
        return gain - 2.0

    def _losses(self, s: PhyloState, me: int, outcome: dict[str, Any]) -> float:
        """What an event's outcome is worth to me: the others' species it takes, less mine."""
        gain = 0.0
        for iid in outcome["removes"]:
            sp = SPECIES.get(s.card_of.get(iid, ""))
            if sp is not None:
                gain += sp.points * (self.aggression if owner(iid) != me else -1.5)
        for iid in outcome["threatens"]:
            sp = SPECIES.get(s.card_of.get(iid, ""))
            if sp is not None:
                gain += 0.5 * sp.points * (self.aggression if owner(iid) != me else -1.5)
        return gain

    def _discard(self, s: PhyloState, me: int, view: dict[str, Any], iid: str, ctx: _Context) -> float:
        playable = ctx.playable
        stuck = iid not in playable
        return (1.0 if stuck else -3.0) + (0.5 if not playable else 0.0)

    def _challenge(self, s: PhyloState, action: Action) -> float:
        found = verdict(s, _pos(action["at"]), _pos(action["with"]))
        return 9.0 if self.bluff and found.outcome == BLUFF else -50.0


class _Context:
    """What one decision needs again and again, worked out once from the table (which the
    judging puts back as it found it): my species without a link, the cards I could play."""

    __slots__ = ("mine_unlinked", "playable")

    def __init__(self, s: PhyloState, me: int, view: dict[str, Any]) -> None:
        self.mine_unlinked = {pos for pos in s.board if _mine_and_unlinked(s, me, pos)}
        self.playable = {a["card"] for a in view["legal"] if a["type"] in ("play", "event", "spread")}


def _pos(value: list[int]) -> Pos:
    return value[0], value[1]


def _card_of(view: dict[str, Any], iid: str) -> str:
    return str(next(c["card"] for c in view["hand"] if c["id"] == iid))


def _mine_and_unlinked(s: PhyloState, me: int, pos: Pos) -> bool:
    stack = s.board.get(pos)
    sp = SPECIES.get(s.card_of[stack[0]]) if stack else None
    return sp is not None and stack is not None and owner(stack[0]) == me and not linked(s, sp, pos)


def _removal_gain(s: PhyloState, me: int, at: Pos) -> float:
    """Points the opponents lose minus points I lose, if the species in ``at`` goes with its cascade."""
    from evogames.games.phylo.flow import remove_with_consequences

    twin = s.sandbox()
    before = {i for stack in twin.board.values() for i in stack}
    remove_with_consequences(twin, [at], "bluff")
    after = {i for stack in twin.board.values() for i in stack}
    value = 0.0
    for iid in before - after:
        sp = SPECIES.get(s.card_of[iid])
        if sp is not None:
            value += sp.points if owner(iid) != me else -1.5 * sp.points
    return value


__all__ = ["HeuristicBot", "table_from_view"]
