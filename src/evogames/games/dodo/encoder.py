"""Tough Luck, Dodo for RL: a 2,502-number observation and 240 canonical actions.

Seats are relative: seat slot 0 is the observing seat, slot k the seat k places
clockwise after it; slots for seats beyond the player count are zero. The grid
is read in reading order with 3 columns (a 2-player 2 x 3 grid fills positions
0-5; 6-8 stay zero), so the sizes are the same for 2 to 4 players.

**Creature slots.** A creature is named by its owner's relative seat and its
*slot*: its rank among that owner's creatures (placed or waiting) sorted by
creature id, i.e. by age. A player never has more than 25 creatures (the box
holds 25 bases a player and every creature stands on one), so 25 slots a seat
cover every creature the engine can make. Slots shift down when an older
creature of the same owner starves; the observation is rebuilt every step, so
slot k always describes the creature that action slot k names. In set-up the
three waiting creatures are slots 0, 1, 2 (red, yellow, green).

Tough Luck, Dodo has no hidden information: everything comes from
``view(seat)`` and the environment cards' printed resources (static data).

Observation (2,502 numbers, all in [0, 1]: larger values are clipped), in this order:

- 5    phase one-hot: setup, token, migration, consumption, over;
- 3    migration round one-hot (1, 2, 3);
- 1    turn / max_turns;
- 4    the token or move being aimed (``pending``) one-hot: advantage, famine,
       relocation, migrate;
- 3    supply of blocks: red, yellow, green / 40;
- 52   4 seat slots x 13: present, holds the Active Player token, to act,
       turn-order distance one-hot (0-3), tokens face up (advantage, famine,
       relocation), captures/2, creatures on the board/25, bases left/25;
- 234  9 grid positions x 26: present, resources (red, yellow, green)/4,
       covered/4, eaten/4, available/4, captured, captured by seat slot
       one-hot (4), aimed by the pending Famine, creatures in play there by
       seat slot/10 (4), hunger there (blocks of the creatures in play,
       red, yellow, green)/10;
- 2200 4 seat slots x 25 creature slots x 22: present, waiting to be placed,
       grid position one-hot (9), blocks (red, yellow, green)/10, size/10,
       captor, Competitive Advantage, migrated, relocated, fed, one of the
       tied creatures to order, the creature being moved (``pending``).

Actions (240; index: key -> action dict; ``s`` a creature slot, ``p`` a grid position):

- 0-26     ``("place", s, p)`` (s = 0..2) -> ``{"type": "place", "creature": id, "environment": env}``;
- 27-29    ``("token", t)`` for advantage, famine, relocation;
- 30, 31   ``("pass",)``, ``("cancel",)``;
- 32-56    ``("advantage", s)``: one of your own creatures;
- 57-65    ``("famine", p)``: the environment Famine covers;
- 66-71    ``("famine_colours", a, b)``: the two colours covered (a <= b: red-red,
           red-yellow, red-green, yellow-yellow, yellow-green, green-green);
- 72-171   ``("relocate", k, s)``: creature slot s of the seat k places after you (k = 0: your own);
- 172-180  ``("relocate_to", p)``;
- 181-205  ``("migrate", s)``: one of your own creatures;
- 206-214  ``("migrate_to", p)``;
- 215-239  ``("eat_first", s)``: which of your own tied creatures eats first.

Every legal action has exactly one key and every key one action, so
``decode(view, index(view, a)) == a`` for every legal action ``a``.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.games.dodo import SPEC
from evogames.games.dodo.components import COLOURS, CREATURES_AT_START, TOKENS, components
from evogames.kit.encoder import Action, Encoder, Vector, View

PHASES = ("setup", "token", "migration", "consumption", "over")
PENDING = ("advantage", "famine", "relocation", "migrate")
SEATS = SPEC.max_players
POSITIONS = 9  # the largest grid: 3 x 3
COLUMNS = 3
SLOTS = components().bases_per_player  # a player's creatures never outnumber his bases
PAIRS = tuple((a, b) for a in range(len(COLOURS)) for b in range(a, len(COLOURS)))
SEAT_FEATURES = 13
ENV_FEATURES = 26
CREATURE_FEATURES = 22
GLOBAL_FEATURES = 5 + 3 + 1 + 4 + 3
SIZE = GLOBAL_FEATURES + SEATS * SEAT_FEATURES + POSITIONS * ENV_FEATURES + SEATS * SLOTS * CREATURE_FEATURES
RESOURCE_SCALE = 4  # the most squares of one colour on a card
BLOCK_SCALE = 10
COLOUR = {name: k for k, name in enumerate(COLOURS)}
SIMPLE = ("pass", "cancel")
# the action type of a creature or environment choice, by action type and the field named
CREATURE_KEY = {"advantage": "advantage", "relocation": "relocate", "migrate": "migrate", "eat_first": "eat_first"}
ENV_KEY = {"famine": "famine", "relocation": "relocate_to", "migrate": "migrate_to"}
ENV_TYPE = {key: kind for kind, key in ENV_KEY.items()}
CREATURE_TYPE = {key: kind for kind, key in CREATURE_KEY.items()}


def make_encoder(players: int, options: dict[str, Any]) -> DodoEncoder:
    return DodoEncoder(players, options)


def canonical_keys() -> list[Hashable]:
    """The canonical action list (see the module docstring)."""
    keys: list[Hashable] = [("place", s, p) for s in range(CREATURES_AT_START) for p in range(POSITIONS)]
    keys += [("token", t) for t in TOKENS]
    keys += [("pass",), ("cancel",)]
    keys += [("advantage", s) for s in range(SLOTS)]
    keys += [("famine", p) for p in range(POSITIONS)]
    keys += [("famine_colours", a, b) for a, b in PAIRS]
    keys += [("relocate", k, s) for k in range(SEATS) for s in range(SLOTS)]
    keys += [("relocate_to", p) for p in range(POSITIONS)]
    keys += [("migrate", s) for s in range(SLOTS)]
    keys += [("migrate_to", p) for p in range(POSITIONS)]
    keys += [("eat_first", s) for s in range(SLOTS)]
    return keys


def creature_slots(view: View) -> dict[int, tuple[int, int]]:
    """Creature id -> (owner, slot): its rank among its owner's creatures sorted by id."""
    out: dict[int, tuple[int, int]] = {}
    seen: dict[int, int] = {}
    for creature in sorted(view["creatures"], key=lambda c: c["id"]):
        owner = creature["owner"]
        out[creature["id"]] = (owner, seen.get(owner, 0))
        seen[owner] = seen.get(owner, 0) + 1
    return out


class DodoEncoder(Encoder):
    """Tough Luck, Dodo's observation and actions (see the module docstring)."""

    low = 0.0

    def __init__(self, players: int, options: dict[str, Any]) -> None:
        box = components()
        self.resources = {env.id: env.resources for env in box.environments.values()}
        self.blocks = box.blocks_per_colour
        super().__init__(players, options, canonical_keys(), SIZE)

    # -- observation -------------------------------------------------------
    def features(self, view: View) -> Vector:
        out = np.zeros(SIZE, dtype=np.float32)
        rel = self.places(view)  # seat -> seat slot
        self._globals(view, out)
        self._seats(view, rel, out)
        self._environments(view, rel, out)
        self._creatures(view, rel, out)
        return out

    def _globals(self, view: View, out: Vector) -> None:
        out[PHASES.index(view["phase"])] = 1.0
        if view["migration_round"]:
            out[5 + view["migration_round"] - 1] = 1.0
        out[8] = view["turn"] / self.options["max_turns"]
        pending = view["pending"]
        if pending is not None:
            out[9 + PENDING.index(pending["kind"])] = 1.0
        supply = view["supply"]
        for k, colour in enumerate(COLOURS):
            out[13 + k] = supply[colour] / self.blocks

    def _seats(self, view: View, rel: list[int], out: Vector) -> None:
        to_act = set(view["to_act"])
        for player in view["players"]:
            owner = player["seat"]
            i = GLOBAL_FEATURES + rel[owner] * SEAT_FEATURES
            out[i] = 1.0
            out[i + 1] = float(view["active"] == owner)
            out[i + 2] = float(owner in to_act)
            out[i + 3 + (owner - view["active"]) % self.players] = 1.0
            for k, token in enumerate(TOKENS):
                out[i + 7 + k] = float(player["tokens"][token])
            out[i + 10] = player["captures"] / 2
            out[i + 11] = player["creatures"] / SLOTS
            out[i + 12] = player["bases_left"] / SLOTS

    def _environments(self, view: View, rel: list[int], out: Vector) -> None:
        pending = view["pending"]
        aimed = pending.get("environment") if pending is not None else None
        base = GLOBAL_FEATURES + SEATS * SEAT_FEATURES
        pos_of = {env["id"]: env["pos"] for env in view["environments"]}
        for env in view["environments"]:
            i = base + env["pos"] * ENV_FEATURES
            out[i] = 1.0
            for j, field in enumerate(("resources", "covered", "eaten", "available")):
                for k, colour in enumerate(COLOURS):
                    out[i + 1 + 3 * j + k] = env[field][colour] / RESOURCE_SCALE
            if env["captured_by"] is not None:
                out[i + 13] = 1.0
                out[i + 14 + rel[env["captured_by"]]] = 1.0
            out[i + 18] = float(env["id"] == aimed)
        for creature in view["creatures"]:
            if creature["environment"] is None or creature["captured"]:
                continue
            i = base + pos_of[creature["environment"]] * ENV_FEATURES
            out[i + 19 + rel[creature["owner"]]] += 0.1
            for colour in creature["mutations"]:
                out[i + 23 + COLOUR[colour]] += 1 / BLOCK_SCALE

    def _creatures(self, view: View, rel: list[int], out: Vector) -> None:
        pending = view["pending"]
        moving = pending.get("creature") if pending is not None else None
        tied = set(view["tied"])
        slots = creature_slots(view)
        pos_of = {env["id"]: env["pos"] for env in view["environments"]}
        base = GLOBAL_FEATURES + SEATS * SEAT_FEATURES + POSITIONS * ENV_FEATURES
        for creature in view["creatures"]:
            owner, slot = slots[creature["id"]]
            i = base + (rel[owner] * SLOTS + slot) * CREATURE_FEATURES
            out[i] = 1.0
            if creature["environment"] is None:
                out[i + 1] = 1.0
            else:
                out[i + 2 + pos_of[creature["environment"]]] = 1.0
            for colour in creature["mutations"]:
                out[i + 11 + COLOUR[colour]] += 1 / BLOCK_SCALE
            out[i + 14] = len(creature["mutations"]) / BLOCK_SCALE
            for k, flag in enumerate(("captured", "advantage", "migrated", "relocated", "fed")):
                out[i + 15 + k] = float(creature[flag])
            out[i + 20] = float(creature["id"] in tied)
            out[i + 21] = float(creature["id"] == moving)

    # -- actions -----------------------------------------------------------
    def param_key(self, view: View, action: Action) -> Hashable:
        kind = action["type"]
        if kind == "token":
            return ("token", action["token"])
        if kind == "place":
            _owner, slot = creature_slots(view)[action["creature"]]
            return ("place", slot, self._position(view, action["environment"]))
        if kind == "famine" and "resources" in action:
            a, b = sorted(COLOUR[colour] for colour in action["resources"])
            return ("famine_colours", a, b)
        if kind in ENV_KEY and "environment" in action:
            return (ENV_KEY[kind], self._position(view, action["environment"]))
        if kind in CREATURE_KEY and "creature" in action:
            owner, slot = creature_slots(view)[action["creature"]]
            if kind == "relocation":
                return ("relocate", self.offset(view, owner), slot)
            return (CREATURE_KEY[kind], slot)
        raise ValueError(f"Tough Luck, Dodo has no action {action}")

    def param_action(self, view: View, key: tuple[Any, ...]) -> Action:
        kind = key[0]
        if kind == "token":
            return {"type": "token", "token": key[1]}
        if kind == "place":
            return {"type": "place", "creature": self._creature(view, 0, key[1]),
                    "environment": self._environment(view, key[2])}
        if kind == "famine_colours":
            return {"type": "famine", "resources": [COLOURS[key[1]], COLOURS[key[2]]]}
        if kind in ENV_TYPE:
            return {"type": ENV_TYPE[kind], "environment": self._environment(view, key[1])}
        if kind == "relocate":
            return {"type": "relocation", "creature": self._creature(view, key[1], key[2])}
        return {"type": CREATURE_TYPE[kind], "creature": self._creature(view, 0, key[1])}

    @staticmethod
    def _position(view: View, env_id: str) -> int:
        for env in view["environments"]:
            if env["id"] == env_id:
                return int(env["pos"])
        raise ValueError(f"There is no environment {env_id!r} in this grid")

    @staticmethod
    def _environment(view: View, pos: int) -> str:
        envs = view["environments"]
        if pos >= len(envs):
            raise IllegalAction(f"There is no grid position {pos} in a grid of {len(envs)}.", ErrorCode.RL_BAD_INDEX)
        return str(envs[pos]["id"])

    def _creature(self, view: View, offset: int, slot: int) -> int:
        owner = self.seat_at(view, offset)
        for cid, (who, rank) in creature_slots(view).items():
            if who == owner and rank == slot:
                return cid
        raise IllegalAction(f"Player {owner + 1} has no creature in slot {slot}.", ErrorCode.RL_BAD_INDEX)
