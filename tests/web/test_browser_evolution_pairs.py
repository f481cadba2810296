"""Evolution in a real browser: the owner chooses which pair trait passes food on next, or stops (rulebook l.153).

Player 1 (headless Chromium) grows A1 (Dolly) joined to A3 (Koko) by Communication and to A4 (Balto) by
Cooperation; Player 2 is a websocket client. When Dolly takes a red token, Player 1's page offers both links
as buttons, draws them as clickable lines on the table, and a Stop button; a spectator is told whom the table
waits for. Player 1 clicks the Cooperation line on the table, then Stop, and the log says what happened.
Screenshots of the decision at a phone's and a laptop's size go to the test's tmp_path.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.evolution_script import client_acts, play_card
from tests.web.pages import act_and_wait
from tests.web.wsclient import Player, create_table

OWNER_HAND = ["SWM01", "SWM02", "SWM03", "COC01", "CPC01", "SWM04"]
OTHER_HAND = ["SWM05", "SWM06", "RUN01", "RUN02", "MIM01", "TAL01"]
DICE = ["6"]  # the food bank: 6 + 2 = 8 red tokens
# a point a quarter of the way along a link's line, in page coordinates
POINT_ON_LINE = """(path) => {
  const p = path.getPointAtLength(path.getTotalLength() / 4);
  const m = path.getScreenCTM();
  return {x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f};
}"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1366, 768)])
def test_l153_the_owner_clicks_which_link_passes_food_on_then_stops(
        server: Server, new_tab: Callable[[int, int], Page], tmp_path: Path, width: int, height: int) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game="evolution",
                         options={"deck_order": OWNER_HAND + OTHER_HAND, "dice": DICE, "first_player": 0})
    tab, watcher = new_tab(width, height), new_tab(1366, 768)
    other = Player(server.ws, table["table_id"], table["seats"][1]["code"])
    try:
        tab.goto(server.url + table["seats"][0]["join_url"])
        watcher.goto(server.url + table["spectator_url"])
        play_card(tab, "SWM01", "a new animal (face down)")  # A1
        client_acts(other, {"type": "animal", "card": "SWM05"})  # A2
        play_card(tab, "SWM02", "a new animal (face down)")  # A3
        client_acts(other, {"type": "pass"})
        play_card(tab, "SWM03", "a new animal (face down)")  # A4
        play_card(tab, "COC01", "Communication joining Dolly and Koko")
        play_card(tab, "CPC01", "Cooperation joining Dolly and Balto")
        act_and_wait(tab, tab.get_by_role("button", name="Pass (play no more cards this turn)").click)

        act_and_wait(tab, tab.get_by_role("button", name="Take a red token for Dolly").click)
        prompt = tab.locator("#prompt")
        expect(prompt.locator(".prompt-title")).to_have_text(
            "Pair traits: Dolly got food. Choose which link passes food on next, or stop")
        expect(prompt.locator(".pair-choices button")).to_have_text(
            ["Communication: Dolly → Koko", "Cooperation: Dolly → Balto", "Stop (use no more pair traits now)"])
        seat = tab.locator(".evo-seat[data-seat='0']")
        expect(seat.locator("svg.links .choosable")).to_have_count(2)
        expect(seat.locator(".link-list .link-pick")).to_have_text(
            ["Communication: Dolly → Koko", "Cooperation: Dolly → Balto"])
        expect(watcher.locator("#prompt .prompt-title")).to_have_text(
            "Waiting for Player 1 to choose which pair trait passes food on…")
        expect(watcher.locator("svg.links .choosable, .link-pick")).to_have_count(0)
        tab.wait_for_timeout(100)  # the links are drawn on the next frame
        tab.screenshot(path=str(tmp_path / f"evolution-pairs-{width}x{height}.png"), full_page=True)

        line = seat.locator("svg.links .choosable[data-link='CPC01'] path.link")
        line.scroll_into_view_if_needed()
        point = line.evaluate(POINT_ON_LINE)
        act_and_wait(tab, lambda: tab.mouse.click(point["x"], point["y"]))  # tap the line, as a person would
        expect(tab.locator(".animal[data-animal='A4'] .food .token.blue")).to_have_count(1)
        expect(prompt.locator(".pair-choices button")).to_have_text(
            ["Communication: Dolly → Koko", "Stop (use no more pair traits now)"])
        act_and_wait(tab, prompt.get_by_role("button", name="Stop (use no more pair traits now)").click)
        log = tab.locator("#log")
        expect(log).to_contain_text("Cooperation: Dolly shares with Balto, which gets a blue token and is fed.")
        expect(log).to_contain_text("Player 1 uses no more pair traits now (1 link could still have passed food on).")
        expect(tab.locator(".animal[data-animal='A3'] .food .token.red")).to_have_count(0)
        expect(tab.locator(".evo-seat svg.links .choosable")).to_have_count(0)
        expect(prompt).not_to_have_class(re.compile(r"\byour-turn\b"))  # Player 2's round now
    finally:
        other.close()
