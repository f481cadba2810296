"""The toy game (tests/toygame): "copy one folder, register one spec" is all a new game needs.

It is registered through ``EVOGAMES_GAMES`` (tests/conftest.py), as a plug-in would be, and
the conformance suite, the bots, the terminal, the RL env (here) and the lab and the server
(tests/sim/test_toy_game_lab.py, tests/web/test_toy_table.py) take it with no change outside
its folder.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np

import evogames
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.kit.board import GENERIC
from evogames.kit.parts import terminal_board
from tests.conformance.test_contract import GAMES


def test_the_toy_game_is_registered_and_in_the_conformance_suite() -> None:
    assert "toyrace" in evogames.names() and "toyrace" in GAMES
    assert evogames.game("toyrace").title == "Race to Ten"


def test_the_toy_game_plays_with_its_own_bot_and_the_generic_terminal_board() -> None:
    match = evogames.Match("toyrace", 2, seed=4)
    bots = [make_bot("heuristic", "toyrace"), make_bot("random", "toyrace")]
    rng = Rng(1)
    while not match.over:
        seat = match.to_act[0]
        match.act(seat, bots[seat].choose(match.view(seat), rng))
    assert match.result is not None and len(match.result["winners"]) == 1
    assert terminal_board(evogames.game("toyrace")) is GENERIC


def test_the_toy_game_is_an_rl_env() -> None:
    from evogames import rl

    env = rl.env("toyrace", players=2, seed=3)
    env.reset(seed=3)
    steps = 0
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _ = env.last()
        assert obs["observation"].shape == (3,)
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0])
        env.step(action)
        steps += 1
    assert 5 <= steps < 30


def test_the_cli_lists_and_plays_the_toy_game() -> None:
    env = {**os.environ, "EVOGAMES_GAMES": "tests.toygame"}
    listing = subprocess.run([sys.executable, "-m", "evogames.cli.app", "list"], capture_output=True, text=True,
                             env=env, check=True)
    assert "Race to Ten" in listing.stdout
    rules = subprocess.run([sys.executable, "-m", "evogames.cli.app", "rules", "toyrace"], capture_output=True,
                           text=True, env=env, check=True)
    assert "Race to Ten" in rules.stdout
