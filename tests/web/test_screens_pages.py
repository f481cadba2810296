"""The lobby, the join page and the teacher's pages on a phone, a tablet, a Chromebook and a projector:
no sideways scrolling, 44 px targets on touch screens, axe-core clean, screenshots to look at."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, axe_violations, overflow, shoot, small_targets, wide_elements
from tests.web.wsclient import create_table, teacher

PAGES = {"lobby": "/", "join": "/join", "teacher": "/teacher", "sheet": "/teacher/sheet"}


def check(tab: Page, name: str, size: str) -> None:
    shoot(tab, f"page-{name}-{size}")
    assert overflow(tab) == 0, wide_elements(tab)
    if size in ("phone", "tablet"):
        assert small_targets(tab) == []
    assert axe_violations(tab) == []


@pytest.mark.parametrize("size", list(VIEWPORTS))
@pytest.mark.parametrize("name", list(PAGES))
def test_page_fits_every_screen_and_passes_axe(server: Server, new_tab: Callable[[int, int], Page], name: str,
                                               size: str) -> None:
    httpx.post(server.url + "/api/classes", headers=teacher(server.url),
               json={"game": "mating", "tables": 3, "players": 4, "people": 3})
    tab = new_tab(*VIEWPORTS[size])
    tab.goto(server.url + f"/teacher?key={server.teacher_key()}")
    tab.goto(server.url + PAGES[name])
    if name in ("teacher", "sheet"):
        expect(tab.locator(".code").first).to_be_visible()
    else:
        expect(tab.locator("h1, h2").first).to_be_visible()
        tab.wait_for_load_state("networkidle")
    check(tab, name, size)


def test_the_lobby_suggests_two_players_for_phylo_and_folds_advanced_options(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(1366, 900)
    tab.goto(server.url + "/")
    tab.get_by_label("Game").select_option("phylo")
    expect(tab.get_by_label("Number of players")).to_have_value("2")
    expect(tab.locator("#game-help")).to_contain_text("Teaches ecosystems")
    tab.get_by_text("Variants (from the rulebook)").click()
    expect(tab.get_by_label("Call your bluff (rules v2.0)")).to_be_visible()
    expect(tab.get_by_label("Cards in a deck")).to_be_hidden()  # under "Advanced"
    tab.get_by_text("Advanced: demonstrations and the lab").click()
    expect(tab.get_by_label("Cards in a deck")).to_be_visible()
    expect(tab.get_by_label("Player 1's deck list")).to_have_count(0)  # a scripted deck is the teacher's
    assert "comma-separated ids" not in tab.content()


def test_the_lobby_s_open_tables_name_each_bot_s_level(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """The list said "2: bot" where every other page names the seat "Player 2 · bot (hard)"."""
    create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "hard"}], game="phylo")
    tab = new_tab(1366, 768)
    tab.goto(server.url + "/")
    expect(tab.locator(".seat-chips").first).to_contain_text("Player 2 · bot (hard)")
