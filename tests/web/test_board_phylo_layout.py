"""Phylo's page on a Chromebook, a projector, a tablet and a phone (headless Chromium, real server).

On a wide screen the hand stands beside the table: the table a student plays on and a card of their hand are
both on the first screen, with no scrolling (the hand used to fill a Chromebook's screen above the table). On
a phone the hand stays above the table and nothing scrolls sideways."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, shoot, wide_elements
from tests.web.wsclient import create_table

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
SEEN = 120  # px of the table's box that must be on the first screen (its top edge and some of its spaces)


@pytest.fixture(scope="module")
def seat_url(srv: Server) -> str:
    table = create_table(srv.url, SEATS, game="phylo", seed=11, options={"first_player": 1})
    return f"{srv.url}{table['seats'][0]['join_url']}"


def first_screen(tab: Page) -> dict[str, Any]:
    """Where the table's box and the hand's cards are, as the page opens (not scrolled), and the viewport."""
    return dict(tab.evaluate("""() => {
        const box = (el) => {
            const r = el.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
        };
        return {table: box(document.querySelector('.ph-scroll')),
                cards: [...document.querySelectorAll('.ph-hand .card')].map(box),
                scrollY: scrollY, width: innerWidth, height: innerHeight,
                scrollWidth: document.documentElement.scrollWidth};
    }"""))


def open_seat(tab: Page, url: str) -> None:
    tab.goto(url)
    expect(tab.locator(".ph-hand .card").first).to_be_visible()
    expect(tab.locator(".prompt.your-turn")).to_have_count(1)
    skip = tab.locator("#name-skip")
    if skip.count() and skip.is_visible():
        skip.click()
    tab.wait_for_timeout(300)  # the board's stylesheet has arrived and the grid is sized


@pytest.mark.parametrize("screen", ["chromebook", "projector", "tablet"])
def test_the_table_and_the_hand_are_both_on_the_first_screen(
        srv: Server, seat_url: str, new_tab: Callable[[int, int], Page], screen: str) -> None:
    width, height = VIEWPORTS[screen]
    tab = new_tab(width, height)
    open_seat(tab, seat_url)
    shot = shoot(tab, f"phylo-first-screen-{screen}")
    seen = first_screen(tab)
    assert seen["scrollY"] == 0
    table = seen["table"]
    assert 0 <= table["top"] <= height - SEEN, f"the table starts below the first screen: {table} (see {shot})"
    whole = [c for c in seen["cards"] if c["top"] >= 0 and c["bottom"] <= height and c["right"] <= width]
    assert whole, f"no card of the hand is whole on the first screen: {seen['cards'][:3]} (see {shot})"
    assert seen["scrollWidth"] <= width, wide_elements(tab)
    # a card chosen there lights up spaces of the table without leaving the first screen
    tab.locator(".ph-hand button.card.playable:not(.ph-event)").first.click()
    expect(tab.locator("button.ph-target").first).to_be_visible()
    assert tab.evaluate("scrollY") == 0
    lit = tab.locator("button.ph-target").evaluate_all(
        "(els) => els.map((el) => el.getBoundingClientRect())"
        ".filter((r) => r.top >= 0 && r.bottom <= innerHeight).length")
    assert lit > 0, f"no lit space on the first screen (see {shoot(tab, f'phylo-first-screen-{screen}-chosen')})"


def test_a_phone_keeps_the_hand_above_the_table_and_never_scrolls_sideways(
        srv: Server, seat_url: str, new_tab: Callable[[int, int], Page]) -> None:
    width, height = VIEWPORTS["phone"]
    tab = new_tab(width, height)
    open_seat(tab, seat_url)
    seen = first_screen(tab)
    shot = shoot(tab, "phylo-first-screen-phone")
    assert seen["scrollWidth"] <= width, f"the page scrolls sideways: {wide_elements(tab)} (see {shot})"
    assert max(c["right"] for c in seen["cards"]) <= width
    assert seen["cards"][0]["top"] < height, "the hand starts on the first screen"
    assert seen["cards"][-1]["bottom"] <= seen["table"]["top"], "the hand comes first, above the table"
    hand = tab.locator(".ph-hand .cards")
    assert hand.evaluate("(el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1"), \
        "the hand scrolls in a box of its own on a phone"
