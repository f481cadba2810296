"""Tough Luck, Dodo's board on every screen (phone, tablet, Chromebook, projector), measured in Chromium.

As a seated player at set-up, as a spectator, and as a seated player after a game played to the end:
nothing scrolls sideways, every target is at least 44 x 44 px on the phone, axe-core finds nothing
serious or critical, the controls carry unique data-keys and no outline of their own, and the grid
of environments (the cards in play) starts in the first screenful.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, first_screenful, played_to_the_end, shoot
from tests.web.test_screens_mating import check_screen, open_board
from tests.web.wsclient import create_table

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture(scope="module")
def fresh(srv: Server) -> dict[str, Any]:
    """A table at set-up: seat 0 (a person) places its creatures."""
    return create_table(srv.url, SEATS, game="dodo", seed=7, options={"first_player": 0})


@pytest.fixture(scope="module")
def finished(srv: Server) -> dict[str, Any]:
    """A table played to the end: seat 0 acts at random through the websocket against two bots."""
    return played_to_the_end(srv, SEATS, game="dodo", seed=11, options={"max_turns": 25})


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_at_set_up(srv: Server, fresh: dict[str, Any], device: str,
                                   new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + fresh["seats"][0]["join_url"])
    expect(tab.locator(".dodo-tray button.creature.legal")).to_have_count(3)
    check_screen(tab, f"dodo-start-{device}", device)
    assert first_screenful(tab, ".prompt.your-turn"), "the choice in play is below the first screenful"
    assert first_screenful(tab, ".dodo-grid"), "the grid is below the first screenful"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_choosing_an_environment(srv: Server, device: str, new_tab: Callable[[int, int], Page]) -> None:
    """Every environment card is a button: on a phone they must still fit three to a row."""
    table = create_table(srv.url, SEATS, game="dodo", seed=8, options={"first_player": 0})
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + table["seats"][0]["join_url"])
    tab.locator(".dodo-tray button.creature.legal").first.click()
    expect(tab.locator(".dodo-grid button.env.legal")).to_have_count(9)
    check_screen(tab, f"dodo-place-{device}", device)


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_spectator(srv: Server, fresh: dict[str, Any], device: str, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + fresh["spectator_url"])
    expect(tab.locator(".dodo-tray")).to_have_count(0)
    check_screen(tab, f"dodo-spectator-{device}", device)
    assert first_screenful(tab, ".dodo-grid"), "the grid is below the first screenful"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_at_game_over(srv: Server, finished: dict[str, Any], device: str,
                                      new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + finished["seats"][0]["join_url"])
    over = tab.locator("#game-over")
    expect(over).to_contain_text("Game over")
    expect(over.locator(".questions > li").first).to_be_visible()
    check_screen(tab, f"dodo-over-{device}", device)
    assert first_screenful(tab, "#game-over"), "the result is below the first screenful"


def test_a_captured_card_keeps_its_captors_name_inside_on_a_phone(srv: Server, finished: dict[str, Any],
                                                                  new_tab: Callable[[int, int], Page]) -> None:
    """Issue 20: "Captured by Player 4" spilled off the card on a phone (and names are longer than that)."""
    tab = new_tab(*VIEWPORTS["phone"])
    tab.goto(srv.url + finished["seats"][0]["join_url"])
    expect(tab.locator(".env.captured").first).to_be_visible()
    spills = tab.evaluate("""() => [...document.querySelectorAll('.env.captured')].flatMap((card) => {
        const edge = card.getBoundingClientRect();
        return [...card.querySelectorAll('.flipped-tag, .flipped-tag *')].filter((el) => {
            const r = el.getBoundingClientRect();
            const out = r.right > edge.right + 0.5 || r.left < edge.left - 0.5 || el.scrollWidth > el.clientWidth + 1;
            return r.width && out;
        }).map((el) => `${card.dataset.env}: ${el.className} ${el.textContent}`);
    })""")
    assert spills == []
    # the board may draw itself again as the socket's first update lands: scroll whichever card is there now
    # (a located element can be replaced mid-scroll: "Element is not attached to the DOM", once in CI)
    tab.evaluate("document.querySelector('.env.captured').scrollIntoView({block: 'center'})")
    shoot(tab, "dodo-captured-phone")
