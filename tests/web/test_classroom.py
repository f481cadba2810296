"""A class for real: the teacher sets up tables in one step, students join from their own devices (browser
contexts) by the printed address and by a QR code's link, type their names; a seat goes to a bot and back;
a second window takes a seat over; the teacher pauses and resumes every table."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
import time
from collections.abc import Callable
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from playwright.sync_api import Page, expect

from evogames.server.main import network_address
from tests.web.conftest import Server, free_port
from tests.web.wsclient import Player, create_table, teacher

pytestmark = pytest.mark.serial  # timing under load: `make test` runs it alone, after the parallel part


def teacher_tab(server: Server, new_tab: Callable[[int, int], Page], width: int = 1366, height: int = 900) -> Page:
    tab = new_tab(width, height)
    tab.goto(server.url + f"/teacher?key={server.teacher_key()}")
    expect(tab.get_by_role("heading", name="Teacher's page")).to_be_visible()
    return tab


def printed_address(server: Server) -> str:
    found = re.findall(r"evogames is running: (\S+)", server.log.read_text())
    assert found, "the server did not print its address"
    return str(found[-1])


def make_class(tab: Page, tables: int, players: int, people: int, bot: str | None = None) -> None:
    tab.get_by_label("Game").select_option("mating")
    if bot:
        tab.get_by_label("Computer players").select_option(bot)
    tab.get_by_label("Tables (groups)").fill(str(tables))
    tab.get_by_label("Players at each table").fill(str(players))
    tab.get_by_label("Students at each table").fill(str(people))
    tab.get_by_role("button", name="Create the class").click()
    expect(tab.locator("table.tables tbody tr")).to_have_count(tables)


def test_a_class_of_four_tables_in_one_step_and_students_join_from_their_devices(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    started = time.monotonic()
    tab = teacher_tab(server, new_tab)
    levels = tab.locator("#class-bot option")
    expect(levels).to_have_count(6)
    assert [levels.nth(i).get_attribute("value") for i in range(6)] == \
        ["random", "heuristic", "easy", "medium", "hard", "expert"]
    make_class(tab, tables=4, players=3, people=2, bot="hard")
    expect(tab.locator("#class-bot-help")).to_contain_text("Hard: thinks ahead")
    assert time.monotonic() - started < 30
    expect(tab.locator("#join-url")).to_have_text(printed_address(server) + "/join")
    classes = httpx.get(server.url + "/api/teacher/tables", headers=teacher(server.url)).json()
    assert [t["name"] for t in classes] == [f"Class 1 · Table {n}" for n in range(1, 5)]
    first = classes[0]
    assert [s.get("bot") for s in first["seats"]] == [None, None, "hard"]  # the third seat: a hard bot
    codes = [s["code"] for s in first["seats"] if s.get("code")]
    assert len(codes) == 2 and all(c in tab.locator("#tables").inner_text() for c in codes)

    # a student types the printed address and their code on their own device
    ana = new_tab(390, 844)
    ana.goto(printed_address(server) + "/join")
    ana.get_by_label("Seat code").fill(codes[0])
    ana.get_by_label("Your name").fill("Ana")
    ana.get_by_role("button", name="Join").click()
    expect(ana.locator("#who")).to_have_text("You are Ana (Player 1)")

    # another scans the QR code on the printed sheet: its link opens their seat
    sheet = new_tab(1366, 900)
    sheet.goto(server.url + f"/teacher?key={server.teacher_key()}")
    sheet.goto(server.url + "/teacher/sheet")
    qr = sheet.get_by_role("img", name=f"QR code for {first['name']}, seat 2")
    link = parse_qs(urlparse(qr.get_attribute("src") or "").query)["text"][0]
    assert link.startswith(printed_address(server)) and codes[1] in link
    assert httpx.get(server.url + qr.get_attribute("src")).headers["content-type"].startswith("image/svg")
    ben = new_tab(820, 1180)
    ben.goto(link)
    ben.get_by_role("button", name="Add your name").click()
    ben.get_by_label("Your name", exact=True).fill("Ben")
    ben.get_by_role("button", name="Save my name").click()
    expect(ben.locator("#who")).to_have_text("You are Ben (Player 2)")

    row = tab.locator("table.tables tbody tr").first
    expect(row).to_contain_text("Ana")
    expect(row).to_contain_text("Ben")
    expect(row.locator(".dot.on")).to_have_count(2)
    text = httpx.get(server.url + "/api/results.csv", headers=teacher(server.url)).text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["player"] for r in rows if r["table_id"] == first["table_id"]} >= {"Ana", "Ben"}


def test_a_seat_goes_to_a_bot_and_back_and_stays_with_the_bot_until_the_teacher_gives_it_back(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = teacher_tab(server, new_tab)
    make_class(tab, tables=1, players=2, people=2)
    table = httpx.get(server.url + "/api/teacher/tables", headers=teacher(server.url)).json()[0]
    tab.get_by_role("button", name="Let a bot play Player 2's seat").click()
    expect(tab.locator("table.tables")).to_contain_text("a bot (heuristic) plays for now")
    me = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    me.act({"type": "out_to_lunch"})
    me.wait(lambda p: p.state["version"] >= 2)  # the bot played seat 2's choice
    tab.get_by_role("button", name="Give Player 2's seat back to the student").click()
    expect(tab.get_by_role("button", name="Let a bot play Player 2's seat")).to_be_visible()

    # handed to a bot again, then the student reopens the link: the bot keeps the seat, the student watches
    tab.get_by_role("button", name="Let a bot play Player 2's seat").click()
    expect(tab.locator("table.tables")).to_contain_text("a bot (heuristic) plays for now")
    back = Player(server.ws, table["table_id"], table["seats"][1]["code"])
    assert back.state["seats"][1]["kind"] == "bot" and back.welcome["seat"] == 1
    expect(tab.locator("table.tables")).to_contain_text("a bot (heuristic) plays for now")
    tab.get_by_role("button", name="Give Player 2's seat back to the student").click()
    back.wait(lambda p: p.state["seats"][1]["kind"] == "human")
    expect(tab.get_by_role("button", name="Let a bot play Player 2's seat")).to_be_visible()
    me.close()
    back.close()


def test_the_newest_window_of_a_seat_plays_and_the_other_says_so(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    made = httpx.post(server.url + "/api/classes", headers=teacher(server.url),
                      json={"game": "mating", "tables": 1, "players": 2, "people": 1}).json()["tables"][0]
    link = server.url + made["seats"][0]["join_url"]
    old, new = new_tab(1366, 900), new_tab(1366, 900)
    old.goto(link)
    expect(old.locator("#who")).to_contain_text("Player 1")
    new.goto(link)
    expect(new.locator("#who")).to_contain_text("Player 1")
    expect(old.locator("#banner")).to_contain_text("opened in another window")
    expect(old.locator("#status")).to_have_text("Not connected")
    expect(new.locator("#status")).to_have_text("Connected")
    # the old window offers nothing to click that could not arrive (its cards and Hint stayed live, and a click
    # said "the page is reconnecting", which it was not)
    expect(new.locator(".prompt.your-turn")).to_be_visible()
    expect(old.locator("#hint")).to_be_disabled()
    live = "[...document.querySelectorAll('#board button')].filter((b) => !b.disabled).length"
    assert old.evaluate(live) == 0, old.locator("#board").inner_text()[:300]


def test_the_teacher_pauses_and_resumes_every_table(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = teacher_tab(server, new_tab)
    made = httpx.post(server.url + "/api/classes", headers=teacher(server.url),
                      json={"game": "mating", "tables": 2, "players": 2, "people": 1}).json()["tables"]
    student = new_tab(390, 844)
    student.goto(server.url + made[0]["seats"][0]["join_url"])
    tab.reload()
    tab.get_by_role("button", name="Pause every table").click()
    expect(student.locator("#class-state")).to_contain_text("Paused by the teacher")
    me = Player(server.ws, made[1]["table_id"], made[1]["seats"][0]["code"])
    assert me.error({"type": "action", "version": 0, "action": {"type": "out_to_lunch"}})["code"] == "table/paused"
    tab.get_by_role("button", name="Resume every table").click()
    expect(student.locator("#class-state")).to_be_hidden()
    me.act({"type": "out_to_lunch"})
    me.wait(lambda p: p.state["version"] >= 1)
    me.close()


def test_the_teachers_buttons_wait_until_the_page_knows_the_tables(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """A click on Pause (or Create) before the page had its handlers and the class's state did nothing: CI once
    clicked Pause right after a reload and no table paused. The buttons are disabled until then."""
    tab = new_tab(1366, 900)
    held: list[object] = []
    tab.route("**/api/teacher/tables", lambda route: held.append(route))
    tab.goto(server.url + f"/teacher?key={server.teacher_key()}")
    for _ in range(100):
        if held:
            break
        tab.wait_for_timeout(50)
    assert held, "the page never asked for the tables"
    for name in ("Pause every table", "Put away finished tables", "Create the class"):
        expect(tab.get_by_role("button", name=name)).to_be_disabled()
    held[0].continue_()  # type: ignore[attr-defined]
    tab.unroute("**/api/teacher/tables")
    expect(tab.get_by_role("button", name="Pause every table")).to_be_enabled()
    tab.get_by_role("button", name="Pause every table").click()
    expect(tab.get_by_role("button", name="Resume every table")).to_be_visible()
    tab.get_by_role("button", name="Resume every table").click()
    expect(tab.get_by_role("button", name="Pause every table")).to_be_visible()


def test_the_lobbys_start_button_waits_for_the_games(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """Before the lobby knows the games, "Start a game" would submit an empty form to the page itself."""
    tab = new_tab(390, 844)
    held: list[object] = []
    tab.route("**/api/catalog", lambda route: held.append(route))
    tab.goto(server.url + "/")
    for _ in range(100):
        if held:
            break
        tab.wait_for_timeout(50)
    assert held, "the lobby never asked for the games"
    expect(tab.get_by_role("button", name="Start a game")).to_be_disabled()
    expect(tab.get_by_role("button", name="Create this table")).to_be_disabled()
    held[0].continue_()  # type: ignore[attr-defined]
    tab.unroute("**/api/catalog")
    tab.get_by_role("button", name="Start a game").click()
    expect(tab.locator("#who")).to_have_text("You are Player 1")  # one person: straight to the seat


def test_the_teacher_ends_a_table_and_puts_finished_ones_away_after_asking(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = teacher_tab(server, new_tab)
    make_class(tab, tables=2, players=2, people=2)
    answers, asked = [True, False, True], []  # End: yes (it asks too); Put away: no, then yes
    tab.on("dialog", lambda dialog: (asked.append(dialog.message),
                                     dialog.accept() if answers.pop(0) else dialog.dismiss()))
    tab.get_by_role("button", name="End Class 1 · Table 1 where it stands").click()
    expect(tab.locator("table.tables")).to_contain_text("Ended by you")
    asked.clear()
    tab.get_by_role("button", name="Put away finished tables").click()
    for _ in range(200):
        if asked:
            break
        tab.wait_for_timeout(50)
    assert "Put away 1 finished table?" in asked[0] and "debrief" in asked[0]
    tab.reload()
    expect(tab.locator("table.tables tbody tr")).to_have_count(2)  # the teacher said no: nothing changed
    tab.get_by_role("button", name="Put away finished tables").click()
    expect(tab.locator("table.tables tbody tr")).to_have_count(1)
    listed = httpx.get(server.url + "/api/tables", headers=teacher(server.url)).json()
    assert [t["name"] for t in listed] == ["Class 1 · Table 2"]
    kept = httpx.get(server.url + "/api/class/debrief", headers=teacher(server.url)).json()["tables"]
    assert sorted((t["name"], t["ended"], t["archived"]) for t in kept) == [
        ("Class 1 · Table 1", True, True), ("Class 1 · Table 2", False, False)]


def test_teacher_pages_need_the_key(server: Server) -> None:
    for path in ("/teacher", "/teacher/sheet", "/class"):
        response = httpx.get(server.url + path)
        assert response.status_code == 401 and "teacher" in response.text.lower(), path
    assert httpx.post(server.url + "/api/classes", json={"tables": 2}).status_code == 401
    assert httpx.post(server.url + "/api/class/pause", json={"paused": True}).status_code == 401


def test_serving_the_room_prints_the_network_address_a_qr_code_and_the_teachers_link(tmp_path: object) -> None:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "evogames.server.main", "--host", "0.0.0.0", "--port", str(port),
                             "--db", f"sqlite:///{tmp_path}/room.db"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    try:
        lines = []
        assert proc.stdout is not None
        while not any("Teacher's page" in line for line in lines):
            lines.append(proc.stdout.readline())
        text = "".join(lines)
    finally:
        proc.terminate()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()
    address = re.search(r"Students open (http://([\d.]+):(\d+))/join", text)
    lan = network_address()  # None only on a machine with no network at all
    assert address and address.group(2) == (lan or "127.0.0.1") and address.group(3) == str(port), text
    assert "▀" in text or "█" in text  # the QR code, drawn in the terminal
    assert f"{address.group(1)}/teacher?key=" in text


def test_the_lobby_hands_out_the_address_other_devices_use(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """Opened as localhost, the lobby still gives links with the server's own address (the one it printed)."""
    tab = new_tab(1366, 900)
    tab.goto(server.url.replace("127.0.0.1", "localhost") + "/")
    tab.get_by_label("Seat 2: who plays").select_option("human")
    tab.get_by_role("button", name="Create this table").click()
    link = tab.get_by_role("textbox", name="Seat 2 link").input_value()
    assert link.startswith(printed_address(server) + "/table/"), link


def test_putting_away_tables_outside_a_class_warns_their_results_leave_the_csv(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """A finished lobby table put away leaves the results CSV (only a class's put-away tables stay in its debrief
    and CSV): the dialog said "the results stay", and a pass-and-play group's results were lost."""
    made = create_table(server.url, [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}], game="dodo")
    for _ in range(400):
        listed = httpx.get(server.url + "/api/tables", headers=teacher(server.url)).json()
        if any(t["table_id"] == made["table_id"] and t["over"] for t in listed):
            break
        time.sleep(0.05)
    tab = new_tab(1366, 768)
    tab.goto(server.url + f"/teacher?key={server.teacher_key()}&class=other")
    expect(tab.locator("table.tables")).to_contain_text("Over")
    asked: list[str] = []
    tab.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    tab.get_by_role("button", name="Put away finished tables").click()
    for _ in range(200):
        if asked:
            break
        tab.wait_for_timeout(50)
    assert asked and "leave the results (CSV) too" in asked[0] and "stay" not in asked[0], asked
