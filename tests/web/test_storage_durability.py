"""Nothing acknowledged is lost, and a failed write changes nothing (a real server, real SQLite and PostgreSQL).

- Another program that opens and closes the SQLite file while the server runs
  (``evogames teacher-link``, a backup, a DB browser) must not take the
  server's write-ahead log away: after a kill -9 every acknowledged move is there.
- With the database locked or PostgreSQL down, every door other than a move
  (pause, end, delete, a seat to a bot, a name, coming back to a bot-held seat)
  answers ``storage/unavailable`` and changes nothing.
"""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx

from evogames.core.rng import Rng
from tests.web.conftest import Server
from tests.web.wsclient import Player, create_table, play_humans, settle

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
