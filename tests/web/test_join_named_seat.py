"""A name typed at join for a seat that already has another is never dropped without a word (newcomer
walkthrough, item 2): the join page says the seat's name ("This seat is already named Sam") and offers to open it
as it is or to change the name, within the rename rules (a name that passes for nobody else, at most one change
every few seconds)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from evogames.core.errors import IllegalAction
from evogames.server.lobby import RENAME_EVERY, Lobby
from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, overflow, shoot
from tests.web.wsclient import create_table, run_async

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def with_sam(tmp_path: Path, then: Callable[[Lobby, Any, str], Any]) -> Any:
    lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 0.0)
    try:
        made = await lobby.create({"game": "mating", "seats": HUMANS})
        table = lobby.get(made["table_id"])
        await lobby.name_seat(table, 0, "Sam")
        await lobby.name_seat(table, 1, "Ben")
        table.renamed_at.clear()  # named long ago
        return await then(lobby, table, made["seats"][0]["code"])
    finally:
        await lobby.close()


def test_a_name_typed_for_a_named_seat_is_answered_not_dropped(tmp_path: Path) -> None:
    async def then(lobby: Lobby, table: Any, code: str) -> list[dict[str, Any]]:
        return [await lobby.join_seat(code, "Alex"), await lobby.join_seat(f" {code[:5]}-{code[5:]} ", "sam"),
                await lobby.join_seat(code, None)]

    alex, same, none = run_async(with_sam(tmp_path, then))
    assert alex["name"] == "Sam" and alex["typed"] == "Alex" and alex["url"].endswith(f"?token={alex['url'][-10:]}")
    assert "already named Sam" in alex["named"] and "change the seat's name to Alex" in alex["named"]
    assert "named" not in same, "the seat's own name (any case) is no news"
    assert "named" not in none and none["name"] == "Sam"


def test_the_student_may_rename_the_seat_within_the_rename_rules(tmp_path: Path) -> None:
    async def then(lobby: Lobby, table: Any, code: str) -> tuple[dict[str, Any], str | None, list[IllegalAction]]:
        refused = []
        for name in ("Ben", "Teacher"):  # a classmate's name, one that passes for the teacher
            with pytest.raises(IllegalAction) as err:
                await lobby.join_seat(code, name, rename=True)
            refused.append(err.value)
        renamed = await lobby.join_seat(code, "Alex", rename=True)
        with pytest.raises(IllegalAction) as again:  # at most one change every few seconds
            await lobby.join_seat(code, "Alexa", rename=True)
        return renamed, table.seats[0].name, [*refused, again.value]

    renamed, name, refused = run_async(with_sam(tmp_path, then))
    assert renamed["name"] == name == "Alex" and "named" not in renamed
    assert [r.code for r in refused] == ["seat/name_taken", "seat/name_reserved", "seat/name"]


def test_an_unknown_code_is_refused_plainly(tmp_path: Path) -> None:
    async def then(lobby: Lobby, table: Any, code: str) -> IllegalAction:
        with pytest.raises(IllegalAction) as err:
            await lobby.join_seat("ZZZZZZZZZZ", "Alex")
        return err.value

    refused = run_async(with_sam(tmp_path, then))
    assert refused.code == "seat/bad_token" and "No seat has that code" in refused.reason


def test_the_join_page_says_the_seat_is_named_and_offers_both_ways(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    table = create_table(server.url, HUMANS)
    code = table["seats"][0]["code"]
    assert httpx.post(server.url + "/api/join", json={"code": code}).json()["name"] is None
    tab = new_tab(*VIEWPORTS["phone"])
    tab.goto(server.url + "/join")
    tab.get_by_label("Seat code").fill(code)
    tab.get_by_label("Your name").fill("Sam")
    tab.get_by_role("button", name="Join").click()
    expect(tab.locator("#who")).to_have_text("You are Sam (Player 1)")  # a seat with no name takes it, as before
    named = time.monotonic()

    again = new_tab(*VIEWPORTS["phone"])
    again.goto(server.url + "/join")
    again.get_by_label("Seat code").fill(code)
    again.get_by_label("Your name").fill("Alex")
    again.get_by_role("button", name="Join").click()
    expect(again.locator("#join-named")).to_contain_text("This seat is already named Sam")
    assert overflow(again) == 0
    shoot(again, "join-seat-already-named-phone")
    time.sleep(max(0.0, RENAME_EVERY + 0.2 - (time.monotonic() - named)))  # the rename rule: one change in 3 s
    again.get_by_role("button", name="Change the name to Alex").click()
    expect(again.locator("#who")).to_have_text("You are Alex (Player 1)")
    seats = httpx.get(server.url + f"/api/tables/{table['table_id']}").json()["seats"]
    assert seats[0]["name"] == "Alex"
