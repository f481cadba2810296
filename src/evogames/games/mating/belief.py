"""What the rivals' plays say about their hands: a search's deal weighted by what each rival revealed.

A uniform deal (``determinize``) gives a rival who just played a weak Strategy the same chance of
holding a strong one as anyone: yet a player who held a better card would have played it. ``infer``
deals the rivals' hands of a determinized world again so that a card a rival has held since one of
its last ``DEPTH`` reveals (a Strategy or Out to Lunch) is, with weight ``1``, one the heuristic would
not have played instead (nor discarded after), and one it would have preferred with weight ``STRAY``
for each such reveal: a rival who does not play like the heuristic (a person) still gets any hand,
only less often. The cards a rival drew since are dealt uniformly, as are the deck and everything a
rival has revealed nothing about.

It reads only what everyone saw (the reveals, the draws' counts, the discards, the round's history
of Food and Offspring) and the determinized world's own cards, so the seat's view of the world is
unchanged and its search still never sees a real hidden card. ``tests/games/mating/test_belief.py``.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Final, NamedTuple

from evogames.core.rng import Rng
from evogames.games.mating.bot import HeuristicBot
from evogames.games.mating.components import STARTING_FOOD, components
from evogames.games.mating.determinize import _choose_again, _rewrite_private_events, pooled
from evogames.games.mating.events import Discard, Draws, Lunch, Reveal
from evogames.games.mating.events import Round as NewRound
from evogames.games.mating.state import MatingState

#: the weight of a card a rival held when it revealed a Strategy it values less (a person may)
STRAY: Final = 0.1
#: the reveals read (the oldest cards of a hand were held at several)
DEPTH: Final = 3
_JUDGE: Final = HeuristicBot()


class Revealed(NamedTuple):
    """What one rival's last reveal says: the cards it has held since, and how it valued them."""

    kept: int  # the first cards of its hand now, which it held at the reveal (at least: a card drawn since and
    # then played or discarded counts as drawn, as the public counts cannot tell)
    played: str  # the Strategy revealed ("" for Out to Lunch)
    food: int  # its Food when it chose
    offspring: int  # its Offspring when it chose
    then_food: int  # its Food when it chose what to discard since (-1: it has not)


def infer(d: MatingState, seat: int, rng: Rng) -> None:
    """Deal the other seats' hands in the determinized ``d`` again, weighted by their reveals (see the
    module); their face-down choices of this step and their private log follow the new hands."""
    others = [j for j in range(d.n) if j != seat and d.hands[j]]
    known = {j: found for j in others if (found := reveals(d, j))}
    if not known:
        return
    options = _options_key(d)
    old = {j: d.hands[j] for j in others}
    pool = pooled(d, others, rng)
    for j in others:
        hand: list[str] = []
        tables = [(r.kept, card_weights(r.played, r.food, r.offspring, r.then_food, d.n, options))
                  for r in known.get(j, [])]
        for slot in range(len(old[j])):
            held = [weights for kept, weights in tables if slot < kept]  # the reveals this card was held at
            hand.append(pool.pop(_weighted_index(pool, held, rng) if held else -1))
        d.hands[j] = hand
    d.deck = pool
    _choose_again(d, others, rng)
    _rewrite_private_events(d, old)


def reveals(d: MatingState, j: int, last: int = DEPTH) -> list[Revealed]:
    """Seat ``j``'s ``last`` reveals, newest first, each with the cards it still holds from then: its hand
    keeps its order (a card played or discarded leaves it, a card drawn goes to the end), so the first
    ``kept`` cards of its hand (its hand less every card drawn since) were held at that reveal: all of them,
    unless a card drawn since has gone again (the public counts cannot tell which did)."""
    found: list[Revealed] = []
    drawn, then_food, rounds_back = 0, -1, 0
    for event in reversed(d.events):
        if isinstance(event, Draws) and event.seat == j:
            drawn += event.drawn
        elif isinstance(event, Discard) and event.seat == j:
            then_food = _history(d, d.round - rounds_back, j)[0]  # chosen after that round's Mating
        elif isinstance(event, NewRound):
            rounds_back += 1
        elif isinstance(event, (Reveal, Lunch)) and event.seat == j:
            kept = len(d.hands[j]) - drawn
            if kept <= 0:
                break
            food, offspring = _history(d, d.round - rounds_back - 1, j)
            played = event.card if isinstance(event, Reveal) else ""
            found.append(Revealed(kept, played, food, offspring, then_food))
            then_food = -1
            if len(found) == last:
                break
    return found


def _history(d: MatingState, rounds: int, j: int) -> tuple[int, int]:
    """Seat ``j``'s Food and Offspring after ``rounds`` whole rounds (the start of the next)."""
    if rounds <= 0 or rounds > len(d.history):
        return STARTING_FOOD, 0
    food, offspring = d.history[rounds - 1]
    return food[j], offspring[j]


def _options_key(d: MatingState) -> tuple[str, bool, int]:
    o = d.options
    return str(o["environment"]), bool(o["predation"]), int(o["offspring_to_win"])


@cache
def card_weights(played: str, food: int, offspring: int, then_food: int, n: int,
                 options: tuple[str, bool, int]) -> dict[str, float]:
    """Each card's weight as one a rival kept when it revealed ``played`` (see the module)."""
    environment, predation, goal = options
    me = {"food": food, "offspring": offspring}
    view = {"players": [me] * n, "seat": 0, "stands": {"red": n + 1, "blue": n + 1},
            "options": {"environment": environment, "predation": predation, "offspring_to_win": goal}}
    cards = components().card_dicts
    bar = _JUDGE._value(view, cards[played], food) if played else _JUDGE._lunch_value(view)
    weights: dict[str, float] = {}
    for card_id in components().strategy_deck():
        card = cards[card_id]
        better = card.get("type") in ("combat", "flashy") and card["food"] <= food and \
            _JUDGE._value(view, card, food) > bar + 1e-9
        dropped = then_food >= 0 and card["food"] > then_food + 3  # the heuristic discards what it cannot afford
        weights[card_id] = STRAY if better or dropped else 1.0
    return weights


def _weighted_index(pool: list[str], tables: list[dict[str, float]], rng: Rng) -> int:
    """A card of ``pool`` drawn with the product of its weights in ``tables``."""
    weights = [math.prod(table[c] for table in tables) for c in pool]
    point = rng.random() * sum(weights)
    for index, weight in enumerate(weights):
        point -= weight
        if point < 0:
            return index
    return len(pool) - 1
