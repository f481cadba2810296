"""Set-up: the deck (one or two mixed), six cards each, the first player by dice."""

from __future__ import annotations

from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.rng import Rng
from evogames.games.evolution.components import HAND_SIZE, components
from evogames.games.evolution.events import Dealt, Rolled, Setup, TurnBegan
from evogames.games.evolution.state import EvolutionState


def new_state(players: int, seed: int, options: dict[str, Any]) -> EvolutionState:
    s = EvolutionState(players, options, Rng(seed))
    s.scripted = _dice(options["dice"])
    if options["food_bank_as"] == 1:
        raise IllegalAction("food_bank_as: the food bank is defined for 2 to 8 players (or 0).",
                            ErrorCode.OPTION_INVALID)
    s.deck = _deck(s.rng, copies(players, options), options["deck_order"])
    for seat in range(players):
        s.hands[seat] = [s.deck.pop() for _ in range(HAND_SIZE)]
        s.log(Dealt, "deal", seat, tuple(s.hands[seat]))
    s.first = _first_player(s, options["first_player"])
    s.current = s.first
    s.log(Setup, "setup", PUBLIC, players, copies(players, options), s.first)
    s.log(TurnBegan, "turn", PUBLIC, 1, s.first, False)
    return s


def copies(players: int, options: dict[str, Any]) -> int:
    kind = options["decks"]
    return {"one": 1, "two": 2}.get(kind, 2 if players >= 5 else 1)


def _dice(faces: list[str]) -> list[int]:
    if any(f not in ("1", "2", "3", "4", "5", "6") for f in faces):
        raise IllegalAction("dice: each scripted face is a number from 1 to 6.", ErrorCode.OPTION_INVALID)
    return [int(f) for f in faces]


def _deck(rng: Rng, decks: int, scripted: list[str]) -> list[str]:
    """The deck as a list whose END is the top card."""
    box = components().deck(decks)
    rest = list(box)
    for card in scripted:
        if card not in rest:
            why = "is not a card of this deck" if card not in box else "is listed twice"
            raise IllegalAction(f"deck_order: {card} {why}.", ErrorCode.OPTION_INVALID)
        rest.remove(card)
    rng.shuffle(rest)
    return rest + list(reversed(scripted))


def _first_player(s: EvolutionState, fixed: int) -> int:
    """Everyone rolls a die; the highest starts (ties roll again)."""
    if fixed >= s.n:
        raise IllegalAction(f"first_player: there is no seat {fixed} in a {s.n}-player game.", ErrorCode.OPTION_INVALID)
    if fixed >= 0:
        return fixed
    seats = list(range(s.n))
    while len(seats) > 1:
        rolls = [(seat, s.roll()) for seat in seats]
        s.log(Rolled, "rolls", PUBLIC, tuple(rolls))
        top = max(r for _, r in rolls)
        seats = [seat for seat, r in rolls if r == top]
    return seats[0]
