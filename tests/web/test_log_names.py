"""The log names a seat as the boards' panels do, in all five games: when the teacher hands a student's seat to a
bot, the student's page says "Player 1 · your bot (easy)" for it (the panel's "Player 1 · your bot (easy)"), never
"Bot 1 (easy)", and the table's own bot stays "Player 2 · bot (easy)"; a spectator's page calls the held seat
"Player 1"."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import shoot
from tests.web.wsclient import create_table

GAMES = {"phylo": {}, "mating": {}, "dodo": {}, "evolution": {}, "adapt": {"max_rounds": 30}}
BOT_NUMBERED = re.compile(r"\bBot \d")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_log_names_a_seat_the_teacher_gave_to_a_bot_as_its_panel_does(
        game: str, tmp_path: Path, new_tab: Callable[[int, int], Page]) -> None:
    slow = Server(f"sqlite:///{tmp_path / 'evogames.db'}", tmp_path / "server.log", bot_delay=0.5).start()
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]
        table = create_table(slow.url, seats, game=game, seed=7, options=GAMES[game])
        student = new_tab(1366, 768)
        student.goto(f"{slow.url}/table/{table['table_id']}?token={table['seats'][0]['code']}")
        expect(student.locator("#log li").first).to_be_visible()
        spectator = new_tab(1366, 768)
        spectator.goto(f"{slow.url}{table['spectator_url']}")
        teacher = new_tab(1366, 768)
        teacher.goto(f"{slow.url}/teacher?key={slow.teacher_key()}")
        teacher.get_by_role("button", name="Let a bot play Player 1's seat (Easy)").click()
        expect(student.locator("#seat-state")).to_contain_text("given your seat to a bot (easy)")
        # the bot plays the seat's turn (the sentences before it may not name the seat)
        expect(student.locator("#log")).to_contain_text("Player 1 · your bot (easy)", timeout=40_000)
        log = student.locator("#log").inner_text()
        assert not BOT_NUMBERED.search(log), log
        shoot(student, f"log-names-{game}")
        expect(spectator.locator("#log")).to_contain_text("Player 1", timeout=20_000)
        other = spectator.locator("#log").inner_text()
        assert not BOT_NUMBERED.search(other) and "your bot" not in other, other
    finally:
        slow.stop()
