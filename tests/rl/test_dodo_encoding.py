"""Tough Luck, Dodo's encoding: the PettingZoo contract, fixed sizes, a mask equal to the legal actions,
an exact round trip for every legal action, and an observation built from the seat's view alone."""

from __future__ import annotations

import numpy as np
import pytest

from evogames.core.rng import Rng
from evogames.games.dodo.encoder import CREATURE_FEATURES, SLOTS, canonical_keys, creature_slots
from evogames.rl import raw_env
from tests.rl.helpers import (
    SIZES,
    assert_sees_the_same,
    bot_game_kinds,
    check_exact,
    env_game_kinds,
    masked_choice,
    observe,
)

OBSERVATION, ACTIONS = SIZES["dodo"]
KINDS = {"place", "token", "pass", "cancel", "advantage", "famine", "famine_colours", "relocate", "relocate_to",
         "migrate", "migrate_to", "eat_first"}
# where the creature slots start in the observation (module docstring)
CREATURES_AT = 16 + 4 * 13 + 9 * 26


def test_the_canonical_action_list_is_stable() -> None:
    keys = canonical_keys()
    assert len(keys) == ACTIONS
    assert keys[0] == ("place", 0, 0) and keys[26] == ("place", 2, 8)
    assert keys[27:32] == [("token", "advantage"), ("token", "famine"), ("token", "relocation"), ("pass",),
                           ("cancel",)]
    assert keys[66] == ("famine_colours", 0, 0) and keys[71] == ("famine_colours", 2, 2)
    assert keys[72] == ("relocate", 0, 0) and keys[171] == ("relocate", 3, 24)
    assert keys[215] == ("eat_first", 0) and keys[239] == ("eat_first", 24)
    assert {key[0] for key in keys} == KINDS


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (2, 3), (3, 4), (4, 5)])
def test_the_mask_is_exactly_the_legal_actions_in_env_games(players: int, seed: int) -> None:
    assert env_game_kinds("dodo", players, seed, check_exact) == KINDS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_of_bot_games_is_encoded(players: int) -> None:
    games = [(players, 10 * players + seed, bot, None) for bot in ("random", "heuristic") for seed in range(3)]
    assert bot_game_kinds("dodo", games, check_exact) == KINDS


def test_relocation_names_a_creature_by_seat_slot_and_age() -> None:
    e = raw_env("dodo", players=4)
    creatures = [{"id": cid, "owner": owner} for cid, owner in ((3, 0), (7, 0), (9, 1), (12, 0))]
    view = {"seat": 2, "creatures": creatures, "legal": []}
    assert creature_slots(view) == {3: (0, 0), 7: (0, 1), 9: (1, 0), 12: (0, 2)}
    action = {"type": "relocation", "creature": 12}
    key = e.encoder.key(view, action)
    assert key == ("relocate", 2, 2)  # Player 1 sits 2 places after Player 3; #12 is its 3rd creature
    assert e.encoder.action(view, key) == action


def test_famine_colours_are_an_unordered_pair() -> None:
    e = raw_env("dodo", players=2)
    view = {"seat": 0, "legal": []}
    action = {"type": "famine", "resources": ["yellow", "green"]}
    assert e.encoder.key(view, action) == ("famine_colours", 1, 2)
    assert e.encoder.action(view, ("famine_colours", 1, 2)) == action


def test_creature_slot_s_of_the_observation_is_the_creature_action_slot_s_names() -> None:
    e = raw_env("dodo", players=3)
    e.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(60):
        e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    view = e.match.view(1)
    obs = e.observe("player_1")["observation"]
    own = [c for c in view["creatures"] if c["owner"] == 1]
    assert own
    for slot in range(SLOTS):
        block = obs[CREATURES_AT + slot * CREATURE_FEATURES:CREATURES_AT + (slot + 1) * CREATURE_FEATURES]
        if slot >= len(own):
            assert not block.any()
            continue
        creature = e.match.state.creatures[e.encoder._creature(view, 0, slot)]
        assert block[0] == 1.0
        assert block[14] == pytest.approx(creature.size / 10)


def test_the_observation_is_built_from_the_view_alone() -> None:
    """Nothing is hidden in Tough Luck, Dodo but the die's future rolls: they never show."""
    e = raw_env("dodo", players=4)
    e.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(5):
        before = observe(e, e.possible_agents)
        e.match.state.rng = Rng(12345)  # other future die rolls
        assert_sees_the_same(e, before, e.possible_agents)
        for _ in range(40):
            e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))


def test_seats_see_the_table_from_their_own_place() -> None:
    e = raw_env("dodo", players=3)
    e.reset(seed=2)
    seen = {agent: e.observe(agent)["observation"] for agent in e.possible_agents}
    assert not np.array_equal(seen["player_0"], seen["player_1"])
    active = e.match.view(0)["active"]
    for seat in range(3):  # seat slot 0 holds the Active Player token only for the active player
        assert seen[f"player_{seat}"][16 + 1] == float(seat == active)
