"""The class (a period) as its own unit: made in one transaction, safe to retry, with its own tables, names,
debrief and CSV; tables from the lobby stay apart; a class's results outlive putting its tables away."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.server.classroom import chosen_tables, class_debrief
from evogames.server.lobby import Lobby
from evogames.server.storage import Storage, StorageError, StoredClass, StoredTable
from tests.web.conftest import Server
from tests.web.postgres import new_database, postgres_server
from tests.web.wsclient import create_table, run_async, teacher


def make_class(base: str, name: str | None = None, request: str | None = None, timeout: float = 30,
               **body: Any) -> httpx.Response:
    body = {"game": "mating", "tables": 2, "players": 3, "people": 0, **body}
    if name:
        body["name"] = name
    if request:
        body["request"] = request
    return httpx.post(base + "/api/classes", json=body, headers=teacher(base), timeout=timeout)


def debrief(base: str, group: str) -> dict[str, Any]:
    response = httpx.get(base + "/api/class/debrief", params={"class": group}, headers=teacher(base), timeout=30)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def results(base: str, group: str) -> list[dict[str, str]]:
    response = httpx.get(base + "/api/results.csv", params={"class": group}, headers=teacher(base), timeout=30)
    assert response.status_code == 200, response.text
    return list(csv.DictReader(io.StringIO(response.text)))


def live(base: str) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = httpx.get(base + "/api/teacher/tables", headers=teacher(base), timeout=30).json()
    return tables


def finished(base: str, group: str, count: int, seconds: float = 120) -> dict[str, Any]:
    deadline = time.time() + seconds
    while True:
        data = debrief(base, group)
        if sum(bool(t["over"]) for t in data["tables"]) >= count:
            return data
        assert time.time() < deadline, [(t["name"], t["round"]) for t in data["tables"]]
        time.sleep(0.3)


# -- one transaction, a safe retry ----------------------------------------------------------------------------

def stored_tables(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [row[0] for row in conn.execute("SELECT name FROM tables ORDER BY name")]


def test_a_class_is_stored_all_or_nothing_and_a_retry_makes_it_once(tmp_path: Path) -> None:
    """The database refuses the fourth table (a real SQLite trigger, as a full disk would): no table of the
    class stays, in the database or in memory; the teacher's retry with the same request makes it once."""
    db = tmp_path / "class.db"
    Storage(f"sqlite:///{db}").close()
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TRIGGER full BEFORE INSERT ON tables WHEN (SELECT count(*) FROM tables) >= 3 "
                     "BEGIN SELECT RAISE(ABORT, 'the disk is full'); END")

    async def scenario() -> None:
        lobby = Lobby(f"sqlite:///{db}", bot_delay=0.05)
        body = {"game": "mating", "tables": 8, "players": 3, "people": 2, "name": "Period 2", "request": "r-12345678"}
        with pytest.raises(IllegalAction) as refused:
            await lobby.create_class(dict(body))
        assert refused.value.code == ErrorCode.STORAGE_UNAVAILABLE
        assert lobby.tables == {} and lobby.classes == {}
        assert stored_tables(db) == []
        with sqlite3.connect(db) as conn:
            conn.execute("DROP TRIGGER full")
        group, tables, new = await lobby.create_class(dict(body))
        again, same, new_again = await lobby.create_class(dict(body))
        assert new and not new_again and again == group
        assert [t["table_id"] for t in same] == [t["table_id"] for t in tables]
        assert stored_tables(db) == sorted(f"Period 2 · Table {n}" for n in range(1, 9))
        assert len(lobby.tables) == 8
        await lobby.close()

    run_async(scenario())


def test_a_class_killed_while_being_made_is_all_or_nothing_and_the_retry_is_safe(server: Server) -> None:
    """kill -9 while 40 tables are being made: after the restart the class is whole or absent; the page's
    retry (the same request id) leaves exactly one class of 40 tables, every name once."""
    for attempt, delay in enumerate((0.03, 0.06, 0.12)):
        request = f"kill-test-{attempt:04d}"
        thread = threading.Thread(target=_quietly, args=(server.url, f"Period {attempt}", request))
        thread.start()
        time.sleep(delay)
        server.kill()
        thread.join()
        server.start()
        counts = {len([t for t in live(server.url) if t["name"].startswith(f"Period {attempt} ")])}
        assert counts <= {0, 40}, (delay, counts)
        for _ in range(2):  # the teacher presses again, and again
            assert make_class(server.url, f"Period {attempt}", request, tables=40, people=2).status_code in (200, 201)
        names = [t["name"] for t in live(server.url) if t["name"].startswith(f"Period {attempt} ")]
        assert sorted(names) == sorted(f"Period {attempt} · Table {n}" for n in range(1, 41))
    listed = httpx.get(server.url + "/api/classes", headers=teacher(server.url), timeout=10).json()["classes"]
    assert sorted(c["name"] for c in listed) == ["Period 0", "Period 1", "Period 2"]


def _quietly(base: str, name: str, request: str) -> None:
    with contextlib.suppress(httpx.HTTPError):  # the server was killed under it: the page sees a failed request
        make_class(base, name, request, tables=40, people=2)


def test_bad_class_requests_change_nothing(server: Server) -> None:
    assert make_class(server.url, "Period 1", tables=1).status_code == 201
    taken = make_class(server.url, "Period 1", tables=1)
    assert taken.status_code == 400 and taken.json()["error"]["code"] == ErrorCode.CLASS_INVALID
    assert "a class plays one game" in taken.json()["error"]["reason"]  # why a second game needs its own class
    for bad in ("short", "x" * 65, "white space!", 12345678):
        refused = httpx.post(server.url + "/api/classes", headers=teacher(server.url), timeout=10,
                             json={"game": "mating", "tables": 1, "players": 2, "request": bad})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == ErrorCode.CLASS_INVALID, bad
    unknown = httpx.get(server.url + "/api/class/debrief", params={"class": "c_nope"}, headers=teacher(server.url))
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == ErrorCode.CLASS_UNKNOWN
    assert [t["name"] for t in live(server.url)] == ["Period 1 · Table 1"]


# -- two periods in one morning -----------------------------------------------------------------------------------

def test_two_periods_in_one_morning_each_debrief_and_csv_only_its_own(server: Server) -> None:
    """Two classes made through the API, played by bots to the end (``--bot-delay 0``), plus a solo game and a
    pass-and-play group in the lobby: each class's debrief and CSV hold its own tables and nothing else."""
    first = make_class(server.url, "Period 1", tables=3, players=3).json()
    solo = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    group = create_table(server.url, [{"kind": "human"}] * 4, name="Pass and play")
    second = make_class(server.url, "Period 2", tables=2, players=4).json()
    assert first["class"]["name"] == "Period 1" and first["class"]["tables"] == 3
    mine = {c["class"]["id"]: {t["table_id"] for t in c["tables"]} for c in (first, second)}
    names = [t["name"] for t in live(server.url)]
    assert len(names) == len(set(names)) == 7
    assert "Period 2 · Table 1" in names and "Period 1 · Table 1" in names
    for made, players in ((first, 9), (second, 8)):
        class_id = made["class"]["id"]
        data = finished(server.url, class_id, len(mine[class_id]))
        assert data["class"]["name"] == made["class"]["name"]
        assert {t["table_id"] for t in data["tables"]} == mine[class_id]
        assert sum(len(t["seats"]) for t in data["tables"]) == players
        assert all(t["over"] and t["stats"] for t in data["tables"])
        rows = results(server.url, class_id)
        assert {r["table_id"] for r in rows} == mine[class_id] and len(rows) == players
        assert {r["class"] for r in rows} == {made["class"]["name"]}
        assert {r["over"] for r in rows} == {"1"}
    other = debrief(server.url, "other")
    assert other["class"] is None and {t["table_id"] for t in other["tables"]} == {solo["table_id"], group["table_id"]}
    assert {r["table_id"] for r in results(server.url, "other")} == {solo["table_id"], group["table_id"]}
    newest = httpx.get(server.url + "/api/class/debrief", headers=teacher(server.url), timeout=10).json()
    assert newest["class"]["name"] == "Period 2"  # without a choice: the newest class
    assert [c["name"] for c in newest["classes"]] == ["Period 2", "Period 1"] and newest["other"] == 2


def test_a_class_tables_put_away_still_count_in_its_debrief_and_csv(server: Server) -> None:
    made = make_class(server.url, "Period 3", tables=2, players=3).json()
    class_id = made["class"]["id"]
    before = finished(server.url, class_id, 2)
    gone = made["tables"][0]["table_id"]
    answer = httpx.post(f"{server.url}/api/tables/{gone}/archive", headers=teacher(server.url), timeout=10)
    assert answer.status_code == 200
    assert gone not in {t["table_id"] for t in live(server.url)}
    for restarted in (False, True):
        if restarted:
            server.stop()
            server.start()
        data = debrief(server.url, class_id)
        assert {t["table_id"] for t in data["tables"]} == {t["table_id"] for t in before["tables"]}, restarted
        kept = next(t for t in data["tables"] if t["table_id"] == gone)
        was = next(t for t in before["tables"] if t["table_id"] == gone)
        assert kept["archived"] and kept["result"] == was["result"] and kept["stats"] == was["stats"]
        assert len(results(server.url, class_id)) == 6
    assert httpx.post(f"{server.url}/api/tables/{gone}/archive", headers=teacher(server.url)).status_code == 400


def test_the_janitor_putting_a_class_tables_away_keeps_their_results(tmp_path: Path) -> None:
    """A day after the game, the janitor archives a class's finished tables: its debrief still has them all."""

    async def scenario() -> None:
        lobby = Lobby(f"sqlite:///{tmp_path / 'janitor.db'}", bot_delay=0.0)
        group, _tables, _new = await lobby.create_class({"game": "mating", "tables": 2, "players": 3, "people": 0})
        deadline = time.monotonic() + 120
        while not all(t.match.over for t in lobby.tables.values()):
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        before = class_debrief(lobby, group, await chosen_tables(lobby, group), None)
        for table in lobby.tables.values():
            table.touched -= 2 * 24 * 3600
        assert await lobby.sweep() == 2 and lobby.tables == {}
        after = class_debrief(lobby, group, await chosen_tables(lobby, group), None)
        assert [(t["table_id"], t["result"], t["stats"]) for t in after["tables"]] == [
            (t["table_id"], t["result"], t["stats"]) for t in before["tables"]]
        await lobby.close()

    run_async(scenario())


def test_table_names_are_unique_among_live_tables(server: Server) -> None:
    names = [create_table(server.url, [{"kind": "human"}] * 2, **body)["name"]
             for body in ({}, {}, {"name": "Period 1 · Table 1"}, {"name": "Blue"}, {"name": "Blue"})]
    made = make_class(server.url, "Period 1", tables=2).json()["tables"]
    assert names == ["Table 1", "Table 2", "Period 1 · Table 1", "Blue", "Blue (2)"]
    assert [t["name"] for t in made] == ["Period 1 · Table 1 (2)", "Period 1 · Table 2"]
    second = make_class(server.url, tables=1).json()
    assert second["class"]["name"] == "Class 1" and second["tables"][0]["name"] == "Class 1 · Table 1"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'classes.db'}"
        return
    with postgres_server() as url:
        yield new_database(url, "classes_test")


def test_a_class_and_its_tables_in_one_transaction_on_either_database(db_url: str) -> None:
    store = Storage(db_url)
    rows = [StoredTable(f"t_{n}", f"Period 2 · Table {n}", "mating", 2, n, {}, [{"kind": "human", "code": "ABC"}],
                        float(n), [], class_id="c_1") for n in (1, 2)]
    store.create_class(StoredClass("c_1", "Period 2", "mating", 1.0, "request-1"), rows)
    with pytest.raises(StorageError):  # the same request (or name) again: refused whole, not one table of it
        store.create_class(StoredClass("c_2", "Period 3", "mating", 2.0, "request-1"),
                           [StoredTable("t_3", "x", "mating", 2, 3, {}, [], 3.0, [], class_id="c_2")])
    store.archive("t_2")
    store.close()
    again = Storage(db_url)
    try:
        assert again.load_classes() == [StoredClass("c_1", "Period 2", "mating", 1.0, "request-1")]
        assert [(t.id, t.class_id) for t in again.load_all()] == [("t_1", "c_1")]
        assert [t.id for t in again.load_archived("c_1", [])] == ["t_2"]
        assert again.load_archived("c_1", ["t_2"]) == []
    finally:
        again.close()


def test_a_database_from_before_classes_opens_with_its_tables_outside_any_class(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, name VARCHAR(200) NOT NULL, game VARCHAR(32) "
                     "NOT NULL, players INTEGER NOT NULL, seed VARCHAR(80) NOT NULL, options JSON NOT NULL, seats JSON "
                     "NOT NULL, created FLOAT NOT NULL, archived BOOLEAN NOT NULL DEFAULT FALSE, ended BOOLEAN NOT "
                     "NULL DEFAULT FALSE)")
        seats = '[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]'
        conn.execute("INSERT INTO tables VALUES ('t_old', 'Table 1', 'mating', 2, '0x7', '{}', ?, 1.0, 0, 0)", (seats,))
    storage = Storage(f"sqlite:///{db}")
    try:
        [row] = storage.load_all()
        assert row.id == "t_old" and row.class_id is None
        assert storage.load_classes() == []
    finally:
        storage.close()


# -- the teacher's page --------------------------------------------------------------------------------------------

def test_the_teacher_picks_which_class_to_look_at(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    first = make_class(server.url, "Period 1", tables=2, players=3, people=1).json()
    create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "random"}])  # a solo game in the lobby
    tab = new_tab(1366, 900)
    tab.goto(f"{server.url}/teacher?key={server.teacher_key()}")
    rows = tab.locator("table.tables tbody tr")
    expect(rows).to_have_count(2)  # the newest class
    # the teacher sets up a second period on the page: it is named, made once, and shown
    tab.get_by_label("Class name").fill("Period 2")
    tab.get_by_label("Game").select_option("mating")
    tab.get_by_label("Tables (groups)").fill("3")
    tab.get_by_label("Players at each table").fill("2")
    tab.get_by_label("Students at each table").fill("1")
    tab.get_by_role("button", name="Create the class").click()
    expect(tab.get_by_role("heading", name="Period 2: its tables")).to_be_visible()
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text("Period 2 · Table 1")
    second = next(c for c in httpx.get(server.url + "/api/classes", headers=teacher(server.url)).json()["classes"]
                  if c["name"] == "Period 2")
    expect(tab.locator("#debrief-link")).to_have_attribute("href", f"/class?class={second['id']}")
    expect(tab.locator("#csv-link")).to_have_attribute("href", f"/api/results.csv?class={second['id']}")
    # back to the first period: only its tables, its codes, its links
    tab.get_by_label("Show").select_option(label="Period 1 (The Mating Game, 2 tables)")
    expect(tab.get_by_role("heading", name="Period 1: its tables")).to_be_visible()
    expect(rows).to_have_count(2)
    for table in first["tables"]:
        expect(tab.locator("#tables")).to_contain_text(table["seats"][0]["code"])
    expect(tab.locator("#sheet-link")).to_have_attribute("href", f"/teacher/sheet?class={first['class']['id']}")
    tab.reload()  # the choice stays
    expect(rows).to_have_count(2)
    tab.get_by_label("Show").select_option("other")
    expect(rows).to_have_count(1)
    expect(tab.get_by_role("heading", name="Other tables")).to_be_visible()
    # the printed sheet of the first period has its codes and no other class's
    sheet = new_tab(1366, 900)
    sheet.goto(f"{server.url}/teacher?key={server.teacher_key()}")
    sheet.goto(f"{server.url}/teacher/sheet?class={first['class']['id']}")
    expect(sheet.locator("h1")).to_have_text("Seat codes: Period 1")
    expect(sheet.locator(".sheet-table")).to_have_count(2)
    expect(sheet.locator("#sheet")).not_to_contain_text("Period 2")


def test_the_open_lobby_lists_neither_a_class_tables_nor_an_ended_one(server: Server) -> None:
    """A class's tables (its students' typed names) stay in the class: the open listing anyone reads shows the
    lobby's own tables still playing; the teacher's key lists them all."""
    made = make_class(server.url, "Period 2", tables=1, players=2).json()
    in_class = made["tables"][0]["table_id"]
    lobby_table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])["table_id"]
    ended = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])["table_id"]
    assert httpx.post(f"{server.url}/api/tables/{ended}/end", headers=teacher(server.url), timeout=10).is_success
    answer = httpx.get(server.url + "/api/tables", timeout=10)
    assert [t["table_id"] for t in answer.json()] == [lobby_table]
    assert answer.headers["X-Total-Count"] == "1"
    assert "Period 2" not in answer.text and made["class"]["id"] not in answer.text
    everything = httpx.get(server.url + "/api/tables", headers=teacher(server.url), timeout=10)
    assert {t["table_id"] for t in everything.json()} == {in_class, lobby_table, ended}
    assert everything.headers["X-Total-Count"] == "3"
