"""Adapt or Die's board on every screen (phone, tablet, Chromebook, projector), measured in Chromium.

As a seated player at the start (a roll to move), as a spectator, and as a seated player after a game
played to its round limit: nothing scrolls sideways, every target is at least 44 x 44 px on the phone
(the board's move targets too: on a narrow screen the board is drawn big enough to touch and pans
inside its frame, opening on the bugs), axe-core finds nothing serious or critical, the controls carry
unique data-keys and no outline of their own, the board's spaces carry the names the prompt and the
log use, "Unfit now" says what it counts, and the game over says when and why the game ended.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import act_and_wait
from tests.web.screens import (
    VIEWPORTS,
    assert_focus_ready,
    axe_violations,
    first_screenful,
    overflow,
    played_to_the_end,
    shoot,
    small_targets,
    wide_elements,
)
from tests.web.wsclient import create_table

BOT = {"kind": "bot", "bot": "heuristic"}
SEATS = [{"kind": "human"}, BOT, BOT]
ROUNDS = 3  # the finished game stops at this round limit (before anyone holds 4 NICHE cards)


@pytest.fixture(scope="module")
def fresh(srv: Server) -> dict[str, Any]:
    """A table just dealt: seat 0 (a person) has rolled and moves the bug."""
    return create_table(srv.url, SEATS, game="adapt", seed=7)


@pytest.fixture(scope="module")
def finished(srv: Server) -> dict[str, Any]:
    """A table played to its round limit: seat 0 acts at random through the websocket against two bots."""
    table = played_to_the_end(srv, SEATS, game="adapt", seed=11, options={"max_rounds": ROUNDS})
    assert table["table_id"]  # a round-limit end: the game-over tests check the sentence that says so
    return table


def open_board(tab: Page, url: str) -> None:
    tab.goto(url)
    expect(tab.locator("#board .phase-track")).to_be_visible()
    expect(tab.locator("#status")).to_have_text("Connected")
    tab.wait_for_timeout(400)  # the connected dots arrive with the first poll


def board_small_targets(tab: Page) -> list[str]:
    """``small_targets`` inside the board only (the page around it is the table shell's): everything else
    is hidden for the count (``small_targets`` skips what is not visible)."""
    board = "document.querySelector('#board').style.visibility"
    tab.evaluate(f"document.body.style.visibility = 'hidden'; {board} = 'visible'")
    try:
        return small_targets(tab)
    finally:
        tab.evaluate(f"document.body.style.visibility = ''; {board} = ''")


def check_screen(tab: Page, name: str, device: str) -> None:
    """What every screen must hold; the screenshots (as it opens, and at the board) are kept to look at."""
    shoot(tab, name)
    assert overflow(tab) == 0, f"{name} scrolls sideways: {wide_elements(tab)}"
    if device == "phone":
        assert board_small_targets(tab) == [], f"{name}: targets under 44 px (the whole page: {small_targets(tab)})"
    assert axe_violations(tab) == [], f"{name}: axe-core"
    assert_focus_ready(tab, name, "button, select, input, summary, [tabindex]")
    tab.evaluate("document.querySelector('.ad-board').scrollIntoView({block: 'start'})")
    shoot(tab, f"{name}-board")


def bug_in_view(tab: Page, selector: str) -> bool:
    """The bug is inside the visible part of the board's frame (which pans on a narrow screen)."""
    return bool(tab.evaluate("""(sel) => {
        const frame = document.querySelector('.ad-board').getBoundingClientRect();
        const bug = document.querySelector(sel)?.getBoundingClientRect();
        return !!bug && bug.left >= frame.left && bug.right <= frame.right;
    }""", selector))


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_at_the_start(srv: Server, fresh: dict[str, Any], device: str,
                                      new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + fresh["seats"][0]["join_url"])
    expect(tab.locator(".prompt.your-turn")).to_contain_text("move your bug")
    expect(tab.locator(".ad-target").first).to_be_visible()
    board = tab.locator(".ad-board")
    for space in ("E0", "E7", "S31", "C"):  # the names the prompt and the log use, on the board
        expect(board.locator(f"[data-space='{space}'] text")).to_have_text(space)
    expect(tab.locator(".ad-player.mine .ad-unfit")).to_contain_text("no NICHE card yet")
    assert first_screenful(tab, ".prompt.your-turn"), "the roll to move is below the first screenful"
    check_screen(tab, f"adapt-start-{device}", device)
    assert bug_in_view(tab, ".ad-bug.mine"), "the board opens away from your bug"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_spectator(srv: Server, fresh: dict[str, Any], device: str, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + fresh["spectator_url"])
    expect(tab.locator(".ad-live")).to_have_count(0)
    expect(tab.locator(".ad-target")).to_have_count(0)
    check_screen(tab, f"adapt-spectator-{device}", device)
    assert bug_in_view(tab, ".ad-bug"), "the board opens away from the bugs"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_at_game_over(srv: Server, finished: dict[str, Any], device: str,
                                      new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + finished["seats"][0]["join_url"])
    over = tab.locator("#game-over")
    expect(over).to_contain_text("Game over")
    expect(over).to_contain_text(f"The game ended at the round limit, after round {ROUNDS}")  # when and why
    expect(over).to_contain_text("each missing NICHE card counts 20")
    expect(over.locator(".questions > li").first).to_be_visible()  # the questions have arrived
    expect(tab.locator("#log")).to_contain_text(f"Game over at the round limit, after round {ROUNDS}")
    check_screen(tab, f"adapt-over-{device}", device)


def test_focus_stays_on_the_control_after_an_action(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    """A keyboard player moves by Enter on a highlighted space; a redraw keeps the focus on the same control.
    (Two people and no bot: no bot's move redraws the board while the keys are pressed.)"""
    table = create_table(srv.url, [{"kind": "human"}, {"kind": "human"}], game="adapt", seed=7)
    tab = new_tab(*VIEWPORTS["phone"])
    open_board(tab, srv.url + table["seats"][0]["join_url"])
    tab.locator(".ad-target").first.focus()
    act_and_wait(tab, lambda: tab.keyboard.press("Enter"))
    expect(tab.locator(".ad-target")).to_have_count(0)  # moved: the next step of the turn
    tab.locator(".ad-app-box > summary").click()
    load = tab.locator("[data-key='app-mine']")
    load.focus()
    tab.keyboard.press("Enter")  # the app redraws the whole board
    tab.wait_for_function("document.activeElement?.dataset?.key === 'app-mine'", timeout=3000)
    summary = tab.locator(".ad-app-box > summary")
    assert summary.get_attribute("data-key"), "the app's summary has no data-key"


@pytest.mark.parametrize("device", ["phone", "projector"])
def test_a_board_wider_than_the_screen_says_to_drag_it(srv: Server, fresh: dict[str, Any], device: str,
                                                      new_tab: Callable[[int, int], Page]) -> None:
    """Issue 20: on a phone the board's sides were off-screen with no hint; a line over it says so (and only
    where the board pans)."""
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + fresh["spectator_url"])
    pans = tab.evaluate("(() => { const f = document.querySelector('.ad-board');"
                        " return f.scrollWidth > f.clientWidth + 1; })()")
    assert pans == (device == "phone")
    hint = tab.locator(".ad-pan-hint")
    (expect(hint).to_be_visible() if pans else expect(hint).to_be_hidden())
