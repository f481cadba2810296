"""A bot's seat has one name on every page: "Player 2 · bot (random)", as the table page's panels say it.

A newcomer met "Bot (hard)" on one page, "Player 2 · bot (hard)" on another, and Dodo's replay ending
"Bot 1 (random) … wins!" beside the teacher's "Player 1 … won". A finished bots-only class table is read on the
table page (panels, log, game-over), the replay, the teacher's page and the debrief, and an open one in the lobby;
the names come from kit/web/names.js alone. A name that cannot take an "'s" ("Player 2 · bot (hard)'s turn",
"Player 1 · your bot (easy)'s turn") reads as a sentence: "Player 2's Lek", "your bot (easy) plays Player 1's turn".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, my_turn_settled, overflow, shoot, wide_elements
from tests.web.test_class_debrief import wait_finished
from tests.web.wsclient import Player, create_table, teacher

OTHER_NAMES = re.compile(r"\bBot\b|Bot \d|\[bot\]|\)'s")  # "Bot (random)", "Bot 1 (random)", "…(easy)'s turn"
SEATS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
NAMES = ["Player 1 · bot (random)", "Player 2 · bot (random)", "Player 3 · bot (random)"]


def test_names_js_names_a_bot_and_its_possessive_one_way(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(800, 600)
    tab.goto(srv.url + "/")
    seats = [{"kind": "bot", "bot": "easy", "name": None, "stands_in": True}, {"kind": "bot", "bot": "hard"},
             {"kind": "human", "name": "Ann"}]
    out = tab.evaluate("""async (seats) => {
        const n = await import('/static/kit/names.js');
        return {
          labels: seats.map((_, i) => n.seatLabel(i, seats)),
          theirs: n.withNames("Player 2's Lek beats Player 1's Tiger; Player 3 passes.", seats, 0),
          turn: n.withNames("Turn 3: Player 1's turn.", seats, 0),
          first: n.withNames("Player 1's turn: Player 2 waits.", seats, 0),
          botTurn: n.withNames("Turn 4: Player 2's turn.", seats, 0),
          spectator: n.withNames("Turn 3: Player 1's turn.", seats, null),
          line: seats.map((_, i) => n.seatLine(i, {seat: 0, seats})),
        };
    }""", seats)
    assert out["labels"] == ["Player 1", "Player 2 · bot (hard)", "Ann"]
    assert out["theirs"] == "Player 2's Lek beats Player 1's Tiger; Ann passes."
    assert out["turn"] == "Turn 3: your bot (easy) plays Player 1's turn."
    assert out["first"] == "Your bot (easy) plays Player 1's turn: Player 2 · bot (hard) waits."
    assert out["botTurn"] == "Turn 4: Player 2's turn."
    assert out["spectator"] == "Turn 3: Player 1's turn."
    assert out["line"] == ["your bot (easy)", None, "Player 3 · person"]  # a bot's name says it all; "Player 1" once
    named = [{**seats[0], "name": "Bo"}, *seats[1:]]
    assert tab.evaluate("""async (seats) => (await import('/static/kit/names.js')).seatLine(0, {seat: 0, seats})""",
                        named) == "Player 1 · your bot (easy)"


@pytest.fixture(scope="module")
def finished_class_table(srv: Server) -> dict[str, Any]:
    """A bots-only Dodo table of a class (three random bots), played to the end."""
    response = httpx.post(srv.url + "/api/classes", json={"game": "dodo", "tables": 1, "players": 3, "people": 0,
                                                          "bot": "random", "name": "Names"},
                          headers=teacher(srv.url), timeout=10)
    assert response.status_code == 201, response.text
    data = wait_finished(srv.url, "dodo", 1)
    table: dict[str, Any] = data["tables"][0]
    return table


def assert_one_name(text: str, where: str, *names: str) -> None:
    assert not OTHER_NAMES.search(text), f"{where}: {OTHER_NAMES.search(text)} in {text!r}"
    for name in names:
        assert name in text, f"{where}: no {name!r} in {text!r}"


def test_every_page_names_a_bots_seat_as_the_panels_do(srv: Server, finished_class_table: dict[str, Any],
                                                       new_tab: Callable[[int, int], Page]) -> None:
    table = finished_class_table
    winners = [NAMES[w] for w in table["result"]["winners"]]

    watch = new_tab(*VIEWPORTS["chromebook"])
    watch.goto(f"{srv.url}/table/{table['table_id']}")
    expect(watch.locator("#game-over .scores")).to_be_visible()
    assert watch.locator(".seat-name").all_inner_texts() == NAMES
    assert watch.locator(".seat-kind").count() == 0, "a bot's panel says its name once"
    assert_one_name(watch.locator("#board").inner_text(), "table page", *NAMES)
    assert_one_name(watch.locator("#game-over").inner_text(), "game-over", *winners)
    assert_one_name(watch.locator("#log").inner_text(), "log", *NAMES)
    shoot(watch, "one-name-table")

    replay = new_tab(*VIEWPORTS["chromebook"])
    replay.goto(f"{srv.url}/teacher?key={srv.teacher_key()}")  # the teacher's cookie: the teacher may replay it
    replay.goto(f"{srv.url}/replay/{table['table_id']}")
    expect(replay.locator("#over-note")).to_be_visible()
    assert_one_name(replay.locator("#over-note").inner_text(), "replay's end", *winners)
    assert_one_name(replay.locator("#players").inner_text(), "replay's players", *NAMES)
    assert_one_name(replay.locator("#log").inner_text(), "replay's log", *NAMES)

    desk = new_tab(*VIEWPORTS["chromebook"])
    desk.goto(f"{srv.url}/teacher?key={srv.teacher_key()}")
    row = desk.locator("table.tables tbody tr").filter(has_text=table["name"])
    expect(row).to_contain_text("Over:")
    assert_one_name(row.inner_text(), "teacher's page", *NAMES, f"Over: {' and '.join(winners)} won")

    desk.goto(f"{srv.url}/class")
    card = desk.locator(".table-card").filter(has_text=table["name"])
    expect(card).to_be_visible()
    assert_one_name(card.inner_text(), "debrief", *NAMES)

    create_table(srv.url, [{"kind": "human"}, {"kind": "bot", "bot": "hard"}], game="dodo", name="Open names")
    lobby = new_tab(*VIEWPORTS["chromebook"])
    lobby.goto(srv.url + "/")
    chips = lobby.locator("#open-tables tr").filter(has_text="Open names").locator(".seat-chips")
    expect(chips).to_contain_text("Player 2 · bot (hard)")
    assert_one_name(chips.inner_text(), "lobby", "Player 2 · bot (hard)")


def test_the_log_says_your_bot_plays_your_seats_turn(tmp_path: Path, new_tab: Callable[[int, int], Page]) -> None:
    """Phylo's "Turn 3: Player 1's turn." on the page of a student whose seat the teacher gave to a bot: "Turn 3: your
    bot (easy) plays Player 1's turn.", never "Player 1 · your bot (easy)'s turn"; a bot's own seat: "Player 2's"."""
    slow = Server(f"sqlite:///{tmp_path / 'evogames.db'}", tmp_path / "server.log", bot_delay=0.3).start()
    try:
        table = create_table(slow.url, [{"kind": "human"}, {"kind": "bot", "bot": "easy"}], game="phylo", seed=7)
        student = new_tab(*VIEWPORTS["chromebook"])
        student.goto(f"{slow.url}/table/{table['table_id']}?token={table['seats'][0]['code']}")
        expect(student.locator("#log li").first).to_be_visible()
        teacher_tab = new_tab(*VIEWPORTS["chromebook"])
        teacher_tab.goto(f"{slow.url}/teacher?key={slow.teacher_key()}")
        teacher_tab.get_by_role("button", name="Let a bot play Player 1's seat (Easy)").click()
        expect(student.locator("#log")).to_contain_text("your bot (easy) plays Player 1's turn", timeout=40_000)
        expect(student.locator("#log")).to_contain_text("Player 2's turn")
        assert_one_name(student.locator("#log").inner_text(), "held seat's log", "Player 2 · bot (easy)")
        shoot(student, "one-name-held-log")
    finally:
        slow.stop()


def test_a_finished_dodo_table_fits_a_phone(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    """The table page and the replay of a finished Dodo game never scroll sideways on a phone (the page's column
    took the width of the grid of environments, three across: 20 to 70 px past the screen, the game-over cut;
    seed 4 was one such game)."""
    table = create_table(srv.url, [{"kind": "bot", "bot": "random"}] * 3, game="dodo", seed=4)
    watcher = Player(srv.ws, table["table_id"])
    watcher.wait(lambda p: p.view["over"], timeout=120)
    watcher.close()
    tab = new_tab(*VIEWPORTS["phone"])
    tab.goto(f"{srv.url}/table/{table['table_id']}")
    expect(tab.locator("#game-over .scores")).to_be_visible()
    assert overflow(tab) == 0, wide_elements(tab)
    tab.goto(f"{srv.url}/teacher?key={srv.teacher_key()}")
    tab.goto(f"{srv.url}/replay/{table['table_id']}")
    expect(tab.locator("#over-note")).to_be_visible()
    assert overflow(tab) == 0, wide_elements(tab)
    shoot(tab, "one-name-replay-phone")


@pytest.mark.parametrize("game", ["mating", "evolution", "dodo"])
def test_a_students_own_panel_says_player_1_once(srv: Server, game: str, new_tab: Callable[[int, int], Page]) -> None:
    """An unnamed student's panel: "Player 1" over "you" (it said "Player 1 · Player 1 · you")."""
    tab = new_tab(*VIEWPORTS["chromebook"])
    my_turn_settled(srv, tab, game)
    header = tab.locator("#board .seat[data-seat='0'] header")
    expect(header.locator(".seat-kind")).to_have_text("you")
    assert header.inner_text().count("Player 1") == 1, header.inner_text()
