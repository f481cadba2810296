"""The Mating Game for RL: a 388-number observation and 134 canonical actions.

Seats are relative: slot 0 is the observing seat, slot k the seat k places
after it; slots for seats beyond the player count are zero (``present`` = 0),
so the sizes are the same for 2 to 6 players. Everything comes from
``view(seat)``; the cards' ids come from ``cards.toml`` (static data).

Observation (388 numbers, all in [-1, 1]), in this order:

- 11  phase one-hot: play, before_survive, survive, before_attract, attract,
      after_combat, after_attract, mating, after_mating, discard, over;
- 1   round / max_rounds;
- 7   options: predation, female_scarcity, sudden_death, long_life, and the
      Environment deck one-hot (stable, variable, custom);
- 78  own hand, multi-hot by card id (60 combat/flashy, then 18 sneaky, in
      ``cards.toml`` order);
- 40  own hand sorted by id, 5 slots x (present, combat, flashy, sneaky,
      food/9, fitness/6, predator/9, affordable);
- 138 6 seat slots x 23: present, food/20, offspring/goal, hand size/5,
      committed, out to lunch, status one-hot (out, in_play, eaten,
      lost_combat), females/7, to act, Predator's target, combat winner, and
      the Strategy: shown, combat, flashy, level one-hot (low, mid, high),
      food/9, fitness/6, predator/9;
- 2   Stands: red/7, blue/7;
- 7   Environment: present, food/9, predators/6, scarcity/6, deck one-hot
      (core, stable, variable);
- 2   Environment deck/24, Strategy deck/78;
- 78  discard pile, multi-hot by card id;
- 24  Environments turned since the shuffle, by card id (``cards.toml``
      order): the share of that card's copies in this game's deck turned
      (0 or 1 but in a custom deck with repeats; a sudden-death card not in
      the deck counts 1).

A seat's Strategy shows only once the view shows it: its own face-down card,
everyone's after the reveal.

Actions (134; index: key -> action dict):

- 0-59     ``("play", id)`` -> ``{"type": "play", "card": id}``;
- 60       ``("out_to_lunch",)``;
- 61, 62   ``("escape",)``, ``("no_escape",)``: the Predator's prey pays 3 Food, or not;
- 63-100   ``("sneaky", id)``, or ``("sneaky", id, k)`` for the 5 cards that
           name an opponent (k = 1..5: the seat k places after the player);
- 101      ``("pass",)``;
- 102-133  ``("discard", bits)``: discard the cards whose positions in the hand
           *sorted by card id* are the bits set in ``bits`` (0: discard nothing).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator
from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.games.mating import SPEC
from evogames.games.mating.components import HAND_SIZE, TARGETED, components
from evogames.games.mating.setup import game_environments
from evogames.kit.encoder import Action, Encoder, View, one_hot, scaled

PHASES = ("play", "before_survive", "survive", "before_attract", "attract", "after_combat",
          "after_attract", "mating", "after_mating", "discard", "over")
STATUSES = ("out", "in_play", "eaten", "lost_combat")
LEVELS = ("low", "mid", "high")
ENV_DECKS = ("core", "stable", "variable")
VARIANTS = ("stable", "variable", "custom")
SEATS = SPEC.max_players
SLOT_FEATURES = 8
SEAT_FEATURES = 23
FOOD_SCALE = 20
SIMPLE = ("out_to_lunch", "escape", "no_escape", "pass")


def make_encoder(players: int, options: dict[str, Any]) -> MatingEncoder:
    return MatingEncoder(players, options)


def canonical_keys() -> list[Hashable]:
    """The canonical action list (see the module docstring)."""
    c = components()
    keys: list[Hashable] = [("play", card) for card in c.strategies]
    keys += [("out_to_lunch",), ("escape",), ("no_escape",)]
    for card in c.sneakies.values():
        if card.effect in TARGETED:
            keys += [("sneaky", card.id, k) for k in range(1, SEATS)]
        else:
            keys.append(("sneaky", card.id))
    keys.append(("pass",))
    keys += [("discard", bits) for bits in range(2**HAND_SIZE)]
    return keys


class MatingEncoder(Encoder):
    """The Mating Game's observation and actions (see the module docstring)."""

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.card_ids = components().strategy_deck()
        self.card_index = {card: i for i, card in enumerate(self.card_ids)}
        self.environment_ids = list(components().environments)
        self.copies = Counter(game_environments(options))
        size = (11 + 1 + 7 + 2 * len(self.card_ids) + HAND_SIZE * SLOT_FEATURES + SEATS * SEAT_FEATURES + 2 + 7 + 2
                + len(self.environment_ids))
        super().__init__(players, options, canonical_keys(), size)

    # -- observation -------------------------------------------------------
    def features(self, view: View) -> Iterator[float]:
        seat = view["seat"]
        me = view["players"][seat]
        yield from one_hot(view["phase"], PHASES)
        yield scaled(view["round"], self.options["max_rounds"])
        yield from self._options(view["options"])
        yield from self._multi_hot(card["id"] for card in view["hand"])
        for slot in range(HAND_SIZE):
            yield from self._hand_slot(_sorted_hand(view), slot, me["food"])
        for offset in range(SEATS):
            yield from self._seat(view, (seat + offset) % self.players if offset < self.players else None)
        yield from (scaled(view["stands"]["red"], SEATS + 1), scaled(view["stands"]["blue"], SEATS + 1))
        yield from _environment(view["environment"])
        yield from (scaled(view["environment_deck"], 24), scaled(view["strategy_deck"], len(self.card_ids)))
        yield from self._multi_hot(view["discard_pile"])
        yield from self._turned(view["environment_turned"])

    def _options(self, options: dict[str, Any]) -> list[float]:
        flags = [float(bool(options[name])) for name in ("predation", "female_scarcity", "sudden_death", "long_life")]
        return flags + one_hot(options["environment"], VARIANTS)

    def _multi_hot(self, cards: Iterator[str] | list[str]) -> list[float]:
        out = [0.0] * len(self.card_ids)
        for card in cards:
            out[self.card_index[card]] = 1.0
        return out

    def _turned(self, turned: list[dict[str, str]]) -> list[float]:
        """Each Environment: the share of its copies in this game's deck turned since the shuffle."""
        count = Counter(card["id"] for card in turned)
        return [min(1.0, count[e] / max(1, self.copies[e])) for e in self.environment_ids]

    def _hand_slot(self, hand: list[dict[str, Any]], slot: int, food: int) -> list[float]:
        if slot >= len(hand):
            return [0.0] * SLOT_FEATURES
        card = hand[slot]
        kind = one_hot(card["type"], ("combat", "flashy", "sneaky"))
        values = [scaled(card["food"], 9), scaled(card.get("fitness", 0), 6), scaled(card.get("predator", 0), 9)]
        return [1.0, *kind, *values, float(card["food"] <= food)]

    def _seat(self, view: View, seat: int | None) -> list[float]:
        if seat is None:
            return [0.0] * SEAT_FEATURES
        p = view["players"][seat]
        numbers = [1.0, scaled(p["food"], FOOD_SCALE), scaled(p["offspring"], self.options["offspring_to_win"]),
                   scaled(p["hand_size"], HAND_SIZE), float(p["committed"]), float(p["out_to_lunch"])]
        marks = [scaled(p["females"], SEATS + 1), float(seat in view["to_act"]),
                 float(view["predator_target"] == seat), float(view["combat_winner"] == seat)]
        return [*numbers, *one_hot(p["status"], STATUSES), *marks, *_strategy(p["strategy"])]

    # -- actions -----------------------------------------------------------
    def param_key(self, view: View, action: Action) -> Hashable:
        kind = action["type"]
        if kind == "play":
            return ("play", action["card"])
        if kind == "sneaky":
            if "target" not in action:
                return ("sneaky", action["card"])
            return ("sneaky", action["card"], self.offset(view, action["target"]))
        if kind == "discard":
            position = {card["id"]: i for i, card in enumerate(_sorted_hand(view))}
            return ("discard", sum(1 << position[card] for card in action["cards"]))
        raise ValueError(f"The Mating Game has no action type {kind!r}")

    def param_action(self, view: View, key: tuple[Any, ...]) -> Action:
        kind = key[0]
        if kind == "play":
            return {"type": "play", "card": key[1]}
        if kind == "sneaky" and len(key) == 2:
            return {"type": "sneaky", "card": key[1]}
        if kind == "sneaky":
            return {"type": "sneaky", "card": key[1], "target": self.seat_at(view, key[2])}
        return {"type": "discard", "cards": _discarded(view, key[1])}


def _sorted_hand(view: View) -> list[dict[str, Any]]:
    return sorted(view["hand"], key=lambda card: card["id"])


def _discarded(view: View, bits: int) -> list[str]:
    """The cards at the set bits of the hand sorted by id, in the hand's own order."""
    ordered = _sorted_hand(view)
    if bits >> len(ordered):
        raise IllegalAction(f"Discard bits {bits:b} name a card beyond the {len(ordered)} in your hand.",
                            ErrorCode.RL_BAD_INDEX)
    chosen = {ordered[i]["id"] for i in range(len(ordered)) if bits >> i & 1}
    return [card["id"] for card in view["hand"] if card["id"] in chosen]


def _strategy(card: dict[str, Any] | None) -> list[float]:
    if card is None:
        return [0.0] * 9
    kind = one_hot(card["type"], ("combat", "flashy"))
    values = [scaled(card["food"], 9), scaled(card["fitness"], 6), scaled(card["predator"], 9)]
    return [1.0, *kind, *one_hot(card["level"], LEVELS), *values]


def _environment(env: dict[str, Any] | None) -> list[float]:
    if env is None:
        return [0.0] * 7
    values = [scaled(env["food"], 9), scaled(env["predators"], 6), scaled(env["scarcity"], 6)]
    return [1.0, *values, *one_hot(env["deck"], ENV_DECKS)]
