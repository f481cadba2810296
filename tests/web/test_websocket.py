"""The websocket protocol against a real server: play, views, and every kind of bad input."""

from __future__ import annotations

import json

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.web.conftest import Server
from tests.web.wsclient import Player, create_table, teacher

HUMANS_AND_BOTS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                   {"kind": "bot", "bot": "random"}]


def test_create_table_gives_codes_only_to_human_seats_and_lists_without_them(server: Server) -> None:
    table = create_table(server.url, HUMANS_AND_BOTS, name="Group 1")
    codes = [s.get("code") for s in table["seats"]]
    assert codes[0] and codes[1] and codes[2] is None and codes[3] is None
    assert table["seats"][0]["join_url"] == f"/table/{table['table_id']}?token={codes[0]}"
    listing = httpx.get(server.url + "/api/tables").text
    assert table["table_id"] in listing and "Group 1" in listing
    assert codes[0] not in listing and codes[1] not in listing
    join = httpx.get(server.url + f"/join/{codes[0]}", follow_redirects=False)
    assert join.status_code in (302, 307) and codes[0] in join.headers["location"]


@pytest.mark.parametrize(("body", "code"), [
    ({"game": "chess", "seats": [{"kind": "human"}] * 2}, "game/unknown"),
    ({"game": "mating", "seats": [{"kind": "human"}]}, "table/seats"),
    ({"game": "mating", "seats": [{"kind": "alien"}] * 2}, "table/seats"),
    ({"game": "mating", "seats": [{"kind": "bot", "bot": "genius"}] * 2}, "table/seats"),
    ({"game": "mating", "seats": [{"kind": "human"}] * 2, "options": {"environment": "desert"}}, "option/invalid"),
    ({"game": "mating", "seats": [{"kind": "human"}] * 2, "options": {"wings": 2}}, "option/unknown"),
    ({"game": "mating", "seats": [{"kind": "human"}] * 2, "seed": "x"}, "match/seed"),
])
def test_bad_table_requests_are_refused_with_a_reason(server: Server, body: dict, code: str) -> None:  # type: ignore[type-arg]
    response = httpx.post(server.url + "/api/tables", json=body, headers=teacher(server.url))
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code and response.json()["error"]["reason"]
    assert httpx.get(server.url + "/api/tables").json() == []
    bad = httpx.post(server.url + "/api/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert bad.status_code == 400


def test_each_connection_gets_its_own_view(server: Server) -> None:
    table = create_table(server.url, HUMANS_AND_BOTS)
    tid, seats = table["table_id"], table["seats"]
    me = Player(server.ws, tid, seats[0]["code"])
    spectator = Player(server.ws, tid)
    assert me.welcome["seat"] == 0 and spectator.welcome["seat"] is None
    assert len(me.view["hand"]) == 5 and me.view["legal"]
    assert spectator.view["hand"] is None and spectator.view["legal"] == []
    assert any("You are dealt" in e["text"] for e in me.state["log"])
    assert not any("You are dealt" in e["text"] for e in spectator.state["log"])
    me.close()
    spectator.close()


def test_an_action_is_applied_and_broadcast(server: Server) -> None:
    table = create_table(server.url, HUMANS_AND_BOTS)
    tid, seats = table["table_id"], table["seats"]
    a, b = Player(server.ws, tid, seats[0]["code"]), Player(server.ws, tid, seats[1]["code"])
    a.act({"type": "out_to_lunch"})
    # bots may act meanwhile: wait for the state in which a's choice has landed
    a.wait(lambda p: p.view["players"][0]["committed"] is True)
    b.wait(lambda p: p.view["players"][0]["committed"] is True)
    assert b.view["players"][0]["strategy"] is None  # face down
    a.close()
    b.close()


def test_bad_messages_get_clear_errors_and_change_nothing(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    tid, seats = table["table_id"], table["seats"]
    p = Player(server.ws, tid, seats[0]["code"])
    spectator = Player(server.ws, tid)
    before = p.state
    cases = [
        ("{not json", "message/malformed"),
        ("[1, 2]", "message/malformed"),
        (json.dumps({"type": "dance"}), "message/unknown_type"),
        ("x" * 20_000, "message/too_large"),
        (b"\x00\x01binary", "message/malformed"),
        (json.dumps({"type": "action"}), "message/malformed"),
        (json.dumps({"type": "action", "action": {"type": "out_to_lunch"}}), "message/malformed"),
        (json.dumps({"type": "action", "version": 999, "action": {"type": "out_to_lunch"}}), "action/stale"),
        (json.dumps({"type": "action", "version": 0, "seat": 1, "action": {"type": "out_to_lunch"}}),
         "seat/not_yours"),
        (json.dumps({"type": "action", "version": 0, "action": {"type": "escape"}}), "action/invalid_move"),
        (json.dumps({"type": "action", "version": 0, "action": {"type": "play", "card": "NOPE"}}),
         "action/invalid_move"),
    ]
    for message, code in cases:
        reply = p.error(message)
        assert reply["code"] == code, (message[:40], reply)
        assert reply["reason"] and reply["reason"][0].isupper()
    assert spectator.error({"type": "action", "version": 0, "action": {"type": "out_to_lunch"}})["code"] == \
        "seat/spectator"
    p.send({"type": "ping"})
    assert p.receive()["type"] == "pong"
    fresh = Player(server.ws, tid, seats[0]["code"])
    assert fresh.state["version"] == before["version"] == 0
    assert fresh.view == before["view"]
    p.close()
    spectator.close()
    fresh.close()


def test_wrong_token_and_unknown_table_are_refused(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    for path, code, close in ((f"/ws/tables/{table['table_id']}?token=WRONGCODE1", "seat/bad_token", 4403),
                              ("/ws/tables/t_nothere", "table/unknown", 4404)):
        from websockets.sync.client import connect

        with connect(server.ws + path) as conn:
            reply = json.loads(conn.recv(timeout=5))
            assert reply == {"type": "error", "code": code, "reason": reply["reason"]}
            with pytest.raises(ConnectionClosed) as closed:
                conn.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == close
    assert httpx.get(server.url + "/api/tables").status_code == 200  # still serving


def test_bots_fill_empty_seats_and_finish_the_game(server: Server) -> None:
    table = create_table(server.url, [{"kind": "bot", "bot": "heuristic"}] * 2 + [{"kind": "bot", "bot": "random"}])
    watcher = Player(server.ws, table["table_id"])
    watcher.wait(lambda p: p.view["over"], timeout=60)
    summary = httpx.get(server.url + f"/api/tables/{table['table_id']}").json()
    assert summary["over"] and summary["result"]["winners"]
    record = httpx.get(server.url + f"/api/tables/{table['table_id']}/record", headers=teacher(server.url)).json()
    assert len(record["actions"]) == watcher.state["version"]
    csv_text = httpx.get(server.url + "/api/results.csv", headers=teacher(server.url)).text
    assert csv_text.count(table["table_id"]) == 3


def test_a_stale_action_is_refused_and_the_board_refreshed(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    tid, seats = table["table_id"], table["seats"]
    a, b = Player(server.ws, tid, seats[0]["code"]), Player(server.ws, tid, seats[1]["code"])
    a.act({"type": "out_to_lunch"})
    a.wait(lambda p: p.state["version"] == 1)
    b.wait(lambda p: p.state["version"] == 1)
    b.act({"type": "out_to_lunch"})  # both have chosen: the round moves on, and a's choices change
    a.wait(lambda p: p.state["version"] == 2)
    a.send({"type": "action", "version": 1, "action": {"type": "out_to_lunch"}})  # sent against v1
    reply = a.receive()
    assert reply["type"] == "error" and reply["code"] == "action/stale"
    assert a.receive()["type"] == "state"


def test_players_choosing_at_the_same_time_do_not_make_each_other_stale(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    tid, seats = table["table_id"], table["seats"]
    a, b = Player(server.ws, tid, seats[0]["code"]), Player(server.ws, tid, seats[1]["code"])
    old = b.state["version"]
    a.act({"type": "out_to_lunch"})
    b.wait(lambda p: p.state["version"] > old)
    b.send({"type": "action", "version": old, "action": {"type": "out_to_lunch"}})  # b saw v0: still fine
    b.wait(lambda p: p.state["version"] >= old + 2)
    assert b.view["players"][1]["out_to_lunch"] is True
