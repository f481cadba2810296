"""Set-up: stands, nests, the Strategy deck and the Environment deck (with the variants)."""

from __future__ import annotations

from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.rng import Rng
from evogames.games.mating.components import HAND_SIZE, STARTING_FOOD, components
from evogames.games.mating.events import Deal, Round, Setup
from evogames.games.mating.state import MatingState

MARKER = "*"  # prefix of the sudden-death card in the Environment deck


def new_state(players: int, seed: int, options: dict[str, Any]) -> MatingState:
    s = MatingState(players, options, Rng(seed))
    s.food = [STARTING_FOOD] * players
    s.deck = _strategy_deck(s.rng, options["strategy_order"])
    s.env_deck = _environment_deck(s.rng, options)
    for seat in range(players):
        s.hands[seat] = [s.deck.pop() for _ in range(HAND_SIZE)]
        s.log(Deal, "deal", seat, tuple(s.hands[seat]))
    s.log(Setup, "setup", PUBLIC, players, options["environment"])
    s.log(Round, "round", PUBLIC, 1)
    return s


def _strategy_deck(rng: Rng, scripted: list[str]) -> list[str]:
    """The deck as a list whose END is the top card."""
    box = components().strategy_deck()
    rest = list(box)
    for card in scripted:
        if card not in rest:
            why = "is not a Strategy card" if card not in box else "is listed more times than the box holds"
            raise IllegalAction(f"strategy_order: {card} {why}.", ErrorCode.OPTION_INVALID)
        rest.remove(card)
    rng.shuffle(rest)
    return rest + list(reversed(scripted))


def _environment_deck(rng: Rng, options: dict[str, Any]) -> list[str]:
    """The Environment deck, END = top; with the sudden-death marker if asked."""
    kind = options["environment"]
    if kind == "custom":
        cards = _custom_cards(options["environment_cards"])
        deck = list(reversed(cards))
        if options["environment_order"] == "shuffled":
            rng.shuffle(deck)
    else:
        if options["environment_cards"]:
            raise IllegalAction("environment_cards needs environment=custom.", ErrorCode.OPTION_INVALID)
        deck = components().environment_deck(kind)
        rng.shuffle(deck)
    if options["sudden_death"]:
        _insert_marker(rng, deck, kind, options["sudden_death_safe"])
    return deck


def game_environments(options: dict[str, Any]) -> list[str]:
    """The Environment cards of a game with these options (which cards, not their order; no sudden-death card)."""
    if options["environment"] == "custom":
        return [str(c) for c in options["environment_cards"]]
    return components().environment_deck(str(options["environment"]))


def _custom_cards(cards: list[str]) -> list[str]:
    known = components().environments
    if not cards:
        raise IllegalAction("environment=custom needs environment_cards (Environment ids).", ErrorCode.OPTION_INVALID)
    for card in cards:
        if card not in known:
            raise IllegalAction(f"environment_cards: {card} is not an Environment card.", ErrorCode.OPTION_INVALID)
    return list(cards)


def _insert_marker(rng: Rng, deck: list[str], kind: str, safe: int) -> None:
    """Variant 4: an extra card from the box, shuffled in below the top ``safe`` cards."""
    marker = MARKER + rng.choice(marker_box(kind))
    below = max(0, len(deck) - safe)  # positions 0..below are under the top ``safe`` cards
    deck.insert(rng.below(below + 1), marker)


def marker_box(kind: str) -> list[str]:
    """The Environments the sudden-death card is drawn from: the deck not in play (any, for a custom deck)."""
    envs = components().environments
    unused = {"stable": "variable", "variable": "stable"}.get(kind, "")
    return [e for e in envs if envs[e].deck == unused] or list(envs)
