"""The toy game (tests/toygame, a plug-in) gets a server table with no change outside its folder."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import expect

from evogames.core.rng import Rng
from tests.web.conftest import Server
from tests.web.wsclient import Player, create_table, play_humans


def test_the_toy_game_is_in_the_lobby_catalog_with_its_help(server: Server) -> None:
    catalog = httpx.get(server.url + "/api/catalog").json()
    toy = next(entry for entry in catalog if entry["name"] == "toyrace")
    assert toy["title"] == "Race to Ten" and toy["score_label"] == "Wins"
    assert httpx.get(server.url + "/api/games/toyrace/help").json()["help"][0]["term"] == "Goal"


def test_a_toy_table_plays_to_the_end_with_a_person_and_a_bot(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="toyrace")
    person = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    try:
        assert person.view["game"] == "toyrace" and len(person.view["hand"]) == 1
        play_humans([person], Rng(5))
        assert person.view["over"] and person.view["result"]["reason"] == "target"
        listed = next(t for t in httpx.get(server.url + "/api/tables").json() if t["table_id"] == table["table_id"])
        assert listed["over"] and listed["score_label"] == "Wins" and sum(listed["scores"]) == 1
    finally:
        person.close()


def test_the_toy_table_page_falls_back_to_the_generic_board(server: Server) -> None:
    # no web/board.js in its folder: nothing is mounted for it, and table.js uses kit/web/generic.js
    assert httpx.get(server.url + "/static/games/toyrace/board.js").status_code == 404
    assert httpx.get(server.url + "/static/games/mating/board.js").status_code == 200


def test_the_page_asks_for_a_board_module_only_where_the_catalog_lists_one(
        server: Server, new_tab: Callable[[int, int], Any]) -> None:
    toy = next(g for g in httpx.get(server.url + "/api/catalog").json() if g["name"] == "toyrace")
    assert "web" not in toy["parts"]
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], game="toyrace")
    tab = new_tab(1366, 900)
    asked: list[str] = []
    tab.on("request", lambda request: asked.append(request.url))
    tab.goto(f"{server.url}/table/{table['table_id']}?token={table['seats'][0]['code']}")
    expect(tab.locator("#board .raw-view")).to_be_visible()  # the generic board
    assert not [url for url in asked if "/static/games/" in url], "no board.js asked for a game without one"
