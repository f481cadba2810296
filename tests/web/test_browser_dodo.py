"""Tough Luck, Dodo in a real browser: a person plays a full game against two bots by clicking the board."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket, expect

from tests.web.conftest import Server
from tests.web.pages import act_and_wait
from tests.web.wsclient import create_table

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]


@pytest.fixture
def tab(new_tab: Callable[[int, int], Page]) -> Page:
    return new_tab(1366, 900)


def record_states(page: Page) -> list[dict[str, Any]]:
    """Every view the server sends this page over its websocket."""
    views: list[dict[str, Any]] = []

    def on_socket(ws: WebSocket) -> None:
        def on_frame(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("type") == "state":
                views.append(message["view"])
        ws.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return views


def click_a_legal_move(page: Page, rng: random.Random) -> str:
    """What a person would click: a glowing creature or environment, a token, a Famine pair, or pass."""
    prompt = page.locator(".prompt.your-turn")
    pick = prompt.locator("[data-key^='act-pick-']")
    if pick.count():  # set-up: a creature from the tray, then an environment
        page.locator(".dodo-tray button.creature.legal").first.click()
        envs = page.locator(".dodo-grid button.env.legal")
        envs.nth(rng.randrange(envs.count())).click()
        return "place"
    envs = page.locator(".dodo-grid button.env.legal")
    if envs.count():
        envs.nth(rng.randrange(envs.count())).click()
        return "environment"
    choices = prompt.locator("[data-key^='act-famine-'], [data-key^='act-eat-']")
    if choices.count():
        choices.nth(rng.randrange(choices.count())).click()
        return "choice"
    tokens = page.locator(".dodo-tray button.dodo-token.legal")
    creatures = page.locator(".dodo-grid button.creature.legal")
    has_pass = prompt.locator("[data-key='act-pass']").count() > 0
    if tokens.count() and rng.random() < 0.5:
        tokens.nth(rng.randrange(tokens.count())).click()
        return "token"
    if creatures.count() and (rng.random() < 0.75 or not has_pass):
        creatures.nth(rng.randrange(creatures.count())).click()
        return "creature"
    prompt.locator("[data-key='act-pass']").click()
    return "pass"


def test_a_person_plays_a_full_game_against_two_bots(server: Server, tab: Page) -> None:
    table = create_table(server.url, SEATS, game="dodo", options={"first_player": 0, "max_turns": 25})
    views = record_states(tab)
    tab.goto(server.url + table["seats"][0]["join_url"])
    expect(tab.locator(".dodo-grid .env")).to_have_count(9)  # 3 x 3 for three players
    expect(tab.locator(".dodo-seat")).to_have_count(3)
    expect(tab.locator(".dodo-tray .creature")).to_have_count(3)  # one red, one yellow, one green, to place
    expect(tab.locator(".dodo-tray .dodo-token.up")).to_have_count(3)
    rng, clicks, kinds = random.Random(6), 0, set()
    deadline = time.time() + 45
    while not tab.locator("#game-over").count():
        assert time.time() < deadline, "the game did not end in time"
        if not tab.locator(".prompt.your-turn").count():
            tab.wait_for_timeout(30)
            continue
        kinds.add(act_and_wait(tab, lambda: click_a_legal_move(tab, rng)))
        clicks += 1
    assert clicks >= 5 and {"place", "creature", "environment"} <= kinds, (clicks, kinds)
    over = tab.locator("#game-over")
    expect(over).to_contain_text("Game over")
    expect(over).to_contain_text("creatures were born")  # the debrief, with this game's numbers
    expect(over).to_contain_text("Survival was best with")
    expect(over.locator("table.scores tbody tr")).to_have_count(3)
    expect(over.locator("svg.plot")).to_have_count(2)
    final = tab.evaluate("window.evogames.page.view")
    seats = tab.evaluate("window.evogames.page.seats")
    for line in final["debrief"]["lines"]:  # with the table's names for "Player N" (kit/web/names.js)
        expect(over).to_contain_text(tab.evaluate("async ([line, seats]) => (await import('/static/kit/names.js'))"
                                                  ".withNames(line, seats)", [line, seats]))
    # Nothing secret reached this page: every view was seat 0's, with its own tray and no one else's moves.
    assert views and all(v["seat"] == 0 for v in views)
    for v in views:
        assert v["legal"] == [] or v["to_act"] == [0]
        assert v["hand"]["active_player_token"] == (v["active"] == 0)
        assert v["hand"]["tokens"] == v["players"][0]["tokens"]
    expect(tab.locator(".dodo-tray")).to_have_count(0)  # the game is over: no tray, no choices
    expect(tab.locator("#board button.legal")).to_have_count(0)


def test_a_refused_migration_says_why(server: Server, tab: Page) -> None:
    grid = ["E05", "E03", "E12", "E16", "E13", "E11", "E17", "E07", "E06"]
    table = create_table(server.url, SEATS, game="dodo", options={"first_player": 0, "environments": grid})
    tab.goto(server.url + table["seats"][0]["join_url"])
    for _ in range(3):  # set-up: all three of mine in the top-left corner (Hydrothermal vent)
        expect(tab.locator(".prompt.your-turn [data-key^='act-pick-']").first).to_be_visible()
        tab.locator(".prompt.your-turn [data-key^='act-pick-']").first.click()
        tab.locator(".dodo-grid button.env[data-env='E05']").click()
    expect(tab.locator(".prompt.your-turn [data-key='act-pass']")).to_be_visible()
    expect(tab.locator(".prompt")).to_contain_text("Token Phase")
    tab.locator(".prompt [data-key='act-pass']").click()
    expect(tab.locator(".prompt.your-turn")).to_contain_text("Migration, round 1 of 3")
    # Bots may Relocate some of mine, but not all three: one is still in the corner.
    tab.locator(".dodo-grid .env[data-env='E05'] button.creature.legal").first.click()
    expect(tab.locator(".dodo-grid button.env.legal")).to_have_count(2)  # the corner's two neighbours
    # Salt marsh, in the far corner, is not next to the creature's environment: the table says why not.
    tab.locator(".dodo-grid button.env.not-legal[data-env='E06']").click()
    expect(tab.locator("#banner")).to_contain_text("Salt marsh cannot be chosen")
    expect(tab.locator("#banner")).to_contain_text("sharing an edge")
    tab.get_by_role("button", name="Close this message").click()
    tab.locator(".prompt [data-key='act-cancel']").click()
    expect(tab.locator(".prompt.your-turn")).to_contain_text("click one of your creatures")
