"""Two open doors that cost the server work: ``/api/qr`` encodes only this server's own links, off the event loop
and one at a time (a flood of QR codes leaves the tables' pings alone), and a replay asks who watches before it
reads a table put away (without the key or a seat code nothing is read, 401 as at the teacher's other doors)."""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from evogames.core.errors import ErrorCode
from evogames.server.app import create_app
from tests.web.conftest import Server
from tests.web.wsclient import create_table, run_async

pytestmark = pytest.mark.serial  # timing under load: `make test` runs it alone, after the parallel part

BUILDERS, PINGS = 24, 40  # concurrent QR requests (distinct links: no cache helps); pings measured meanwhile
PING_MOST = 0.25  # seconds: a ping's median under the flood at most (before: about 1 s)


def test_a_qr_code_is_of_this_servers_own_links_only(server: Server) -> None:
    own = httpx.get(server.url + "/api/qr", params={"text": server.url + "/join"}, timeout=10)
    assert own.status_code == 200 and own.headers["content-type"].startswith("image/svg"), own.text
    seat = httpx.get(server.url + "/api/qr", params={"text": f"{server.url}/table/t_0123?token=ABCDEFGHJK"})
    assert seat.status_code == 200
    for foreign in ("https://example.com/phish", "x" * 300, server.url + ".evil.example/join", "/join"):
        refused = httpx.get(server.url + "/api/qr", params={"text": foreign}, timeout=10)
        assert refused.status_code == 400 and refused.json()["error"]["code"] == ErrorCode.QR_INVALID, foreign
        assert "own links" in refused.json()["error"]["reason"]


def test_a_flood_of_qr_codes_does_not_stall_a_tables_ping(server: Server) -> None:
    made = create_table(server.url, [{"kind": "human"}, {"kind": "human"}])
    alone, flooded, built = run_async(pings_under_flood(server, made["table_id"], made["seats"][0]["code"]))
    print(f"\nping median {alone * 1000:.1f} ms alone, {flooded * 1000:.1f} ms under {BUILDERS} concurrent QR "
          f"requests ({built} built)")
    assert built > 0
    assert flooded <= PING_MOST, (alone, flooded)


async def pings_under_flood(server: Server, table_id: str, code: str) -> tuple[float, float, int]:
    alone = await pings(server, table_id, code)
    stop, built = asyncio.Event(), [0]

    async def build(worker: int) -> None:
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
            n = 0
            while not stop.is_set():
                n += 1
                text = f"{server.url}/join?{worker}-{n}-" + "Q" * 200
                response = await client.get("/api/qr", params={"text": text})
                built[0] += response.status_code == 200

    builders = [asyncio.create_task(build(i)) for i in range(BUILDERS)]
    await asyncio.sleep(0.5)
    flooded = await pings(server, table_id, code)
    stop.set()
    await asyncio.gather(*builders, return_exceptions=True)
    return alone, flooded, built[0]


async def pings(server: Server, table_id: str, code: str) -> float:
    async with websockets.connect(f"{server.ws}/ws/tables/{table_id}?token={code}") as socket:
        while json.loads(await socket.recv())["type"] != "state":
            pass
        took = []
        for _ in range(PINGS):
            started = time.perf_counter()
            await socket.send('{"type":"ping"}')
            while json.loads(await asyncio.wait_for(socket.recv(), 30))["type"] != "pong":
                pass
            took.append(time.perf_counter() - started)
            await asyncio.sleep(0.05)
    return statistics.median(took)


def test_a_replay_asks_who_watches_before_it_reads_a_table_put_away(tmp_path: Path) -> None:
    """In process, with the storage's read of a put-away table counted: no key and no code, or a code that cannot
    be a seat's, read nothing; a well-formed code reads the one row, and keeps nothing unless it is the table's."""
    app = create_app(f"sqlite:///{tmp_path / 'evogames.db'}")
    lobby = app.state.lobby
    reads: list[str] = []
    load = lobby.storage.load_put_away

    def counted(table_id: str) -> Any:
        reads.append(table_id)
        return load(table_id)

    lobby.storage.load_put_away = counted

    async def ask(**params: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            return await client.get("/api/tables/t_0123456789ab/replay", params=params)

    nobody = run_async(ask())
    assert nobody.status_code == 401 and nobody.json()["error"]["code"] == ErrorCode.TEACHER_KEY_NEEDED
    garbage = run_async(ask(token="not a code!"))
    assert garbage.status_code == 400 and garbage.json()["error"]["code"] == ErrorCode.SEAT_BAD_TOKEN
    assert reads == [], "an unauthorised request read storage"
    guessed = run_async(ask(token="ABCDEFGHJK"))
    assert guessed.json()["error"]["code"] == ErrorCode.TABLE_UNKNOWN
    assert reads == ["t_0123456789ab"] and lobby.put_away == {}
    lobby.storage.close()
