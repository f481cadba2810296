"""The Mating Game's encoding: fixed sizes, a mask equal to the legal actions, no hidden information."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from evogames.games.mating.encoder import canonical_keys
from evogames.rl import raw_env
from tests.rl.helpers import assert_sees_the_same, masked_choice, observe, play_random


def test_the_canonical_action_list_is_stable() -> None:
    keys = canonical_keys()
    assert keys[0] == ("play", "C01") and keys[59] == ("play", "F30")
    assert keys[60:63] == [("out_to_lunch",), ("escape",), ("no_escape",)]
    assert keys[101] == ("pass",)
    assert keys[102] == ("discard", 0) and keys[133] == ("discard", 31)


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (5, 3), (6, 4), (4, 5)])
def test_the_mask_is_exactly_the_legal_actions_to_the_end(players: int, seed: int) -> None:
    e = raw_env("mating", players=players)
    e.reset(seed=seed)
    kinds: set[str] = set()
    for agent, obs in play_random(e, seed=seed):
        seat = e.seat(agent)
        legal = e.match.legal(seat)
        decoded = [e.action_dict(agent, int(i)) for i in np.flatnonzero(obs["action_mask"])]
        assert len(decoded) == len(legal)
        assert all(action in legal for action in decoded)
        kinds.update(action["type"] for action in legal)
    assert e.match.over
    assert {"play", "out_to_lunch", "discard"} <= kinds


def test_every_seat_in_a_simultaneous_step_gets_its_own_mask() -> None:
    e = raw_env("mating", players=4)
    e.reset(seed=6)
    for seat in e.match.to_act:
        view = e.match.view(seat)
        indices = np.flatnonzero(e.observe(f"player_{seat}")["action_mask"])
        assert sorted(e.encoder.index(view, a) for a in view["legal"]) == indices.tolist()


def test_targets_are_relative_to_the_player() -> None:
    e = raw_env("mating", players=4)
    e.reset(seed=0)
    view = {"seat": 2, "hand": [], "legal": []}
    action = {"type": "sneaky", "card": "S07", "target": 0}
    key = e.encoder.key(view, action)
    assert key == ("sneaky", "S07", 2)
    assert e.encoder.action(view, key) == action


def test_discard_bits_follow_the_hand_sorted_by_id() -> None:
    e = raw_env("mating", players=4)
    hand = [{"id": card} for card in ("F03", "C10", "S02")]
    view = {"seat": 0, "hand": hand, "legal": []}
    action = {"type": "discard", "cards": ["F03", "S02"]}  # sorted: C10 (bit 0), F03 (bit 1), S02 (bit 2)
    assert e.encoder.key(view, action) == ("discard", 0b110)
    assert e.encoder.action(view, ("discard", 0b110)) == action


def test_a_hand_swap_does_not_change_another_seats_observation() -> None:
    e = raw_env("mating", players=4)
    e.reset(seed=8)
    rng = np.random.default_rng(8)
    e.step(masked_choice(rng, e.observe("player_0")["action_mask"]))  # seat 0's face-down choice
    for _ in range(3):  # before and after the reveal
        before = observe(e, ("player_0", "player_1"))
        _swap_hand_with_deck(e.match.state, seat=0)
        assert_sees_the_same(e, before, ["player_1"])
        assert not np.array_equal(before["player_0"]["observation"], e.observe("player_0")["observation"])
        for _ in range(3):
            e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))


def test_a_face_down_strategy_is_not_seen_before_the_reveal() -> None:
    seen = []
    for choice in (0, 1):
        e = raw_env("mating", players=3)
        e.reset(seed=12)
        legal = np.flatnonzero(e.observe("player_0")["action_mask"])
        e.step(int(legal[choice]))
        assert e.agent_selection == "player_1"
        seen.append(e.observe("player_1")["observation"])
    assert np.array_equal(*seen)


def _swap_hand_with_deck(state: Any, seat: int) -> None:
    """Trade ``seat``'s hand (but its face-down Strategy) for the top cards of the deck."""
    hand = [card for card in state.hands[seat] if card != state.choice[seat]]
    k = len(hand)
    state.hands[seat] = [card for card in state.hands[seat] if card not in hand] + list(state.deck[:k])
    state.deck[:k] = hand


def test_the_environments_turned_since_the_shuffle_are_observed() -> None:
    """The last 24 numbers: per Environment card, the share of its copies turned since the shuffle (public,
    RULINGS 36), so a policy can price the cards still to come; back to one card after the reshuffle."""
    cards = ["E01", "E01", "E17", "E09"]
    e = raw_env("mating", players=2, options={"environment": "custom", "environment_cards": cards,
                                              "offspring_to_win": 100})
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    ids = e.encoder.environment_ids
    seen = []
    while e.match.view(None)["round"] <= 5:
        turned = [card["id"] for card in e.match.view(0)["environment_turned"]]
        tail = e.observe("player_0")["observation"][-len(ids):]
        want = [turned.count(card) / max(1, cards.count(card)) for card in ids]
        assert tail.tolist() == pytest.approx(want)
        seen.append(len(turned))
        e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    assert max(seen) == 4 and seen[-1] == 1  # all four turned, then the reshuffle
