"""Rewards: paid at the end, zero-sum, matching the Match result."""

from __future__ import annotations

import pytest

from evogames.rl import raw_env
from evogames.rl.rewards import final_rewards
from tests.rl.helpers import play_random


def _finished(players: int, seed: int, reward: str) -> tuple[raw_env, dict[str, float]]:
    e = raw_env("mating", players=players, reward=reward)
    e.reset(seed=seed)
    paid = dict.fromkeys(e.possible_agents, 0.0)
    for agent, _obs in play_random(e, seed=seed):
        paid[agent] += e._cumulative_rewards[agent]
    return e, paid


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (5, 3)])
def test_win_rewards_match_the_winners(players: int, seed: int) -> None:
    e, paid = _finished(players, seed, "win")
    result = e.match.result
    assert result is not None
    winners = result["winners"]
    for seat, agent in enumerate(e.possible_agents):
        expected = 1.0 if seat in winners else -len(winners) / (players - len(winners))
        assert paid[agent] == pytest.approx(expected)
    assert sum(paid.values()) == pytest.approx(0.0)


def test_score_rewards_are_the_score_above_the_mean() -> None:
    e, paid = _finished(4, 7, "score")
    result = e.match.result
    assert result is not None
    mean = sum(result["scores"]) / 4
    assert [paid[a] for a in e.possible_agents] == pytest.approx([s - mean for s in result["scores"]])


def test_rewards_are_zero_before_the_end() -> None:
    e = raw_env("mating", players=4)
    e.reset(seed=3)
    for _agent, _obs in play_random(e, seed=3):
        if not e.match.over:
            assert set(e.rewards.values()) == {0.0}


def test_everyone_winning_pays_nobody() -> None:
    assert final_rewards("win", {"scores": [1, 1], "winners": [0, 1]}, 2) == [0.0, 0.0]
    assert final_rewards("win", {"scores": [3, 1, 1], "winners": [0, 1]}, 3) == [1.0, 1.0, -2.0]
