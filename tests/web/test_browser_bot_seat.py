"""A seat the teacher gives to a bot: its student's page offers no move (no "Your turn", no live control) and
says a bot of the table's level plays it, on every turn of the seat, in the boards of Phylo and Mating; once
the teacher gives the seat back, the student's controls come back."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.wsclient import create_table

# a control that makes a move: an action button, a playable card, a space of the table to play on
MOVES = "#board [data-key^='act-'], #board button[data-key^='card-'], #board button[data-key^='cell-']"
ITS_TURN = "window.evogames.page.view && window.evogames.page.view.to_act.includes(0)"
SHOTS = Path("/tmp/fix-web-shots")


def live_moves(tab: Page) -> int:
    return int(tab.evaluate(f"[...document.querySelectorAll(\"{MOVES}\")].filter((b) => !b.disabled).length"))


def watch_while_held(tab: Page, seconds: float) -> int:
    """Look at the student's page every 100 ms while a bot holds seat 0: never a move offered; how often it was
    the seat's turn."""
    turns = 0
    for _ in range(int(seconds * 10)):
        if tab.evaluate("window.evogames.page.view.over"):
            break
        its_turn = bool(tab.evaluate(ITS_TURN))
        assert tab.locator(".your-turn").count() == 0
        assert live_moves(tab) == 0, tab.locator("#board").inner_text()[:300]
        assert not tab.title().startswith("Your turn")
        board = tab.locator("#board").inner_text()  # no chip or line says the student acts ("You · 2 actions left")
        assert not re.search(r"\bYou (·|are choosing|offer)", board), board[:300]
        if its_turn and tab.evaluate(ITS_TURN):  # the same state still shown: its prompt says who plays it
            prompt = tab.locator("#prompt .prompt-title").inner_text()
            assert "bot (easy) is playing your turn" in prompt or not tab.evaluate(ITS_TURN), prompt
            turns += 1
        tab.wait_for_timeout(100)
    return turns


@pytest.mark.parametrize("game", ["phylo", "mating", "dodo"])
def test_a_seat_a_bot_plays_offers_its_student_no_move_until_the_teacher_gives_it_back(
        game: str, tmp_path: Path, new_tab: Callable[[int, int], Page]) -> None:
    slow = Server(f"sqlite:///{tmp_path / 'evogames.db'}", tmp_path / "server.log", bot_delay=1.0).start()
    try:
        table = create_table(slow.url, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], game=game, seed=7)
        student = new_tab(390, 844)
        student.goto(f"{slow.url}/table/{table['table_id']}?token={table['seats'][0]['code']}")
        expect(student.locator(".prompt.your-turn")).to_be_visible(timeout=30_000)
        assert live_moves(student) > 0
        teacher = new_tab(1366, 768)
        teacher.goto(f"{slow.url}/teacher?key={slow.teacher_key()}")
        # the bot that takes the seat plays at the table's level (Easy here), not always the default
        teacher.get_by_role("button", name="Let a bot play Player 1's seat (Easy)").click()
        expect(student.locator("#seat-state")).to_contain_text("given your seat to a bot (easy)")
        assert watch_while_held(student, 8) > 0, "the held seat never had a turn to look at"
        student.screenshot(path=str(SHOTS / f"bot-seat-{game}-phone.png"))
        teacher.get_by_role("button", name="Give Player 1's seat back to the student").click()
        expect(student.locator("#seat-state")).to_contain_text("given your seat back")
        expect(student.locator(".prompt.your-turn")).to_be_visible(timeout=30_000)
        expect(student.locator(MOVES).first).to_be_enabled()
        assert live_moves(student) > 0
    finally:
        slow.stop()
