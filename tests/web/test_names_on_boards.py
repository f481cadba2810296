"""Students' names on every board (issue 20, item 10), in headless Chromium against a real server.

A table of two named students and a bot, for every game: the page of the first student says "You" for
its own seat, the classmate's name as typed (as text: "<i>" in a name is never markup) and "Player 3
· bot (heuristic)" for the bot, in the prompt while the table waits for the classmate, in the log (the
server's sentences say "Player 2"; the page puts the names in), and in the game-over table. Also
kit/web/names.js on its own (clashing names, a bot that keeps a student's seat), and no board tells a
touch screen to "click".
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from evogames.core.rng import Rng
from tests.web.conftest import Server
from tests.web.wsclient import Player, create_table, play_humans, settle

ANN, BO = "Ann", "Bo <i>Li</i>"
SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
GAMES = {"mating": {}, "evolution": {}, "phylo": {}, "dodo": {}, "adapt": {"max_rounds": 30}}
SEAT_WORDS = re.compile(r"\bPlayer [12]\b")  # the students' seats: named
BOT = "Player 3 · bot (heuristic)"


def named_table(srv: Server, game: str) -> tuple[dict[str, Any], list[Player]]:
    table = create_table(srv.url, SEATS, game=game, seed=5, options=GAMES[game])
    players = [Player(srv.ws, table["table_id"], table["seats"][i]["code"]) for i in (0, 1)]
    for player, name in zip(players, [ANN, BO], strict=True):
        player.send({"type": "name", "name": name})
        settle(players)  # one at a time: two names at the same moment lose one (Lobby.name_seat, reported)
    assert [s["name"] for s in players[0].state["seats"]] == [ANN, BO, None]
    return table, players


def play_until_waiting_for_bo(tab: Page, bo: Player) -> None:
    """Ann acts (a legal action at random, through the page's connection; Bo through the websocket) until
    Ann has acted and the table waits for Bo only."""
    rng, deadline, acted = Rng(9), time.time() + 90, False
    while True:
        assert time.time() < deadline, "the table never waited for Bo"
        tab.wait_for_timeout(150)
        bo.drain()
        view = tab.evaluate("window.evogames.page.view")
        if not view:
            continue
        if view["to_act"] == [1] and acted:
            return
        if 0 in view["to_act"] and view["legal"]:
            tab.evaluate("(a) => window.evogames.connection.act(a)", rng.choice(view["legal"]))
            acted = True
        elif bo.my_turn():
            bo.act_randomly(rng)


def first_column(tab: Page) -> list[str]:
    return [t.replace("★", "").strip() for t in tab.locator("#game-over .scores tbody th").all_inner_texts()]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_board_shows_the_students_names(srv: Server, game: str, new_tab: Callable[[int, int], Page]) -> None:
    table, (ann, bo) = named_table(srv, game)
    ann.close()  # the page takes Ann's seat (a second window would be refused)
    tab = new_tab(1366, 900)
    tab.goto(srv.url + table["seats"][0]["join_url"])
    expect(tab.locator("#who")).to_have_text(f"You are {ANN} (Player 1)")
    play_until_waiting_for_bo(tab, bo)
    expect(tab.locator("#prompt")).to_contain_text(f"Waiting for {BO}")
    assert tab.locator("#prompt i, #log i").count() == 0, "a name was read as HTML"
    log = tab.locator("#log").inner_text()
    assert ANN in log and not SEAT_WORDS.search(log), log
    tab.context.close()

    ann = Player(srv.ws, table["table_id"], table["seats"][0]["code"])
    play_humans([ann, bo], Rng(4), seconds=240)
    settle([ann, bo])
    assert ann.view["over"], "the game did not end"
    ann.close()
    bo.close()
    tab = new_tab(1366, 900)
    tab.goto(srv.url + table["seats"][0]["join_url"])
    expect(tab.locator("#game-over .scores")).to_be_visible()
    assert first_column(tab) == ["You", BO, BOT]
    assert tab.locator("#game-over i").count() == 0, "a name was read as HTML"
    log = tab.locator("#log").inner_text()
    assert BO in log and BOT in log and not SEAT_WORDS.search(log), log
    spectator = new_tab(1366, 900)
    spectator.goto(srv.url + table["spectator_url"])
    expect(spectator.locator("#game-over .scores")).to_be_visible()
    assert first_column(spectator) == [ANN, BO, BOT]


def test_names_js_labels_every_kind_of_seat(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(800, 600)
    tab.goto(srv.url + "/")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": None},
             {"kind": "bot", "bot": "heuristic", "name": None}, {"kind": "bot", "bot": "random", "name": None},
             {"kind": "bot", "bot": "heuristic", "name": "Cy", "stands_in": True}, {"kind": "human", "name": "Ann"},
             {"kind": "bot", "bot": "heuristic", "name": None},
             {"kind": "bot", "bot": "easy", "name": None, "stands_in": True}]
    out = tab.evaluate("""async (seats) => {
        const n = await import('/static/kit/names.js');
        return {
          labels: seats.map((_, i) => n.seatLabel(i, seats)),
          mine: n.nameOf(1, {seat: 1, seats}), inSentence: n.nameIn(1, {seat: 1, seats}),
          log: n.withNames("Player 2 passes; Player 4's Lek beats Player 3. Player 9 is no seat.", seats),
          held: n.withNames("Player 8 passes; Player 5 plays.", seats, 7), kind: n.seatKind(7, {seat: 7, seats}),
        };
    }""", seats)
    # a bot's seat is "Player N · bot (level)"; a bot keeping a student's seat keeps the student's name or
    # "Player N" (the student's own panel adds "· your bot (easy)")
    assert out["labels"] == ["Ann (Player 1)", "Player 2", "Player 3 · bot (heuristic)", "Player 4 · bot (random)",
                             "Cy", "Ann (Player 6)", "Player 7 · bot (heuristic)", "Player 8"]
    assert out["kind"] == "your bot (easy)"  # the panel's words
    assert out["held"] == "Player 8 · your bot (easy) passes; Cy plays."
    assert out["mine"] == "You" and out["inSentence"] == "you"
    assert out["log"] == "Player 2 passes; Player 4's Lek beats Player 3 · bot (heuristic). Player 9 is no seat."


STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).)*)\1""")


def test_no_board_tells_a_touch_screen_to_click() -> None:
    """Every sentence a board shows says "tap or click" or "choose", never "click" alone."""
    web = files("evogames")
    sources = [*web.joinpath("web", "js").iterdir(), *(g / "web" / f for g in web.joinpath("games").iterdir()
                                                      if (g / "web").is_dir() for f in (g / "web").iterdir())]
    found = []
    for source in sources:
        if not source.name.endswith(".js"):
            continue
        for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//")[0] if not line.lstrip().startswith(("*", "/*")) else ""
            for _, text in STRING.findall(code):
                if text != "click" and re.search(r"(?<!tap or )\bclick\b", text, re.IGNORECASE):  # not an event's name
                    found.append(f"{source.name}:{number}: {text}")
    assert found == [], found
