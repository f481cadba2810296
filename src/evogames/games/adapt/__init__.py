"""Adapt or Die (PhosphorLearn): environment change and adaptation, 3-5 players (2-6 allowed).

Each player's bug (a creature card, shown face up) needs the best fit for 4
NICHEs. On a turn: roll the die and move the bug 1..roll spaces on the
octagon; ending on a side's exit space turns over a HABITAT MAT there if none
is placed (a randomizer card fills its three blank selection pressures) and
offers that habitat's NICHE card: keep it, exchange it for one you hold, or
force it on a player with fewer than 4; already holding it, return another
NICHE card or force the held one on someone. Every NICHE card selected or
given brings an ADAPTATION card; every NICHE card returned takes one back.
At the end of a turn one NICHE and one ADAPTATION card may be traded with a
willing player. The game ends at the end of the turn in which the last
player gets their 4th NICHE card; the lowest total unfit score (distance
between adapted features and each habitat's pressures, at most 4 a feature)
wins. Variants: 3 or 5 habitats each, choosing creatures, extinction scoring,
shared habitats.

Actions: see ``actions.py``, ``exits.py`` and ``trade.py``. Everything held is
public; hidden are only the face-down piles' order (HABITAT MATs, randomizers,
creatures).
"""

from __future__ import annotations

from typing import Any

from evogames.core.spec import GameSpec, standard_rules
from evogames.core.types import View
from evogames.games.adapt import setup
from evogames.games.adapt.options import OPTIONS


def running_score(view: View, seat: int) -> float | None:
    """The spec's ``score_of``: the seat's score now, as the game will count it, read from the public view's
    scorecards: its unfit score (lower is better), its extinctions (extinction scoring) or, with shared habitats,
    the habitats it wins so far. None while nothing is scored yet (no habitat counted: not a perfect 0)."""
    players = view.get("players") or []
    cards: list[dict[str, Any] | None] = [p.get("scorecard") if isinstance(p, dict) else None for p in players]
    card = cards[seat] if seat < len(cards) else None
    if not card or not (card.get("habitats") or card.get("missing")):
        return None
    options = view.get("options") or {}
    if options.get("shared_habitats"):
        return _habitats_won(cards, seat)
    score: int = card["extinctions"] if options.get("scoring") == "extinction" else card["total"]
    return score


def lower_wins(view: View) -> bool:
    """Is a lower running score better (the unfit score, extinctions; not habitats won), as the result will say?"""
    return not (view.get("options") or {}).get("shared_habitats")


def _habitats_won(cards: list[dict[str, Any] | None], seat: int) -> int | None:
    """How many shared habitats ``seat`` wins now (the lowest habitat total wins it, ties each win it)."""
    found = [card.get("habitat_totals") if card else None for card in cards]
    totals: list[list[int]] = [t for t in found if t is not None]
    if len(totals) != len(found):
        return None
    return sum(totals[seat][h] == min(t[h] for t in totals) for h in range(len(totals[seat])))


SPEC = GameSpec(
    **standard_rules(__name__),
    parts=("bot", "medium", "search", "board", "encoder", "lab", "web"),
    static_view=("catalog", "board"),  # catalogs, the same in every view (left out of a search's keys)
    derived_view=("facts",),  # the facts of the cards in play and the creatures to choose (out of search keys)
    name="adapt",
    title="Adapt or Die",
    min_players=2,
    max_players=6,
    best_players=4,
    # the search's own moves by the medium bot (0.31 against the heuristic's 0.25, README), and its move kept
    # unless another clearly beats it: a search that sees every move level (a NICHE card to come is priced as
    # well as one won) would wander the board and never end the game (README "Bot strength")
    search_rollout="medium",
    search_anchor=2.0,
    teaches="adaptation: how well a creature's features fit its habitat",
    simultaneous=False,
    hidden_info=True,
    options=OPTIONS,
    new_state=setup.new_state,
    score_label="Unfit",  # what the normal game counts (lower is better: the result says lower_is_better)
    metric_labels={  # the lab's other columns: lessons' metrics and the history's trajectories
        "unfit": "unfit score (squares from the creature's niches)",
        "extinctions": "extinctions (habitats scored over 8)",
        "adaptations": "adaptations taken",
        "generic": "GENERIC creature (1: yes)",
        "exits": "exits taken",
        "niches_taken": "niches taken",
        "niches_forced": "niches forced on a rival",
        "niches_received": "niches forced on the seat",
        "niches_returned": "niches returned",
        "exchanges": "niches exchanged",
        "trades": "trades made",
        "offers_declined": "trade offers declined",
        "mats_drawn": "habitat mats drawn",
        "distance_moved": "squares moved",
        "niches": "niches held",
    },
    safety_ends=("turn_limit",),  # max_rounds: "at the round limit", not in the rulebook
    score_of=running_score,
    lower_wins=lower_wins,
)
