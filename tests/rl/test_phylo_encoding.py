"""Phylo's encoding: the PettingZoo contract, fixed sizes, a mask equal to the legal actions the window can
name, a round trip for every one of them, a mask that is never empty, and an observation built from the seat's
view alone (another hand and the decks' order never show)."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

from evogames import Match
from evogames.core.errors import IllegalAction
from evogames.core.rng import Rng
from evogames.games.phylo.encoder import (
    CELL_FEATURES,
    CELLS,
    CELLS_AT,
    HAND,
    HAND_AT,
    HAND_FEATURES,
    WAYS,
    canonical_keys,
    cell,
    space,
)
from evogames.kit.encoder import Encoder
from evogames.rl import load_encoder, raw_env
from tests.rl.helpers import (
    SIZES,
    assert_sees_the_same,
    bot_game_kinds,
    env_game_kinds,
    masked_choice,
    observe,
    play_random,
)

OBSERVATION, ACTIONS = SIZES["phylo"]
KINDS = {"pass", "play", "spread", "move", "event", "tsunami", "climate", "take", "discard", "challenge", "remove"}
BLUFF = {"call_your_bluff": True}
# decks that carpet the table with species that SPREAD (Common Duckweed needs nothing, Dandelion a WIND event)
SPREADING = ["10x Common Duckweed", "8x Dandelion", "3x Wind", "Increase Biodiversity", "Tsunami", "Climate Change"]
SPREAD_DECKS = {"deck_p1": SPREADING, "deck_p2": SPREADING}


def test_the_canonical_action_list_is_stable() -> None:
    keys = canonical_keys()
    assert len(keys) == ACTIONS
    assert keys[0] == ("pass",)
    assert keys[1] == ("play", 0, 0) and keys[6936] == ("play", 23, 288)
    assert keys[6937] == ("spread", 0, 0) and keys[13873] == ("move", 0, 0)
    assert keys[20809] == ("event", "E01", 0) and keys[23120] == ("event", "E10", 288)
    assert keys[23121] == ("tsunami", 0, 0) and keys[24277] == ("climate", 0, 0)
    assert keys[25722:25727] == [("event", e) for e in ("E11", "E12", "E13", "E14", "E16")]
    assert keys[25727] == ("take", "S001") and keys[25890] == ("discard", 0)
    assert keys[25914] == ("challenge", 0, 0) and keys[27070] == ("remove", 0) and keys[-1] == ("remove", 288)
    assert {str(key[0]) for key in keys if isinstance(key, tuple)} == KINDS


def test_the_window_is_17_by_17_around_the_row_of_homes() -> None:
    assert CELLS == 17 * 17
    assert cell([-7, -8]) == 0 and cell([9, 8]) == CELLS - 1 and cell([1, 0]) == CELLS // 2
    assert cell([10, 0]) is None and cell([-8, 0]) is None and cell([0, 9]) is None and cell([0, -9]) is None
    assert all(cell(space(c)) == c for c in range(CELLS))
    assert len(WAYS) == len(set(WAYS)) == 24


def _equivalent(action: dict[str, Any], other: dict[str, Any]) -> bool:
    """The same action, or the same spread (same copy, same space) from another original."""
    if action == other:
        return True
    fields = ("type", "card", "to")
    return action["type"] == "spread" and all(action[f] == other[f] for f in fields)


def _check_view(encoder: Encoder, view: dict[str, Any], kinds: set[str], counts: list[int]) -> None:
    """Every legal action the window can name is in the mask and round-trips; every masked index decodes to a
    legal action; pass is always there, so the mask is never empty."""
    legal = view["legal"]
    keys = [encoder.key(view, action) for action in legal]
    named = [(a, encoder.index_of[k]) for a, k in zip(legal, keys, strict=True) if k is not None]
    counts[0] += len(legal)
    counts[1] += len(legal) - len(named)
    for action, index in named:
        assert _equivalent(action, encoder.decode(view, index))
        kinds.add(str(encoder.keys[index][0]))  # type: ignore[index]
    distinct = {index for _action, index in named}
    spreads = sum(a["type"] == "spread" for a, _i in named)
    assert len(distinct) >= len(named) - spreads  # only spreads from two originals share an index
    mask = encoder.mask(view)
    assert set(np.flatnonzero(mask).tolist()) == distinct
    assert all(encoder.decode(view, int(i)) in legal for i in np.flatnonzero(mask))
    if legal:
        assert mask[0] == 1 and {"type": "pass"} in legal


@pytest.mark.parametrize(("players", "seed", "options"),
                         [(2, 0, {}), (3, 1, {}), (4, 2, {}), (2, 3, BLUFF), (3, 4, BLUFF), (4, 5, BLUFF)])
def test_the_mask_is_exactly_the_legal_actions_in_env_games(players: int, seed: int, options: dict[str, Any]) -> None:
    counts = [0, 0]
    kinds = env_game_kinds("phylo", players, seed, functools.partial(_check_view, counts=counts), options)
    assert {"pass", "play", "discard"} <= kinds
    assert counts[1] <= counts[0] // 1000


def test_every_legal_action_of_bot_games_is_encoded() -> None:
    counts = [0, 0]
    games = [(players, 10 * players + seed, bot, options) for players in (2, 3, 4) for bot in ("random", "heuristic")
             for seed, options in ((0, {}), (1, BLUFF), (2, SPREAD_DECKS))]
    assert bot_game_kinds("phylo", games, functools.partial(_check_view, counts=counts)) == KINDS
    assert counts[1] <= counts[0] // 1000  # the window names all but a few legal actions


def test_a_spread_from_either_of_two_originals_has_one_index() -> None:
    e = raw_env("phylo", players=2, options=SPREAD_DECKS)
    e.reset(seed=3)
    shared = 0
    for agent, _obs in play_random(e, seed=3):
        view = e.match.view(e.seat(agent))
        spreads = [a for a in view["legal"] if a["type"] == "spread"]
        for action in spreads:
            twins = [a for a in spreads if a["card"] == action["card"] and a["to"] == action["to"]]
            decoded = e.encoder.decode(view, e.encoder.index(view, action))
            assert decoded == twins[0]  # the first of the engine's list
            shared += len(twins) > 1
    assert shared


def test_a_card_is_named_by_its_hand_slot_and_copies_decode_to_the_first() -> None:
    encoder = load_encoder("phylo", 2, Match("phylo", 2).options)
    hand = [{"id": "A03", "card": "S010"}, {"id": "A05", "card": "S002"}, {"id": "A09", "card": "S002"}]
    legal = [{"type": "play", "card": "A05", "at": [-1, 0]}, {"type": "discard", "card": "A05"}, {"type": "pass"}]
    view = {"seat": 0, "hand": hand, "legal": legal, "board": [], "players": []}
    assert encoder.key(view, legal[0]) == ("play", 1, cell([-1, 0]))
    assert encoder.key(view, legal[1]) == ("discard", 1)
    index = encoder.index(view, legal[0])
    assert encoder.decode(view, index) == legal[0]
    assert encoder.decode(view, encoder.index_of[("discard", 1)]) == legal[1]
    with pytest.raises(IllegalAction, match="no legal action"):
        encoder.decode(view, encoder.index_of[("discard", 2)])  # the second copy is never named


def test_actions_outside_the_window_are_left_out_and_pass_remains() -> None:
    encoder = load_encoder("phylo", 2, Match("phylo", 2).options)
    hand = [{"id": "A03", "card": "S010"}]
    board = [{"at": [12, 0], "cards": [{"id": "A04", "card": "S020", "owner": 0}]}]
    legal = [{"type": "play", "card": "A03", "at": [10, 0]}, {"type": "move", "card": "A04", "to": [11, 0]},
             {"type": "pass"}]
    view = {"seat": 0, "hand": hand, "legal": legal, "board": board, "players": []}
    assert encoder.key(view, legal[0]) is None and encoder.key(view, legal[1]) is None
    assert np.flatnonzero(encoder.mask(view)).tolist() == [0]
    view["hand"] = [{"id": f"A{k:02}", "card": "S010" if k < HAND else "S020"} for k in range(HAND + 2)]
    beyond = {"type": "discard", "card": f"A{HAND + 1:02}"}  # a 26th card: only with a deck_size above 24
    assert encoder.key(view, beyond) is None and encoder.key(view, {"type": "discard", "card": "A00"}) == ("discard", 0)
    inside = {"type": "move", "card": "A05", "to": [9, -1]}  # leaving a space in the window for one outside it
    view["board"] = [{"at": [8, 0], "cards": [{"id": "A05", "card": "S020", "owner": 0}]}]
    assert encoder.key(view, inside) == ("move", cell([8, 0]), WAYS.index((1, -1)))


def test_the_homes_and_the_hand_show_from_the_observers_place() -> None:
    e = raw_env("phylo", players=3)
    e.reset(seed=4)
    for seat in range(3):
        obs = e.observe(f"player_{seat}")["observation"]
        for home in range(3):
            at = CELLS_AT + cell([home, 0]) * CELL_FEATURES  # type: ignore[operator]
            assert obs[at] == 1.0 and obs[at + 1] == 1.0  # a card, a HOME
            assert obs[at + 2 + (home - seat) % 3] == 1.0  # its owner, counted from the observer
        hand = e.match.view(seat)["hand"]
        for h in range(HAND):
            assert obs[HAND_AT + h * HAND_FEATURES] == float(h < len(hand))


def _hide_differently(match: Match, seat: int, seed: int) -> None:
    """Give ``seat`` other cards from its deck (as many), and reshuffle every deck."""
    state = match.state
    hand, deck = state.hands[seat], state.decks[seat]
    swaps = min(len(hand), len(deck))
    for k in range(swaps):
        hand[k], deck[k] = deck[k], hand[k]
    rng = np.random.default_rng(seed)
    for pile in state.decks:
        rng.shuffle(pile)
    state.rng = Rng(seed + 1)


@pytest.mark.parametrize("players", [2, 3])
def test_another_hand_and_the_decks_order_never_show(players: int) -> None:
    e = raw_env("phylo", players=players)
    e.reset(seed=9)
    rng = np.random.default_rng(9)
    checked = changed = 0
    while not e.match.over and checked < 8:
        others = [f"player_{seat}" for seat in range(1, players)]
        before = observe(e, ["player_0", *others])
        _hide_differently(e.match, 0, checked)
        assert_sees_the_same(e, before, others)
        changed += not np.array_equal(before["player_0"]["observation"], e.observe("player_0")["observation"])
        checked += 1
        for _ in range(5):
            if e.match.over:
                break
            e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    assert checked >= 4 and changed  # seat 0 itself sees its new hand


def test_a_parasite_that_may_live_alone_is_told_from_one_that_needs_a_host() -> None:
    from evogames.games.phylo.components import components
    from evogames.games.phylo.encoder import SPECIES_VECTORS

    names = {s.name: s.id for s in components().species.values()}
    cowbird, tick = SPECIES_VECTORS[names["Brown-headed Cowbird"]], SPECIES_VECTORS[names["Blacklegged Tick"]]
    parasite_at = 7 + 4 + 2 + 5 + 4 + 2 + 2  # terrains, climates, FOODCHAIN and SCALE, diet, values, needs
    assert (cowbird[parasite_at], tick[parasite_at]) == (0.5, 1.0)
