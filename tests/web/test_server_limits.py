"""One device cannot give the whole class 503s (a real server, real sockets on loopback).

- A request body has a deadline once its head has arrived: a trickled body gets 408 and is closed.
- One address holds at most 200 open websockets and requests in flight: past that, a request gets
  429 and a websocket an error and a close frame with a reason; the teacher's key lifts the cap;
  another address (another device) is never refused.
- Spectators all see the same view: it is built once per state, not once per socket.

Another device is another loopback address (127.0.0.2): Linux answers the whole of 127/8.
"""

from __future__ import annotations

import base64
import json
import os
import select
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from evogames import Match
from evogames.server.clients import Client
from evogames.server.limits import BODY_TIMEOUT, MAX_PER_ADDRESS
from evogames.server.seats import Seat
from evogames.server.storage import Storage
from evogames.server.tables import LiveTable
from tests.web.conftest import Server
from tests.web.wsclient import create_table, run_async, teacher

pytestmark = pytest.mark.serial  # timing under load: `make test` runs it alone, after the parallel part

OTHER_DEVICE = "127.0.0.2"


def open_socket(port: int, path: str) -> socket.socket:
    """A websocket from 127.0.0.1, opened (101) and then never read again."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def ws(server: Server, path: str, source: str = "127.0.0.1", **kwargs: Any) -> ClientConnection:
    return connect(server.ws + path, source_address=(source, 0), open_timeout=10, **kwargs)


def from_device(source: str) -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=10)


def refused_socket(connection: ClientConnection) -> tuple[str, int, str]:
    """The error a refused websocket is sent, then its close frame's code and reason."""
    error = json.loads(connection.recv(timeout=10))
    with pytest.raises(ConnectionClosed) as closed:
        connection.recv(timeout=10)
    assert closed.value.rcvd is not None, "the socket was cut without a close frame"
    return error["code"], closed.value.rcvd.code, closed.value.rcvd.reason


def test_one_address_is_refused_politely_past_its_cap_and_another_device_plays_on(server: Server) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    path = f"/ws/tables/{table['table_id']}"
    held = [open_socket(server.port, path) for _ in range(MAX_PER_ADDRESS)]
    try:
        with ws(server, path) as one_more:
            assert refused_socket(one_more) == ("http/too_many_connections", 1013,
                                                "Too many connections from this network.")
        with from_device("127.0.0.1") as same:
            page = same.get(server.url + "/api/tables")
            assert page.status_code == 429 and page.json()["error"]["code"] == "http/too_many_connections"
            assert same.get(server.url + "/api/teacher/tables", headers=teacher(server.url)).status_code == 200
        with ws(server, path, additional_headers=teacher(server.url)) as teachers:  # the key lifts the cap
            assert json.loads(teachers.recv(timeout=10))["type"] == "welcome"
        with from_device(OTHER_DEVICE) as other:  # another device is not refused
            assert other.get(server.url + "/api/tables").status_code == 200
        with ws(server, f"{path}?token={table['seats'][0]['code']}", source=OTHER_DEVICE) as player:
            assert [json.loads(player.recv(timeout=10))["type"] for _ in range(2)] == ["welcome", "state"]
            player.send(json.dumps({"type": "action", "version": 0, "action": {"type": "out_to_lunch"}}))
            assert json.loads(player.recv(timeout=10))["version"] == 1
    finally:
        for sock in held:
            sock.close()
    counted_out(server)
    assert "127.0.0.1 holds 200 connections" in server.log.read_text()


def trickle(port: int) -> socket.socket:
    """A request whose head arrives and whose body stops after one byte."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n{")
    return sock


def answer(sock: socket.socket, wait: float) -> bytes:
    sock.settimeout(wait)
    try:
        return sock.recv(4096)
    except TimeoutError:
        return b"(nothing)"


def test_trickled_bodies_are_cut_and_never_hold_up_another_device(server: Server) -> None:
    extra = 10
    socks = [trickle(server.port) for _ in range(MAX_PER_ADDRESS + extra)]
    try:
        time.sleep(1)
        with from_device(OTHER_DEVICE) as other:
            start = time.monotonic()
            assert other.get(server.url + "/").status_code == 200
            assert time.monotonic() - start < 2
        answered, _, _ = select.select(socks, [], [], 0)
        assert len(answered) == extra  # past the cap: refused at once ...
        assert all(answer(sock, 1).startswith(b"HTTP/1.1 429") for sock in answered)
        waiting = [sock for sock in socks if sock not in answered]  # ... the others wait for their bodies
        time.sleep(BODY_TIMEOUT)
        late = [answer(sock, 5) for sock in waiting]
        assert all(a.startswith(b"HTTP/1.1 408") and b"http/too_slow" in a for a in late), late[:2]
        assert all(answer(sock, 5) == b"" for sock in waiting)  # and closed
    finally:
        for sock in socks:
            sock.close()


def test_half_sent_requests_past_the_cap_are_refused_at_once_and_another_device_plays_on(server: Server) -> None:
    most, extra = 2 * MAX_PER_ADDRESS, 10
    socks = []
    for _ in range(most + extra):
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # never finished
        socks.append(sock)
    try:
        time.sleep(1)
        answered, _, _ = select.select(socks, [], [], 0)
        assert len(answered) == extra
        replies = [answer(sock, 1) for sock in answered]
        assert all(r.startswith(b"HTTP/1.1 429") and b"http/too_many_connections" in r for r in replies), replies[0]
        with from_device(OTHER_DEVICE) as other:
            assert other.get(server.url + "/").status_code == 200  # never 503: the server is not full
    finally:
        for sock in socks:
            sock.close()
    counted_out(server)


class Unread:
    """A socket that is never sent to: these clients' texts are built, not sent."""

    async def send_text(self, data: str) -> None:
        raise AssertionError("not sent here")

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        return None


def test_spectators_share_one_view_per_state_and_it_is_a_spectators(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'one.db'}")

    async def scenario() -> None:
        seats = [Seat("human", code="A"), Seat("human", code="B")]
        table = LiveTable("t_watch", "Watched", Match("mating", 2, 7), seats, 0.0, storage, 0.0)
        storage.create_table(table_row(table))
        watchers = [Client(Unread(), None) for _ in range(50)]
        texts = [table.state_text(w) for w in watchers]
        assert all(text is texts[0] for text in texts)  # built once
        assert json.loads(texts[0])["view"] == table.match.view(None)  # a spectator's view, nothing more
        seated = table.state_text(Client(Unread(), 0))
        assert json.loads(seated)["view"] == table.match.view(0) != table.match.view(None)
        await table.act(0, {"type": "out_to_lunch"}, 0)
        after = [table.state_text(w) for w in watchers]
        assert after[0] != texts[0] and all(text is after[0] for text in after)
        assert json.loads(after[0])["view"] == table.match.view(None)
        late = Client(Unread(), None)  # joins now: gets the whole log, not the others' last part
        assert json.loads(table.state_text(late))["log"] == table.match.log_for(None, start=0)

    run_async(scenario())
    storage.close()


def table_row(table: LiveTable) -> Any:
    from evogames.server.storage import StoredTable

    return StoredTable(table.id, table.name, "mating", 2, 7, table.match.options, [s.to_row() for s in table.seats],
                       0.0, [])


def test_evogames_serve_has_the_same_cap_by_default() -> None:
    import inspect

    from evogames.cli.app import serve

    assert inspect.signature(serve).parameters["max_per_address"].default == MAX_PER_ADDRESS


def counted_out(server: Server) -> None:
    """Closed sockets stop counting against their address within 10 s."""
    deadline = time.monotonic() + 10
    while httpx.get(server.url + "/api/tables").status_code == 429:
        assert time.monotonic() < deadline, "closed connections still count"
        time.sleep(0.2)
