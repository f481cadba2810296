"""Replays (issue 20, item 14): a finished table, step by step, exactly as a spectator saw it.

The data door (``/api/tables/{id}/replay``) against a real server: what it shows at each step is what a
spectator connected during the game was sent (view and log, nothing more, never the seed), and it opens
only to the teacher or to a player of that table with their seat code, once the game is over. Then the
page (``/replay/{id}``) in Chromium: forward, back, first, last, the slider, a round, the arrow keys.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from evogames.core.rng import Rng
from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, axe_violations, overflow, shoot, small_targets
from tests.web.wsclient import Player, create_table, play_humans, settle, teacher

BOT = {"kind": "bot", "bot": "heuristic"}


def replay(server: Server, table_id: str, teacher_key: bool = False, **params: Any) -> httpx.Response:
    headers = teacher(server.url) if teacher_key else {}
    return httpx.get(f"{server.url}/api/tables/{table_id}/replay", params=params, headers=headers, timeout=30)


def refusal(response: httpx.Response) -> str:
    assert response.status_code >= 400, response.text
    code: str = response.json()["error"]["code"]
    return code


class Watched:
    """A table played to its end by one person at random, with a spectator connected from the start."""

    def __init__(self, server: Server, game: str, seats: list[dict[str, Any]], **body: Any) -> None:
        self.game = game
        self.table = create_table(server.url, seats, game=game, **body)
        self.id: str = self.table["table_id"]
        self.code: str = self.table["seats"][0]["code"]
        self.spectator = Player(server.ws, self.id)
        player = Player(server.ws, self.id, self.code)
        try:
            play_humans([player, self.spectator], Rng(5), seconds=240)  # the spectator reads as it goes
            settle([player, self.spectator])
        finally:
            player.close()
        self.spectator.drain()
        self.spectator.close()

    def seen(self) -> Iterator[tuple[int, dict[str, Any], list[dict[str, Any]]]]:
        """(version, view, the whole log so far) of every state the spectator was sent."""
        log: list[dict[str, Any]] = []
        for text in self.spectator.messages:
            message = json.loads(text)
            if message["type"] == "state":
                log = log + message["log"]
                yield message["version"], message["view"], log


@pytest.fixture(scope="module")
def mating(srv: Server) -> Watched:
    return Watched(srv, "mating", [{"kind": "human"}, BOT, BOT, BOT])


@pytest.fixture(scope="module")
def evolution(srv: Server) -> Watched:
    return Watched(srv, "evolution", [{"kind": "human"}, BOT, BOT])


@pytest.fixture(scope="module")
def phylo(srv: Server) -> Watched:
    return Watched(srv, "phylo", [{"kind": "human"}, BOT])


@pytest.mark.parametrize("game", ["mating", "evolution"])
def test_each_step_is_what_the_spectator_was_sent_live(srv: Server, game: str, request: pytest.FixtureRequest) -> None:
    watched: Watched = request.getfixturevalue(game)
    states = list(watched.seen())
    assert len(states) > 10, "the spectator heard the game"
    last = replay(srv, watched.id, teacher_key=True).json()
    assert last["step"] == last["steps"] == states[-1][0] and last["view"]["over"]
    for version, view, log in states:
        shown = replay(srv, watched.id, token=watched.code, step=version).json()
        assert shown["step"] == version
        assert shown["view"] == view, f"step {version}: the replay shows what the spectator saw, no more"
        assert shown["log"] == log and shown["log_count"] == len(log), f"step {version}: the spectator's log"


@pytest.mark.parametrize("game", ["mating", "evolution"])
def test_a_replay_never_holds_the_seed_the_actions_or_a_seat_s_hand(srv: Server, game: str,
                                                                    request: pytest.FixtureRequest) -> None:
    watched: Watched = request.getfixturevalue(game)
    record = httpx.get(f"{srv.url}/api/tables/{watched.id}/record", headers=teacher(srv.url), timeout=10).json()
    for step in (0, 1, len(record["actions"]) // 2, len(record["actions"])):
        body = replay(srv, watched.id, teacher_key=True, step=step)
        data = body.json()
        assert str(record["seed"]) not in body.text, "the seed never leaves"
        assert not {"seed", "record", "actions"} & set(data) and not {"seed", "record"} & set(data["view"])
        assert data["view"]["seat"] is None and not data["view"].get("hand"), "a spectator's view, no seat's"


def test_the_log_can_be_fetched_from_where_the_page_is(srv: Server, mating: Watched) -> None:
    step = min(40, replay(srv, mating.id, teacher_key=True).json()["steps"])  # a bot game's length varies
    whole = replay(srv, mating.id, teacher_key=True, step=step).json()
    part = replay(srv, mating.id, teacher_key=True, step=step, log_from=10).json()
    assert part["log"] == whole["log"][10:] and part["log_count"] == whole["log_count"]
    jumps = whole["rounds"]
    assert jumps[0] == [whole["rounds"][0][0], 0] and [r for r, _ in jumps] == sorted({r for r, _ in jumps})


def test_a_student_may_not_replay_a_table_still_playing_nor_with_a_wrong_code(srv: Server, mating: Watched) -> None:
    open_table = create_table(srv.url, [{"kind": "human"}, {"kind": "human"}])
    code = open_table["seats"][0]["code"]
    assert refusal(replay(srv, open_table["table_id"], token=code)) == "table/not_over"
    assert refusal(replay(srv, open_table["table_id"], teacher_key=True)) == "table/not_over"
    assert refusal(replay(srv, mating.id, token="WRONG1")) == "seat/bad_token"
    assert refusal(replay(srv, mating.id, token=code)) == "seat/bad_token", "another table's code"
    assert refusal(replay(srv, mating.id)) == "teacher/key_needed"
    assert refusal(replay(srv, "nosuchtable", teacher_key=True)) == "table/unknown"


@pytest.mark.parametrize("step", ["-1", "abc", "1.5", "", "99999", "9" * 40, "٣"])
def test_a_bad_step_is_a_clear_refusal(srv: Server, mating: Watched, step: str) -> None:
    response = replay(srv, mating.id, token=mating.code, step=step)
    assert response.status_code == 400 and refusal(response) == "replay/step"
    assert "whole number from 0 to" in response.json()["error"]["reason"]


def test_a_table_the_teacher_ended_replays_to_where_it_stopped(srv: Server, new_tab: Any) -> None:
    table = create_table(srv.url, [{"kind": "human"}, BOT, BOT], game="evolution")
    player = Player(srv.ws, table["table_id"], table["seats"][0]["code"])
    try:
        play_humans([player], Rng(2), until=lambda: player.state["version"] >= 12, seconds=120)
        settle([player], people=(0,))
        assert refusal(replay(srv, table["table_id"], token=table["seats"][0]["code"])) == "table/not_over"
        end = httpx.post(f"{srv.url}/api/tables/{table['table_id']}/end", headers=teacher(srv.url), timeout=10)
        assert end.status_code == 200, end.text
        settle([player])
        shown = replay(srv, table["table_id"], token=table["seats"][0]["code"]).json()
        assert shown["ended"] and not shown["over"] and shown["steps"] == player.state["version"]
        assert shown["view"] == Player(srv.ws, table["table_id"]).view, "the end: what a spectator sees now"
        # the page's last step: the teacher's end, and no board still waiting for a player ("Waiting for Maya…")
        tab = new_tab(1366, 900)
        tab.goto(f"{srv.url}/replay/{table['table_id']}?token={table['seats'][0]['code']}")
        tab.wait_for_function("() => document.querySelector('#board').childElementCount > 0")
        tab.wait_for_function(f"() => document.querySelector('#slider').value === '{shown['steps']}'")
        tab.wait_for_function("() => !document.querySelector('#over-note').hidden")
        assert "The teacher ended this game here." in tab.locator("#over-note").inner_text()
        assert "Waiting for" not in tab.locator("#board").inner_text(), tab.locator("#board").inner_text()[:400]
    finally:
        player.close()
# -- the page ---------------------------------------------------------------------------------------

def open_replay(new_tab: Any, srv: Server, watched: Watched, size: tuple[int, int] = (1366, 900)) -> Any:
    tab = new_tab(*size)
    tab.goto(f"{srv.url}/replay/{watched.id}?token={watched.code}")
    tab.locator("#step-label").get_by_text("Step", exact=False).wait_for()
    tab.wait_for_function("() => document.querySelector('#board').childElementCount > 0")
    return tab


def step_of(tab: Any) -> int:
    return int(tab.locator("#slider").input_value())


@pytest.mark.parametrize("game", ["mating", "evolution"])
def test_the_page_steps_forward_back_and_jumps_to_a_round(srv: Server, new_tab: Any, game: str,
                                                          request: pytest.FixtureRequest) -> None:
    watched: Watched = request.getfixturevalue(game)
    data = replay(srv, watched.id, teacher_key=True).json()
    tab = open_replay(new_tab, srv, watched)
    assert step_of(tab) == data["steps"], "the replay opens at the end"
    tab.get_by_role("button", name="First step").click()
    tab.wait_for_function("() => document.querySelector('#slider').value === '0'")
    assert tab.locator("#log li").count() == replay(srv, watched.id, teacher_key=True, step=0).json()["log_count"]
    tab.get_by_role("button", name="Next step").click()
    tab.get_by_role("button", name="Next step").click()
    tab.wait_for_function("() => document.querySelector('#slider').value === '2'")
    at_two = replay(srv, watched.id, teacher_key=True, step=2).json()
    tab.wait_for_function(f"() => document.querySelectorAll('#log li').length === {at_two['log_count']}")
    tab.get_by_role("button", name="Previous step").click()
    tab.wait_for_function("() => document.querySelector('#slider').value === '1'")
    tab.locator("#board").click(position={"x": 2, "y": 2})
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    tab.wait_for_function("() => document.querySelector('#slider').value === '3'")
    tab.keyboard.press("ArrowLeft")
    tab.wait_for_function("() => document.querySelector('#slider').value === '2'")
    name, first = data["rounds"][-1]
    tab.locator("#round").select_option(str(first))
    tab.wait_for_function(f"() => document.querySelector('#slider').value === '{first}'")
    tab.wait_for_function(f"() => document.querySelector('#step-label').textContent.includes('{name}')")
    tab.get_by_role("button", name="Last step").click()
    tab.wait_for_function(f"() => document.querySelector('#slider').value === '{data['steps']}'")
    assert tab.locator("#log li").count() == data["log_count"]
    # the seats are named as on the table page: a bot "Player 2 · bot (heuristic)" (its level), in the header and in
    # every log line (an owner: "Player 2's")
    players = tab.locator("#players").inner_text()
    assert "Player 2 · bot (heuristic)" in players and "Bot" not in players, players
    lines = tab.locator("#log li").all_inner_texts()
    assert any("Player 2 · bot (heuristic)" in line for line in lines)
    assert not any(re.search(r"Player 2(?! · bot \(heuristic\)|'s)|\bBot\b", line) for line in lines), lines


def test_a_game_that_counts_turns_replays_by_turn(srv: Server, new_tab: Any, phylo: Watched, mating: Watched) -> None:
    """Phylo counts turns (its table page and the teacher's say "Turn 8"): its replay says turn, not round."""
    assert replay(srv, phylo.id, teacher_key=True).json()["round_word"] == "turn"
    assert replay(srv, mating.id, teacher_key=True).json()["round_word"] == "round"
    tab = open_replay(new_tab, srv, phylo)
    assert " · Turn " in tab.locator("#step-label").inner_text()
    assert tab.locator("label.replay-round").inner_text().startswith("Jump to turn")
    tab = open_replay(new_tab, srv, mating, (390, 844))
    assert " · Round " in tab.locator("#step-label").inner_text()
    assert tab.locator("label.replay-round").inner_text().startswith("Round")


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_the_replay_page_fits_every_screen(srv: Server, new_tab: Any, evolution: Watched, mating: Watched,
                                           size: str) -> None:
    for watched in (evolution, mating):
        tab = open_replay(new_tab, srv, watched, VIEWPORTS[size])
        tab.get_by_role("button", name="First step").click()
        for _ in range(6):
            tab.get_by_role("button", name="Next step").click()
        tab.wait_for_function("() => document.querySelector('#slider').value === '6'")
        tab.wait_for_timeout(300)
        assert overflow(tab) == 0, f"{size}: the replay scrolls sideways"
        assert tab.get_by_role("button", name="Next step").is_visible()
        assert axe_violations(tab) == []
        if size in ("phone", "tablet"):
            assert small_targets(tab) == []
        shoot(tab, f"replay-{watched.game}-{size}")
        tab.get_by_role("button", name="Last step").click()
        tab.locator("#over-note").get_by_text("Game over", exact=False).wait_for()
        assert overflow(tab) == 0, f"{size}: the last step scrolls sideways"
        shoot(tab, f"replay-{watched.game}-{size}-end")


def test_the_teacher_s_page_the_debrief_and_the_student_s_game_over_link_to_the_replay(
        srv: Server, new_tab: Any, mating: Watched) -> None:
    teacher_tab = new_tab()
    teacher_tab.goto(f"{srv.url}/teacher?key={srv.teacher_key()}")
    for page in ("/teacher", "/class?game=mating"):
        teacher_tab.goto(srv.url + page)
        link = teacher_tab.locator(f'a[href="/replay/{mating.id}"]')
        link.first.wait_for()
        assert link.first.text_content() == "Replay"
        link.first.scroll_into_view_if_needed()
        shoot(teacher_tab, f"replay-link-{page.strip('/').split('?')[0]}")
    link.first.click()
    teacher_tab.locator("#step-label").get_by_text("Step", exact=False).wait_for()
    student = new_tab(390, 844)
    student.goto(f"{srv.url}/table/{mating.id}?token={mating.code}")
    own = student.locator("#game-over").get_by_role("link", name="Replay")
    own.wait_for()
    own.scroll_into_view_if_needed()
    shoot(student, "replay-link-gameover-phone")
    own.click()
    student.wait_for_function("() => document.querySelector('#slider')?.max > 0")
    assert student.url.endswith(f"/replay/{mating.id}?token={mating.code}")


def test_a_finished_table_s_record_is_the_teacher_s(srv: Server, mating: Watched) -> None:
    """The record holds every hand and the seed: a player replays through /replay, the record is the teacher's."""
    url = f"{srv.url}/api/tables/{mating.id}/record"
    refused = httpx.get(url, timeout=10)
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "teacher/key_needed"
    assert "seed" not in refused.text
    assert httpx.get(url, headers=teacher(srv.url), timeout=10).json()["actions"]


def test_a_table_put_away_replays_for_its_player_after_a_restart(server: Server) -> None:
    """The janitor puts a finished table away a day after its game (or the teacher does): its player can still
    replay it the next lesson, after the server restarted, and only with their own code."""
    watched = Watched(server, "mating", [{"kind": "human"}, BOT])
    before = replay(server, watched.id, token=watched.code).json()
    put_away = httpx.post(f"{server.url}/api/tables/{watched.id}/archive", headers=teacher(server.url), timeout=10)
    assert put_away.status_code == 200, put_away.text
    server.kill()
    server.start()
    after = replay(server, watched.id, token=watched.code).json()
    assert (after["steps"], after["view"], after["log"]) == (before["steps"], before["view"], before["log"])
    assert refusal(replay(server, watched.id, token="WRONGCODE2")) == "seat/bad_token"
    assert refusal(replay(server, "t_000000000000", teacher_key=True)) == "table/unknown"
