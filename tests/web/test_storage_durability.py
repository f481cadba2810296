"""Nothing acknowledged is lost, and a failed write changes nothing (a real server, real SQLite and PostgreSQL).

- Another program that opens and closes the SQLite file while the server runs
  (``evogames teacher-link``, a backup, a DB browser) must not take the
  server's write-ahead log away: after a kill -9 every acknowledged move is there.
- With the database locked or PostgreSQL down, every door other than a move
  (pause, end, delete, a seat to a bot and back, a name); coming back to a bot-held seat writes nothing
  answers ``storage/unavailable`` and changes nothing.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

from evogames.core.rng import Rng
from tests.web.conftest import Server
from tests.web.wsclient import Player, create_table, play_humans, settle, teacher

PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def outside_readers(db: Path) -> None:
    """Two other programs open the database, read it and close it: the teacher's link, and a plain reader."""
    subprocess.run([sys.executable, "-m", "evogames.cli.app", "teacher-link", "--db", f"sqlite:///{db}"],
                   capture_output=True, check=True, timeout=60)
    reader = ("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
              "c.execute('SELECT count(*) FROM actions').fetchone(); c.close()")
    subprocess.run([sys.executable, "-c", reader, str(db)], check=True, timeout=60)


def play(server: Server, table: dict, moves: int, seed: int) -> int:  # type: ignore[type-arg]
    """Both people play until ``moves`` actions are stored; the version every seat was told last."""
    players = [Player(server.ws, table["table_id"], s["code"]) for s in table["seats"]]
    play_humans(players, Rng(seed), until=lambda: players[0].state["version"] >= moves)
    settle(players, people=(0, 1))
    version = int(players[0].state["version"])
    assert all(p.state["version"] == version for p in players)
    for p in players:
        p.close()
    return version


def stored_version(server: Server, table_id: str) -> int:
    answer = httpx.get(server.url + f"/api/tables/{table_id}", timeout=10)
    assert answer.status_code == 200, answer.text
    return int(answer.json()["version"])


def test_an_outside_reader_then_kill_9_loses_no_acknowledged_move(server: Server) -> None:
    db = Path(server.db.removeprefix("sqlite:///"))
    first = create_table(server.url, PEOPLE)
    play(server, first, 6, seed=1)
    outside_readers(db)
    second = create_table(server.url, PEOPLE)  # made after the teacher's link was printed again
    told = {second["table_id"]: play(server, second, 8, seed=2), first["table_id"]: play(server, first, 14, seed=3)}
    outside_readers(db)
    with contextlib.closing(sqlite3.connect(db)) as reader:  # the readers see every table (nothing lost yet)
        assert reader.execute("SELECT count(*) FROM tables").fetchone() == (2,)
    server.kill()
    server.start()
    assert {table_id: stored_version(server, table_id) for table_id in told} == told


# -- every door other than a move, with the database locked or down ----------------------------------------

def doors(table_id: str) -> list[tuple[str, str, dict | None]]:  # type: ignore[type-arg]
    return [("POST", "/api/class/pause", {"paused": True}), ("POST", f"/api/tables/{table_id}/end", None),
            ("DELETE", f"/api/tables/{table_id}", None),
            ("PUT", f"/api/tables/{table_id}/seats/0", {"kind": "bot", "bot": "random"}),
            ("PUT", f"/api/tables/{table_id}/seats/1", {"kind": "human"})]


def what_matters(server: Server, table_id: str) -> dict:  # type: ignore[type-arg]
    summary = httpx.get(server.url + f"/api/tables/{table_id}", timeout=10).json()
    seats = [(s["kind"], s.get("name")) for s in summary["seats"]]
    return {"seats": seats, "paused": summary["paused"], "ended": summary["ended"], "version": summary["version"]}


def every_door_refuses_and_changes_nothing(server: Server, broken: Any) -> None:
    """``broken`` is a context manager during which the database cannot be written."""
    table = create_table(server.url, PEOPLE)
    tid, codes = table["table_id"], [s["code"] for s in table["seats"]]
    assert httpx.put(server.url + f"/api/tables/{tid}/seats/1", json={"kind": "bot", "bot": "random"},
                     headers=teacher(server.url), timeout=10).status_code == 200  # a bot keeps seat 1
    zero = Player(server.ws, tid, codes[0])
    before = what_matters(server, tid)
    with broken():
        for method, path, body in doors(tid):
            answer = httpx.request(method, server.url + path, json=body, headers=teacher(server.url), timeout=60)
            assert (answer.status_code, answer.json()["error"]["code"]) == (503, "storage/unavailable"), path
        assert zero.error({"type": "name", "name": "Ada"})["code"] == "storage/unavailable"
        zero.send({"type": "ping"})
        zero.wait(lambda p: json.loads(p.messages[-1])["type"] == "pong")  # the socket stays
        with connect(f"{server.ws}/ws/tables/{tid}?token={codes[1]}") as back:  # coming back to the bot's seat
            kinds = {json.loads(back.recv(timeout=60))["type"] for _ in range(2)}
            assert "error" not in kinds and "state" in kinds  # it watches its seat (the bot keeps it): no write
        assert what_matters(server, tid) == before
    zero.close()
    server.kill()
    server.start()
    assert what_matters(server, tid) == before  # nothing was half done in the database either


def test_every_door_answers_storage_unavailable_with_sqlite_locked(server: Server) -> None:
    db = Path(server.db.removeprefix("sqlite:///"))

    @contextlib.contextmanager
    def locked() -> Iterator[None]:
        with contextlib.closing(sqlite3.connect(db, timeout=30, isolation_level=None)) as lock:
            lock.execute("BEGIN EXCLUSIVE")  # another program holds the database
            yield
            lock.execute("COMMIT")

    every_door_refuses_and_changes_nothing(server, locked)


def test_every_door_answers_storage_unavailable_with_postgresql_down(tmp_path: Path) -> None:
    from tests.web.postgres import new_database, postgres_cluster

    with postgres_cluster() as cluster:
        server = Server(new_database(cluster.url, "doors_test"), tmp_path / "server.log").start()

        @contextlib.contextmanager
        def down() -> Iterator[None]:
            cluster.stop()
            yield
            cluster.start()

        try:
            every_door_refuses_and_changes_nothing(server, down)
        finally:
            server.stop()
