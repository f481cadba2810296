"""Evolution in a real browser: two people and two bots play a full game by clicking."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import act_and_wait
from tests.web.wsclient import create_table


@pytest.fixture
def pages(new_tab: Callable[[int, int], Page]) -> list[Page]:
    return [new_tab(1366, 900) for _ in range(2)]


def click_something(tab: Page, turn: int) -> None:
    """What a person would click: a card and how to play it, a food token, a defence, or pass."""
    cards = tab.locator(".hand button.card.playable")
    if cards.count() and turn % 4 != 3:
        cards.nth(turn % cards.count()).click()
        choices = tab.locator(".prompt [data-key^='act-play-']")
        choices.nth(turn % choices.count()).click()
        return
    tab.locator(".prompt .actions button").first.click()


def play_both_to_the_end(tabs: list[Page], seconds: float = 120) -> int:
    deadline, turns = time.time() + seconds, 0
    while time.time() < deadline:
        if all(tab.locator("#game-over").count() for tab in tabs):
            return turns
        mine = [tab for tab in tabs if tab.locator(".prompt.your-turn").count()]
        if not mine:
            tabs[0].wait_for_timeout(30)
            continue
        tab = mine[0]
        act_and_wait(tab, lambda: click_something(tab, turns))  # noqa: B023 (called at once)
        turns += 1
    raise AssertionError("the game did not end in time")


def test_two_people_and_two_bots_play_a_full_game(server: Server, pages: list[Page]) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
             {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    table = create_table(server.url, seats, game="evolution")
    one, two = pages
    one.goto(server.url + table["seats"][0]["join_url"])
    two.goto(server.url + table["seats"][2]["join_url"])
    for tab in pages:
        expect(tab.locator(".hand .card")).to_have_count(6)
        expect(tab.locator(".evo-seat")).to_have_count(4)
    card = one.locator(".hand .card").first
    expect(card.locator(".trait-line .trait-name").first).not_to_be_empty()  # each trait by name,
    expect(card.locator(".trait-line .line").first).not_to_be_empty()  # with its rule in one line
    turns = play_both_to_the_end(pages)
    assert turns >= 10
    for tab in pages:
        over = tab.locator("#game-over")
        expect(over).to_contain_text("Game over")
        expect(over.locator("table.scores tbody tr")).to_have_count(4)
        expect(over).to_contain_text("most successful ecosystem")
        expect(over).to_contain_text("Carnivorous +1, Parasite +2")
        expect(over.locator(".questions > li")).to_have_count(4)
        expect(over.locator("svg.plot")).to_have_count(1)


def test_a_refusal_says_why_and_only_i_see_my_animals_card(server: Server, pages: list[Page]) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="evolution",
                         options={"first_player": 0})
    tab = pages[0]
    tab.goto(server.url + table["seats"][0]["join_url"])
    expect(tab.locator(".prompt.your-turn")).to_be_visible()
    tab.evaluate("window.evogames.connection.act({type: 'attack', carnivore: 'A1', target: 'A2'})")
    banner = tab.locator("#banner")
    expect(banner).to_contain_text("You cannot attack now. It is the development phase.")
    tab.get_by_role("button", name="Close this message").click()
    tab.locator(".hand button.card.playable").first.click()
    tab.locator(".prompt [data-key='act-play-0']").click()  # a new animal
    expect(tab.locator(".evo-seat[data-seat='0'] .animal")).to_have_count(1)
    expect(tab.locator(".evo-seat[data-seat='0'] .animal .muted.small").first).to_be_visible()  # my card, for me
