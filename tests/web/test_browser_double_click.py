"""A double click plays once (real Chromium, real server).

Phylo's "Pass" leaves the seat's choices as they were (a turn has two actions),
so the old stale check let the second click through and the turn lost its
second action. Both guards are tested: the page sends one frame per answer,
and the server applies a frame that arrives twice only once.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import VERSION
from tests.web.wsclient import create_table


def passing_table(server: Server, tab: Page) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game="phylo", seed=0,
                         options={"first_player": 1})
    tab.goto(server.url + table["seats"][0]["join_url"])
    expect(tab.get_by_role("button", name="Pass (use an action)")).to_be_visible()


def test_a_double_click_on_pass_uses_one_action(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(1366, 900)
    passing_table(server, tab)
    tab.get_by_role("button", name="Pass (use an action)").dblclick()
    tab.wait_for_function(f"{VERSION} >= 1")
    tab.wait_for_timeout(700)  # time for a second action to land, if it were sent
    assert tab.evaluate(VERSION) == 1
    assert tab.locator("#log li", has_text="passes an action").count() == 1
    assert tab.locator("#banner").is_hidden()


def test_the_same_frame_sent_twice_by_a_page_is_applied_once(server: Server,
                                                              new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(1366, 900)
    passing_table(server, tab)
    tab.evaluate("""() => {
        const c = window.evogames.connection;
        const frame = {type: "action", version: c.version, action: {type: "pass"}};
        c.send(frame);
        c.send(frame);
    }""")
    tab.wait_for_function(f"{VERSION} >= 1")
    tab.wait_for_timeout(700)
    assert tab.evaluate(VERSION) == 1
    assert tab.locator("#banner").is_hidden()  # the copy is ignored quietly
