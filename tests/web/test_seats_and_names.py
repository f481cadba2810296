"""Who may script a table, what a student may call themselves, and a seat the teacher gave to a bot.

- Options that fix hidden order or choose hidden cards are the teacher's: a table made without the
  key that sets one is refused (``table/option_needs_teacher``) and nothing is stored.
- A name that impersonates the teacher, a bot or another seat, or a classmate's name at the same
  table, is refused (``seat/name_reserved``, ``seat/name_taken``); so are letters buried in marks.
- A seat the teacher gave to a bot stays with the bot when its student comes back; the student
  watches their own seat, and is told (a ``seat`` message) when it goes and when it comes back.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

import evogames
from evogames.core.errors import IllegalAction
from evogames.server.lobby import Lobby
from evogames.server.names import check_person_name
from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, axe_violations, overflow, shoot
from tests.web.wsclient import Player, create_table, run_async, teacher

HUMANS = [{"kind": "human"}, {"kind": "human"}]

# every teacher-only option of every game, with a value that scripts a table (and what it needs besides)
SCRIPTED: dict[tuple[str, str], tuple[Any, dict[str, Any]]] = {
    ("evolution", "deck_order"): (["SWM01", "POC01", "SWM02"], {}),
    ("evolution", "dice"): (["6", "1"], {}),
    ("mating", "strategy_order"): (["C01", "C02"], {}),
    ("mating", "environment_cards"): (["E01"] * 6, {"environment": "custom"}),
    ("mating", "environment_order"): ("fixed", {"environment": "custom", "environment_cards": ["E01", "E02"]}),
    ("phylo", "deck_p1"): (["@polar_seas"], {}),
    ("phylo", "deck_p2"): (["@polar_seas"], {}),
    ("phylo", "deck_p3"): (["@polar_seas"], {}),
    ("phylo", "deck_p4"): (["@polar_seas"], {}),
    ("phylo", "deal"): ("fixed", {}),
    ("dodo", "environments"): (["E01", "E02", "E03", "E04", "E05", "E06"], {}),
    ("adapt", "creature_order"): (["C16", "C03"], {}),
    ("adapt", "habitat_order"): (["H05", "H01"], {}),
    ("adapt", "randomizer_order"): (["R03"], {}),
}


def teacher_only_options() -> set[tuple[str, str]]:
    return {(entry["name"], name) for entry in evogames.catalog()
            for name, spec in entry["options"].items() if spec.get("teacher_only")}


def test_every_option_that_scripts_hidden_order_is_declared_teacher_only() -> None:
    assert teacher_only_options() == set(SCRIPTED)


@pytest.mark.parametrize(("game", "option"), sorted(SCRIPTED))
def test_a_teacher_only_option_is_refused_without_the_key_and_accepted_with_it(
        tmp_path: Path, game: str, option: str) -> None:
    value, besides = SCRIPTED[(game, option)]
    seats = [{"kind": "human"}] * (4 if option in ("deck_p3", "deck_p4") else 2)
    body = {"game": game, "seats": seats, "options": {**besides, option: value}}

    async def both() -> tuple[IllegalAction, dict[str, Any], int]:
        lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 0.0)
        try:
            with pytest.raises(IllegalAction) as refused:
                await lobby.create(body)
            stored_after_refusal = len(lobby.storage.load_all())
            made = await lobby.create(body, teacher=True)
            return refused.value, made, stored_after_refusal
        finally:
            await lobby.close()

    refused, made, stored = run_async(both())
    assert refused.code == "table/option_needs_teacher" and option in refused.reason
    assert stored == 0, "a refused table must not be stored"
    assert made["game"] == game


def test_the_defaults_of_teacher_only_options_are_anyone_s(tmp_path: Path) -> None:
    async def create() -> dict[str, Any]:
        lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 0.0)
        try:
            return await lobby.create({"game": "mating", "seats": HUMANS, "options": {
                "strategy_order": [], "environment_order": "shuffled", "predation": False, "sudden_death": True}})
        finally:
            await lobby.close()

    assert run_async(create())["game"] == "mating"


def test_a_student_cannot_script_a_custom_deck_over_http(server: Server) -> None:
    catalog = {g["name"]: g for g in httpx.get(server.url + "/api/catalog").json()}
    assert catalog["mating"]["options"]["environment_cards"]["teacher_only"] is True
    assert catalog["mating"]["options"]["predation"]["teacher_only"] is False
    body = {"game": "mating", "seats": HUMANS, "options": {"environment": "custom", "environment_cards": ["E01"] * 8}}
    refused = httpx.post(server.url + "/api/tables", json=body)
    assert refused.status_code == 400, refused.text
    assert refused.json()["error"]["code"] == "table/option_needs_teacher"
    assert "teacher" in refused.json()["error"]["reason"]
    scripted = {"game": "evolution", "seats": HUMANS, "options": {"deck_order": ["SWM01"] * 1, "dice": ["6"]}}
    assert httpx.post(server.url + "/api/tables", json=scripted).json()["error"]["code"] == \
        "table/option_needs_teacher"
    assert httpx.get(server.url + "/api/tables").json() == []
    assert httpx.post(server.url + "/api/tables", json=body, headers=teacher(server.url)).status_code == 201
    made = httpx.post(server.url + "/api/classes", headers=teacher(server.url), json={
        "game": "mating", "tables": 2, "players": 2, "people": 2, "options": body["options"]})
    assert made.status_code == 201, made.text  # the class set-up is the teacher's: scripted decks are fine there


# -- names ------------------------------------------------------------------------------------------------

IMPERSONATIONS = ["Teacher", "TEACHER", "Tea\u200bcher", "T3acher", "Ms. Teacher", "the teacher",
                  "\U0001d413\U0001d41e\U0001d41a\U0001d41c\U0001d421\U0001d41e\U0001d42b",  # mathematical bold
                  "\uff34\uff45\uff41\uff43\uff48\uff45\uff52",  # fullwidth
                  "\u0422\u0435\u0430\u0441\u04bb\u0435r",  # Cyrillic look-alikes
                  "Te\u0301a\u0300cher", "T e a c h e r", "Player 2", "player2", "Player Two", "P1ayer 1", "P3",
                  "Seat 4", "You", "you", "Bot", "Ana (bot)", "Heuristic", "random", "Heuristic bot", "Spectator"]
REAL_NAMES = ["Ana", "Ben", "Botond", "Abbott", "Robert", "Ai", "L\u00ea Th\u1ecb \u1ec6", "Zo\u00eb", "Pablo",
              "Ay\u015fe", "\u674e\u534e", "\u092e\u0948\u0902 \u0915\u093c\u0947\u0902", "Playa", "Paula", "Mr Bean",
              "Ana 2", "Jo", "Randall", "O'Neil"]


@pytest.mark.parametrize("name", IMPERSONATIONS)
def test_a_name_that_passes_for_the_teacher_a_bot_or_a_seat_is_refused(name: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        check_person_name(name, [])
    assert refused.value.code == "seat/name_reserved" and "your own name" in refused.value.reason


@pytest.mark.parametrize("name", REAL_NAMES)
def test_real_names_of_many_languages_are_accepted(name: str) -> None:
    check_person_name(name, ["Someone", None])


@pytest.mark.parametrize(("name", "other"), [("Ana", "Ana"), ("ana", "ANA"), ("A\u200bna", "Ana"),
                                             ("\u0410na", "Ana"), ("Ana.", "Ana"), ("An\u00e1", "Ana"),
                                             ("A n a", "Ana"), ("Al", "AI")])
def test_a_classmate_s_name_at_the_same_table_is_refused(name: str, other: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        check_person_name(name, [None, other])
    assert refused.value.code == "seat/name_taken"


def test_stacked_accents_are_limited() -> None:
    check_person_name("Vi\u1ec7t", [])  # two marks on one letter (Vietnamese)
    with pytest.raises(IllegalAction) as refused:
        check_person_name("Z" + "\u0301\u0300\u0302\u0303" + "oe", [])
    assert refused.value.code == "seat/name" and "accents" in refused.value.reason
    with pytest.raises(IllegalAction, match="letters or digits"):
        check_person_name("\u0301\u0301 ...", [])


def test_two_students_cannot_take_one_name_at_once(tmp_path: Path) -> None:
    async def race() -> tuple[list[BaseException | None], list[str | None]]:
        lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 0.0)
        try:
            made = await lobby.create({"game": "mating", "seats": [{"kind": "human"}] * 3})
            table = lobby.get(made["table_id"])
            results = await asyncio.gather(*(lobby.name_seat(table, seat, "Ana") for seat in (0, 1, 2)),
                                           return_exceptions=True)
            return list(results), [s.name for s in table.seats]
        finally:
            await lobby.close()

    results, names = run_async(race())
    assert names.count("Ana") == 1, names
    refused = [r for r in results if isinstance(r, IllegalAction)]
    assert len(refused) == 2 and all(r.code == "seat/name_taken" for r in refused)


def test_names_are_checked_over_the_websocket_and_nothing_changes(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}] * 3)
    ana, ben = (Player(server.ws, table["table_id"], table["seats"][i]["code"]) for i in (0, 1))
    try:
        ana.send({"type": "name", "name": "Ana"})
        ana.wait(lambda p: p.state["seats"][0]["name"] == "Ana")
        for name, code in [("Teacher", "seat/name_reserved"), ("Tea\u200bcher", "seat/name_reserved"),
                           ("Player 3", "seat/name_reserved"), ("heuristic", "seat/name_reserved"),
                           ("\u0410NA", "seat/name_taken"), ("B" + "\u0301" * 12 + "en", "seat/name")]:
            refused = ben.error({"type": "name", "name": name})
            assert refused["code"] == code, name
        seats = httpx.get(server.url + f"/api/tables/{table['table_id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Ana", None, None], "a refused name changed nothing"
        ben.send({"type": "name", "name": "Ben"})
        ben.wait(lambda p: p.state["seats"][1]["name"] == "Ben")
    finally:
        ana.close()
        ben.close()


def test_a_name_changes_at_most_every_few_seconds_and_never_on_an_ended_table(server: Server) -> None:
    """A student renaming in a loop would make their name flicker on every classmate's board and the teacher's
    page (a write and a broadcast each): a second change within ``RENAME_EVERY`` is refused with a sentence and
    changes nothing; the same name again, or a refused name, costs nothing; an ended table keeps its names."""
    table = create_table(server.url, [{"kind": "human"}] * 2)
    ana = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    try:
        assert ana.error({"type": "name", "name": "Teacher"})["code"] == "seat/name_reserved"
        ana.send({"type": "name", "name": "Ana"})  # a refused name did not start the wait
        ana.wait(lambda p: p.state["seats"][0]["name"] == "Ana")
        ana.send({"type": "name", "name": "Ana"})  # the same name: nothing to change, nothing refused
        refused = ana.error({"type": "name", "name": "Anabel"})
        assert refused["code"] == "seat/name" and "a moment ago" in refused["reason"]
        assert httpx.get(server.url + f"/api/tables/{table['table_id']}").json()["seats"][0]["name"] == "Ana"
        assert httpx.post(f"{server.url}/api/tables/{table['table_id']}/end", headers=teacher(server.url),
                          timeout=10).is_success
        assert ana.error({"type": "name", "name": "Anabel"})["code"] == "table/ended"
    finally:
        ana.close()


# -- a seat the teacher gave to a bot ------------------------------------------------------------------------

def next_of(player: Player, kind: str) -> dict[str, Any]:
    """The next message of this type (skipping state pushes)."""
    while True:
        message = player.receive()
        if message["type"] == kind:
            return message


def seats_of(server: Server, table: dict[str, Any]) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = httpx.get(server.url + f"/api/tables/{table['table_id']}").json()["seats"]
    return seats


def test_a_seat_the_teacher_gave_to_a_bot_stays_with_the_bot_until_the_teacher_gives_it_back(
        server: Server) -> None:
    table = create_table(server.url, HUMANS)
    code, door = table["seats"][0]["code"], f"{server.url}/api/tables/{table['table_id']}/seats/0"
    ana = Player(server.ws, table["table_id"], code)
    ana.send({"type": "name", "name": "Ana"})
    ana.wait(lambda p: p.state["seats"][0]["name"] == "Ana")
    given = httpx.put(door, json={"kind": "bot", "bot": "heuristic"}, headers=teacher(server.url))
    assert given.status_code == 200, given.text
    told = next_of(ana, "seat")
    assert told["seat"] == 0 and told["held"] is True and told["bot"] == "heuristic"
    assert "teacher" in told["reason"] and "bot" in told["reason"]
    ana.close()

    again = Player(server.ws, table["table_id"], code)  # the student reopens the link
    try:
        assert again.welcome["seat"] == 0 and again.state["view"]["seat"] == 0, "they watch their own seat"
        assert again.state["seats"][0]["kind"] == "bot" and again.state["seats"][0]["stands_in"] is True
        assert seats_of(server, table)[0]["kind"] == "bot", "the bot keeps the seat"
        refused = again.error({"type": "action", "version": again.state["version"], "action": {"type": "pass"}})
        assert refused["code"] == "seat/bot"
        back = httpx.put(door, json={"kind": "human"}, headers=teacher(server.url))
        assert back.json()["seats"][0]["kind"] == "human" and back.json()["seats"][0]["name"] == "Ana"
        told = next_of(again, "seat")
        assert told["seat"] == 0 and told["held"] is False and "back" in told["reason"]
        again.wait(lambda p: p.state["seats"][0]["kind"] == "human")
    finally:
        again.close()


def test_a_move_on_a_seat_a_bot_holds_is_refused_whatever_state_it_was_sent_against(server: Server) -> None:
    """The student's move on their seat a bot holds is refused with "seat/bot", even sent against a state the bot
    already moved on (it was taken for a double click and dropped without a word: the page waited for nothing)."""
    table = create_table(server.url, HUMANS)
    code, door = table["seats"][0]["code"], f"{server.url}/api/tables/{table['table_id']}/seats/0"
    assert httpx.put(door, json={"kind": "bot", "bot": "heuristic"}, headers=teacher(server.url)).status_code == 200
    student = Player(server.ws, table["table_id"], code)
    try:
        for version in (0, student.state["version"]):  # an old state (the bot moved since), then the latest
            refused = student.error({"type": "action", "version": version, "action": {"type": "pass"}})
            assert refused["code"] == "seat/bot", refused
    finally:
        student.close()


def test_only_the_seat_s_own_connections_are_told_and_a_bot_level_change_is_no_news(server: Server) -> None:
    table = create_table(server.url, HUMANS)
    door = f"{server.url}/api/tables/{table['table_id']}/seats/1"
    ana = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    ben = Player(server.ws, table["table_id"], table["seats"][1]["code"])
    watcher = Player(server.ws, table["table_id"])
    try:
        httpx.put(door, json={"kind": "bot", "bot": "random"}, headers=teacher(server.url))
        assert next_of(ben, "seat")["held"] is True
        httpx.put(door, json={"kind": "bot", "bot": "heuristic"}, headers=teacher(server.url))
        httpx.put(door, json={"kind": "human"}, headers=teacher(server.url))
        assert next_of(ben, "seat")["held"] is False, "handing the seat to another bot level says nothing"
        for other in (ana, watcher):
            other.wait(lambda p: p.state["seats"][1]["kind"] == "human")
            other.drain()
            assert not any('"type":"seat"' in m for m in other.messages)
    finally:
        for player in (ana, ben, watcher):
            player.close()


def test_the_student_s_page_says_when_the_seat_goes_to_a_bot_and_when_it_comes_back(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    table = create_table(server.url, HUMANS)
    door = f"{server.url}/api/tables/{table['table_id']}/seats/0"
    tab = new_tab(*VIEWPORTS["phone"])
    tab.goto(server.url + table["seats"][0]["join_url"])
    expect(tab.locator("#status")).to_have_text("Connected")
    expect(tab.locator("#seat-state")).to_be_hidden()
    httpx.put(door, json={"kind": "bot", "bot": "heuristic"}, headers=teacher(server.url))
    note = tab.locator("#seat-state")
    expect(note).to_contain_text("Your teacher has given your seat to a bot (heuristic)")
    expect(note).to_be_in_viewport()
    assert axe_violations(tab) == []
    for name, size in VIEWPORTS.items():
        tab.set_viewport_size({"width": size[0], "height": size[1]})
        assert overflow(tab) == 0, name
        shoot(tab, f"seats-handed-to-a-bot-{name}")
    tab.set_viewport_size({"width": VIEWPORTS["phone"][0], "height": VIEWPORTS["phone"][1]})
    tab.reload()  # the student reopens the link: still the bot's, and the page says why
    expect(tab.locator("#who")).to_have_text("You are Player 1")
    expect(note).to_contain_text("given your seat to a bot")
    assert seats_of(server, table)[0]["kind"] == "bot"
    httpx.put(door, json={"kind": "human"}, headers=teacher(server.url))
    expect(note).to_contain_text("given your seat back to you")
    expect(note).to_have_class(re.compile(r"\bback\b"))
    shoot(tab, "seats-given-back-phone")
    expect(note).to_be_hidden(timeout=20_000)


def test_the_lobby_offers_scripted_options_on_the_teacher_s_page_only(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    lobby = new_tab(1366, 900)
    lobby.goto(server.url + "/")
    lobby.locator("#game").select_option("evolution")
    expect(lobby.locator("#opt-first_player")).to_have_count(1)
    expect(lobby.locator("#opt-deck_order")).to_have_count(0)
    expect(lobby.locator("#opt-dice")).to_have_count(0)
    expect(lobby.locator("#options")).to_contain_text("Scripted decks and dice are set on the teacher's page.")
    lobby.set_viewport_size({"width": VIEWPORTS["phone"][0], "height": VIEWPORTS["phone"][1]})
    lobby.locator("#options-box > summary").click()
    lobby.get_by_text("Advanced: demonstrations and the lab").click()
    lobby.get_by_text("Scripted decks and dice are set on the teacher's page.").scroll_into_view_if_needed()
    assert overflow(lobby) == 0
    shoot(lobby, "seats-lobby-without-scripts-phone")
    desk = new_tab(1366, 900)
    desk.goto(server.url + f"/teacher?key={server.teacher_key()}")
    desk.get_by_label("Game").select_option("evolution")
    expect(desk.locator("#opt-deck_order")).to_have_count(1)


def test_pass_and_play_never_hands_the_device_over_for_a_seat_a_bot_holds(
        tmp_path: Path, new_tab: Callable[[int, int], Page]) -> None:
    slow = Server(f"sqlite:///{tmp_path / 'evogames.db'}", tmp_path / "server.log", bot_delay=1.0).start()
    try:
        table = create_table(slow.url, [*HUMANS, {"kind": "bot", "bot": "heuristic"}], seed=3)
        tab = new_tab(*VIEWPORTS["phone"])
        codes = ",".join(s["code"] for s in table["seats"] if s["kind"] == "human")
        tab.goto(f"{slow.url}/table/{table['table_id']}?seats={codes}")
        expect(tab.locator("#pass-title")).to_have_text("Pass the device to Player 1")
        httpx.put(f"{slow.url}/api/tables/{table['table_id']}/seats/1", json={"kind": "bot", "bot": "heuristic"},
                  headers=teacher(slow.url)).raise_for_status()
        expect(tab.locator("#banner")).to_contain_text("Player 2: Your teacher has given your seat to a bot")
        tab.get_by_role("button", name="I am Player 1: show my cards").click()
        tab.get_by_role("button", name="Not now").click()
        tab.get_by_role("button", name="Go Out to Lunch (save Food)").click()
        covers = set()
        for _ in range(50):  # while the bots think (a second each): whose cover, if any?
            if tab.locator("#pass-title").count():
                covers.add(tab.locator("#pass-title").inner_text())
            tab.wait_for_timeout(50)
        assert "Pass the device to Player 2" not in covers, covers
    finally:
        slow.stop()


def test_a_refused_name_on_the_join_page_says_why_and_offers_the_name_box_again(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    table = create_table(server.url, HUMANS)
    tab = new_tab(*VIEWPORTS["phone"])
    tab.goto(server.url + "/join")
    tab.get_by_label("Seat code").fill(table["seats"][0]["code"])
    tab.get_by_label("Your name").fill("Tea\u200bcher")
    tab.get_by_role("button", name="Join").click()
    expect(tab.locator("#banner")).to_contain_text("looks like the teacher, a bot or a seat's label")
    expect(tab.locator("#who")).to_have_text("You are Player 1")
    assert overflow(tab) == 0
    shoot(tab, "seats-name-refused-phone")
    tab.get_by_role("button", name="Add your name").click()
    tab.get_by_label("Your name", exact=True).fill("Ana")
    tab.get_by_role("button", name="Save my name").click()
    expect(tab.locator("#who")).to_have_text("You are Ana (Player 1)")
    expect(tab.locator("#banner")).to_be_hidden()  # the refusal of the last name does not stay beside the new one
