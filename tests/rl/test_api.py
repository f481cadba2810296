"""The env keeps PettingZoo's AEC contract: api_test, seeding, rendering, loud errors."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from evogames import IllegalAction, Match
from evogames.core.registry import game as lookup
from evogames.core.registry import register, unregister
from evogames.rl import MissingEncoder, env, load_encoder, raw_env
from tests.rl.helpers import masked_choice, play_random


def test_the_same_seed_and_actions_give_identical_observations() -> None:
    runs = []
    for _ in range(2):
        e = raw_env("mating", players=4)
        e.reset(seed=11)
        runs.append([(agent, obs) for agent, obs in play_random(e, seed=3)])
    assert [a for a, _ in runs[0]] == [a for a, _ in runs[1]]
    for (_, one), (_, two) in zip(*runs, strict=True):
        assert np.array_equal(one["observation"], two["observation"])
        assert np.array_equal(one["action_mask"], two["action_mask"])


def test_the_env_seed_is_the_match_seed() -> None:
    e = raw_env("mating", players=3, seed=5)
    e.reset()
    assert e.match.seed == 5
    first = e.observe("player_0")["observation"]
    e.reset(seed=5)
    assert np.array_equal(e.observe("player_0")["observation"], first)
    assert e.match.view(0) == Match("mating", 3, seed=5).view(0)


def test_seedless_resets_follow_the_seed() -> None:
    seeds = []
    for _ in range(2):
        e = raw_env("mating", players=2)
        e.reset(seed=9)
        e.reset()
        seeds.append(e.match.seed)
    assert seeds[0] == seeds[1] != 9


def test_record_replays_the_env_game() -> None:
    e = raw_env("mating", players=4)
    e.reset(seed=2)
    for _ in play_random(e, seed=2):
        pass
    assert Match.replay(e.match.record()).result == e.match.result


def test_agent_selection_is_the_first_seat_to_act() -> None:
    e = raw_env("mating", players=4)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(30):
        assert e.agent_selection == f"player_{e.match.to_act[0]}"
        e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))


def test_render_ansi_is_the_terminal_board_with_the_round() -> None:
    e = env("mating", players=4, seed=1, render_mode="ansi")
    e.reset()
    text = e.render()
    assert isinstance(text, str)
    assert "Round 1" in text and "player_3" in text


def test_an_illegal_index_raises_and_changes_nothing() -> None:
    e = raw_env("mating", players=4)
    e.reset(seed=4)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad in (illegal, -1, len(mask), 1.5):
        with pytest.raises(IllegalAction) as err:
            e.step(bad)
        assert err.value.code in ("rl/illegal_action", "rl/malformed")
    assert e.match.actions == []


def test_a_masked_out_index_names_the_move_and_the_legal_ones() -> None:
    e = raw_env("mating", players=4)
    e.reset(seed=4)
    with pytest.raises(IllegalAction, match=r"player_0 cannot take action 101 \(pass\) now; legal indices: \["):
        e.step(101)


def test_max_steps_truncates_every_agent() -> None:
    e = raw_env("mating", players=3, max_steps=5)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(5):
        e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert set(e._cumulative_rewards.values()) == {0.0}
    while e.agents:
        e.step(None)


@pytest.mark.parametrize(("game", "players", "limit"), [("adapt", 3, {"max_rounds": 2}), ("dodo", 2, {"max_turns": 2})])
def test_a_games_safety_limit_truncates_and_pays_nothing(game: str, players: int, limit: dict[str, int]) -> None:
    """Adapt or Die's ``max_rounds`` and Dodo's ``max_turns`` are not in the rulebooks: a game they end is cut short,
    not won (Dodo's result says how it ended in ``end``; its ``reason`` is a sentence)."""
    e = raw_env(game, players=players, options=limit)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    while not e.match.over:
        e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    assert e.match.result is not None and e.match.result.get("end", e.match.result["reason"]) == "turn_limit"
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert set(e._cumulative_rewards.values()) == {0.0}
    assert {info["end"] for info in e.infos.values()} == {"turn_limit"}
    while e.agents:
        e.step(None)


def test_an_end_by_the_rules_terminates_and_pays() -> None:
    e = raw_env("mating", players=3)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    while not e.match.over:
        e.step(masked_choice(rng, e.observe(e.agent_selection)["action_mask"]))
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert e.match.result is not None and e.match.result["reason"] not in ("round_limit", "turn_limit")
    assert sum(e._cumulative_rewards.values()) == pytest.approx(0.0) and max(e._cumulative_rewards.values()) > 0
    assert {info["end"] for info in e.infos.values()} == {e.match.result["reason"]}


def test_a_dead_agent_steps_only_with_none() -> None:
    e = raw_env("mating", players=2, max_steps=1)
    e.reset(seed=0)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    with pytest.raises(ValueError, match="only valid action is None"):
        e.step(0)


def test_a_game_without_an_encoder_names_the_missing_module() -> None:
    bare = replace(lookup("toyrace"), name="bare", parts=())  # a game that declares no encoder
    register(bare)
    try:
        with pytest.raises(MissingEncoder, match=r"tests\.toygame\.encoder"):
            load_encoder("bare", 2, {})
    finally:
        unregister("bare")


def test_bad_arguments_are_loud() -> None:
    with pytest.raises(IllegalAction, match="Unknown game"):
        raw_env("chess")
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        raw_env("mating", players=9)
    with pytest.raises(ValueError, match="reward scheme"):
        raw_env("mating", reward="elo")
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("mating", render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_steps"):
        raw_env("mating", max_steps=0)
