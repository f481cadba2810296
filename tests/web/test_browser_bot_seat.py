"""A seat the teacher gives to a bot: its student's page offers no move (no "Your turn", no live control) and
says a bot of the table's level plays it, on every turn of the seat, in the boards of all five games: its seat
panel names it "your bot (easy)", never "you"; once the teacher gives the seat back, the student's controls
come back and the panel says "you" again."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.wsclient import create_table

# a control that makes a move: an action button, a playable card, a space of the table to play on (Adapt or
# Die's buttons and spaces have keys of their own)
MOVES = ", ".join(f"#board {key}" for key in (
    "[data-key^='act-']", "button[data-key^='card-']", "button[data-key^='cell-']", "[data-key^='choose-']",
    "[data-key^='exit-']", "[data-key^='adapt-']", "[data-key='accept']", "[data-key='decline']",
    "[data-key='offer']", "[data-key='end-turn']", "[data-key^='move-']"))
GAMES = ["phylo", "mating", "dodo", "evolution", "adapt"]
ITS_TURN = "window.evogames.page.view && window.evogames.page.view.to_act.includes(0)"
SHOTS = Path("/tmp/fix-web-shots")


def own_panel(tab: Page, game: str) -> str:
    """The text of the student's seat panel (seat 0) in the board's list of players."""
    panel = tab.locator("#board .ad-player").first if game == "adapt" else tab.locator("#board .seat[data-seat='0']")
    return panel.inner_text()


def live_moves(tab: Page) -> int:
    return int(tab.evaluate(f"[...document.querySelectorAll(\"{MOVES}\")].filter((b) => !b.disabled).length"))


def watch_while_held(tab: Page, game: str, seconds: float) -> int:
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
        panel = own_panel(tab, game)  # "Player 1 · your bot (easy)", never "Player 1 · you"
        assert "your bot (easy)" in panel.lower() and not re.search(r"\byou\b", panel, re.IGNORECASE), panel
        if its_turn and tab.evaluate(ITS_TURN):  # the same state still shown: its prompt says who plays it
            prompt = tab.locator("#prompt .prompt-title").inner_text()
            assert "bot (easy) is playing your turn" in prompt or not tab.evaluate(ITS_TURN), prompt
            turns += 1
        tab.wait_for_timeout(100)
    return turns


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_a_bot_plays_offers_its_student_no_move_until_the_teacher_gives_it_back(
        game: str, tmp_path: Path, new_tab: Callable[[int, int], Page]) -> None:
    slow = Server(f"sqlite:///{tmp_path / 'evogames.db'}", tmp_path / "server.log", bot_delay=1.0).start()
    try:
        table = create_table(slow.url, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], game=game, seed=7)
        student = new_tab(390, 844)
        student.goto(f"{slow.url}/table/{table['table_id']}?token={table['seats'][0]['code']}")
        expect(student.locator(".prompt.your-turn")).to_be_visible(timeout=30_000)
        assert live_moves(student) > 0
        assert re.search(r"\byou\b", own_panel(student, game), re.IGNORECASE), own_panel(student, game)
        teacher = new_tab(1366, 768)
        teacher.goto(f"{slow.url}/teacher?key={slow.teacher_key()}")
        # the bot that takes the seat plays at the table's level (Easy here), not always the default
        teacher.get_by_role("button", name="Let a bot play Player 1's seat (Easy)").click()
        expect(student.locator("#seat-state")).to_contain_text("given your seat to a bot (easy)")
        assert watch_while_held(student, game, 8) > 0, "the held seat never had a turn to look at"
        student.screenshot(path=str(SHOTS / f"bot-seat-{game}-phone.png"))
        teacher.get_by_role("button", name="Give Player 1's seat back to the student").click()
        expect(student.locator("#seat-state")).to_contain_text("given your seat back")
        expect(student.locator(".prompt.your-turn")).to_be_visible(timeout=30_000)
        expect(student.locator(MOVES).first).to_be_enabled()
        assert live_moves(student) > 0
        assert re.search(r"\byou\b", own_panel(student, game), re.IGNORECASE), own_panel(student, game)
    finally:
        slow.stop()


def test_a_game_that_ends_while_a_bot_holds_the_seat_says_so_in_the_past(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """The note said "for now … the seat comes back to you when your teacher gives it back" on the game-over
    screen, where nothing comes back: it says the bot played the hand to the end."""
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], game="dodo")
    student = new_tab(390, 844)
    student.goto(f"{server.url}/table/{table['table_id']}?token={table['seats'][0]['code']}")
    expect(student.locator(".prompt.your-turn")).to_be_visible(timeout=30_000)
    teacher = new_tab(1366, 768)
    teacher.goto(f"{server.url}/teacher?key={server.teacher_key()}")
    teacher.get_by_role("button", name=re.compile("Let a bot play Player 1's seat")).click()
    expect(student.locator("#game-over")).to_be_visible(timeout=60_000)
    note = student.locator("#seat-state")
    expect(note).to_contain_text("it played your hand to the end of the game")
    assert "comes back" not in note.inner_text()
