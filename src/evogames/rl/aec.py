"""The PettingZoo AEC environment over any evogames game with an encoder.

Agents are ``player_0`` .. ``player_{n-1}`` (seat i = ``player_i``). The agent
to move is the first seat of ``match.to_act``; a simultaneous step (a simultaneous
game's face-down choices) is taken one seat at a time, and nobody sees a
face-down choice before the reveal because every observation is built from
``match.read_view(seat)`` (the seat's view) alone.

Each observation is ``{"observation": float32 vector, "action_mask": int8
vector}``; an action is the index of a move in the game's canonical action list
(the game's ``encoder.py``). A masked-out index raises
``evogames.IllegalAction`` (code ``rl/illegal_action``) and changes nothing;
to turn it into a loss instead, wrap the env in PettingZoo's
``TerminateIllegalWrapper``. Rewards: see ``rewards.py``.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
from rich.console import Console

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as err:  # pragma: no cover - only without the extra
    raise ImportError(f"evogames.rl needs the 'rl' extra: pip install 'evogames[rl]' ({err}).") from err

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.registry import game as lookup
from evogames.core.types import Action, View
from evogames.kit.parts import terminal_board
from evogames.rl.encoding import load_encoder
from evogames.rl.rewards import check_scheme, final_rewards

Observation = dict[str, np.ndarray]


def end_of(result: Mapping[str, Any]) -> str:
    """How a game ended, as a code: the result's ``end`` where it has one (Dodo's ``reason`` is a sentence), else
    its ``reason``."""
    return str(result.get("end", result.get("reason", "")))
RENDER_MODES = ("ansi", "human")


def env(
    game: str,
    players: int = 4,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    reward: str = "win",
    max_steps: int | None = None,
) -> AECEnv:
    """The game as a PettingZoo AEC env (``raw_env`` in an order-enforcing wrapper)."""
    raw = raw_env(game, players, seed, options, render_mode, reward, max_steps)
    return wrappers.OrderEnforcingWrapper(raw)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One evogames game as an AEC env; ``self.match`` is the engine's Match."""

    metadata: dict[str, Any] = {  # noqa: RUF012 -- PettingZoo reads it on the class; __init__ names the game
        "render_modes": list(RENDER_MODES), "name": "evogames_v0", "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int = 4,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        max_steps: int | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be a positive whole number or None, not {max_steps!r}")
        self.game = lookup(game)
        self.match = Match(self.game, players, 0, options)  # checks players and options now
        self.players = players
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        self.reward_scheme = check_scheme(reward)
        self.max_steps = max_steps
        self.encoder = load_encoder(self.game.name, players, self.match.options)
        self.metadata = {**self.metadata, "name": f"evogames_{self.game.name}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.observation_spaces = {agent: self._observation_space() for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.encoder.action_count) for agent in self.possible_agents}
        self.steps = 0
        self._first_seed = seed
        self._seeds: np.random.Generator | None = None

    # -- spaces --------------------------------------------------------------
    def _observation_space(self) -> spaces.Dict:
        enc = self.encoder
        return spaces.Dict({
            "observation": spaces.Box(enc.low, enc.high, shape=(enc.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(enc.action_count,), dtype=np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC API ---------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` is the Match seed (the same seed and actions give the same game).

        ``options`` is accepted for the PettingZoo API and ignored: game options go to ``env()``.
        """
        self.match = Match(self.game, self.players, self._next_seed(seed), self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.steps = 0
        self.agent_selection = self._next_agent()

    def observe(self, agent: str) -> Observation:
        view = self.match.read_view(self.seat(agent))
        return {"observation": self.encoder.observe(view), "action_mask": self.encoder.mask(view)}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat(agent)
        view = self.match.read_view(seat)
        self.match.act(seat, self._legal_action(agent, view, action))
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._check_end()
        self._accumulate_rewards()
        self.agent_selection = self._next_agent()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: pass render_mode='ansi' or 'human'.")
            return None
        text = self.board_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the env holds no windows or files."""

    # -- helpers for researchers ---------------------------------------------
    def seat(self, agent: str) -> int:
        """The seat of ``agent`` (``player_2`` -> 2)."""
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise ValueError(f"No agent {agent!r}: agents are {', '.join(self.possible_agents)}.") from None

    def action_dict(self, agent: str, index: int) -> Action:
        """The engine action that ``index`` means for ``agent`` now."""
        return self.encoder.decode(self.match.read_view(self.seat(agent)), index)

    def action_index(self, agent: str, action: Action) -> int:
        """The index of one of ``agent``'s legal engine actions."""
        return self.encoder.index(self.match.read_view(self.seat(agent)), action)

    def board_text(self, seat: int | None = None) -> str:
        """The terminal board as plain text, as ``seat`` sees it (None: a spectator)."""
        console = Console(record=True, file=io.StringIO(), width=110)
        console.print(terminal_board(self.game).render(self.match.read_view(seat), list(self.possible_agents)))
        return console.export_text()

    # -- inside --------------------------------------------------------------
    def _next_seed(self, seed: int | None) -> int:
        if seed is not None:
            self._seeds = np.random.default_rng(int(seed))
            return int(seed)
        if self._seeds is None:
            self._seeds = np.random.default_rng(self._first_seed)
            if self._first_seed is not None:
                return int(self._first_seed)
        return int(self._seeds.integers(2**31))

    def _next_agent(self) -> str:
        if self.match.over or any(self.truncations.values()):
            return self.agents[0]
        to_act = self.match.to_act
        if not to_act:
            raise RuntimeError(f"{self.game.title}: the game is not over but no seat may act.")
        return self.possible_agents[to_act[0]]

    def _legal_action(self, agent: str, view: View, action: Any) -> Action:
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise IllegalAction(f"An action is an integer index, not {action!r}.", ErrorCode.RL_MALFORMED)
        index = int(action)
        mask = self.encoder.mask(view)
        if not 0 <= index < len(mask) or not mask[index]:
            what = self.encoder.describe(index) if 0 <= index < len(mask) else "out of range"
            raise IllegalAction(
                f"{agent} cannot take action {index} ({what}) now; legal indices: {np.flatnonzero(mask).tolist()}.",
                ErrorCode.RL_ILLEGAL_ACTION,
            )
        return self.encoder.decode(view, index)

    def _check_end(self) -> None:
        result = self.match.result
        if self.match.over and result is not None:
            end = end_of(result)
            for agent in self.agents:
                self.infos[agent] = {**self.infos[agent], "end": end}
            if end in self.game.safety_ends:  # the game's safety limit, not an end by its rules: cut short, unpaid
                self.truncations = dict.fromkeys(self.agents, True)
                return
            for seat, reward in enumerate(final_rewards(self.reward_scheme, result, self.players)):
                self.rewards[self.possible_agents[seat]] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
