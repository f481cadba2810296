"""The classroom server against a curious student and a flaky classroom network (a real server, real sockets).

One test (or a few) per failure the hardening issue reproduced: a client that
stops reading, option and body bombs, a guessable seed, a duplicated frame,
a database that goes away, table floods, the teacher's doors, secrets in logs,
and half-sent requests.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from evogames import Match
from evogames.core.rng import KeyedRng, Rng
from tests.web.conftest import Server
from tests.web.wsclient import Player, create_table, play_humans, settle, teacher

pytestmark = pytest.mark.serial  # timing under load: `make test` runs it alone, after the parallel part


def stuck_socket(port: int, path: str) -> socket.socket:
    """A websocket client that opens the connection and then never reads a byte (a sleeping laptop)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    return sock


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


# -- 1. a client that stops reading ------------------------------------------------------------------------

def test_spectators_that_never_read_do_not_slow_the_table(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * 3, game="dodo")
    stuck = [stuck_socket(server.port, f"/ws/tables/{table['table_id']}") for _ in range(5)]
    me = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    rng, slowest, moves = Rng(5), 0.0, 0
    try:
        while not me.view["over"]:
            me.drain()
            if not me.my_turn():
                me.receive(timeout=20)  # a bot's move arrives: the table never stalls
                continue
            start, before = time.monotonic(), me.state["version"]
            me.act_randomly(rng)
            me.wait(lambda p, v=before: p.state["version"] > v, timeout=20)  # the move lands (bots may follow)
            slowest, moves = max(slowest, time.monotonic() - start), moves + 1
    except TimeoutError:
        raise AssertionError(f"the table stalled after {moves} moves; the player last read "
                             f"{me.messages[-3:]}; the server said: {server.log.read_text()[-2000:]}") from None
    finally:
        for sock in stuck:  # closed even when the test fails, so no later test meets them
            sock.close()
    assert moves > 10 and slowest < 5.0, f"{moves} moves, the slowest answered in {slowest:.2f} s"


def test_a_client_that_never_reads_is_dropped_with_a_log_line(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'slow.db'}", tmp_path / "server.log", bot_delay=0.1).start()
    try:
        table = create_table(server.url, [{"kind": "bot", "bot": "random"}] * 4, game="dodo", seed=3)
        stuck = stuck_socket(server.port, f"/ws/tables/{table['table_id']}")
        deadline, versions = time.time() + 60, []
        while "a spectator dropped" not in server.log.read_text():
            assert time.time() < deadline, "the client that never reads was never dropped"
            versions.append(httpx.get(server.url + f"/api/tables/{table['table_id']}").json()["version"])
            time.sleep(0.5)
        assert versions[-1] > versions[0] + 20  # the table played on meanwhile
        assert "has waited 10 s to be sent" in server.log.read_text()
        stuck.close()
    finally:
        server.stop()


def test_error_replies_never_echo_large_input(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    me = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    reply = me.error({"type": "x" * 8000})
    assert reply["code"] == "message/unknown_type" and len(reply["reason"]) < 200
    me.close()


# -- 2. bombs: options, bodies, numbers, nesting ----------------------------------------------------------

def test_an_option_bomb_is_refused_within_milliseconds_with_memory_flat(server: Server) -> None:
    assert server.process is not None
    before = rss_kib(server.process.pid)
    for options in ({"deck_p1": ["100000000x Valley Oak"]}, {"deck_p1": ["150x Valley Oak"]},
                    {"deck_p1": ["Valley Oak"] * 101}, {"deck_p1": ["x" * 81]}):
        start = time.monotonic()  # a deck list is the teacher's: the bombs are refused even with the key
        response = httpx.post(server.url + "/api/tables", json={"game": "phylo", "seats": [{"kind": "human"}] * 2,
                                                                "options": options}, headers=teacher(server.url))
        assert response.status_code == 400 and response.json()["error"]["code"] == "option/invalid"
        assert time.monotonic() - start < 0.5
    cards = {"environment": "custom", "environment_cards": ["E01"] * 200_000}
    huge = httpx.post(server.url + "/api/tables", json={"game": "mating", "seats": [{"kind": "human"}] * 2,
                                                        "options": cards})
    assert huge.status_code == 413 and "too large" in huge.json()["error"]["reason"]
    many = httpx.post(server.url + "/api/tables", json={"game": "mating", "seats": [{"kind": "human"}] * 2,
                                                        "options": {**cards, "environment_cards": ["E01"] * 101}})
    assert many.status_code == 400 and "at most 100" in many.json()["error"]["reason"]
    assert rss_kib(server.process.pid) - before < 30_000, "the server's memory grew"


@pytest.mark.parametrize(("content", "status"), [
    (b'{"game":"mating","seats":[{"kind":"human"},{"kind":"human"}],"seed":' + b"9" * 5000 + b"}", 400),
    (b"[" * 100_000 + b"]" * 100_000, 413),
    (b'{"a":' * 5000 + b"1" + b"}" * 5000, 400),
    (b'{"game":"mating","seats":[{"kind":"human"},{"kind":"human"}],"name":"\\ud800"}', 400),
    (b'{"game":"mating","seats":[{"kind":"human"},{"kind":"human"}],"seed":18446744073709551616}', 400),
    (b'{"game":"mating","seats":[{"kind":"human"},{"kind":"human"}],"seed":9223372036854775808}', 201),
])
def test_huge_numbers_deep_nesting_and_bad_text_get_a_4xx_never_a_500(server: Server, content: bytes,
                                                                      status: int) -> None:
    response = httpx.post(server.url + "/api/tables", content=content,
                          headers={"content-type": "application/json", **teacher(server.url)})
    assert response.status_code == status, response.text
    assert response.json()["error"]["reason"] if status != 201 else response.json()["table_id"]


def test_a_name_with_a_nul_or_control_characters_is_stored_as_plain_text(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}] * 2, name="Group\x00 1\x1b[31m" + "é" * 100)
    assert table["name"] == "Group 1[31m" + "é" * 49
    assert httpx.get(server.url + f"/api/tables/{table['table_id']}").json()["name"] == table["name"]


def test_websocket_bombs_get_an_error_frame_and_the_socket_stays(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    me = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    assert me.error('{"type":"action","version":' + "9" * 5000 + "}")["code"] == "message/malformed"
    assert me.error('{"type":"action","action":' + "[" * 1500 + "]" * 1500 + "}")["code"] == "message/malformed"
    assert me.error("[" * 8000 + "]" * 8000)["code"] == "message/too_large"
    many = {f"f{i}": 1 for i in range(40)}
    assert me.error({"type": "action", "version": 0, "action": {"type": "pass", **many}})["code"] == \
        "message/malformed"
    me.send({"type": "ping"})
    assert me.receive()["type"] == "pong"
    me.close()


# -- 3. the seed ---------------------------------------------------------------------------------------------

def test_a_classroom_tables_randomness_is_secret_and_still_replays(server: Server) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    first, second = create_table(server.url, bots), create_table(server.url, bots)  # the same request twice
    records = []
    for table in (first, second):
        deadline = time.time() + 60
        while not httpx.get(server.url + f"/api/tables/{table['table_id']}").json()["over"]:
            assert time.time() < deadline
            time.sleep(0.2)
        records.append(httpx.get(server.url + f"/api/tables/{table['table_id']}/record",
                                 headers=teacher(server.url)).json())
    seeds = [r["seed"] for r in records]
    assert all(s.bit_length() >= 128 for s in seeds) and seeds[0] != seeds[1]
    assert isinstance(Rng(seeds[0]), KeyedRng)  # a keyed cryptographic stream, not splitmix
    assert records[0]["actions"] != records[1]["actions"]
    replayed = Match.replay(records[0])
    assert replayed.over and len(replayed.actions) == len(records[0]["actions"])


def test_only_the_teacher_may_choose_a_seed(server: Server) -> None:
    body = {"game": "mating", "seats": [{"kind": "human"}] * 2, "seed": 7}
    refused = httpx.post(server.url + "/api/tables", json=body)
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "table/seed_needs_teacher"
    assert httpx.post(server.url + "/api/tables", json=body, headers=teacher(server.url)).status_code == 201


# -- 4. a frame sent twice -----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["phylo", "dodo"])
def test_a_frame_sent_twice_is_applied_once(server: Server, game: str) -> None:
    """Phylo's pass leaves the seat's choices as they were (a second action of the turn): the old stale
    check let the copy through and the turn lost its second action."""
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game=game, seed=0,
                         options={"first_player": 1} if game == "phylo" else {"first_player": 0})
    me = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    other = Player(server.ws, table["table_id"], table["seats"][1]["code"])
    while not me.my_turn():  # dodo may open with the other seat's forced moves; phylo: seat 0 starts
        other.act(other.view["legal"][0])
        me.receive()
    action = next(a for a in me.view["legal"] if a["type"] == "pass") if game == "phylo" else me.view["legal"][0]
    frame = {"type": "action", "version": me.state["version"], "action": action}
    before = me.state["version"]
    me.send(frame)
    me.send(frame)
    settle([me, other], quiet=0.5)
    assert me.state["version"] == before + 1
    assert not [m for m in me.messages if '"type":"error"' in m]  # the copy is ignored quietly


def test_an_action_is_stored_as_its_legal_form_without_extra_fields(server: Server, tmp_path: Path) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    me = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    me.send(json.dumps({"type": "action", "version": 0, "action": {"type": "out_to_lunch", "note": "😀" * 2000}},
                       ensure_ascii=False))
    me.wait(lambda p: p.state["version"] == 1)
    with sqlite3.connect(server.db.removeprefix("sqlite:///")) as conn:
        stored = conn.execute("SELECT action FROM actions").fetchall()
    assert stored == [('{"type":"out_to_lunch"}',)]


# -- 5. the database goes away and comes back -------------------------------------------------------------

def wait_over(server: Server, table_id: str, seconds: float) -> None:
    deadline = time.time() + seconds
    while not httpx.get(server.url + f"/api/tables/{table_id}").json()["over"]:
        assert time.time() < deadline, "the table stopped"
        time.sleep(0.2)


def test_bots_play_on_after_sqlite_was_locked_for_twelve_seconds(tmp_path: Path) -> None:
    db = tmp_path / "locked.db"
    server = Server(f"sqlite:///{db}", tmp_path / "server.log", bot_delay=0.05).start()
    try:
        lock = sqlite3.connect(db, timeout=30, isolation_level=None)
        table = create_table(server.url, [{"kind": "bot", "bot": "heuristic"}] * 4)
        # a search bot too: its answer comes back from the worker pool into the same retried commit
        searching = create_table(server.url, [{"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "heuristic"}])
        lock.execute("BEGIN EXCLUSIVE")  # another program holds the database
        time.sleep(12)
        lock.execute("COMMIT")
        lock.close()
        wait_over(server, table["table_id"], 90)
        wait_over(server, searching["table_id"], 120)
        log = (tmp_path / "server.log").read_text()
        assert "could not be stored" in log and "storage is back" in log
        server.kill()
        server.start()  # every move that was acknowledged is there, once
        again = httpx.get(server.url + f"/api/tables/{table['table_id']}").json()
        assert again["over"]
    finally:
        server.stop()


def test_bots_play_on_after_postgresql_restarts(tmp_path: Path) -> None:
    from tests.web.postgres import new_database, postgres_cluster

    with postgres_cluster() as cluster:
        server = Server(new_database(cluster.url, "restart_test"), tmp_path / "server.log", bot_delay=0.1).start()
        try:
            table = create_table(server.url, [{"kind": "bot", "bot": "heuristic"}] * 4, game="dodo")
            time.sleep(0.5)
            cluster.stop()
            time.sleep(2)
            cluster.start()
            wait_over(server, table["table_id"], 120)
            before = httpx.get(server.url + f"/api/tables/{table['table_id']}").json()
            server.kill()
            server.start()
            after = httpx.get(server.url + f"/api/tables/{table['table_id']}").json()
            assert after["over"] and after["version"] == before["version"] and after["result"] == before["result"]
            assert "could not be stored" in (tmp_path / "server.log").read_text()
        finally:
            server.stop()


# -- 7. table floods ---------------------------------------------------------------------------------------

def test_one_client_cannot_flood_the_server_with_tables(server: Server) -> None:
    body = {"game": "mating", "seats": [{"kind": "human"}] * 2}
    codes = [httpx.post(server.url + "/api/tables", json=body).status_code for _ in range(20)]
    assert codes.count(201) == 12 and set(codes[12:]) == {429}
    assert httpx.post(server.url + "/api/tables", json=body, headers=teacher(server.url)).status_code == 201
    page = httpx.get(server.url + "/api/tables", params={"limit": 5, "offset": 10})
    assert len(page.json()) == 3 and page.headers["x-total-count"] == "13"


def test_the_teacher_deletes_a_table(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}] * 2)
    url = server.url + f"/api/tables/{table['table_id']}"
    assert httpx.delete(url).status_code == 401
    assert httpx.delete(url, headers={"X-Teacher-Key": "wrong"}).status_code == 403
    assert httpx.delete(url, headers=teacher(server.url)).status_code == 200
    assert httpx.get(url).status_code == 400
    server.kill()
    server.start()
    assert httpx.get(server.url + "/api/tables").json() == []


def test_listing_many_tables_is_fast(server: Server) -> None:
    for _ in range(60):
        create_table(server.url, [{"kind": "human"}] * 4, seed=1)
    start = time.monotonic()
    for _ in range(10):
        assert len(httpx.get(server.url + "/api/tables").json()) == 60
    assert (time.monotonic() - start) / 10 < 0.1


# -- 8. the teacher's key -------------------------------------------------------------------------------------

def test_every_teacher_door_needs_the_key(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}] * 2)
    seat = f"/api/tables/{table['table_id']}/seats/0"
    doors = [("GET", "/teacher", None), ("GET", "/api/results.csv", None), ("GET", "/api/teacher/tables", None),
             ("DELETE", f"/api/tables/{table['table_id']}", None), ("PUT", seat, {"kind": "bot"})]
    for method, path, body in doors:
        assert httpx.request(method, server.url + path, json=body).status_code == 401, path
        wrong = httpx.request(method, server.url + path, json=body, headers={"X-Teacher-Key": "nope"})
        assert wrong.status_code == 403, path
    assert "teacher" in httpx.get(server.url + "/api/results.csv").json()["error"]["reason"]
    mine = httpx.get(server.url + "/api/teacher/tables", headers=teacher(server.url)).json()
    assert mine[0]["seats"][0]["code"] == table["seats"][0]["code"]
    assert httpx.put(server.url + seat, json={"kind": "bot", "bot": "random"}, headers=teacher(server.url)).json()[
        "seats"][0]["kind"] == "bot"


def test_the_key_is_printed_at_start_and_by_the_teacher_link_command(server: Server) -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "evogames.cli.app", "teacher-link", "--db", server.db],
                         capture_output=True, text=True, check=True).stdout
    assert server.teacher_key() in out and "/teacher?key=" in out


def test_the_csv_neutralizes_formulas(server: Server) -> None:
    create_table(server.url, [{"kind": "human"}] * 2, name='=HYPERLINK("http://evil.example","click")')
    text = httpx.get(server.url + "/api/results.csv", headers=teacher(server.url)).text
    assert "'=HYPERLINK" in text and ",=HYPERLINK" not in text and ',"=HYPERLINK' not in text


# -- 9. secrets in logs and files ---------------------------------------------------------------------------

def test_no_code_or_key_in_the_log_and_a_private_database_file(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}] * 2)
    code = table["seats"][0]["code"]
    httpx.get(server.url + f"/join/{code}")
    httpx.get(server.url + f"/table/{table['table_id']}?token={code}")
    httpx.get(server.url + f"/teacher?key={server.teacher_key()}")
    Player(server.ws, table["table_id"], code).close()
    time.sleep(0.3)
    log = server.log.read_text()
    assert table["table_id"] in log  # the access log is on ...
    assert code not in log  # ... but holds no code
    assert log.count(server.teacher_key()) == 1  # only the teacher's link printed at start
    mode = stat.S_IMODE(Path(server.db.removeprefix("sqlite:///")).stat().st_mode)
    assert mode & 0o077 == 0, oct(mode)


# -- 10. smaller holes -------------------------------------------------------------------------------------

def test_half_sent_requests_are_closed(server: Server) -> None:
    socks = []
    for _ in range(50):
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # never finished
        socks.append(sock)
    time.sleep(11)
    closed = 0
    for sock in socks:
        sock.settimeout(2)
        try:
            closed += sock.recv(100) == b""
        except (ConnectionResetError, TimeoutError):
            closed += 0
        sock.close()
    assert closed == 50


def test_a_cross_site_form_cannot_create_tables_and_docs_are_off(server: Server) -> None:
    plain = httpx.post(server.url + "/api/tables", content=b'{"game":"mating","seats":[{"kind":"human"}]}',
                       headers={"content-type": "text/plain"})
    assert plain.status_code == 415
    for path in ("/docs", "/openapi.json", "/redoc"):
        assert httpx.get(server.url + path).status_code == 404


@pytest.fixture
def pg_url() -> Iterator[str]:
    from tests.web.postgres import new_database, postgres_server

    with postgres_server() as url:
        yield new_database(url, "fields_test")


def test_long_fields_never_drop_the_socket_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    server = Server(pg_url, tmp_path / "server.log").start()
    try:
        table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], name="😀" * 2000)
        me = Player(server.ws, table["table_id"], table["seats"][0]["code"])
        me.send(json.dumps({"type": "action", "version": 0, "action": {"type": "out_to_lunch", "note": "😀" * 2000}},
                           ensure_ascii=False))
        me.wait(lambda p: p.state["version"] == 1)
        me.close()
    finally:
        server.stop()


def test_a_thread_of_pings_cannot_starve_another_table(server: Server) -> None:
    flood_table = create_table(server.url, [{"kind": "human"}] * 2)
    flooder = Player(server.ws, flood_table["table_id"], flood_table["seats"][0]["code"])
    stop = threading.Event()

    def flood() -> None:  # as fast as it can, never reading: the server may drop it, never slow down
        with contextlib.suppress(ConnectionClosed, OSError):
            while not stop.is_set():
                flooder.send('{"type":"action","version":0,"action":{"type":"nonsense"}}')

    worker = threading.Thread(target=flood, daemon=True)
    worker.start()
    try:
        table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
        me = Player(server.ws, table["table_id"], table["seats"][0]["code"])
        play_humans([me], Rng(1), until=lambda: me.state["version"] >= 10, seconds=30)
    finally:
        stop.set()
        worker.join(5)
        with contextlib.suppress(ConnectionClosed, OSError):
            flooder.close()


def test_another_table_plays_on_through_a_stuck_client_a_bomb_a_double_click(server: Server) -> None:
    """Table A gets a never-reading spectator, oversized frames, the same frame twice and a stream of hints
    while its bots play (one of them searching); table B's person still has every move answered within seconds."""
    a = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "hard"}]
                     + [{"kind": "bot", "bot": "heuristic"}] * 2, game="dodo")
    stuck = stuck_socket(server.port, f"/ws/tables/{a['table_id']}")
    noisy = Player(server.ws, a["table_id"], a["seats"][0]["code"])
    assert noisy.error("[" * 8000 + "]" * 8000)["code"] == "message/too_large"
    noisy.drain()
    if noisy.my_turn():
        frame = {"type": "action", "version": noisy.state["version"], "action": noisy.view["legal"][0]}
        noisy.send(frame)
        noisy.send(frame)
    for _ in range(20):
        noisy.send({"type": "hint"})
    b = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="mating")
    me = Player(server.ws, b["table_id"], b["seats"][0]["code"])
    start = time.monotonic()
    try:
        play_humans([me], Rng(2), until=lambda: me.state["version"] >= 12, seconds=60)
    finally:
        stuck.close()
        noisy.close()
        me.close()
    assert me.state["version"] >= 12 or me.view["over"]
    assert time.monotonic() - start < 60
