"""Phylo for RL: a 20,418-number observation and 27,359 canonical actions.

Seats are relative: seat slot 0 is the observing seat, slot k the seat k places
after it; slots for seats beyond the player count are zero, so the sizes are
the same for 2 to 4 players and for every option.

**The window.** The table is an unbounded grid; the HOMEs start at (0, 0) ..
(n-1, 0). The encoding sees a fixed window of 17 x 17 spaces, x from -7 to 9
and y from -8 to 8 (centred on (1, 0), the middle of the row of HOMEs), read
row by row: cell ``c = (y + 8) * 17 + (x + 7)``. In 900 games of the engine's
random and heuristic bots (2-4 players; 300 with Call your bluff) the spaces
named by legal actions ran over x -7..10 and y -8..8; in another 900 games,
4 of 1,206,955 legal actions (0.0003%; at 4 of 53,278 decisions) named a space
outside this window. A card outside the window is left out
of the observation (its seat's points still count it) and the actions that
name a space outside it are left out of the mask. ``pass`` names no space and
is legal whenever a seat may act (on its turn and after winning a bluff), so
the mask is never empty.

**Cards.** A species card in hand is named by its *hand slot*: its place in the
hand as the view lists it. A hand holds only its owner's cards and the HOME is
on the table, so it never holds more cards than the deck (``deck_size``, 24 by
the rulebook): the 24 hand slots name every card of a rulebook deck (a
``deck_size`` above 24 leaves slots 24 and beyond out of the mask). The engine
lists one action per card *kind* in hand, with the first copy in hand, so only
that copy's slot is ever in the mask. Event cards are named by kind (16): the
engine plays the first copy in hand. Increase Biodiversity names the species
kind it takes back (163): the engine takes the first copy in the discard pile.

**Moves and spreads.** MOVE and FLIGHT reach at most 3 spaces along one of 8
ways, so a move is (the cell of the species moving, one of 24 steps); only the
space it leaves must be in the window. A SPREAD is (the hand slot of the copy,
the cell it goes to). Two of your originals of the same species may both reach
that cell: the two engine actions differ only in the original named, and
leave the same table, hand and turn, so they share an index and it decodes to
the first of them in the engine's list.

Every index in the mask decodes to a legal engine action (``decode`` looks the
key up among the view's legal actions); for every legal action ``a`` in the
window, ``decode(view, index(view, a))`` is ``a`` or, for a spread, the same
spread from another original.

Hidden in Phylo are the other hands and every deck's order and contents: the
observation comes from ``view(seat)`` and the static card data only, and
shows other seats' hands and decks only as sizes.

Observation (20,418 numbers, all in [0, 1]: larger values are clipped), in this order:

- 43    globals: turn / 100, actions left / 3, event played this turn, WIND, Climate
        Change used, Call your bluff in play, last turn known, turns to the last
        turn / 4, a bluff's removal pending, its winner by seat slot (4), the
        player whose turn it is by seat slot (4), you act now; the last event:
        present, its kind one-hot (16), who played it by seat slot (4),
        countered, played this turn, played last turn; ``deck_size`` / 60;
- 108   4 seat slots x 27: present, hand size / 24, deck size / 24, discard pile
        / 24, points / 60, Scientific Insight, species lost by cause (event,
        links, cascade, bluff, invaded) / 10, event cards in the discard pile by
        kind / 3 (16);
- 163   your discard pile's species by kind / 3 (what Increase Biodiversity may take);
- 1608  24 hand slots x 67: present, the first copy of its kind in hand, species,
        event, the species' features (47, below), the event's kind one-hot (16);
- 18496 289 cells x 64: a card on top, a HOME, its owner by seat slot (4), the top
        species' features (47), a card under it: present, owner by seat slot
        (4), points / 9; flooded, urban, threatened, without a link; a copy of
        the top species is in your hand.

Species features (47): terrains (7), climates (4), FOODCHAIN / 5, SCALE / 10, diet
one-hot (5), points / 9, MOVE / 3, FLIGHT / 3, SPREAD / 2, SPREAD needs a
POLLINATOR, needs WIND, POLLINATOR, INVASIVE, PARASITE (1: needs a host, 0.5: may also
be played alone like a normal species), hunts in packs,
kingdom one-hot (5), continents (7), PARASITE hosts (7).

Actions (27,359; ``h`` a hand slot 0-23, ``c`` a cell 0-288, ``d`` a side: right,
left, down, up):

- 0              ``("pass",)``;
- 1-6936         ``("play", h, c)`` -> ``{"type": "play", "card": id, "at": [x, y]}``;
- 6937-13872     ``("spread", h, c)``: the copy in slot h to c;
- 13873-20808    ``("move", c, w)``: the species in c by step w (8 ways x 1-3 spaces:
                 right, left, down, up, then the diagonals);
- 20809-23120    ``("event", kind, c)`` for the 8 events played on one species
                 (Wildfire, Oil Spill, Water Pollution, Plant Disease, Illegal
                 Poaching, Meteorite Crash, Disease Outbreak, Habitat Loss);
- 23121-24276    ``("tsunami", c, d)``: Tsunami on c, also flooding its side d;
- 24277-25721    ``("climate", c, e)``: Climate Change on c, e = 0 no spread, 1-4
                 spreading to side e - 1;
- 25722-25726    ``("event", kind)``: Research, Conservation Advocacy, Specimen
                 Preservation, Scientific Insight, Wind;
- 25727-25889    ``("take", species)``: Increase Biodiversity takes that species back;
- 25890-25913    ``("discard", h)``: discard 1 to draw 3;
- 25914-27069    ``("challenge", c, d)``: Call your bluff on the link of c with its side d;
- 27070-27358    ``("remove", c)``: the bluff's winner removes the species in c.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.games.phylo.components import CLIMATES, CONTINENTS, DIETS, TERRAINS, Species, components
from evogames.kit.encoder import Action, Encoder, Mask, Vector, View

SEATS = 4
X0, X1, Y0, Y1 = -7, 9, -8, 8  # the window, inclusive
WIDTH, HEIGHT = X1 - X0 + 1, Y1 - Y0 + 1
CELLS = WIDTH * HEIGHT
HAND = 24  # the rulebook's deck: a hand never holds more
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))
WAYS = tuple((dx * k, dy * k) for dx, dy in (*SIDES, (1, 1), (1, -1), (-1, 1), (-1, -1)) for k in (1, 2, 3))
LOSSES = ("event", "links", "cascade", "bluff", "invaded")

_BOX = components()
SPECIES_IDS = tuple(sorted(_BOX.species))
EVENT_IDS = tuple(sorted(_BOX.events))
KINGDOMS = tuple(sorted({sp.kingdom for sp in _BOX.species.values()}))
HOSTS = tuple(sorted({host for sp in _BOX.species.values() for host in sp.hosts}))
ON_ONE = tuple(e for e in EVENT_IDS if _BOX.events[e].targeted
               and _BOX.events[e].effect not in ("tsunami", "climate_change"))
TSUNAMI = tuple(e for e in EVENT_IDS if _BOX.events[e].effect == "tsunami")
CLIMATE = tuple(e for e in EVENT_IDS if _BOX.events[e].effect == "climate_change")
UNTARGETED = tuple(e for e in EVENT_IDS if not _BOX.events[e].targeted and _BOX.events[e].effect != "biodiversity")
BIODIVERSITY = tuple(e for e in EVENT_IDS if _BOX.events[e].effect == "biodiversity")

SPECIES_FEATURES = 47
GLOBAL_FEATURES = 43
SEAT_FEATURES = 11 + len(EVENT_IDS)
HAND_FEATURES = 4 + SPECIES_FEATURES + len(EVENT_IDS)
CELL_FEATURES = 6 + SPECIES_FEATURES + 6 + 4 + 1
SEATS_AT = GLOBAL_FEATURES
DISCARD_AT = SEATS_AT + SEATS * SEAT_FEATURES
HAND_AT = DISCARD_AT + len(SPECIES_IDS)
CELLS_AT = HAND_AT + HAND * HAND_FEATURES
SIZE = CELLS_AT + CELLS * CELL_FEATURES


def make_encoder(players: int, options: dict[str, Any]) -> PhyloEncoder:
    return PhyloEncoder(players, options)


def canonical_keys() -> list[Hashable]:
    """The canonical action list (see the module docstring)."""
    keys: list[Hashable] = [("pass",)]
    keys += [("play", h, c) for h in range(HAND) for c in range(CELLS)]
    keys += [("spread", h, c) for h in range(HAND) for c in range(CELLS)]
    keys += [("move", c, w) for c in range(CELLS) for w in range(len(WAYS))]
    keys += [("event", e, c) for e in ON_ONE for c in range(CELLS)]
    keys += [("tsunami", c, d) for c in range(CELLS) for d in range(len(SIDES))]
    keys += [("climate", c, e) for c in range(CELLS) for e in range(len(SIDES) + 1)]
    keys += [("event", e) for e in UNTARGETED]
    keys += [("take", sp) for sp in SPECIES_IDS]
    keys += [("discard", h) for h in range(HAND)]
    keys += [("challenge", c, d) for c in range(CELLS) for d in range(len(SIDES))]
    keys += [("remove", c) for c in range(CELLS)]
    return keys


def cell(at: Any) -> int | None:
    """The window cell of a space [x, y] (None outside the window)."""
    x, y = int(at[0]), int(at[1])
    if X0 <= x <= X1 and Y0 <= y <= Y1:
        return (y - Y0) * WIDTH + (x - X0)
    return None


def space(c: int) -> tuple[int, int]:
    """The space [x, y] of window cell ``c``."""
    return c % WIDTH + X0, c // WIDTH + Y0


def _side(a: Any, b: Any) -> int | None:
    step = (int(b[0]) - int(a[0]), int(b[1]) - int(a[1]))
    return SIDES.index(step) if step in SIDES else None


def species_features(sp: Species) -> list[float]:
    """The 47 numbers describing a species card (see the module docstring)."""
    out = [float(t in sp.terrains) for t in TERRAINS]
    out += [float(c in sp.climates) for c in CLIMATES]
    out += [sp.foodchain / 5, sp.scale / 10]
    out += [float(sp.diet == d) for d in DIETS]
    out += [sp.points / 9, sp.move / 3, sp.flight / 3, sp.spread / 2]
    out += [float(sp.spread_needs == "pollinator"), float(sp.spread_needs == "wind")]
    parasite = (0.5 if sp.free_living else 1.0) if sp.parasite else 0.0  # 0.5: may also be played alone
    out += [float(sp.pollinator), float(sp.invasive), parasite, float(sp.pack_hunter)]
    out += [float(sp.kingdom == k) for k in KINGDOMS]
    out += [float(c in sp.continents) for c in CONTINENTS]
    out += [float(h in sp.hosts) for h in HOSTS]
    return out


SPECIES_VECTORS = {sid: np.array(species_features(sp), dtype=np.float32) for sid, sp in _BOX.species.items()}


class PhyloEncoder(Encoder):
    """Phylo's observation and actions (see the module docstring)."""

    low = 0.0

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        if any(len(v) != SPECIES_FEATURES for v in SPECIES_VECTORS.values()):
            raise ValueError("Phylo encoder: the species features do not match their declared size")
        super().__init__(players, options, canonical_keys(), SIZE)

    # -- observation -------------------------------------------------------
    def features(self, view: View) -> Vector:
        out = np.zeros(SIZE, dtype=np.float32)
        rel = self.places(view)  # seat -> seat slot
        self._globals(view, rel, out)
        self._seats(view, rel, out)
        self._hand(view, out)
        self._cells(view, rel, out)
        return out

    def _globals(self, view: View, rel: list[int], out: Vector) -> None:
        out[0] = view["turn"] / 100
        out[1] = view["actions_left"] / 3
        out[2] = float(view["event_played"])
        out[3] = float(view["wind"])
        out[4] = float(view["climate_change_used"])
        out[5] = float(bool(view["options"].get("call_your_bluff")))
        if view["last_turn"]:
            out[6] = 1.0
            out[7] = max(0, view["last_turn"] - view["turn"]) / 4
        if view["pending_bluff"] is not None:
            out[8] = 1.0
            out[9 + rel[view["pending_bluff"]]] = 1.0
        out[13 + rel[view["player"]]] = 1.0
        out[17] = float(view["seat"] in view["to_act"])
        last = view["last_event"]
        if last is not None:
            out[18] = 1.0
            out[19 + EVENT_IDS.index(last["event"])] = 1.0
            out[35 + rel[last["seat"]]] = 1.0
            out[39] = float(last["countered"])
            out[40] = float(last["turn"] == view["turn"])
            out[41] = float(last["turn"] == view["turn"] - 1)
        out[42] = view["options"].get("deck_size", HAND) / 60

    def _seats(self, view: View, rel: list[int], out: Vector) -> None:
        for player in view["players"]:
            i = SEATS_AT + rel[player["seat"]] * SEAT_FEATURES
            out[i] = 1.0
            out[i + 1] = player["hand_size"] / HAND
            out[i + 2] = player["deck_size"] / HAND
            out[i + 3] = len(player["discard"]) / HAND
            out[i + 4] = player["points"] / 60
            out[i + 5] = float(player["insight"])
            for k, cause in enumerate(LOSSES):
                out[i + 6 + k] = player["lost"].get(cause, 0) / 10
            for card in player["discard"]:
                if card["card"] in _BOX.events:
                    out[i + 11 + EVENT_IDS.index(card["card"])] += 1 / 3
                elif player["seat"] == view["seat"] and card["card"] in _BOX.species:
                    out[DISCARD_AT + SPECIES_IDS.index(card["card"])] += 1 / 3

    def _hand(self, view: View, out: Vector) -> None:
        seen: set[str] = set()
        for h, card in enumerate(view["hand"] or []):
            if h >= HAND:
                break
            i = HAND_AT + h * HAND_FEATURES
            kind = card["card"]
            out[i] = 1.0
            out[i + 1] = float(kind not in seen)
            seen.add(kind)
            if kind in SPECIES_VECTORS:
                out[i + 2] = 1.0
                out[i + 4:i + 4 + SPECIES_FEATURES] = SPECIES_VECTORS[kind]
            elif kind in _BOX.events:
                out[i + 3] = 1.0
                out[i + 4 + SPECIES_FEATURES + EVENT_IDS.index(kind)] = 1.0

    def _cells(self, view: View, rel: list[int], out: Vector) -> None:
        in_hand = {card["card"] for card in view["hand"] or []}
        under_at = 6 + SPECIES_FEATURES
        flags_at = under_at + 6
        for spot in view["board"]:
            c = cell(spot["at"])
            if c is None or not spot["cards"]:
                continue
            i = CELLS_AT + c * CELL_FEATURES
            top = spot["cards"][0]
            out[i] = 1.0
            out[i + 2 + rel[top["owner"]]] = 1.0
            vector = SPECIES_VECTORS.get(top["card"])
            if vector is None:
                out[i + 1] = 1.0  # a HOME
            else:
                out[i + 6:i + 6 + SPECIES_FEATURES] = vector
                out[i + flags_at + 4] = float(top["card"] in in_hand)
            if len(spot["cards"]) > 1:
                below = spot["cards"][1]
                out[i + under_at] = 1.0
                out[i + under_at + 1 + rel[below["owner"]]] = 1.0
                species = _BOX.species.get(below["card"])
                out[i + under_at + 5] = species.points / 9 if species else 0.0
        top_at = {spot["cards"][0]["id"]: spot["at"] for spot in view["board"] if spot["cards"]}
        for k, field in ((0, "flooded"), (1, "urban")):
            for at in view[field]:
                c = cell(at)
                if c is not None:
                    out[CELLS_AT + c * CELL_FEATURES + flags_at + k] = 1.0
        for k, field in ((2, "threatened"), (3, "unlinked")):
            for iid in view[field]:
                c = cell(top_at[iid]) if iid in top_at else None
                if c is not None:
                    out[CELLS_AT + c * CELL_FEATURES + flags_at + k] = 1.0

    # -- actions -----------------------------------------------------------
    def mask(self, view: View) -> Mask:
        """1 at the index of every legal action of ``view`` that the window and hand slots can name."""
        mask = np.zeros(self.action_count, dtype=np.int8)
        lookup = _Lookup(view)
        for action in view.get("legal", []):
            key = self._key(lookup, action)
            if key is not None:
                mask[self.index_of[key]] = 1
        return mask

    def param_key(self, view: View, action: Action) -> Hashable:
        """The action's canonical key, or None if it names a space outside the window (or hand slot >= 24)."""
        return self._key(_Lookup(view), action)

    def param_action(self, view: View, key: tuple[Any, ...]) -> Action:
        lookup = _Lookup(view)
        for action in view.get("legal", []):
            if self._key(lookup, action) == key:
                return dict(action)
        raise IllegalAction(f"Phylo: no legal action is {' '.join(map(str, key))} now.", ErrorCode.RL_BAD_INDEX)

    @staticmethod
    def _key(lookup: _Lookup, action: Action) -> Hashable:
        kind = action["type"]
        if kind == "pass":
            return ("pass",)
        if kind == "play" or kind == "spread":
            h = lookup.slot.get(action["card"], HAND)
            c = cell(action["at"] if kind == "play" else action["to"])
            return (kind, h, c) if h < HAND and c is not None else None
        if kind == "move":
            frm = lookup.at[action["card"]]
            c = cell(frm)
            way = (action["to"][0] - frm[0], action["to"][1] - frm[1])
            return ("move", c, WAYS.index(way)) if c is not None else None
        if kind == "discard":
            h = lookup.slot.get(action["card"], HAND)
            return ("discard", h) if h < HAND else None
        if kind == "event":
            return _event_key(lookup, action)
        if kind == "challenge":
            c = cell(action["at"])
            return ("challenge", c, _side(action["at"], action["with"])) if c is not None else None
        if kind == "remove":
            c = cell(action["at"])
            return ("remove", c) if c is not None else None
        raise ValueError(f"Phylo has no action {action}")


def _event_key(lookup: _Lookup, action: Action) -> Hashable:
    event = lookup.card[action["card"]]
    if "take" in action:
        return ("take", lookup.card[action["take"]])
    if "at" not in action:
        return ("event", event)
    c = cell(action["at"])
    if c is None:
        return None
    if "also" in action:
        return ("tsunami", c, _side(action["at"], action["also"]))
    if event in CLIMATE:
        then = action.get("then")
        return ("climate", c, 0 if then is None else 1 + (_side(action["at"], then) or 0))
    return ("event", event, c)


class _Lookup:
    """What a view says about its physical cards: hand slots, kinds, and where table cards stand."""

    __slots__ = ("at", "card", "slot")

    def __init__(self, view: View) -> None:
        hand = view.get("hand") or []
        self.slot: dict[str, int] = {card["id"]: h for h, card in enumerate(hand)}
        self.card: dict[str, str] = {card["id"]: card["card"] for card in hand}
        self.at: dict[str, list[int]] = {}
        for spot in view.get("board", []):
            for card in spot["cards"]:
                self.at[card["id"]] = spot["at"]
                self.card[card["id"]] = card["card"]
        for player in view.get("players", []):
            for card in player["discard"]:
                self.card[card["id"]] = card["card"]
