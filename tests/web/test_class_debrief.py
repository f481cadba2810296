"""The class debrief page (/class), in the real server and real Chromium.

A class of four bots-only tables of The Mating Game, created in one step as the teacher does: every table
appears with its result and winner, the pooled plots draw, the "what won" chart and the winners-against-
everyone table show, the rulebook's discussion questions come with the class's own numbers; nothing
scrolls sideways at 1920 x 1080 or 390 x 844, axe-core finds nothing serious, targets are 44 px on a phone.
A table still playing says so and the page refreshes by itself; a class that played two games gets a picker.
Without the teacher's key the page is refused.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, axe_violations, overflow, shoot, small_targets, wide_elements
from tests.web.wsclient import create_table, teacher

TABLES = 4


def make_class(base: str, game: str = "mating", tables: int = TABLES, players: int = 4, people: int = 0,
               name: str | None = None, bot: str | None = None) -> list[dict[str, Any]]:
    body: dict[str, Any] = {"game": game, "tables": tables, "players": players, "people": people}
    if name:
        body["name"] = name
    if bot:
        body["bot"] = bot
    response = httpx.post(base + "/api/classes", json=body, headers=teacher(base), timeout=10)
    assert response.status_code == 201, response.text
    made: list[dict[str, Any]] = response.json()["tables"]
    return made


def debrief(base: str, game: str | None = None) -> dict[str, Any]:
    response = httpx.get(base + "/api/class/debrief", params={"game": game} if game else None,
                         headers=teacher(base), timeout=10)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def wait_finished(base: str, game: str, count: int, seconds: float = 60) -> dict[str, Any]:
    """The debrief once ``count`` tables of ``game`` are over (bots move with no delay)."""
    deadline = time.time() + seconds
    while True:
        data = debrief(base, game)
        if sum(bool(t["over"]) for t in data["tables"]) >= count:
            return data
        assert time.time() < deadline, f"the tables did not finish: {[(t['name'], t['round']) for t in data['tables']]}"
        time.sleep(0.3)


def open_class(new_tab: Callable[[int, int], Page], srv: Server, width: int, height: int,
               wait: str = ".table-card") -> Page:
    tab = new_tab(width, height)
    tab.goto(f"{srv.url}/teacher?key={srv.teacher_key()}")  # the teacher's cookie
    tab.goto(f"{srv.url}/class")
    tab.wait_for_selector(wait)
    return tab


@pytest.fixture(scope="module")
def mating_class(srv: Server) -> dict[str, Any]:
    """Four bots-only tables of The Mating Game, played to the end."""
    make_class(srv.url)
    return wait_finished(srv.url, "mating", TABLES)


def test_class_page_needs_the_teachers_key(srv: Server) -> None:
    assert httpx.get(srv.url + "/class", timeout=10).status_code == 401
    assert httpx.get(srv.url + "/api/class/debrief", timeout=10).status_code == 401
    page = httpx.get(srv.url + "/class", headers=teacher(srv.url), timeout=10)
    assert page.status_code == 200
    assert "classdebrief.js" in page.text and "class.css" in page.text


def test_every_table_with_its_result(new_tab: Callable[[int, int], Page], srv: Server,
                                     mating_class: dict[str, Any]) -> None:
    tab = open_class(new_tab, srv, 1920, 1080)
    expect(tab.locator("h1")).to_contain_text("The Mating Game")
    cards = tab.locator(".table-card")
    expect(cards).to_have_count(TABLES)
    for table in mating_class["tables"]:
        card = cards.filter(has=tab.get_by_role("heading", name=table["name"], exact=True))
        expect(card).to_have_count(1)
        expect(card.locator(".card-state")).to_contain_text(f"Finished after {table['stats']['rounds']} round")
        rows = card.locator("tbody tr")
        expect(rows).to_have_count(4)
        for seat, score in enumerate(table["result"]["scores"]):
            expect(rows.nth(seat).locator("th")).to_contain_text(f"Player {seat + 1}")
            expect(rows.nth(seat).locator("td.num")).to_have_text(str(score))
            expect(rows.nth(seat).locator("td").first).to_have_text(table["stats"]["kinds"][seat].capitalize())
        winners = table["result"]["winners"]
        expect(card.locator("tr.winner")).to_have_count(len(winners))
        for seat in winners:
            expect(rows.nth(seat)).to_contain_text("winner")
    expect(tab.locator(".fact-grid")).to_contain_text(f"{TABLES} of {TABLES}")
    expect(tab.locator(".fact-grid")).to_contain_text("16")  # players
    expect(tab.locator("#status")).to_contain_text("Every table has finished")


def test_pooled_plots_what_won_and_questions(new_tab: Callable[[int, int], Page], srv: Server,
                                             mating_class: dict[str, Any]) -> None:
    tab = open_class(new_tab, srv, 1366, 768)
    metrics = list(mating_class["tables"][0]["stats"]["history"][0])  # food, offspring
    plots = tab.locator(".class-plots svg.plot")
    expect(plots).to_have_count(len(metrics))
    for index, key in enumerate(metrics):
        label = plots.nth(index).get_attribute("aria-label") or ""
        assert label.startswith(f"{key.capitalize()} by round: Class mean"), label
        assert plots.nth(index).locator("polyline").count() >= 1
    # what won: one bar per kind, the seats and winners add up over the class
    kinds = [k for t in mating_class["tables"] for k in t["stats"]["kinds"]]
    winners = sum(len(t["result"]["winners"]) for t in mating_class["tables"])
    rows = tab.locator(".kinds tbody tr")
    expect(rows).to_have_count(len(set(kinds)))
    texts = rows.locator(".won-text").all_inner_texts()
    assert sum(int(t.split(" of ")[1].split()[0]) for t in texts) == len(kinds)
    assert sum(int(t.split(" of ")[0]) for t in texts) == winners
    # winners against everyone else: the first measures, then all of them; focus stays on the button
    measures = len(mating_class["tables"][0]["stats"]["seats"][0])
    expect(tab.locator(".compare-table tbody tr")).to_have_count(6)
    more = tab.locator("[data-key='all-measures']")
    more.focus()
    tab.keyboard.press("Enter")
    expect(tab.locator(".compare-table tbody tr")).to_have_count(measures)
    expect(more).to_be_focused()
    expect(more).to_have_attribute("aria-expanded", "true")
    # the rulebook's questions, with the class's numbers next to the ones that name a measure
    questions = httpx.get(srv.url + "/api/games/mating/learning", timeout=10).json()["questions"]
    expect(tab.locator(".class-questions > li")).to_have_count(len(questions))
    first = tab.locator(".class-questions > li").first
    expect(first.locator(".q-facts")).to_contain_text("won (")  # combat / flashy: how many of them won
    expect(tab.locator(".class-box")).to_contain_text("Offspring, end of the last full round")
    answer = tab.locator("details[data-key='answer-0']")
    answer.locator("summary").click()
    expect(answer).to_have_attribute("open", "")
    more.click()  # a redraw keeps what the teacher opened
    expect(tab.locator(".compare-table tbody tr")).to_have_count(6)
    expect(tab.locator("details[data-key='answer-0']")).to_have_attribute("open", "")
    # every control has its own data-key (focus comes back to it after a redraw); no outline but the focus ring
    controls = "#main button, #main summary, #main a[href]"
    keys = tab.eval_on_selector_all(controls, "(els) => els.map((e) => e.dataset.key)")
    assert None not in keys and len(keys) == len(set(keys)), keys
    outlined = tab.evaluate("[...document.querySelectorAll('#main *')].filter((e) => e !== document.activeElement"
                            " && getComputedStyle(e).outlineStyle !== 'none').map((e) => e.tagName)")
    assert outlined == []


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_screens(new_tab: Callable[[int, int], Page], srv: Server, mating_class: dict[str, Any],
                 viewport: str) -> None:
    width, height = VIEWPORTS[viewport]
    tab = open_class(new_tab, srv, width, height)
    tab.wait_for_selector(".class-plots svg")
    tab.wait_for_selector(".class-questions")
    shoot(tab, f"class-debrief-{viewport}")
    assert overflow(tab) == 0, wide_elements(tab)
    assert axe_violations(tab) == []
    if viewport == "phone":
        assert small_targets(tab) == []
    if viewport == "projector":  # big type for the back of the room
        question = tab.locator(".class-questions .question").first
        size = question.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
        assert size >= 24, size


def test_a_table_still_playing_and_the_page_refreshes(new_tab: Callable[[int, int], Page], server: Server) -> None:
    tab = open_class(new_tab, server, 1366, 768, wait="h2")
    expect(tab.get_by_role("heading", name="No tables yet")).to_be_visible()
    expect(tab.locator("#status")).to_contain_text("No tables yet")
    make_class(server.url, tables=1, people=1, name="Waiting")  # a student who never plays: round 1 forever
    card = tab.locator(".table-card", has=tab.get_by_role("heading", name="Waiting · Table 1"))
    expect(card.locator(".card-state")).to_have_text("Still playing, round 1", timeout=12_000)
    expect(tab.locator("#status")).to_contain_text("1 table is still playing")
    expect(tab.locator(".class-plots")).to_have_count(0)
    make_class(server.url, tables=2, name="Bots")  # a new class: the page follows the newest one
    wait_finished(server.url, "mating", 2)
    expect(tab.locator(".table-card")).to_have_count(2, timeout=12_000)
    expect(tab.locator(".table-card.over")).to_have_count(2)
    expect(tab.locator(".class-plots svg")).to_have_count(2)
    expect(tab.locator("h1")).to_contain_text("Bots")
    tab.get_by_role("navigation", name="Classes").get_by_role("button", name="Waiting").click()
    expect(tab.locator(".table-card")).to_have_count(1)
    expect(card).to_be_visible()


def test_two_games_get_a_picker(new_tab: Callable[[int, int], Page], server: Server) -> None:
    """Tables made outside a class (the lobby's) may be of several games: a picker chooses one."""
    for name in ("Table 1", "Table 2"):
        create_table(server.url, [{"kind": "bot", "bot": "heuristic"}] * 4, name=name)
    create_table(server.url, [{"kind": "bot", "bot": "heuristic"}] * 3, game="dodo", name="Dodo 1")
    wait_finished(server.url, "mating", 2)
    dodo = wait_finished(server.url, "dodo", 1)
    tab = open_class(new_tab, server, 1366, 768)
    picker = tab.get_by_role("navigation", name="Games the class played")
    buttons = picker.get_by_role("button")
    expect(buttons).to_have_count(2)
    expect(buttons.first).to_have_attribute("aria-pressed", "true")  # most tables first: The Mating Game
    expect(tab.locator(".table-card")).to_have_count(2)
    pick = picker.get_by_role("button", name=dodo["title"])
    pick.focus()
    tab.keyboard.press("Enter")
    expect(tab.locator("h1")).to_contain_text(dodo["title"])
    expect(tab.locator(".table-card")).to_have_count(1)
    expect(tab.get_by_role("heading", name="Dodo 1")).to_be_visible()
    expect(tab.locator("[data-key='game-dodo']")).to_have_attribute("aria-pressed", "true")
    expect(tab.locator("[data-key='game-dodo']")).to_be_focused()
    assert "game=dodo" in tab.url
    history = list(dodo["tables"][0]["stats"]["history"][0])
    expect(tab.locator(".class-plots svg")).to_have_count(len(history))
    questions = httpx.get(server.url + "/api/games/dodo/learning", timeout=10).json()["questions"]
    expect(tab.locator(".class-questions > li")).to_have_count(len(questions))
    assert overflow(tab) == 0, wide_elements(tab)
    assert axe_violations(tab) == []
    tab.reload()  # the choice stays
    expect(tab.locator("h1")).to_contain_text(dodo["title"])


def test_labels_and_pooling_helpers(new_tab: Callable[[int, int], Page], srv: Server) -> None:
    tab = new_tab(800, 600)
    tab.goto(srv.url + "/")
    out = tab.evaluate("""async () => {
        const p = await import('/static/js/pooled.js');
        const table = (scores, winners, history, kinds) => ({over: true, seats: [], result: {scores, winners},
            stats: {rounds: history.length, seats: scores.map((s) => ({points: s})), history, kinds}});
        const tables = [table([3, 1], [0], [{food: [1, 2]}, {food: [3, 4]}], ['a', 'b']),
                        table([0, 5], [1], [{food: [5, 6]}], ['a', 'a'])];
        return {
            words: ['food_spent', 'lost_to_cascades', 'famine+relocation', 'offspring'].map(p.words),
            series: p.pooledSeries(tables, 'food'),
            kinds: p.kindTally(tables),
            compare: p.seatComparison(tables).map((r) => [r.key, r.winners, r.others]),
            step: p.stepWord(tables),
            facts: p.questionFacts('How did Food matter?', tables),
        };
    }""")
    assert out["words"] == ["Food spent", "Lost to cascades", "Famine + relocation", "Offspring"]
    assert out["series"] == [{"step": 1, "all": 3.5, "winners": 3.5, "seats": 4, "tables": 2},
                             {"step": 2, "all": 3.5, "winners": 3, "seats": 2, "tables": 1}]
    assert out["kinds"] == [{"kind": "a", "seats": 3, "winners": 2}, {"kind": "b", "seats": 1, "winners": 0}]
    assert out["compare"] == [["points", 4, 0.5]]
    assert out["step"] == "Round"
    assert out["facts"] == [{"label": "Food, end of the last full round", "text": "4.5 a player, winners 4.5"}]


def test_a_table_the_teacher_ended_counts_as_ended_and_what_won_says_what_it_counted(
        new_tab: Callable[[int, int], Page], server: Server) -> None:
    """Two tables played to the end, one ended by the teacher while a student had not moved: the figures agree."""
    made = make_class(server.url, tables=3, players=2, people=1, name="Period 4")
    for table in made[:2]:  # a bot plays these students' seats: their games finish
        answer = httpx.put(f"{server.url}/api/tables/{table['table_id']}/seats/0", headers=teacher(server.url),
                           json={"kind": "bot", "bot": "heuristic"}, timeout=10)
        assert answer.status_code == 200, answer.text
    assert httpx.post(f"{server.url}/api/tables/{made[2]['table_id']}/end", headers=teacher(server.url),
                      timeout=10).status_code == 200
    data = wait_finished(server.url, "mating", 2)
    rounds = sorted(t["result"]["rounds"] for t in data["tables"] if t["over"])
    tab = open_class(new_tab, server, 1366, 768, wait=".class-plots svg")
    facts = tab.locator(".fact-grid")
    finished = facts.locator(".fact", has_text="Tables finished")
    expect(finished.locator(".big")).to_have_text("2 of 3")
    expect(finished.locator(".fact-note")).to_have_text("1 ended by you")
    note = tab.locator(".fact", has_text="Rounds a game").locator(".fact-note")
    expect(note).not_to_have_text("every table")
    expect(note).to_contain_text("2 finished tables")
    if rounds[0] != rounds[1]:
        expect(note).to_contain_text(f"from {rounds[0]} to {rounds[1]}")
    expect(tab.locator(".counted")).to_have_text("Counted: 2 finished tables, 4 players (not counted: 1 ended by you).")
    ended = tab.locator(".table-card", has=tab.get_by_role("heading", name="Period 4 · Table 3"))
    expect(ended.locator(".card-state")).to_have_text("Ended in round 1 by you")
    expect(tab.locator(".class-box")).to_contain_text("(each of the 2 finished tables)" if rounds[0] == rounds[1]
                                                      else "2 finished tables")
    expect(tab.locator("#status")).to_contain_text("Every table has finished or was ended")
