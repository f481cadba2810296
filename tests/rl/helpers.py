"""Shared helpers for the RL tests: a masked random policy, bot games seen seat by seat, api_test's warnings."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numpy as np

from evogames import Match
from evogames.bots.base import make_bot
from evogames.core.rng import Rng
from evogames.kit.encoder import Encoder
from evogames.rl import load_encoder, raw_env

# checks one view's legal actions against the encoder; adds the action kinds it saw to the set
Check = Callable[[Encoder, dict[str, Any], set[str]], None]

# api_test warns about things that are PettingZoo's own convention for masked envs:
# a Dict observation {"observation", "action_mask"} rather than a Box.
AEC_DICT_WARNINGS = [
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Observation space for each agent probably should be gymnasium.spaces.box:UserWarning",
]


# every game's encoder: (observation length, number of actions), the same for every player count and option
SIZES = {"mating": (388, 134), "dodo": (2502, 240), "evolution": (3629, 3550), "adapt": (2089, 4962),
         "phylo": (20_418, 27_359)}


def masked_choice(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def play_random(env: raw_env, seed: int) -> Iterator[tuple[str, dict[str, Any]]]:
    """Step ``env`` (already reset) to the end with a masked random policy; yield (agent, observation)."""
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(10_000):
        obs, _reward, terminated, truncated, _info = env.last()
        yield agent, obs
        env.step(None if terminated or truncated else masked_choice(rng, obs["action_mask"]))


def bot_game(
    game: str, players: int, seed: int, bot: str, options: dict[str, Any] | None = None,
) -> Iterator[tuple[Match, int]]:
    """A whole game of the engine's ``bot`` bots (random or heuristic) with these game options;
    yield (match, seat) before each move."""
    match = Match(game, players, seed, options)
    bots = [make_bot(bot, game) for _ in range(players)]
    rng = Rng(seed)
    while not match.over:
        seat = match.to_act[0]
        yield match, seat
        match.act(seat, bots[seat].choose(match.view(seat), rng))


def kind(encoder: Encoder, index: int) -> str:
    """The kind of action an index names: the first part of its key."""
    key = encoder.keys[index]
    assert isinstance(key, tuple)
    return str(key[0])


def check_exact(encoder: Encoder, view: dict[str, Any], kinds: set[str]) -> None:
    """Every legal action is in the mask and round-trips exactly; every masked index decodes to a legal action."""
    legal = view["legal"]
    indices = [encoder.index(view, action) for action in legal]
    assert len(set(indices)) == len(legal)  # one index per legal action
    for action, index in zip(legal, indices, strict=True):
        assert encoder.decode(view, index) == action
    mask = encoder.mask(view)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
    assert all(encoder.decode(view, int(i)) in legal for i in np.flatnonzero(mask))
    kinds.update(kind(encoder, i) for i in indices)


def env_game_kinds(game: str, players: int, seed: int, check: Check,
                   options: dict[str, Any] | None = None) -> set[str]:
    """Play a whole env game with a masked random policy: each observation's mask is the encoder's mask
    of the acting seat's view, and ``check`` passes on that view. The action kinds seen."""
    env = raw_env(game, players=players, options=options)
    env.reset(seed=seed)
    kinds: set[str] = set()
    for agent, obs in play_random(env, seed=seed):
        view = env.match.view(env.seat(agent))
        assert np.array_equal(obs["action_mask"], env.encoder.mask(view))
        check(env.encoder, view, kinds)
    assert env.match.over
    return kinds


def bot_game_kinds(game: str, games: Iterable[tuple[int, int, str, dict[str, Any] | None]], check: Check) -> set[str]:
    """Whole engine games (players, seed, bot, options): ``check`` passes on every acting seat's view,
    and the next seat's mask is empty. The action kinds seen."""
    kinds: set[str] = set()
    for players, seed, bot, options in games:
        encoder = load_encoder(game, players, Match(game, players, 0, options).options)
        for match, seat in bot_game(game, players, seed, bot, options):
            check(encoder, match.view(seat), kinds)
            assert not encoder.mask(match.view((seat + 1) % players)).any()  # only the seat to act has moves
    return kinds


def observe(env: raw_env, agents: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Each agent's observation (observation vector and action mask), now."""
    return {agent: env.observe(agent) for agent in agents}


def assert_sees_the_same(env: raw_env, before: dict[str, dict[str, Any]], agents: Iterable[str]) -> None:
    """Each of ``agents`` observes what it did ``before``, mask included, and its observation is built
    from its view alone (plain data, no state behind it)."""
    for agent in agents:
        after = env.observe(agent)
        assert np.array_equal(before[agent]["observation"], after["observation"])
        assert np.array_equal(before[agent]["action_mask"], after["action_mask"])
        view = json.loads(json.dumps(env.match.view(env.seat(agent))))
        assert np.array_equal(env.encoder.observe(view), after["observation"])
