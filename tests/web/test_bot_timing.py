"""A bot's move at a server table comes ``bot_delay`` after the table last changed, however long the bot took to
choose: a view bot that is slower with some hands than with others must not show which it holds by when it moves
(hidden information never leaves through a timing). The search bots' hold is tested in ``test_search_bots``."""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path
from typing import Any

import pytest

from evogames.server.lobby import Lobby
from tests.web.wsclient import run_async

pytestmark = pytest.mark.serial  # timing under load: `make test` runs it alone, after the parallel part

DELAY = 0.3  # the table's bot delay, seconds
SLOW = 0.15  # how long the slow bot thinks on every other move
SPREAD_MOST = 0.06  # seconds between the quickest and the slowest gap from one move to the next


class Slow:
    """A view bot that takes ``SLOW`` seconds over every other choice (a hand it finds hard)."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.calls, self.name = bot, 0, bot.name

    def choose(self, view: Any, rng: Any) -> Any:
        self.calls += 1
        if self.calls % 2:
            time.sleep(SLOW)
        return self.bot.choose(view, rng)


def test_a_view_bot_s_thinking_time_does_not_show(tmp_path: Path) -> None:
    async def scenario() -> list[float]:
        lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", DELAY)
        moved: list[float] = []
        try:
            made = await lobby.create({"game": "dodo", "seats": [{"kind": "bot", "bot": "easy"}] * 2})
            table = lobby.tables[made["table_id"]]
            table.bots = {seat: Slow(bot) for seat, bot in table.bots.items()}
            commit = table._commit_bot

            async def timed(seat: int, action: Any) -> None:
                await commit(seat, action)
                moved.append(time.monotonic())
            table._commit_bot = timed  # type: ignore[method-assign]
            deadline = time.monotonic() + 30
            while len(moved) < 12 and time.monotonic() < deadline and not table.match.over:
                await asyncio.sleep(0.02)
            return moved
        finally:
            await lobby.close()

    moved = run_async(scenario())
    gaps = [b - a for a, b in itertools.pairwise(moved[1:])]  # the first move may predate the Slow bots
    assert len(gaps) >= 8, gaps
    spread = max(gaps) - min(gaps)
    assert min(gaps) >= DELAY - 0.01, gaps
    assert spread < SPREAD_MOST, f"gaps between bot moves {[round(g, 3) for g in gaps]}: their thinking shows"
