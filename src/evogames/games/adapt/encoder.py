"""Adapt or Die for RL: a 2,089-number observation and 4,962 canonical actions.

Seats are relative: seat slot 0 is the observing seat, slot k the seat k places
clockwise after it; slots for seats beyond the player count are zero, so the
sizes are the same for 2 to 6 players and for every option.

**The board.** Both boards of ``board.toml`` are fixed graphs: the single
octagon (57 spaces, 8 places for HABITAT MATs) and the double board (114
spaces, 12 places). A space is named by its id in the *union* of the two boards
(single first, in the file's order: 171 spaces, 20 places); the ids never
clash, so ``("move", "E3")`` always means the same space. A single-board game
uses only the first 57 move actions; a double-board game only the other 114.

**Cards by id.** Every card is unique (16 HABITAT MATs / NICHE kinds ``H01``..,
16 creatures ``C01``.., 25 ADAPTATION cards ``A01``..), so actions name them by
id. The encoding is exact: every legal action has one index and
``decode(view, index(view, a)) == a`` for every legal action ``a``.

What is hidden in Adapt or Die is only the order of the face-down piles
(HABITAT MATs, randomizers, creatures): the observation comes from
``view(seat)`` and the static card data (creatures' printed features), so those
orders never show.

Observation (2,089 numbers, all in [0, 1]: larger values are clipped), in this order:

- 7    phase one-hot: choose, move, exit, adapt, trade, answer, over;
- 1    round / max_rounds;
- 6    the roll one-hot (1-6; none while creatures are chosen);
- 4    the goal (NICHE cards each) one-hot: 3, 4, 5, 6;
- 4    options: creatures chosen, extinction scoring, shared habitats, double board;
- 1    HABITAT MATs left face down / 16;
- 18   the NICHE card being placed (``pending``): present, already held by the
       active player, its habitat one-hot (16);
- 89   the trade offer awaiting an answer: present, to seat slot one-hot (6),
       the card given and the card taken, each one-hot over 16 habitats then 25
       ADAPTATION cards;
- 25   the face-up ADAPTATION pile, multi-hot;
- 16   NICHE cards left in the pile per habitat / 5;
- 16   shared habitats (variant), multi-hot;
- 16   creatures still to choose (variant), multi-hot;
- 416  16 habitats x 26: on the board, its 5 selection pressures / 5, its
       place one-hot (20: P0-P7 of the single board, then the double board's 12);
- 1470 6 seat slots x 245: present, to act, active, position one-hot (171
       spaces), creature one-hot (16), the creature's printed features / 5 (5),
       NICHE cards held multi-hot (16), ADAPTATION cards held multi-hot (25),
       features after its adaptations in the best order / 5 (5), unfit score
       so far / 120, extinctions / 6, NICHE cards / 6, ADAPTATION cards / 6.

Actions (4,962; index: key -> action dict; ``k`` = 1..5 a seat slot, ``H`` a
habitat, ``A`` an ADAPTATION card):

- 0-15      ``("choose", creature)`` -> ``{"type": "choose", "creature": "C05"}``;
- 16-186    ``("move", space)`` -> ``{"type": "move", "to": "E3"}`` (171 spaces);
- 187       ``("keep",)``;
- 188-603   ``("exchange", H)`` (no ADAPTATION card to return) and ``("exchange", H, A)``,
            by H: return NICHE H (and A) -> ``{"type": "exchange", "niche": H, "adaptation": A}``;
- 604-733   ``("give", k)`` and ``("give", k, A)``, by k: force the NICHE card on the seat
            k places after you (returning A if you already held it);
- 734-758   ``("adapt", A)``;
- 759-4958  ``("offer", k, give, take)``: per k = 1..5, the 240 NICHE swaps (H != H'),
            then the 600 ADAPTATION swaps (A != A');
- 4959-4961 ``("accept",)``, ``("decline",)``, ``("end_turn",)``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from evogames.games.adapt import SPEC
from evogames.games.adapt.components import FEATURES, components
from evogames.games.adapt.rules.board import MAX_ROLL, boards
from evogames.kit.encoder import Action, Encoder, Vector, View

PHASES = ("choose", "move", "exit", "adapt", "trade", "answer", "over")
BOARDS = ("single", "double")
SEATS = SPEC.max_players
GOALS = (3, 4, 5, 6)
MOST_NICHES = GOALS[-1]
HABITATS = tuple(components().habitats)
CREATURES = tuple(components().creatures)
ADAPTATIONS = tuple(components().adaptations)
CARDS = HABITATS + ADAPTATIONS  # what a trade swaps
SPACES = tuple(dict.fromkeys(node for name in BOARDS for node in boards()[name].links))
PLACES = tuple(dict.fromkeys(place for name in BOARDS for place in boards()[name].places))
MAT_PILE = len(HABITATS)
COPIES = max(components().niche_pile().values())
VALUE_SCALE = 5  # features and pressures are 1..5
MOST_UNFIT = 20 * MOST_NICHES  # a habitat scores at most 5 x 4 (a missing NICHE 20)
SIMPLE = ("keep", "accept", "decline", "end_turn")

GLOBAL_FEATURES = (len(PHASES) + 1 + MAX_ROLL + len(GOALS) + 4 + 1 + (2 + len(HABITATS))
                   + (1 + SEATS + 2 * len(CARDS)) + len(ADAPTATIONS) + 2 * len(HABITATS) + len(CREATURES))
HABITAT_FEATURES = 1 + len(FEATURES) + len(PLACES)
SEAT_FEATURES = (3 + len(SPACES) + len(CREATURES) + len(FEATURES) + len(HABITATS) + len(ADAPTATIONS)
                 + len(FEATURES) + 4)
SIZE = GLOBAL_FEATURES + len(HABITATS) * HABITAT_FEATURES + SEATS * SEAT_FEATURES

PHASE_AT = {name: i for i, name in enumerate(PHASES)}
HABITAT_AT = {h: i for i, h in enumerate(HABITATS)}
CREATURE_AT = {c: i for i, c in enumerate(CREATURES)}
ADAPTATION_AT = {a: i for i, a in enumerate(ADAPTATIONS)}
CARD_AT = {c: i for i, c in enumerate(CARDS)}
SPACE_AT = {s: i for i, s in enumerate(SPACES)}
PLACE_AT = {p: i for i, p in enumerate(PLACES)}


def make_encoder(players: int, options: dict[str, Any]) -> AdaptEncoder:
    return AdaptEncoder(players, options)


def canonical_keys() -> list[Hashable]:
    """The canonical action list (see the module docstring)."""
    offsets = range(1, SEATS)
    keys: list[Hashable] = [("choose", c) for c in CREATURES]
    keys += [("move", space) for space in SPACES]
    keys.append(("keep",))
    for h in HABITATS:
        keys += [("exchange", h), *(("exchange", h, a) for a in ADAPTATIONS)]
    for k in offsets:
        keys += [("give", k), *(("give", k, a) for a in ADAPTATIONS)]
    keys += [("adapt", a) for a in ADAPTATIONS]
    for k in offsets:
        keys += [("offer", k, g, t) for g in HABITATS for t in HABITATS if g != t]
        keys += [("offer", k, g, t) for g in ADAPTATIONS for t in ADAPTATIONS if g != t]
    keys += [("accept",), ("decline",), ("end_turn",)]
    return keys


class AdaptEncoder(Encoder):
    """Adapt or Die's observation and actions (see the module docstring)."""

    low = 0.0

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        self.features_of = {c.id: c.features for c in components().creatures.values()}
        super().__init__(players, options, canonical_keys(), SIZE)

    # -- observation -------------------------------------------------------
    def features(self, view: View) -> Vector:
        out = np.zeros(SIZE, dtype=np.float32)
        rel = self.places(view)  # seat -> seat slot
        self._globals(view, rel, out)
        self._habitats(view, out)
        self._seats(view, rel, out)
        return out

    def _globals(self, view: View, rel: list[int], out: Vector) -> None:
        options = view["options"]
        out[PHASE_AT[view["phase"]]] = 1.0
        i = len(PHASES)
        out[i] = view["round"] / options["max_rounds"]
        if 1 <= view["roll"] <= MAX_ROLL:
            out[i + view["roll"]] = 1.0
        i += 1 + MAX_ROLL
        if view["goal"] in GOALS:
            out[i + GOALS.index(view["goal"])] = 1.0
        i += len(GOALS)
        out[i:i + 4] = (float(options["creatures"] == "choose"), float(options["scoring"] == "extinction"),
                        float(options["shared_habitats"]), float(view["board"]["name"] == "double"))
        out[i + 4] = view["mat_pile"] / MAT_PILE
        i += 5
        pending = view["pending"]
        if pending is not None and pending["habitat"]:
            out[i] = 1.0
            out[i + 1] = float(pending["held"])
            out[i + 2 + HABITAT_AT[pending["habitat"]]] = 1.0
        i += 2 + len(HABITATS)
        offer = view["offer"]
        if offer is not None:
            out[i] = 1.0
            out[i + 1 + rel[offer["to"]]] = 1.0
            out[i + 1 + SEATS + CARD_AT[offer["give"]]] = 1.0
            out[i + 1 + SEATS + len(CARDS) + CARD_AT[offer["take"]]] = 1.0
        i += 1 + SEATS + 2 * len(CARDS)
        for a in view["adaptation_pile"]:
            out[i + ADAPTATION_AT[a]] = 1.0
        i += len(ADAPTATIONS)
        for h, left in view["niche_pile"].items():
            out[i + HABITAT_AT[h]] = left / COPIES
        i += len(HABITATS)
        for h in view["shared"]:
            out[i + HABITAT_AT[h]] = 1.0
        i += len(HABITATS)
        for c in view["creatures_to_choose"]:
            out[i + CREATURE_AT[c]] = 1.0

    @staticmethod
    def _habitats(view: View, out: Vector) -> None:
        for mat in view["mats"]:
            i = GLOBAL_FEATURES + HABITAT_AT[mat["habitat"]] * HABITAT_FEATURES
            out[i] = 1.0
            for f, value in enumerate(mat["pressures"]):
                out[i + 1 + f] = value / VALUE_SCALE
            out[i + 1 + len(FEATURES) + PLACE_AT[mat["place"]]] = 1.0

    def _seats(self, view: View, rel: list[int], out: Vector) -> None:
        to_act = set(view["to_act"])
        base = GLOBAL_FEATURES + len(HABITATS) * HABITAT_FEATURES
        for player in view["players"]:
            seat = player["seat"]
            i = base + rel[seat] * SEAT_FEATURES
            out[i:i + 3] = (1.0, float(seat in to_act), float(view["active"] == seat))
            i += 3
            out[i + SPACE_AT[player["position"]]] = 1.0
            i += len(SPACES)
            if player["creature"]:
                out[i + CREATURE_AT[player["creature"]]] = 1.0
                start = self.features_of[player["creature"]]
                out[i + len(CREATURES):i + len(CREATURES) + len(FEATURES)] = np.asarray(start) / VALUE_SCALE
            i += len(CREATURES) + len(FEATURES)
            for h in player["niches"]:
                out[i + HABITAT_AT[h]] = 1.0
            i += len(HABITATS)
            for a in player["adaptations"]:
                out[i + ADAPTATION_AT[a]] = 1.0
            i += len(ADAPTATIONS)
            card = player["scorecard"]
            if card is not None:
                out[i:i + len(FEATURES)] = [row["end"] / VALUE_SCALE for row in card["rows"]]
                out[i + len(FEATURES)] = card["total"] / MOST_UNFIT
                out[i + len(FEATURES) + 1] = card["extinctions"] / MOST_NICHES
            out[i + len(FEATURES) + 2] = len(player["niches"]) / MOST_NICHES
            out[i + len(FEATURES) + 3] = len(player["adaptations"]) / MOST_NICHES

    # -- actions -----------------------------------------------------------
    def param_key(self, view: View, action: Action) -> Hashable:
        kind = action["type"]
        if kind == "choose":
            return ("choose", action["creature"])
        if kind == "move":
            return ("move", action["to"])
        if kind == "adapt":
            return ("adapt", action["card"])
        returned = (action["adaptation"],) if "adaptation" in action else ()
        if kind == "exchange":
            return ("exchange", action["niche"], *returned)
        if kind == "give":
            return ("give", self.offset(view, action["to"]), *returned)
        if kind == "offer":
            return ("offer", self.offset(view, action["to"]), action["give"], action["take"])
        raise ValueError(f"Adapt or Die has no action {action}")

    def param_action(self, view: View, key: tuple[Any, ...]) -> Action:
        kind = key[0]
        if kind == "choose":
            return {"type": "choose", "creature": key[1]}
        if kind == "move":
            return {"type": "move", "to": key[1]}
        if kind == "adapt":
            return {"type": "adapt", "card": key[1]}
        if kind == "offer":
            return {"type": "offer", "to": self.seat_at(view, key[1]), "give": key[2], "take": key[3]}
        if kind == "exchange":
            action: Action = {"type": "exchange", "niche": key[1]}
        else:
            action = {"type": "give", "to": self.seat_at(view, key[1])}
        if len(key) == 3:
            action["adaptation"] = key[2]
        return action
