"""Evolution: The Origin of Species for RL: a 3,629-number observation and 3,550 canonical actions.

Seats are relative: seat slot 0 is the observing seat, slot k the seat k places
clockwise after it; slots for seats beyond the player count are zero, so the
sizes are the same for 2 to 8 players. Everything comes from ``view(seat)``
(the seat's own hand and discard pile, and what is face up on the table) and
the card list of ``cards.toml`` (static data). An animal's own face-down card
is not encoded: it never changes what an animal can do.

**Animal slots.** An animal is named by its owner's seat slot and its *slot*:
its place in its owner's row of animals, in the order they were played (the
view's order). A row has no fixed limit in the rules, so the encoding keeps the
first ``ANIMAL_SLOTS`` = 12 animals of each row: in 2,100 games of the engine's
random and heuristic bots (2-8 players) no row held more than 8. An animal
beyond the 12th is left out of the observation (its seat's animal count still
counts it), and the legal actions that name it are left out of the mask
(``key`` returns None for them); ``pass`` (development, feeding), ``yield``
(defence) and ``stop`` (pair traits) name no animal, so the mask is never empty.

**Cards.** A card in hand is named by its type (``SWM``, ``POC``, ...): copies
of one type are interchangeable, so an action names the type and decodes to the
copy with the lowest copy number in hand. Likewise Tail Loss names the trait it
drops (two Fat Tissue cards on one animal are interchangeable: the first in the
animal's list is dropped), or the pair trait and the partner animal. So for
every legal action ``a``, ``decode(view, index(view, a))`` is ``a`` itself or
the same move with an identical copy of the card, and it is legal.

Observation (3,629 numbers, all in [0, 1]: larger values are clipped), in this order:

- 13   phase one-hot (development, feeding, over), an attack awaits its
       defender, Mimicry already used in it, you are the defender, the last
       turn, turn / max_turns, food bank / 28, deck / its full size, two decks,
       a choice of pair traits is open, it is yours;
- 20   own hand: copies of each card type (``cards.toml`` order) / 4;
- 20   own discard pile: copies of each card type / 8;
- 72   8 seat slots x 9: present, to act, first player, in its feeding or
       development turn (``current``), passed, hand size / 12, discard pile / 80,
       score / 40, animals / 12;
- 3072 8 seat slots x 12 animal slots x 32: present, the 16 single traits
       (Fat Tissue: cards / 8; others 0/1, ``cards.toml`` order), red / 5,
       blue / 5, fat / 8, need / 5, fed, hibernating, has attacked, has
       pirated, poisoned, is a symbiont, is protected by a symbiont,
       Communication links / 4, Cooperation links / 4, the attacking
       carnivore, the attacked animal;
- 432  own pair traits: Symbiosis (12 x 12, [i][j]: animal i is the symbiont
       of animal j), Communication (12 x 12, symmetric), Cooperation (12 x 12,
       symmetric), by animal slot.

Actions (3,550; ``T`` a card type, ``s``/``t`` animal slots, ``k`` a seat slot):

- 0        ``("pass",)``;
- 1-20     ``("animal", T)``: a card of type T face down as a new animal;
- 21-344   ``("trait", T, trait, s)``: one of T's single traits (not Parasite)
           on your animal s; 27 (type, trait) pairs x 12;
- 345-512  ``("parasite", T, k, s)``: Parasite (PAC, PAF) on animal s of the seat
           k = 1..7 places after you;
- 513-842  ``("pair", T, trait, s, t)``: a pair trait joining your animals s and t
           (Symbiosis: s is the symbiont, every s != t; Communication and
           Cooperation: s < t);
- 843-854  ``("take", s)``: a red token from the food bank;
- 855-1994 ``("attack", s, k, t)``: your carnivore s attacks animal t of seat slot k
           (your own animals too, never itself);
- 1995-2054 ``("fat", s, c)``: turn c = 1..5 fat of animal s into food;
- 2055-2066 ``("graze", s)``;
- 2067-3206 ``("piracy", s, k, t)``: your pirate s steals from animal t of seat slot k;
- 3207-3218 ``("hibernate", s)``;
- 3219, 3220 ``("run",)``, ``("yield",)``;
- 3221-3232 ``("mimic", s)``: redirect the attack to your animal s;
- 3233-3248 ``("tail", trait)``: Tail Loss drops a card of this single trait;
- 3249-3284 ``("tail_link", trait, s)``: Tail Loss drops the pair trait joining
            the attacked animal to your animal s;
- 3285     ``("stop",)``: use no more pair traits now (rulebook l.153);
- 3286-3549 ``("link", trait, s, t)``: your Communication or Cooperation joining
            your animals s and t passes food from s to t (s != t).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.games.evolution import SPEC
from evogames.games.evolution.components import DECK_SIZE, components
from evogames.games.evolution.setup import copies
from evogames.kit.encoder import Action, Encoder, Vector, View

SEATS = SPEC.max_players
ANIMAL_SLOTS = 12
PHASES = ("development", "feeding", "over")
PAIR_TRAITS = tuple(k for k, t in components().traits.items() if t.pair)
SINGLE_TRAITS = tuple(k for k, t in components().traits.items() if not t.pair)
TYPES = tuple(components().types)
# an animal never needs more than 1 + every single trait's food modifier (no trait twice but Fat Tissue, food 0)
MOST_FAT = 1 + sum(components().traits[k].food for k in SINGLE_TRAITS)
GLOBAL_FEATURES = 13
SEAT_FEATURES = 9
ANIMAL_FEATURES = 32
LINK_FEATURES = len(PAIR_TRAITS) * ANIMAL_SLOTS * ANIMAL_SLOTS
SIZE = (GLOBAL_FEATURES + 2 * len(TYPES) + SEATS * SEAT_FEATURES + SEATS * ANIMAL_SLOTS * ANIMAL_FEATURES
        + LINK_FEATURES)
FOOD_BANK_SCALE = 28  # the largest food bank: 4 dice + 4 (8 players)
SIMPLE = ("pass", "run", "yield")
ONE_ANIMAL = {"take": "animal", "graze": "animal", "hibernate": "animal", "mimic": "animal"}
TWO_ANIMALS = {"attack": ("carnivore", "target"), "piracy": ("pirate", "target")}
TYPE_INDEX = {code: i for i, code in enumerate(TYPES)}
TRAIT_INDEX = {key: i for i, key in enumerate(SINGLE_TRAITS)}
# where a key holds animal slots (every other key that names an animal holds it at 1)
SLOT_FIELDS = {"trait": (3,), "parasite": (3,), "pair": (3, 4), "attack": (1, 3), "piracy": (1, 3), "tail_link": (2,),
               "link": (2, 3)}
SHARING = ("communication", "cooperation")  # the pair traits that pass food on

Slots = dict[str, tuple[int, int]]  # animal id -> (seat slot, animal slot)


def make_encoder(players: int, options: dict[str, Any]) -> EvolutionEncoder:
    return EvolutionEncoder(players, options)


def canonical_keys() -> list[Hashable]:
    """The canonical action list (see the module docstring)."""
    types = components().types.values()
    slots = range(ANIMAL_SLOTS)
    keys: list[Hashable] = [("pass",)]
    keys += [("animal", t.code) for t in types]
    keys += [("trait", t.code, trait, s) for t in types for trait in t.traits
             if trait in SINGLE_TRAITS and trait != "parasite" for s in slots]
    keys += [("parasite", t.code, k, s) for t in types if "parasite" in t.traits
             for k in range(1, SEATS) for s in slots]
    keys += [("pair", t.code, trait, s, u) for t in types for trait in t.traits if trait in PAIR_TRAITS
             for s in slots for u in slots if s != u and (trait == "symbiosis" or s < u)]
    keys += [("take", s) for s in slots]
    keys += [("attack", s, k, u) for s in slots for k in range(SEATS) for u in slots if (k, u) != (0, s)]
    keys += [("fat", s, c) for s in slots for c in range(1, MOST_FAT + 1)]
    keys += [("graze", s) for s in slots]
    keys += [("piracy", s, k, u) for s in slots for k in range(SEATS) for u in slots if (k, u) != (0, s)]
    keys += [("hibernate", s) for s in slots]
    keys += [("run",), ("yield",)]
    keys += [("mimic", s) for s in slots]
    keys += [("tail", trait) for trait in SINGLE_TRAITS]
    keys += [("tail_link", trait, s) for trait in PAIR_TRAITS for s in slots]
    keys += [("stop",)]
    keys += [("link", trait, s, u) for trait in SHARING for s in slots for u in slots if s != u]
    return keys


def animal_slots(view: View) -> Slots:
    """Animal id -> (seat slot, animal slot) for every animal on the table, as ``view``'s seat sees it."""
    n = len(view["players"])
    return {animal["id"]: ((player["seat"] - view["seat"]) % n, slot)
            for player in view["players"] for slot, animal in enumerate(player["animals"])}


class EvolutionEncoder(Encoder):
    """Evolution's observation and actions (see the module docstring)."""

    low = 0.0

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.deck_size = DECK_SIZE * copies(players, options)
        super().__init__(players, options, canonical_keys(), SIZE)

    # -- observation -------------------------------------------------------
    def features(self, view: View) -> Vector:
        out = np.zeros(SIZE, dtype=np.float32)
        self._globals(view, out)
        self._cards(view, out)
        self._seats(view, out)
        self._animals(view, animal_slots(view), out)
        return out

    def _globals(self, view: View, out: Vector) -> None:
        attack = view["attack"]
        out[PHASES.index(view["phase"])] = 1.0
        if attack is not None:
            out[3] = 1.0
            out[4] = float(attack["mimicked"])
            out[5] = float(attack["defender"] == view["seat"])
        out[6] = float(view["last_turn"])
        out[7] = view["turn"] / self.options["max_turns"]
        out[8] = view["food_bank"] / FOOD_BANK_SCALE
        out[9] = view["deck"] / self.deck_size
        out[10] = float(self.deck_size > DECK_SIZE)
        choice = view.get("pair_choice")
        if choice is not None:
            out[11] = 1.0
            out[12] = float(choice["seat"] == view["seat"])

    def _cards(self, view: View, out: Vector) -> None:
        base = GLOBAL_FEATURES
        for card in view["hand"]:
            out[base + TYPE_INDEX[card["id"][:3]]] += 0.25
        for card in view["players"][view["seat"]]["discard"]:
            out[base + len(TYPES) + TYPE_INDEX[card[:3]]] += 0.125

    def _seats(self, view: View, out: Vector) -> None:
        to_act = set(view["to_act"])
        for player in view["players"]:
            seat = player["seat"]
            i = GLOBAL_FEATURES + 2 * len(TYPES) + self.offset(view, seat) * SEAT_FEATURES
            out[i:i + SEAT_FEATURES] = (
                1.0, float(seat in to_act), float(view["first"] == seat), float(view["current"] == seat),
                float(player["passed"]), player["hand_size"] / 12, player["discard_size"] / 80,
                player["score"] / 40, len(player["animals"]) / ANIMAL_SLOTS,
            )

    def _animals(self, view: View, slots: Slots, out: Vector) -> None:
        base = GLOBAL_FEATURES + 2 * len(TYPES) + SEATS * SEAT_FEATURES
        attack = view["attack"] or {}
        for player in view["players"]:
            for animal in player["animals"]:
                k, s = slots[animal["id"]]
                if s >= ANIMAL_SLOTS:
                    continue
                i = base + (k * ANIMAL_SLOTS + s) * ANIMAL_FEATURES
                out[i] = 1.0
                for trait in animal["traits"]:
                    out[i + 1 + TRAIT_INDEX[trait["trait"]]] += 0.125 if trait["trait"] == "fat_tissue" else 1.0
                j = i + 1 + len(SINGLE_TRAITS)
                out[j:j + 9] = (
                    animal["red"] / 5, animal["blue"] / 5, animal["fat"] / 8, animal["need"] / 5,
                    float(animal["fed"]), float(animal["hibernating"]), float(animal["attacked"]),
                    float(animal["pirated"]), float(animal["poisoned"]),
                )
                out[i + 30] = float(attack.get("carnivore") == animal["id"])
                out[i + 31] = float(attack.get("target") == animal["id"])
        links = base + SEATS * ANIMAL_SLOTS * ANIMAL_FEATURES
        for link in view["links"]:
            (k, a), (_, b) = slots[link["a"]], slots[link["b"]]
            self._link(out, base + k * ANIMAL_SLOTS * ANIMAL_FEATURES, link["trait"], a, b)
            if k == 0 and a < ANIMAL_SLOTS and b < ANIMAL_SLOTS:
                table = links + PAIR_TRAITS.index(link["trait"]) * ANIMAL_SLOTS * ANIMAL_SLOTS
                out[table + a * ANIMAL_SLOTS + b] = 1.0
                if link["trait"] != "symbiosis":
                    out[table + b * ANIMAL_SLOTS + a] = 1.0

    @staticmethod
    def _link(out: Vector, row: int, trait: str, a: int, b: int) -> None:
        """The per-animal summary of one pair trait joining animal slots ``a`` and ``b`` of one row."""
        if trait == "symbiosis":  # flags: a is a symbiont, b is protected
            for slot, column in ((a, 26), (b, 27)):
                if slot < ANIMAL_SLOTS:
                    out[row + slot * ANIMAL_FEATURES + column] = 1.0
            return
        column = 28 if trait == "communication" else 29  # counts of links
        for slot in (a, b):
            if slot < ANIMAL_SLOTS:
                out[row + slot * ANIMAL_FEATURES + column] += 0.25

    # -- actions -----------------------------------------------------------
    def param_key(self, view: View, action: Action) -> Hashable:
        """The action's canonical key, or None if it names an animal beyond the 12th of its row."""
        kind = action["type"]
        slots = animal_slots(view)
        if kind == "animal":
            return ("animal", action["card"][:3])
        if kind == "trait":
            return self._trait_key(action, slots)
        if kind == "fat":
            return _fits(("fat", slots[action["animal"]][1], action["count"]))
        if kind in ONE_ANIMAL:
            return _fits((kind, slots[action[ONE_ANIMAL[kind]]][1]))
        if kind in TWO_ANIMALS:
            first, second = TWO_ANIMALS[kind]
            return _fits((kind, slots[action[first]][1], *slots[action[second]]))
        if kind == "tail":
            return self._tail_key(view, action["card"], slots)
        if kind == "link":
            link = next(x for x in view["links"] if x["card"] == action["card"])
            source = link["b"] if link["a"] == action["animal"] else link["a"]
            return _fits(("link", link["trait"], slots[source][1], slots[action["animal"]][1]))
        raise ValueError(f"Evolution has no action type {kind!r}")

    @staticmethod
    def _trait_key(action: Action, slots: Slots) -> Hashable:
        code, trait = action["card"][:3], action["trait"]
        if "other" in action:
            first, second = slots[action["animal"]][1], slots[action["other"]][1]
            if trait != "symbiosis":
                first, second = min(first, second), max(first, second)
            return _fits(("pair", code, trait, first, second))
        if trait == "parasite":
            return _fits(("parasite", code, *slots[action["animal"]]))
        return _fits(("trait", code, trait, slots[action["animal"]][1]))

    @staticmethod
    def _tail_key(view: View, card: str, slots: Slots) -> Hashable:
        target = view["attack"]["target"]
        prey = _animal(view, target)
        for trait in prey["traits"]:
            if trait["card"] == card:
                return ("tail", trait["trait"])
        for link in view["links"]:
            if link["card"] == card:
                partner = link["b"] if link["a"] == target else link["a"]
                return _fits(("tail_link", link["trait"], slots[partner][1]))
        raise ValueError(f"Card {card} is neither on the attacked animal nor a pair trait joining it")

    def param_action(self, view: View, key: tuple[Any, ...]) -> Action:
        kind = key[0]
        if kind == "animal":
            return {"type": "animal", "card": _card(view, key[1])}
        if kind == "trait":
            return {"type": "trait", "card": _card(view, key[1]), "trait": key[2], "animal": self._id(view, 0, key[3])}
        if kind == "parasite":
            return {"type": "trait", "card": _card(view, key[1]), "trait": "parasite",
                    "animal": self._id(view, key[2], key[3])}
        if kind == "pair":
            return {"type": "trait", "card": _card(view, key[1]), "trait": key[2],
                    "animal": self._id(view, 0, key[3]), "other": self._id(view, 0, key[4])}
        if kind == "fat":
            return {"type": "fat", "animal": self._id(view, 0, key[1]), "count": key[2]}
        if kind in ONE_ANIMAL:
            return {"type": kind, ONE_ANIMAL[kind]: self._id(view, 0, key[1])}
        if kind in TWO_ANIMALS:
            first, second = TWO_ANIMALS[kind]
            return {"type": kind, first: self._id(view, 0, key[1]), second: self._id(view, key[2], key[3])}
        if kind == "link":
            return self._link_action(view, key)
        return {"type": "tail", "card": self._tail_card(view, key)}

    def _link_action(self, view: View, key: tuple[Any, ...]) -> Action:
        source, target = self._id(view, 0, key[2]), self._id(view, 0, key[3])
        for link in view["links"]:
            if link["trait"] == key[1] and {link["a"], link["b"]} == {source, target}:
                return {"type": "link", "card": str(link["card"]), "animal": target}
        raise IllegalAction(f"No {key[1]} joins {source} and {target}.", ErrorCode.RL_BAD_INDEX)

    def _id(self, view: View, offset: int, slot: int) -> str:
        seat = self.seat_at(view, offset)
        animals = view["players"][seat]["animals"]
        if slot >= len(animals):
            raise IllegalAction(f"Player {seat + 1} has no animal in slot {slot}.", ErrorCode.RL_BAD_INDEX)
        return str(animals[slot]["id"])

    def _tail_card(self, view: View, key: tuple[Any, ...]) -> str:
        attack = view["attack"]
        if attack is None:
            raise IllegalAction("There is no attack to answer with Tail Loss.", ErrorCode.RL_BAD_INDEX)
        target = attack["target"]
        if key[0] == "tail":
            for trait in _animal(view, target)["traits"]:
                if trait["trait"] == key[1]:
                    return str(trait["card"])
            raise IllegalAction(f"The attacked animal has no {key[1]} to drop.", ErrorCode.RL_BAD_INDEX)
        partner = self._id(view, 0, key[2])
        for link in view["links"]:
            if link["trait"] == key[1] and {link["a"], link["b"]} == {target, partner}:
                return str(link["card"])
        raise IllegalAction(f"No {key[1]} joins the attacked animal to {partner}.", ErrorCode.RL_BAD_INDEX)


def _fits(key: tuple[Any, ...]) -> tuple[Any, ...] | None:
    """``key``, or None if one of its animal slots is beyond the encoding's 12."""
    return key if all(key[i] < ANIMAL_SLOTS for i in SLOT_FIELDS.get(key[0], (1,))) else None


def _card(view: View, code: str) -> str:
    """The copy of card type ``code`` with the lowest copy number in hand."""
    copies: list[str] = [card["id"] for card in view["hand"] if card["id"][:3] == code]
    if not copies:
        raise IllegalAction(f"You hold no card of type {code}.", ErrorCode.RL_BAD_INDEX)
    return min(copies, key=lambda card: int(card[3:]))


def _animal(view: View, animal_id: str) -> dict[str, Any]:
    for player in view["players"]:
        for animal in player["animals"]:
            if animal["id"] == animal_id:
                return dict(animal)
    raise ValueError(f"There is no animal {animal_id} on the table")
