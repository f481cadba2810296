"""The coach (issue 22): a student's Hint on their turn, the search's top moves in a sentence; the teacher
switches it off per class; it sees only the student's view."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import Page, expect

import evogames
from evogames.bots.coach import distinct_labels, sentence, short
from evogames.bots.ismcts import ISMCTSBot
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.rng import Rng
from evogames.kit.parts import terminal_board
from evogames.server.coach import check_hint, hint_message
from evogames.server.search import Answer, answer_of
from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, axe_violations, overflow, shoot, small_targets, wide_elements
from tests.web.wsclient import Player, create_table, teacher

pytestmark = pytest.mark.serial  # timing under load: `make test` runs it alone, after the parallel part


@pytest.mark.parametrize(("game", "players"), [("mating", 4), ("evolution", 4), ("phylo", 2), ("dodo", 2),
                                                ("adapt", 4)])
def test_a_hint_never_differs_when_another_seats_hidden_cards_are_swapped(game: str, players: int) -> None:
    """Two real states the seat cannot tell apart (every hidden card and deck order drawn again): one hint."""
    spec, match, rng = evogames.game(game), Match(game, players, 31), Rng(8)
    for _ in range(5):
        seat = match.to_act[0]
        match.act(seat, rng.choice(match.legal(seat)))
    while len(match.legal(match.to_act[0])) < 2:  # a choice to hint at
        seat = match.to_act[0]
        match.act(seat, rng.choice(match.legal(seat)))
    seat = match.to_act[0]
    swapped = spec.determinize(match.state, seat, Rng(99))
    assert spec.full_view(swapped, seat) == match.view(seat)
    hints = [hint_message(game, match.view(seat), 5, answer_of(ISMCTSBot(game, iterations=120), state, seat, 7))
             for state in (match.state, swapped)]
    assert hints[0] == hints[1]
    assert hints[0]["text"].endswith("(I played 120 games from what you can see.)")
    assert 1 <= len(hints[0]["moves"]) <= 3


def test_the_sentence_names_at_most_three_moves_in_the_games_words() -> None:
    moves = [{"label": short("Play Peacock Tail (Peacock): Display, costs 2 Food"), "share": 0.412},
             {"label": "Out to Lunch", "share": 0.23}]
    assert sentence(moves, "", 300) == ("Play Peacock Tail (Peacock) wins 41% of the games I tried; Out to Lunch 23%. "
                                        "(I played 300 games from what you can see.)")
    assert sentence([], "Pass", 0) == "You have one move here: Pass."
    assert short("move your bug to S01 (near exit E0)") == "Move your bug to S01 (near exit E0)"


def two_people(server: Server, game: str = "mating", **body: object) -> tuple[Player, Player, str]:
    made = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game=game, **body)
    return (Player(server.ws, made["table_id"], made["seats"][0]["code"]),
            Player(server.ws, made["table_id"], made["seats"][1]["code"]), made["table_id"])


def hint_of(player: Player) -> dict[str, object]:
    """Ask for a hint; the answer (or the refusal), skipping state pushes."""
    player.send({"type": "hint"})
    while True:
        reply = player.receive(timeout=30)
        if reply["type"] in ("hint", "error"):
            return reply


def test_asked_again_before_anything_changed_the_hint_is_the_same_and_costs_no_search(server: Server) -> None:
    """A student pressing Hint again and again keeps no worker busy: the same state, the same answer, at once."""
    ann, _, _ = two_people(server)
    first = hint_of(ann)
    assert first["type"] == "hint", first
    started = time.perf_counter()
    again = hint_of(ann)
    assert again == first, "a second search would play other games (its seed is fresh)"
    assert time.perf_counter() - started < 0.3, "answered from the last hint, not a 0.5 s search"


def test_on_their_turn_a_student_gets_a_sentence_and_only_they_get_it(server: Server) -> None:
    ann, ben, table = two_people(server)
    spectator = Player(server.ws, table)
    reply = hint_of(ann)
    assert reply["type"] == "hint", reply
    assert reply["version"] == ann.state["version"]
    assert " wins " in str(reply["text"]) and "% of the games I tried" in str(reply["text"])
    labels = [m["label"] for m in reply["moves"]]  # type: ignore[attr-defined]
    assert 1 <= len(labels) <= 3
    for other in (ben, spectator):
        other.drain()
        assert not any('"type":"hint"' in m.replace(" ", "") for m in other.messages)
    assert spectator.error({"type": "hint"})["code"] == ErrorCode.SEAT_SPECTATOR


def test_a_hint_is_refused_when_not_your_turn_when_over_and_while_one_is_being_worked_out(server: Server) -> None:
    ann, ben, table = two_people(server, game="phylo")  # one seat at a time
    waiting = ben if ann.my_turn() else ann
    assert hint_of(waiting)["code"] == ErrorCode.HINT_NOT_YOUR_TURN
    mover = ann if waiting is ben else ben
    mover.send({"type": "hint"})
    assert hint_of(mover)["code"] == ErrorCode.HINT_BUSY  # a second while the first is worked out
    assert mover.receive(timeout=30)["type"] == "hint"  # the first one's answer
    ended = httpx.post(f"{server.url}/api/tables/{table}/end", headers=teacher(server.url))
    assert ended.status_code == 200, ended.text
    assert hint_of(mover)["code"] == ErrorCode.TABLE_ENDED
    with pytest.raises(IllegalAction) as over:
        check_hint(allowed=True, over=True, my_turn=False, busy=False)
    assert over.value.code == ErrorCode.ACTION_GAME_OVER


def test_the_teacher_switches_hints_off_for_a_class_and_it_is_stored(server: Server) -> None:
    made = httpx.post(server.url + "/api/classes", json={"game": "mating", "tables": 1, "players": 2, "people": 2},
                      headers=teacher(server.url), timeout=30).json()
    group, table = made["class"], made["tables"][0]
    assert group["hints"] is True  # on by default
    off = httpx.post(f"{server.url}/api/classes/{group['id']}/hints", json={"on": False}, headers=teacher(server.url))
    assert off.status_code == 200, off.text
    bad = httpx.post(f"{server.url}/api/classes/{group['id']}/hints", json={"on": "no"}, headers=teacher(server.url))
    assert bad.status_code == 400 and bad.json()["error"]["code"] == ErrorCode.CLASS_INVALID
    assert httpx.post(f"{server.url}/api/classes/{group['id']}/hints", json={"on": True}).status_code == 401
    ann = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    assert hint_of(ann)["code"] == ErrorCode.HINT_OFF
    ann.close()
    server.stop()
    server.start()  # the setting outlives a restart
    listed = httpx.get(server.url + "/api/classes", headers=teacher(server.url)).json()["classes"]
    assert [c["hints"] for c in listed] == [False]
    ann = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    assert hint_of(ann)["code"] == ErrorCode.HINT_OFF
    httpx.post(f"{server.url}/api/classes/{group['id']}/hints", json={"on": True}, headers=teacher(server.url))
    assert hint_of(ann)["type"] == "hint"


def test_a_student_presses_hint_and_reads_the_sentence(server: Server, new_tab: Callable[[int, int], Page]) -> None:
    made = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    tab = new_tab(1366, 768)
    tab.goto(f"{server.url}/table/{made['table_id']}?token={made['seats'][0]['code']}")
    button = tab.get_by_role("button", name="Hint")
    expect(button).to_be_enabled()
    button.click()
    expect(tab.locator("#hint-text")).to_contain_text("% of the games I tried", timeout=20_000)


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_a_hint_on_every_screen(server: Server, new_tab: Callable[[int, int], Page], screen: str) -> None:
    width, height = VIEWPORTS[screen]
    made = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "hard"}])
    tab = new_tab(width, height)
    tab.goto(f"{server.url}/table/{made['table_id']}?token={made['seats'][0]['code']}")
    tab.get_by_role("button", name="Hint").click()
    expect(tab.locator("#hint-text")).to_contain_text("% of the games I tried", timeout=20_000)
    assert overflow(tab) == 0, wide_elements(tab)
    assert not [t for t in small_targets(tab) if "Hint" in t], small_targets(tab)
    assert not axe_violations(tab)
    shoot(tab, f"hint-{screen}")


def test_the_teacher_page_shows_and_switches_the_class_hints(server: Server,
                                                             new_tab: Callable[[int, int], Page]) -> None:
    made = httpx.post(server.url + "/api/classes", json={"game": "mating", "tables": 2, "players": 2, "people": 2},
                      headers=teacher(server.url), timeout=30).json()
    tab = new_tab(1366, 768)
    tab.goto(server.url + f"/teacher?key={server.teacher_key()}")
    box = tab.get_by_label("Hints for students")
    expect(box).to_be_checked()
    box.uncheck()
    tab.wait_for_timeout(300)
    listed = httpx.get(server.url + "/api/classes", headers=teacher(server.url)).json()["classes"]
    assert [c["hints"] for c in listed] == [False]
    tab.reload()
    expect(tab.get_by_label("Hints for students")).not_to_be_checked()
    tab.locator("#hints-box").scroll_into_view_if_needed()
    shoot(tab, "hint-teacher-chromebook")
    seat = made["tables"][0]["seats"][0]["code"]
    student = new_tab(390, 844)
    student.goto(f"{server.url}/table/{made['tables'][0]['table_id']}?token={seat}")
    expect(student.locator("#who")).to_contain_text("Player 1")
    expect(student.get_by_role("button", name="Hint")).to_be_hidden()  # no button that only says no
    tab.get_by_label("Hints for students").check()
    expect(student.get_by_role("button", name="Hint")).to_be_enabled()  # back at once, no reload
    tab.get_by_label("Hints for students").uncheck()
    expect(student.get_by_role("button", name="Hint")).to_be_hidden()


def test_in_pass_and_play_the_seat_holding_the_device_gets_a_hint_and_the_next_never_sees_it(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    made = create_table(server.url, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
                        seed=5)
    tab = new_tab(390, 844)
    codes = ",".join(s["code"] for s in made["seats"] if s["kind"] == "human")
    tab.goto(f"{server.url}/table/{made['table_id']}?seats={codes}")
    expect(tab.locator("#coach")).to_be_hidden()  # behind the cover: nobody's hint
    tab.get_by_role("button", name="I am Player 1: show my cards").click()
    tab.get_by_role("button", name="Hint").click()
    expect(tab.locator("#hint-text")).to_contain_text("% of the games I tried", timeout=20_000)
    first = tab.locator("#hint-text").inner_text()
    assert overflow(tab) == 0, wide_elements(tab)
    shoot(tab, "hint-passplay-phone")
    tab.locator("button.card.playable").first.click()
    expect(tab.locator("#pass-title")).to_have_text("Pass the device to Player 2")
    expect(tab.locator("#coach")).to_be_hidden()
    assert first not in tab.content()  # Player 1's hint names their cards: it left the page
    tab.get_by_role("button", name="I am Player 2: show my cards").click()
    expect(tab.get_by_role("button", name="Hint")).to_be_enabled()
    expect(tab.locator("#hint-text")).to_have_text("")


@pytest.mark.parametrize(("game", "players"), [("mating", 4), ("evolution", 4), ("phylo", 2), ("dodo", 2),
                                                ("adapt", 4)])
def test_every_move_the_coach_names_is_distinct_and_says_what_it_is(game: str, players: int) -> None:
    """Two different moves never share a label ("Offer Player 4 17%; Offer Player 4 17%" said nothing): at every
    position of a game played at random, every legal move's label differs from every other's, and a hint over
    the first three names each of them differently."""
    board, match, rng = terminal_board(evogames.game(game)), Match(game, players, 3), Rng(5)
    for _ in range(150):
        if match.over:
            break
        seat = match.to_act[0]
        legal, view = match.legal(seat), match.view(seat)
        labels = distinct_labels([str(board.describe(view, action)) for action in legal], legal)
        assert len(set(labels)) == len(legal), [label for label in labels if labels.count(label) > 1]
        shares = [(action, 10, 0.5) for action in legal[:3]]
        hint = hint_message(game, view, 1, Answer(legal[0], {}, shares, 30))
        named = [move["label"] for move in hint["moves"]]
        assert len(set(named)) == len(named) == min(3, len(legal)), hint["text"]
        match.act(seat, rng.choice(legal))


def test_two_offers_to_one_player_name_what_each_offers() -> None:
    described = ["offer Player 4: your ++ EYES (Huge compound eyes) for their - ANTENNAE (Stubby antennae)",
                 "offer Player 4: your Habitat 10 Arctic tundra for their Habitat 1 Limestone cave", "end your turn"]
    labels = distinct_labels(described, [{"offer": 1}, {"offer": 2}, {"end": 1}])
    assert labels == ["Offer Player 4: your ++ EYES (Huge compound eyes) for their - ANTENNAE (Stubby antennae)",
                      "Offer Player 4: your Habitat 10 Arctic tundra for their Habitat 1 Limestone cave",
                      "End your turn"]
    assert distinct_labels(["Tail Loss: drop TAL01", "Tail Loss: drop TAL01"], [{"a": 1}, {"a": 1}]) == \
        ["Tail Loss", "Tail Loss"]  # the same move twice keeps its short name


@pytest.mark.parametrize("screen", ["phone", "chromebook"])
def test_phylo_s_table_marks_the_spaces_the_coach_names(server: Server, new_tab: Callable[[int, int], Page],
                                                        screen: str) -> None:
    """Phylo's hint names spaces by coordinates ("Play Papyrus at [0, -1]") that the table never shows: the
    table marks each space a named move plays, moves or spreads to, with the move's share of the games won."""
    made = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="phylo")
    tab = new_tab(*VIEWPORTS[screen])
    tab.goto(f"{server.url}/table/{made['table_id']}?token={made['seats'][0]['code']}")
    said: list[str] = []
    for _ in range(12):  # until a hint names a space: the coach may first advise discarding to draw (then we do)
        expect(tab.locator(".prompt.your-turn")).to_be_visible(timeout=30_000)
        tab.get_by_role("button", name="Hint").click()
        expect(tab.locator("#hint-text")).to_contain_text("% of the games I tried", timeout=20_000)
        text = tab.locator("#hint-text").inner_text()
        said.append(text)
        named = {tuple(int(n) for n in at.split(", ")) for at in re.findall(r"\[(-?\d+, -?\d+)\]", text)}
        if named:
            break
        version = tab.evaluate("window.evogames.page.version")
        tab.evaluate("window.evogames.connection.act(window.evogames.page.hint.moves[0].action)")
        tab.wait_for_function(f"window.evogames.page.version > {version}")
    assert named, f"no hint named a space in {len(said)} hints: {said}"
    marked = {tuple(int(n) for n in str(cell.get_attribute("data-at")).split(","))
              for cell in tab.locator(".ph-hinted").all()}
    assert named <= marked, (text, marked)
    assert all(re.fullmatch(r"Coach: \d+%", m) for m in tab.locator(".ph-hint-mark").all_inner_texts())
    assert not axe_violations(tab)
    tab.locator(".ph-hinted").first.scroll_into_view_if_needed()
    shoot(tab, f"hint-phylo-marks-{screen}")
