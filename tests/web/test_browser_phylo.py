"""Phylo in a real browser (headless Chromium) against a real server.

A person plays a whole game against the heuristic bot by clicking cards and
highlighted spaces and sees the debrief; two people replay the rulebook's
example: valid places light up, the Wildfire's preview names what it costs, and
the threatened Horse is marked in the reaction turn.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import act_and_wait
from tests.web.wsclient import create_table

EXAMPLE = {"deck_p1": ["@worked_example_p1"], "deck_p2": ["@worked_example_p2"], "deal": "fixed", "first_player": 1}


@pytest.fixture
def tabs(new_tab: Callable[[int, int], Page]) -> list[Page]:
    return [new_tab(1400, 900) for _ in range(2)]


def place(tab: Page, name: str, at: str) -> None:
    tab.locator("button.card.playable", has_text=name).click()
    expect(tab.locator(f"button.ph-target[data-at='{at}']")).to_have_count(1)
    act_and_wait(tab, lambda: tab.locator(f"[data-at='{at}']").click())


def test_a_person_plays_a_whole_game_against_the_bot_and_sees_the_debrief(server: Server, tabs: list[Page]) -> None:
    tab = tabs[0]
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="phylo",
                         options={"first_player": 1})
    tab.goto(server.url + table["seats"][0]["join_url"])
    expect(tab.locator("#who")).to_have_text("You are Player 1")
    expect(tab.locator(".ph-cell.ph-full")).to_have_count(2)  # the two HOMEs
    watcher = tabs[1]
    watcher.goto(server.url + table["spectator_url"])
    expect(watcher.locator(".ph-cell.ph-full")).to_have_count(2)
    assert stray_text(watcher) == []  # no "null" where the spectator has no hand
    deadline, actions = time.time() + 120, 0
    while not tab.locator("#game-over").count():
        assert time.time() < deadline, "the game did not end in time"
        if not tab.locator(".prompt.your-turn").count():
            tab.wait_for_timeout(30)
            continue
        cards = tab.locator("button.card.playable:not(.ph-event)")  # species: one click on a space plays them
        played = False
        for i in range(cards.count()):
            cards.nth(i).click()
            if tab.locator("button.ph-target").count():
                act_and_wait(tab, lambda: tab.locator("button.ph-target").first.click())
                played = True
                break
        if not played:
            act_and_wait(tab, lambda: tab.locator("[data-key='act-pass']").click())
        actions += 1
    over = tab.locator("#game-over")
    expect(over).to_contain_text("Longest food chain")
    expect(over).to_contain_text("Species lost to cascades")
    expect(over.locator("table.scores tbody tr")).to_have_count(2)
    expect(over.locator("svg.plot")).to_have_count(1)
    expect(over.locator(".questions > li")).to_have_count(5)
    assert actions >= 10
    assert stray_text(tab) == []  # no "nullnull" where the prompt and the hand are left out at the end


def stray_text(tab: Page) -> list[str]:
    """Text lying loose in the board's root (a part left out must leave nothing, not "null")."""
    return list(tab.evaluate("[...document.querySelector('#board').childNodes]"
                             ".filter((n) => n.nodeType === 3 && n.textContent.trim()).map((n) => n.textContent)"))


def test_the_worked_example_highlights_places_previews_wildfire_and_marks_the_threatened_horse(
        server: Server, tabs: list[Page]) -> None:
    one, two = tabs
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game="phylo", options=EXAMPLE)
    for tab, seat in ((one, 0), (two, 1)):
        tab.goto(server.url + table["seats"][seat]["join_url"])
        expect(tab.locator(".hand .card")).to_have_count(6 if seat == 0 else 5)
    one.locator("button.card.playable", has_text="Valley Oak").click()
    expect(one.locator("button.ph-target")).to_have_count(6)  # next to either HOME
    act_and_wait(one, lambda: one.locator("[data-at='-1,0']").click())
    place(one, "Indian Plum", "-1,-1")
    one.locator("button.card.playable", has_text="Horse").click()
    expect(one.locator("button.ph-target[data-at='0,1']")).to_have_count(0)  # next to a HOME only
    act_and_wait(one, lambda: one.locator("[data-at='-1,-2']").click())

    expect(two.locator(".prompt.your-turn")).to_have_count(1)
    place(two, "Sunflower", "2,0")
    place(two, "Eastern Kingbird", "2,-1")
    two.locator("button.card.playable", has_text="Wildfire").click()
    expect(two.locator(".ph-preview")).to_contain_text("On Indian Plum [-1,-1]: discards Indian Plum; threatens Horse")
    two.locator("[data-at='-1,-1']").hover()
    expect(two.locator("[data-at='-1,-2'].ph-preview-threat")).to_have_count(1)
    act_and_wait(two, lambda: two.locator("[data-at='-1,-1']").click())

    expect(one.locator(".ph-threatened")).to_have_count(1)
    expect(one.locator("[data-at='-1,-2']")).to_contain_text("threatened")
    expect(one.locator(".ph-threat-note")).to_contain_text("Horse")
    one.locator("[data-at='-1,-2']").click()  # select the Horse to move it
    act_and_wait(one, lambda: one.locator("button.ph-target[data-at='-1,-1']").click())
    expect(one.locator(".ph-threatened")).to_have_count(0)


def test_an_event_with_a_second_space_asks_for_it(server: Server, tabs: list[Page]) -> None:
    tab = tabs[0]
    deck = ["Valley Oak", "Big Bluestem", "Climate Change", "Tsunami", "Giant Kelp", *["Sugar Maple"] * 19]
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="phylo",
                         options={"deck_p1": deck, "deal": "fixed", "first_player": 1})
    tab.goto(server.url + table["seats"][0]["join_url"])
    place(tab, "Valley Oak", "-1,0")
    place(tab, "Big Bluestem", "-2,0")
    tab.locator("button.card.playable", has_text="Climate Change").click()
    expect(tab.locator("button.ph-target")).to_have_count(2)
    tab.locator("[data-at='-1,0']").click()  # the target; then where it may spread
    expect(tab.locator(".prompt-title")).to_contain_text("choose the second space")
    expect(tab.locator("button.ph-target")).to_have_count(1)
    expect(tab.locator("[data-key='act-plain']")).to_have_count(1)
    act_and_wait(tab, lambda: tab.locator("button.ph-target[data-at='-2,0']").click())
    expect(tab.locator("#log")).to_contain_text("Climate Change contest")


def test_a_pack_hunter_prints_its_exemption_in_the_hand_and_on_the_table(server: Server, tabs: list[Page]) -> None:
    """RULINGS.md 20: the Gray Wolf (scale 7) may eat the American Bison (scale 8) because its card says so,
    and the card says so where the player sees it."""
    one = tabs[0]
    deck = ["HOME: Yellowstone", "Big Bluestem", "American Bison", "Gray Wolf", "Red Fox", "Moose", "19x Dandelion"]
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game="phylo", seed=1,
                         options={"deck_p1": deck, "deck_p2": deck, "deal": "fixed", "first_player": 1})
    one.goto(server.url + table["seats"][0]["join_url"])
    wolf = one.locator(".ph-hand .card", has_text="Gray Wolf")
    expect(wolf).to_contain_text("Pack hunter: hunts in a group, so it may eat prey with a higher SCALE")
    expect(one.locator(".ph-hand .card", has_text="Red Fox")).not_to_contain_text("Pack hunter")
    place(one, "Big Bluestem", "-1,0")
    place(one, "American Bison", "-1,-1")
    place(one, "Gray Wolf", "-1,-2")
    expect(one.locator("[data-at='-1,-2']")).to_contain_text("Pack hunter: may eat larger prey")
    expect(one.locator("[data-at='-1,-1']")).not_to_contain_text("Pack hunter")
