"""Scores at the end: every player's scorecard with their adaptations applied in
the order they would choose, and the winners.

- normal: lowest total unfit score wins (ties share the win);
- extinction variant: a habitat score over 8 is an extinction; the fewest extinctions win;
- shared-habitats variant: the best (lowest) score in a habitat wins that habitat;
  the most habitats won wins.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from evogames.core.events import PUBLIC
from evogames.games.adapt.components import FEATURES, components
from evogames.games.adapt.events import GameOver
from evogames.games.adapt.rules.scorecard import best_orders, best_total, most_habitats_orders, scorecard
from evogames.games.adapt.state import AdaptState


def habitats_of(s: AdaptState, seat: int) -> list[str]:
    return list(s.shared) if s.options["shared_habitats"] else list(s.niches[seat])


def card_kinds(s: AdaptState, seat: int) -> list[list[str]]:
    """The player's ADAPTATION cards, grouped by feature."""
    adaptations = components().adaptations
    kinds: list[list[str]] = [[] for _ in FEATURES]
    for card in s.adapts[seat]:
        kinds[adaptations[card].feature].append(adaptations[card].kind)
    return kinds


def player_scorecard(s: AdaptState, seat: int) -> dict[str, Any]:
    """The seat's scorecard now (placed habitats only), in the order the player would choose:
    the lowest total, or with shared habitats the order winning the most habitats (R 14, R 30).
    Cached by its inputs: treat the result as read-only."""
    extinction = s.options["scoring"] == "extinction"
    limit = s.over and s.outcome is not None and s.outcome["reason"] == "turn_limit"
    if s.options["shared_habitats"]:
        held = tuple((h, s.pressures[h]) for h in s.shared if h in s.pressures)
        missing = max(0, s.goal - len(held)) if limit else 0
        seats = tuple((_start(s, i), _kinds(s, i)) for i in range(s.n))
        return _shared_cards(seats, held, extinction, missing)[seat]
    held = tuple((h, s.pressures[h]) for h in s.niches[seat] if h in s.pressures)
    missing = max(0, s.goal - len(held)) if limit else 0
    return _card(_start(s, seat), _kinds(s, seat), held, extinction, missing)


def _start(s: AdaptState, seat: int) -> tuple[int, ...]:
    return components().creatures[s.creatures[seat]].features if s.creatures[seat] else (3,) * len(FEATURES)


def _kinds(s: AdaptState, seat: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(k) for k in card_kinds(s, seat))


@lru_cache(maxsize=8192)
def _card(start: tuple[int, ...], kinds: tuple[tuple[str, ...], ...],
          held: tuple[tuple[str, tuple[int, ...]], ...], extinction: bool, missing: int) -> dict[str, Any]:
    orders = best_orders(start, [list(k) for k in kinds], [p for _, p in held], extinction)
    return scorecard(start, orders, list(held), missing)


@lru_cache(maxsize=4096)
def _shared_cards(seats: tuple[tuple[tuple[int, ...], tuple[tuple[str, ...], ...]], ...],
                  held: tuple[tuple[str, tuple[int, ...]], ...], extinction: bool,
                  missing: int) -> list[dict[str, Any]]:
    starts = [start for start, _ in seats]
    cards = [[list(k) for k in kinds] for _, kinds in seats]
    orders = most_habitats_orders(starts, cards, [p for _, p in held], extinction)
    return [scorecard(start, o, list(held), missing) for start, o in zip(starts, orders, strict=True)]


def finish(s: AdaptState, reason: str) -> None:
    s.over = True
    s.outcome = {"reason": reason}  # so the scorecards count missing niches at the turn limit
    cards = [player_scorecard(s, seat) for seat in range(s.n)]
    unfit = [c["total"] for c in cards]
    extinctions = [c["extinctions"] for c in cards]
    outcome: dict[str, Any] = {"reason": reason, "rounds": _rounds(s), "unfit": unfit,
                               "extinctions": extinctions, "lower_is_better": True}
    if s.options["shared_habitats"]:
        won = _habitats_won(cards)
        best = max(won)
        outcome.update(scores=won, winners=[i for i in range(s.n) if won[i] == best],
                       habitats_won=won, lower_is_better=False)
    else:
        scores = extinctions if s.options["scoring"] == "extinction" else unfit
        best = min(scores)
        outcome.update(scores=scores, winners=[i for i in range(s.n) if scores[i] == best])
    s.outcome = outcome
    s.log(GameOver, "game_over", PUBLIC, reason, tuple(outcome["winners"]), tuple(outcome["scores"]),
          s.options["scoring"], s.options["shared_habitats"], outcome["rounds"], s.goal,
          tuple(c["missing"] for c in cards))


def _habitats_won(cards: list[dict[str, Any]]) -> list[int]:
    won = [0] * len(cards)
    for h in range(len(cards[0]["habitats"])):
        best = min(c["habitat_totals"][h] for c in cards)
        for seat, c in enumerate(cards):
            won[seat] += c["habitat_totals"][h] == best
    return won


def _rounds(s: AdaptState) -> int:
    return -(-s.turn // s.n)


def round_history(s: AdaptState) -> None:
    """After every round of turns: NICHE cards held and the unfit score so far, per seat."""
    s.history.append({
        "niches": [len(habitats_of(s, seat)) for seat in range(s.n)],
        "unfit": [_unfit_now(s, seat) for seat in range(s.n)],
    })


def _unfit_now(s: AdaptState, seat: int) -> int:
    start = components().creatures[s.creatures[seat]].features
    held = [s.pressures[h] for h in habitats_of(s, seat) if h in s.pressures]
    return best_total(start, card_kinds(s, seat), held)
