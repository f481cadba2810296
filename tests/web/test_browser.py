"""The classroom front end in a real browser (headless Chromium) against a real server.

A person starts a game from the lobby and plays it to the end by clicking; two
people at one table each see only their own hand; a refused action shows the
error banner; the join page and the teacher page work.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.web.conftest import Server
from tests.web.pages import act_and_wait
from tests.web.wsclient import create_table, teacher


@pytest.fixture
def page(new_tab: Callable[[int, int], Page]) -> Page:
    return new_tab(1366, 800)


def hand_ids(tab: Page) -> list[str]:
    return [str(x) for x in tab.locator(".hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")]


def click_a_legal_action(tab: Page, turn: int) -> None:
    """Click what a person would: a playable card, else the prompt's first button."""
    playable = tab.locator("button.card.playable")
    selectable = tab.locator("button.card.selectable")
    if selectable.count() and turn % 3 == 0:
        selectable.first.click()  # mark one card to discard, then confirm below
    if playable.count() and turn % 2 == 0:
        playable.first.click()
        if tab.locator(".prompt [data-key^='act-target-']").count():
            tab.locator(".prompt [data-key^='act-target-']").first.click()
        return
    tab.locator(".prompt .actions button").first.click()


def play_to_the_end(tab: Page, seconds: float = 60) -> int:
    """Act whenever the page says it is our turn; return how many actions we took."""
    deadline, turns = time.time() + seconds, 0
    while time.time() < deadline:
        if tab.locator("#game-over").count():
            return turns
        if not tab.locator(".prompt.your-turn").count():
            tab.wait_for_timeout(30)
            continue
        try:
            act_and_wait(tab, lambda: click_a_legal_action(tab, turns))  # noqa: B023 (called at once)
        except PlaywrightTimeoutError:  # a click that only selected (a card to mark): look again, as a person would
            continue
        turns += 1
    raise AssertionError("the game did not end in time")


def test_a_person_starts_a_game_in_the_lobby_and_plays_it_to_the_end(server: Server, page: Page) -> None:
    page.goto(server.url + "/")
    expect(page.locator(".seat-row")).to_have_count(4)  # the default: you and three bots
    expect(page.locator("#seat-1-kind")).to_have_value("bot")
    expect(page.locator("#seat-1-bot")).to_have_value("heuristic")
    levels = [o.get_attribute("value") for o in page.locator("#seat-1-bot option").all()]
    assert levels == ["random", "heuristic", "easy", "medium", "hard", "expert"]
    page.get_by_text("What the computer levels mean").click()
    expect(page.locator("#level-guide li")).to_have_count(6)
    expect(page.locator("#level-guide")).to_contain_text("Expert: thinks ahead for longer")
    page.locator("#options-box > summary").click()
    expect(page.locator("#opt-environment")).to_have_value("stable")  # options come from the game's schema
    expect(page.locator("#opt-predation")).to_be_checked()
    page.get_by_role("button", name="Start a game").click()  # one person: straight to the seat, no links page

    expect(page.locator("#who")).to_have_text("You are Player 1")
    expect(page.locator(".hand .card")).to_have_count(5)
    expect(page.locator(".seat")).to_have_count(4)
    expect(page.locator(".stand-red .meeple")).to_have_count(5)
    expect(page.locator("#log li").first).to_contain_text("You are dealt")
    turns = play_to_the_end(page)

    assert turns >= 3
    over = page.locator("#game-over")
    expect(over).to_contain_text("Game over")
    expect(over.locator("table.scores tbody tr")).to_have_count(4)
    expect(over.locator("svg.plot")).to_have_count(2)
    expect(over.locator("svg.plot").first.locator("polyline")).to_have_count(4)
    expect(over.locator(".questions > li")).to_have_count(9)
    expect(over).to_contain_text("Out to Lunch")
    expect(over).to_contain_text("Learning outcomes")
    over.locator(".questions details summary").first.click()
    expect(over.locator(".questions details").first).to_contain_text("intrasexual")


def test_two_people_at_one_table_each_see_only_their_own_hand_and_both_act(server: Server,
        new_tab: Callable[[int, int], Page]) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    one, two = new_tab(1280, 720), new_tab(1280, 720)  # two people's browsers
    for tab, seat in ((one, 0), (two, 1)):
        tab.goto(server.url + table["seats"][seat]["join_url"])
        expect(tab.locator(".hand .card")).to_have_count(5)
        expect(tab.locator("#who")).to_have_text(f"You are Player {seat + 1}")
    hands = hand_ids(one), hand_ids(two)
    assert_not_shown(one, hands[1])
    assert_not_shown(two, hands[0])

    one.locator("button.card.playable").first.click()  # a Strategy, face down
    expect(two.locator(".seat[data-seat='0'] .mini-card.back")).to_have_text("face down")
    assert_not_shown(two, hands[0])
    expect(one.locator(".seat[data-seat='0'] .mini-card")).not_to_have_class(re.compile("back"))  # I see mine
    two.get_by_role("button", name="Go Out to Lunch (save Food)").click()
    for tab in (one, two):
        expect(tab.locator("#log")).to_contain_text("Player 1 places a card face down.")
        expect(tab.locator("#log")).to_contain_text("Player 2 places a card face down.")
        expect(tab.locator("#log")).to_contain_text("Player 1 reveals")
    expect(one.locator(".seat[data-seat='1'] .dot.on")).to_have_count(1)  # both people are connected
    expect(two.locator(".seat[data-seat='0'] .dot.on")).to_have_count(1)


def assert_not_shown(tab: Page, card_ids: list[str]) -> None:
    html = tab.content()
    for card in card_ids:
        assert not re.search(rf"\b{card}\b", html), f"{card} (another seat's hand) is in this page"


def test_a_refused_action_shows_the_error_banner(server: Server, page: Page) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    page.goto(server.url + table["seats"][0]["join_url"])
    expect(page.locator(".prompt.your-turn")).to_be_visible()
    banner = page.locator("#banner")
    expect(banner).to_be_hidden()
    page.evaluate("window.evogames.connection.act({type: 'escape'})")  # not now: it is Play & Pay
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("You cannot pay to escape now")
    page.get_by_role("button", name="Close this message").click()
    expect(banner).to_be_hidden()
    page.evaluate("window.evogames.connection.send({type: 'action', version: 999, action: {type: 'out_to_lunch'}})")
    expect(banner).to_contain_text("old state")
    page.get_by_role("button", name="Go Out to Lunch (save Food)").click()  # the page still plays
    expect(page.locator("#log")).to_contain_text("Player 1 places a card face down.")


def test_join_by_code_and_the_teacher_page(server: Server, page: Page) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], name="Group 7")
    code = table["seats"][0]["code"]
    page.goto(server.url + "/join")
    page.get_by_label("Seat code").fill("NOTACODE")
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#join-error")).to_contain_text("No seat has that code")
    page.get_by_label("Seat code").fill(code.lower())
    page.get_by_role("button", name="Join").click()
    expect(page.locator("#who")).to_have_text("You are Player 1")
    assert code in page.url

    page.goto(server.url + "/teacher")
    expect(page.get_by_role("heading", name="Teacher only")).to_be_visible()  # no key, no teacher's page
    page.goto(server.url + f"/teacher?key={server.teacher_key()}")
    assert page.url.endswith("/teacher")  # the key leaves the address bar (a cookie keeps it)
    row = page.locator("table.tables tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Group 7")
    expect(row.locator(".dot")).to_have_count(1)
    link = page.get_by_role("link", name="Download results (CSV)")
    assert link.get_attribute("href") == "/api/results.csv"
    assert httpx.get(server.url + "/api/results.csv", headers=teacher(server.url)).text.count(table["table_id"]) == 2


def test_the_table_page_reconnects_by_itself_and_keeps_the_seat(server: Server, page: Page) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    page.goto(server.url + table["seats"][0]["join_url"])
    page.get_by_role("button", name="Go Out to Lunch (save Food)").click()
    # the move is back from the server (a table broadcasts only what it committed): then the lid closes. The prompt
    # alone was no sign (it was showing before the click), and a busy machine could kill the server first.
    expect(page.locator("#log")).to_contain_text("Player 1 places a card face down.")
    expect(page.locator(".prompt.your-turn")).to_be_visible()  # the next choice is ours again
    server.kill()
    expect(page.locator("#status")).to_contain_text("reconnecting")
    server.start()  # same port, same database
    expect(page.locator("#status")).to_have_text("Connected", timeout=20_000)
    expect(page.locator("#who")).to_have_text("You are Player 1")
    expect(page.locator("#log")).to_contain_text("Player 1 places a card face down.")
    expect(page.locator(".prompt.your-turn")).to_be_visible()
    page.reload()  # a refresh keeps the seat: the code is in the address
    expect(page.locator("#who")).to_have_text("You are Player 1")
    expect(page.locator(".hand .card").first).to_be_visible()
