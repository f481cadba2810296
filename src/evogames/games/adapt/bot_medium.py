"""The improved heuristic of Adapt or Die (the level ``medium``): the heuristic's judgement, and
- a NICHE still to come is priced by the creature *as it will be*: the expected score, over the
  habitats not yet on the table (blanks as the randomizer cards fill them), of the feature values
  its ADAPTATION cards give, in the order best for all its habitats, known and to come. The
  heuristic priced it by the creature's starting values, the same whatever card it chose, so it
  picked ADAPTATION cards for the habitats it held alone and wrecked its fit in the rest;
- with four NICHEs, a place with no mat yet is a chance (the habitat turned over may fit better
  than one it holds, swapped at the exit), priced by the habitats still face down, where the
  heuristic counted it a loss;
- route choice: a move that exits nowhere is priced by the next turn, the mean over the six rolls
  of the best exit (or none) it can reach from there, where the heuristic drifted to the centre
  (4 steps from every exit): it waits a step or two short of exits worth taking;
- the end: an exit choice that ends the game (the last player's 4th NICHE card, kept or given) is
  taken when it wins the game and avoided when it loses it (below: "The end"), and it moves to an
  exit where it can end the game won;
- trades: it accepts one only when it gains at least as much as the player who offered it (the
  heuristic accepted any trade that did not make it worse, however much it helped a rival).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from evogames.core.types import Action
from evogames.games.adapt.bot import HeuristicBot, Table
from evogames.games.adapt.components import components
from evogames.games.adapt.rules.board import MAX_ROLL, Board, boards
from evogames.games.adapt.rules.scorecard import best_total, cost_table, end_values, feature_score

Costs = tuple[tuple[float, ...], ...]  # [feature][value] -> expected score in one habitat


@cache
def blank_odds() -> tuple[tuple[int, float], ...]:
    """How likely each value is in a blank: the numbers on the randomizer cards."""
    counts = Counter(v for r in components().randomizers.values() for v in r.values)
    total = sum(counts.values())
    return tuple((v, n / total) for v, n in sorted(counts.items()))


@cache
def unseen_costs(seen: frozenset[str]) -> Costs:
    """The expected score of each feature at each value in one habitat not yet on the table."""
    habitats = [h for h in components().habitats.values() if h.id not in seen] or list(components().habitats.values())
    costs = [[0.0] * 6 for _ in range(5)]
    for h in habitats:
        fixed = dict(h.fixed)
        for f in range(5):
            for v in range(1, 6):
                if f in fixed:
                    costs[f][v] += feature_score(v, fixed[f]) / len(habitats)
                else:
                    costs[f][v] += sum(p * feature_score(v, b) for b, p in blank_odds()) / len(habitats)
    return tuple(tuple(row) for row in costs)


def kinds_of(t: Table, adapts: list[str]) -> list[list[str]]:
    """The kinds of these ADAPTATION cards, per feature."""
    kinds: list[list[str]] = [[] for _ in range(5)]
    for a in adapts:
        card = t.cat["adaptations"][a]
        kinds[card["feature"]].append(card["kind"])
    return kinds


class MediumTable(Table):
    """The heuristic's table, a missing NICHE priced by the adapted creature."""

    def _projected(self, seat: int, niches: list[str], adapts: list[str]) -> float:
        if not self.free_places:
            return super()._projected(seat, niches, adapts)
        start, kinds = self.start(seat), kinds_of(self, adapts)
        held = [self.pressures[h] for h in niches if h in self.pressures]
        missing = max(0, self.goal - len(held))
        known = cost_table(tuple(sorted(held)))
        unseen = unseen_costs(frozenset(self.pressures))
        total = 0.0
        for f in range(5):
            total += min(known[f][v] + missing * unseen[f][v] for v in end_values(start[f], tuple(kinds[f])))
        return total + missing * MISSING_BIAS


#: a NICHE to come is priced a little above its expected score (as the heuristic's "+ 1"): a sure
#: habitat beats a hoped-for one
MISSING_BIAS = 1.0


@dataclass
class MediumBot(HeuristicBot):
    """The heuristic on a table that prices the NICHE cards to come by the adapted creature."""

    name: str = "medium"

    def _table(self, view: dict[str, Any]) -> Table:
        return MediumTable(view)

    def _space_values(self, t: Table, spaces: list[str]) -> list[float]:
        """An exit by the NICHE it brings; any other space by the next turn (what waiting costs, and
        the exits in reach from it)."""
        seat = int(t.view["seat"])
        board = boards()[t.view["board"]["name"]]
        mats = {m["place"]: m["habitat"] for m in t.view["mats"]}
        base = t.now(seat)
        exits = {node: self._exit_value(t, seat, mats.get(place), base) for node, place in board.exits.items()}
        return [exits[to] if to in exits else WAIT + next_turn(board, to, exits) for to in spaces]

    def _exit_cost(self, t: Table, seat: int, leader: int, action: Action) -> float:
        """The heuristic's cost, and far more (or far less) for a choice that ends the game lost (or won)."""
        return super()._exit_cost(t, seat, leader, action) + ENDING * ending(t, seat, action)

    def _answer(self, t: Table) -> Action:
        """Accept a trade that helps this seat, and at least as much as it helps the one who offered it."""
        offer, seat = t.view["offer"], int(t.view["seat"])
        mine = t.now(seat) - self._after_swap(t, seat, offer["take"], offer["give"])
        theirs = t.now(offer["from"]) - self._after_swap(t, offer["from"], offer["give"], offer["take"])
        return {"type": "accept" if mine > 0 and mine >= theirs else "decline"}

    def _exit_value(self, t: Table, seat: int, habitat: str | None, base: float) -> float:
        """What exiting at a place is worth; a mat whose NICHE card ends the game won, ``RUSH`` points more."""
        niches, adapts = t.cards(seat)
        if habitat is None and len(niches) >= t.goal:
            return new_mat_option(t, seat, niches, adapts)
        value = super()._exit_value(t, seat, habitat, base)
        return value - RUSH if habitat is not None and wins_by_ending_at(t, seat, habitat) else value


def new_mat_option(t: Table, seat: int, niches: list[str], adapts: list[str]) -> float:
    """A full hand exiting at a place with no mat yet: the mean, over the habitats still face down
    (blanks as 3), of what swapping that NICHE for the worst one held would gain (or nothing)."""
    start, kinds = t.start(seat), kinds_of(t, adapts)
    held = [t.pressures[h] for h in niches if h in t.pressures]
    now = best_total(start, kinds, held)
    unseen = [h for h in components().habitats.values() if h.id not in t.pressures]
    total = 0.0
    for h in unseen:
        p = h.pressures((3, 3, 3))
        total += min(0, min(best_total(start, kinds, [*held[:i], p, *held[i + 1:]]) for i in range(len(held))) - now)
    return total / max(1, len(unseen))


#: what an exit where the game can be ended won is worth when moving, in unfit points: against three heuristic bots
#: (2,000 games) 0 won 0.343, 2.5 0.361, 5 0.372, 10 0.377, 20 0.378, 50 0.379: a plateau from 10
RUSH = 10.0
ENDING = 100.0  #: what ending the game won (-) or lost (+) counts at an exit, beyond any unfit point
WAIT = 0.3  #: what a turn spent without exiting costs (others move on, the table fills up)


def next_turn(board: Board, node: str, exits: dict[str, float]) -> float:
    """The mean over the rolls of the best of: an exit in reach from ``node``, or waiting again (0)."""
    total = 0.0
    for roll in range(1, MAX_ROLL + 1):
        total += min([0.0, *(exits[n] for n in board.within(node, roll) if n in exits)])
    return total / MAX_ROLL


# -- The end ------------------------------------------------------------------------------------------------
# How the ``medium`` bot reads the end of an Adapt or Die game at an exit.
#
# The rules end the game at the end of the turn in which the last player gets their 4th NICHE card. So an
# exit choice can end it: keeping the card, or giving it to the last player short of one. A player who
# would win the game so ended (the lowest unfit score, every hand now full and priced exactly) should end
# it, and one who would lose should not (exchange, or give the card to someone it does not complete) while
# the game is young: after round ``PLAY_ON`` a lost game is let end (four bots that each played on while
# behind ran 2% of their games to the 60-round limit; with the bound none of 400). The
# cards are priced as the bot prices them everywhere (``Table.projected``); a player who selects an
# ADAPTATION card after the exit is priced with the best one left in the face-up pile. Moving, an exit that
# offers such a won end (``wins_by_ending_at``) is worth going to.
#
# Only the standard game is read this way: with ``scoring=extinction`` the fewest extinctions win, and with
# ``shared_habitats`` every habitat selected counts for everyone.

#: the last round in which a player avoids ending a game it would lose (a heuristic table's game lasts 13)
PLAY_ON: Final = 20


@dataclass
class Hand:
    """A player's NICHE and ADAPTATION cards after an exit choice, and whether they now select an
    ADAPTATION card."""

    niches: list[str]
    adaptations: list[str]
    selects: bool = False


def hands_after(t: Table, seat: int, action: dict[str, Any], habitat: str) -> list[Hand]:
    """Every player's cards once ``seat``'s exit choice (keep, exchange or give) at ``habitat`` is applied."""
    hands = [Hand(*t.cards(p)) for p in range(len(t.view["players"]))]
    mine = hands[seat]
    held = habitat in mine.niches
    kind = action["type"]
    if kind == "keep":
        mine.niches.append(habitat)
        mine.selects = True
    elif kind == "exchange":
        mine.niches.remove(action["niche"])
        _return(mine, action)
        if not held:
            mine.niches.append(habitat)
            mine.selects = True
    elif kind == "give":
        if held:
            mine.niches.remove(habitat)
            _return(mine, action)
        hands[action["to"]].niches.append(habitat)
        hands[action["to"]].selects = True
    return hands


def _return(hand: Hand, action: dict[str, Any]) -> None:
    """A NICHE card going back to the pile takes one of the player's ADAPTATION cards with it."""
    adaptation = action.get("adaptation")
    if adaptation:
        hand.adaptations.remove(adaptation)


def reads_the_end(view: dict[str, Any]) -> bool:
    """The standard game: the lowest unfit score wins and each player's own habitats count."""
    options = view.get("options") or {}
    return options.get("scoring", "unfit") != "extinction" and not options.get("shared_habitats")


def ending(t: Table, seat: int, action: dict[str, Any], habitat: str | None = None) -> int:
    """``-1`` if this exit choice (at the pending exit, or at ``habitat``) ends the game with ``seat`` alone lowest,
    ``1`` if it ends it with someone else lower while the game is young (round ``PLAY_ON`` or before), else ``0``
    (the game goes on, ends in a tie, is not the standard game, or is old)."""
    if not reads_the_end(t.view):
        return 0
    hands = hands_after(t, seat, action, habitat or t.view["pending"]["habitat"])
    if any(len(hand.niches) < t.goal for hand in hands):
        return 0
    finals = [_final(t, p, hand) for p, hand in enumerate(hands)]
    mine, rival = finals[seat], min(f for p, f in enumerate(finals) if p != seat)
    if mine < rival:
        return -1
    return 1 if mine > rival and int(t.view["round"]) <= PLAY_ON else 0


def wins_by_ending_at(t: Table, seat: int, habitat: str) -> bool:
    """Whether an exit at ``habitat`` (its mat on the table) offers a choice that ends the game won: keeping its
    NICHE card as the last player short of one, or giving it to that player."""
    players = t.view["players"]
    short = [p for p, player in enumerate(players) if len(player["niches"]) < t.goal]
    if len(short) != 1:
        return False
    return any(ending(t, seat, action, habitat) < 0 for action in _enders(t, seat, habitat, short[0]))


def _enders(t: Table, seat: int, habitat: str, short: int) -> list[dict[str, Any]]:
    """The exit choices at ``habitat`` that would give the last player short of a NICHE card their 4th."""
    niches, adaptations = t.cards(seat)
    if short == seat:
        return [] if habitat in niches else [{"type": "keep"}]
    if habitat in t.view["players"][short]["niches"]:
        return []
    if habitat not in niches or not adaptations:
        return [{"type": "give", "to": short}]
    return [{"type": "give", "to": short, "adaptation": card} for card in adaptations]  # a held card returns one


def _final(t: Table, seat: int, hand: Hand) -> float:
    pile = list(t.view["adaptation_pile"])
    if hand.selects and pile:
        return min(t.projected(seat, hand.niches, [*hand.adaptations, card]) for card in pile)
    return t.projected(seat, hand.niches, hand.adaptations)


__all__ = ["PLAY_ON", "Hand", "MediumBot", "MediumTable", "ending", "hands_after", "reads_the_end", "unseen_costs",
           "wins_by_ending_at"]
