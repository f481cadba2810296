"""What a student sees first, measured in headless Chromium against a real server.

- On a phone (390 x 844) Phylo's hand is three columns of compact cards: the table's grid starts on the first
  screen (it stood two screens down, under a hand of full cards), nothing scrolls sideways, and the card tapped
  shows its whole face (its fact too) across the row.
- On a Chromebook (1366 x 768) the Hint bar is one slim line and the prompt a compact box: the two took 223 px
  above Phylo's play area (65 + 158), now at most 130 (the Hint button stays a 44 px target); the table's grid
  starts by 380 px (it was at 478)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, shoot, wide_elements
from tests.web.test_board_phylo_layout import first_screen, open_seat, seat_url  # noqa: F401 (a fixture)

BARS = 130  # px: the Hint bar and the prompt together, at 1366 x 768
GRID_TOP = 380  # px: where Phylo's grid may start at 1366 x 768


def boxes(tab: Page) -> dict[str, Any]:
    return dict(tab.evaluate("""() => {
        const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
                             return {top: r.top, bottom: r.bottom, height: r.height}; };
        return {coach: box('#coach'), prompt: box('#prompt'), grid: box('.ph-scroll')};
    }"""))


def test_a_phone_shows_the_top_of_the_table_on_the_first_screen(
        seat_url: str, new_tab: Callable[[int, int], Page]) -> None:  # noqa: F811
    width, height = VIEWPORTS["phone"]
    tab = new_tab(width, height)
    open_seat(tab, seat_url)
    seen = first_screen(tab)
    shot = shoot(tab, "phylo-phone-first-screen")
    assert seen["table"]["top"] < height - 40, f"the table starts below the first screen: {seen['table']} (see {shot})"
    assert seen["scrollWidth"] <= width, wide_elements(tab)
    assert len({round(c["top"]) for c in seen["cards"]}) <= 2, "six cards in two rows of three"
    card = tab.locator(".ph-hand button.card.playable").first
    assert not card.locator(".card-fact").is_visible(), "a compact card hides its fact"
    card.click()
    chosen = tab.locator(".ph-hand button.card.selected")
    expect(chosen.locator(".card-fact")).to_be_visible()
    assert chosen.evaluate("(el) => el.getBoundingClientRect().width") > width * 0.8, "the tapped card spans the row"
    assert tab.evaluate("document.documentElement.scrollWidth") <= width, wide_elements(tab)
    shoot(tab, "phylo-phone-card-tapped")


def test_a_chromebook_keeps_the_hint_bar_and_the_prompt_compact(
        srv: Server, seat_url: str, new_tab: Callable[[int, int], Page]) -> None:  # noqa: F811
    width, height = VIEWPORTS["chromebook"]
    tab = new_tab(width, height)
    open_seat(tab, seat_url)
    seen = boxes(tab)
    shot = shoot(tab, "phylo-chromebook-bars")
    assert seen["coach"]["height"] <= 50, f"the Hint bar is one slim line: {seen['coach']} (see {shot})"
    assert seen["coach"]["height"] + seen["prompt"]["height"] <= BARS, f"{seen} (see {shot})"
    assert seen["grid"]["top"] <= GRID_TOP, f"{seen} (see {shot})"
