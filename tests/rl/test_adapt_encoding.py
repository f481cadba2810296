"""Adapt or Die's encoding: the PettingZoo contract, fixed sizes for every player count and option, a mask
equal to the legal actions, an exact round trip for every legal action, and an observation built from the
seat's view alone (the face-down piles' order never shows).

Random bots rarely finish a game (most run to the 60-round limit, ~1,500 actions), so most games here
use the game's own round cap (``max_rounds``); one env game runs to the full limit."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

from evogames import IllegalAction
from evogames.core.rng import Rng
from evogames.games.adapt.encoder import (
    GLOBAL_FEATURES,
    HABITAT_FEATURES,
    HABITATS,
    SEAT_FEATURES,
    SPACES,
    canonical_keys,
)
from evogames.games.adapt.rules.board import boards
from evogames.games.adapt.state import AdaptState
from evogames.kit.encoder import Encoder
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

OBSERVATION, ACTIONS = SIZES["adapt"]
KINDS = {"choose", "move", "keep", "exchange", "give", "adapt", "offer", "accept", "decline", "end_turn"}
SEATS_AT = GLOBAL_FEATURES + len(HABITATS) * HABITAT_FEATURES
NICHES_AT = 3 + len(SPACES) + 16 + 5  # a seat's NICHE cards, from the start of its block
# the rulebook's variants, each with a round cap so that random bots' games stay short
VARIANTS: list[dict[str, Any]] = [
    {"max_rounds": 12},
    {"max_rounds": 12, "creatures": "choose", "habitats_per_player": 5},  # the double board with 3+ players
    {"max_rounds": 12, "shared_habitats": True, "habitats_per_player": 6},
    {"max_rounds": 12, "scoring": "extinction", "habitats_per_player": 3},
    {},  # the rulebook's game with the 60-round safety limit
]


def test_the_canonical_action_list_is_stable() -> None:
    keys = canonical_keys()
    assert len(keys) == ACTIONS
    assert keys[0] == ("choose", "C01") and keys[15] == ("choose", "C16")
    assert keys[16] == ("move", "C") and keys[16 + 57] == ("move", "AC") and keys[186] == ("move", "BR73")
    assert keys[187] == ("keep",)
    assert keys[188:190] == [("exchange", "H01"), ("exchange", "H01", "A01")]
    assert keys[603] == ("exchange", "H16", "A25")
    assert keys[604] == ("give", 1) and keys[733] == ("give", 5, "A25")
    assert keys[734] == ("adapt", "A01") and keys[758] == ("adapt", "A25")
    assert keys[759] == ("offer", 1, "H01", "H02") and keys[999] == ("offer", 1, "A01", "A02")
    assert keys[4958] == ("offer", 5, "A25", "A24")
    assert keys[4959:] == [("accept",), ("decline",), ("end_turn",)]
    assert {key[0] for key in keys} == KINDS


def test_the_move_actions_name_every_space_of_both_boards() -> None:
    single, double = boards()["single"], boards()["double"]
    assert (*single.links, *double.links) == SPACES
    assert len(SPACES) == len(single.links) + len(double.links) == 171  # no id on both boards


@pytest.mark.parametrize(("players", "seed", "variant"), [(2, 0, 0), (3, 1, 1), (4, 2, 2), (6, 3, 3), (5, 4, 1)])
def test_the_mask_is_exactly_the_legal_actions_in_env_games(players: int, seed: int, variant: int) -> None:
    assert {"move", "adapt", "end_turn"} <= env_game_kinds("adapt", players, seed, check_exact, VARIANTS[variant])


def test_every_legal_action_of_bot_games_is_encoded() -> None:
    moves: dict[str, set[str]] = {"single": set(), "double": set()}

    def check(encoder: Encoder, view: dict[str, Any], kinds: set[str]) -> None:
        check_exact(encoder, view, kinds)
        moves[view["board"]["name"]].update(a["to"] for a in view["legal"] if a["type"] == "move")

    games = [(3, 0, 1), (5, 0, 2), (3, 1, 3), (5, 1, 4), (4, 2, 5), (6, 3, 6), (2, 0, 7), (4, 3, 8), (6, 1, 9),
             (4, 4, 10)]
    assert bot_game_kinds("adapt", [(players, seed, bot, VARIANTS[variant]) for (players, variant, seed), bot
                                    in itertools.product(games, ("random", "heuristic"))], check) == KINDS
    assert moves["single"] and moves["single"] <= set(boards()["single"].links)  # a board's moves name its own spaces
    assert moves["double"] and moves["double"] <= set(boards()["double"].links)


def test_give_and_offer_name_the_other_seat_by_its_place_after_you() -> None:
    e = raw_env("adapt", players=4)
    view = {"seat": 2, "legal": []}
    for action, key in (
        ({"type": "give", "to": 0}, ("give", 2)),
        ({"type": "give", "to": 1, "adaptation": "A07"}, ("give", 3, "A07")),
        ({"type": "offer", "to": 3, "give": "H03", "take": "H11"}, ("offer", 1, "H03", "H11")),
        ({"type": "offer", "to": 0, "give": "A01", "take": "A25"}, ("offer", 2, "A01", "A25")),
        ({"type": "exchange", "niche": "H05"}, ("exchange", "H05")),
        ({"type": "exchange", "niche": "H05", "adaptation": "A12"}, ("exchange", "H05", "A12")),
    ):
        assert e.encoder.key(view, action) == key
        assert e.encoder.action(view, key) == action


def test_a_seat_slot_beyond_the_player_count_decodes_to_nothing() -> None:
    e = raw_env("adapt", players=3)
    e.reset(seed=0)
    with pytest.raises(IllegalAction, match="no seat 4 places after yours"):
        e.encoder.action(e.match.view(0), ("give", 4))


def test_seat_slot_0_is_the_observer() -> None:
    e = raw_env("adapt", players=4)
    e.reset(seed=9)
    rng = np.random.default_rng(9)
    while sum(len(niches) for niches in e.match.state.niches) < 3:  # until NICHE cards are held
        e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    held = 0
    for seat in range(4):
        obs = e.observe(f"player_{seat}")["observation"]
        view = e.match.view(seat)
        block = obs[SEATS_AT:SEATS_AT + SEAT_FEATURES]
        own = {HABITATS[i] for i in np.flatnonzero(block[NICHES_AT:NICHES_AT + len(HABITATS)])}
        assert own == set(view["hand"]["niches"])
        held += len(own)
        assert block[2] == float(view["active"] == seat)
    assert held


def _reorder_hidden_piles(state: AdaptState, seed: int) -> None:
    """Shuffle the face-down HABITAT MAT, randomizer and creature piles and change the die's future."""
    rng = Rng(seed)
    for pile in (state.deck, state.randomizers):
        rng.shuffle(pile)
    if state.options["creatures"] == "draw":  # chosen creatures lie face up
        rng.shuffle(state.creature_pile)
    state.rng = Rng(seed + 1)


@pytest.mark.parametrize("options", [{"max_rounds": 12}, {"max_rounds": 12, "creatures": "choose"}])
def test_the_face_down_piles_order_never_shows(options: dict[str, Any]) -> None:
    e = raw_env("adapt", players=4, options=options)
    e.reset(seed=8)
    rng = np.random.default_rng(8)
    reorders = 0
    while not e.match.over:
        state: AdaptState = e.match.state
        before = observe(e, e.possible_agents)
        top = (list(state.deck), list(state.randomizers))
        _reorder_hidden_piles(state, reorders)
        reorders += (list(state.deck), list(state.randomizers)) != top
        assert_sees_the_same(e, before, e.possible_agents)
        for _ in range(25):
            if not e.match.over:
                e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    assert reorders >= 5
