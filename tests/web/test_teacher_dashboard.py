"""The teacher's page on the projector: the seat codes can be hidden (remembered in this browser; the printed
sheet keeps them); a seat a bot plays says the bot's level; the teacher's page and the class debrief count a
table's rounds (or turns: the game's own word) alike."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.test_class_debrief import make_class, open_class, wait_finished
from tests.web.test_classroom import teacher_tab
from tests.web.wsclient import create_table, teacher


def finished(base: str, table_id: str, seconds: float = 60) -> dict[str, Any]:
    """A table's summary once its game is over."""
    deadline = time.time() + seconds
    while True:
        table: dict[str, Any] = httpx.get(f"{base}/api/tables/{table_id}", timeout=10).json()
        if table["over"]:
            return table
        assert time.time() < deadline, f"{table['name']} did not finish"
        time.sleep(0.3)


def test_the_seat_codes_hide_for_the_projector_and_stay_hidden(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    made = make_class(server.url, tables=2, players=3, people=2, name="Period 6")
    codes = [s["code"] for t in made for s in t["seats"] if s.get("code")]
    assert len(codes) == 4
    tab = teacher_tab(server, new_tab)
    rows = tab.locator("table.tables tbody tr")
    expect(rows).to_have_count(2)
    for code in codes:
        expect(tab.locator("#tables")).to_contain_text(code)
    hide = tab.get_by_label("Hide seat codes")
    expect(hide).not_to_be_checked()
    hide.check()
    expect(tab.locator("#tables .hidden-code")).to_have_count(4)
    text = tab.locator("#tables").inner_text()
    assert not any(code in text for code in codes), text
    assert not any(code in tab.content() for code in codes)  # not on the page at all, not just out of sight
    expect(tab.locator("table.tables thead")).to_contain_text("Seats (codes hidden)")
    tab.wait_for_timeout(3500)  # a refresh keeps them hidden
    expect(tab.locator("#tables .hidden-code")).to_have_count(4)
    tab.reload()  # remembered in this browser
    expect(tab.get_by_label("Hide seat codes")).to_be_checked()
    expect(tab.locator("#tables .hidden-code")).to_have_count(4)
    assert not any(code in tab.content() for code in codes)
    # the printable sheet keeps every code
    sheet = tab.context.new_page()
    sheet.goto(server.url + "/teacher/sheet")
    for code in codes:
        expect(sheet.locator("main")).to_contain_text(code)
    sheet.close()
    tab.get_by_label("Hide seat codes").uncheck()
    for code in codes:
        expect(tab.locator("#tables")).to_contain_text(code)
    tab.reload()
    expect(tab.get_by_label("Hide seat codes")).not_to_be_checked()
    expect(tab.locator("#tables .hidden-code")).to_have_count(0)


def test_a_seat_a_bot_plays_says_the_bots_level(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    made = httpx.post(server.url + "/api/classes", headers=teacher(server.url), timeout=10,
                      json={"game": "mating", "tables": 1, "players": 3, "people": 2, "bot": "medium"}).json()["tables"]
    answer = httpx.put(f"{server.url}/api/tables/{made[0]['table_id']}/seats/1", headers=teacher(server.url),
                       json={"kind": "bot", "bot": "hard"}, timeout=10)
    assert answer.status_code == 200 and answer.json()["seats"][1]["bot"] == "hard", answer.text
    tab = teacher_tab(server, new_tab)
    seats = tab.locator("table.tables tbody tr").first.locator(".seat-list > li")
    expect(seats.nth(1)).to_contain_text("a bot (hard) plays for now")
    expect(seats.nth(2)).to_contain_text("bot (medium)")  # the table's own bot
    expect(seats.nth(0)).not_to_contain_text("bot (")


def test_the_teachers_page_and_the_debrief_count_rounds_alike(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """Phylo counts turns (its view's counter; its result has both: 4 rounds of 2 players are 8 turns), The
    Mating Game rounds: each page says the game's own word and the same number."""
    made = make_class(server.url, game="mating", tables=1, players=2, name="Mating")
    make_class(server.url, game="phylo", tables=1, players=2, name="Phylo")
    phylo = wait_finished(server.url, "phylo", 1, seconds=180)["tables"][0]  # the newest class
    mating = finished(server.url, made[0]["table_id"])
    assert phylo["round_word"] == "turn" and mating["round_word"] == "round"
    turns, rounds = phylo["result"]["turns"], mating["result"]["rounds"]
    tab = teacher_tab(server, new_tab)
    tab.get_by_label("Show").select_option("all")
    expect(tab.locator("table.tables thead")).to_contain_text("Progress")
    for name, said in ((phylo["name"], f"Finished after {turns} turns"),
                       (mating["name"], f"Finished after {rounds} rounds")):
        row = tab.locator("table.tables tbody tr", has_text=name)
        expect(row.locator("td").nth(2)).to_have_text(said)
    debrief = open_class(new_tab, server, 1366, 768)  # the newest class: Phylo
    card = debrief.locator(".table-card", has=debrief.get_by_role("heading", name=phylo["name"]))
    expect(card.locator(".card-state")).to_have_text(f"Finished after {turns} turns")
    expect(debrief.locator(".fact", has_text="Turns a game").locator(".big")).to_have_text(str(turns))
    expect(debrief.locator("#rounds-title")).to_have_text("Turn by turn: the class's mean")
    expect(debrief.locator(".class-box")).to_contain_text(f"{turns} turns a game on average")


def test_evolution_counts_its_rulebook_s_turns_on_every_page(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """Evolution's rulebook plays in turns of four phases; its board and log said "Turn 3" while the teacher's
    page, the debrief, the lobby and the results said "Round 3" (its view counts them as ``round``)."""
    made = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="evolution")
    mating = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    listed = {t["table_id"]: t for t in httpx.get(server.url + "/api/tables", timeout=10).json()}
    assert listed[made["table_id"]]["round_word"] == "turn" and listed[mating["table_id"]]["round_word"] == "round"
    tab = new_tab(1366, 768)
    tab.goto(server.url + "/")
    row = tab.locator("#open-tables tr", has_text=made["name"])
    expect(row).to_contain_text("Evolution")
    expect(row.locator("td").nth(2)).to_have_text("Turn 1")
    expect(tab.locator("#open-tables tr", has_text=mating["name"]).locator("td").nth(2)).to_have_text("Round 1")
    rows = httpx.get(server.url + "/api/results.csv", headers=teacher(server.url), timeout=10).text
    assert any(made["table_id"] in line and line.endswith(",turn") for line in rows.splitlines())
    page = teacher_tab(server, new_tab)
    page.get_by_label("Show").select_option("all")
    expect(page.locator("table.tables tbody tr", has_text=made["name"])).to_contain_text("Turn 1")
