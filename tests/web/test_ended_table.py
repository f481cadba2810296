"""A table the teacher ends: every student's page says the game is over, with no winner, and keeps the way on
(the discussion questions, the replay, the lobby): not a board that simply stops answering."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, axe_violations, overflow, shoot, wide_elements
from tests.web.wsclient import create_table, teacher


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_a_student_at_a_table_the_teacher_ends_sees_the_game_is_over(
        server: Server, new_tab: Callable[[int, int], Page], screen: str) -> None:
    made = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game="phylo")
    width, height = VIEWPORTS[screen]
    tab = new_tab(width, height)
    tab.goto(f"{server.url}/table/{made['table_id']}?token={made['seats'][0]['code']}")
    expect(tab.locator("#board")).not_to_contain_text("Connecting")
    assert tab.locator("#game-over").count() == 0
    assert not axe_violations(tab), "before"
    ended = httpx.post(f"{server.url}/api/tables/{made['table_id']}/end", headers=teacher(server.url), timeout=10)
    assert ended.status_code == 200, ended.text
    over = tab.locator("#game-over")
    expect(over).to_contain_text("your teacher ended this game")
    expect(tab.locator("#class-state")).to_be_hidden()  # said once: "The teacher has ended this game." stood above it
    expect(over).to_contain_text("no winner")
    expect(over.get_by_role("link", name="Back to the lobby: play again")).to_be_visible()
    expect(over.get_by_role("link", name="Replay this game step by step")).to_be_visible()
    expect(over).to_contain_text("Talk about it")  # the rulebook's discussion questions
    expect(tab.locator("#board")).not_to_contain_text("Your turn")  # nobody acts at an ended table
    expect(tab.locator("#board")).to_contain_text("Ended by the teacher")
    expect(tab.locator("#board")).not_to_contain_text("actions left")
    assert not tab.title().startswith("Your turn")
    assert overflow(tab) == 0, wide_elements(tab)
    assert not axe_violations(tab)
    shoot(tab, f"ended-{screen}")
