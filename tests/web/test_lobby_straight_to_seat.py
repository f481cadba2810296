"""A student alone (one person, the rest bots) who presses "Start a game" lands on their seat at once, with no
page of links between; the seat's link and code stay on the table page under "Your seat's link". Two people
(friends, or pass and play) still get the links page."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, overflow, shoot, small_targets


@pytest.mark.parametrize("screen", ["phone", "projector"])
def test_one_person_goes_straight_to_their_seat(srv: Server, screen: str, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[screen])
    tab.goto(srv.url + "/")
    expect(tab.locator(".seat-row")).to_have_count(4)  # the default: you and three bots
    tab.get_by_role("button", name="Start a game").click()
    tab.wait_for_url(re.compile(r"/table/t_\w+\?token=\w+$"))
    expect(tab.locator("#who")).to_have_text("You are Player 1")
    token = tab.url.rsplit("token=", 1)[1]
    link = tab.locator("#seat-link")
    expect(link).to_be_visible()
    link.locator("summary").click()
    expect(tab.locator("#seat-code")).to_have_text(token)
    assert tab.locator("#seat-url").input_value().endswith(f"?token={token}")
    assert overflow(tab) == 0
    if screen == "phone":
        assert small_targets(tab) == [], small_targets(tab)
    link.scroll_into_view_if_needed()
    shoot(tab, f"straight-to-seat-{screen}")
    tab.go_back()  # back in the lobby, its buttons work again
    expect(tab.get_by_role("button", name="Start a game")).to_be_enabled()


def test_two_people_still_get_the_links(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = two_people_started(srv, new_tab)
    expect(tab.get_by_role("button", name="Play on this one device (pass and play)")).to_be_visible()
    assert "/table/" not in tab.url


def test_a_spectator_and_a_shared_device_show_no_seat_link(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = two_people_started(srv, new_tab)
    spectator = tab.get_by_role("textbox", name="Spectator link").input_value()
    tab.get_by_role("button", name="Play on this one device (pass and play)").click()
    expect(tab.locator(".pass-cover")).to_be_visible()
    expect(tab.locator("#seat-link")).to_be_hidden()
    tab.goto(spectator)
    expect(tab.locator("#who")).to_have_text("Watching (spectator)")
    expect(tab.locator("#seat-link")).to_be_hidden()


def two_people_started(srv: Server, new_tab: Callable[[int, int], Page]) -> Page:
    """The lobby at a Chromebook's size, a table of two people started: its links page."""
    tab = new_tab(*VIEWPORTS["chromebook"])
    tab.goto(srv.url + "/")
    tab.locator("#seat-1-kind").select_option("human")
    tab.get_by_role("button", name="Start a game").click()
    expect(tab.locator("#created .code")).to_have_count(2)
    return tab
