"""Storage against SQLite and a real PostgreSQL server, and the app on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from evogames.core.rng import Rng
from evogames.server.storage import Storage, StoredTable, database_url
from tests.web.conftest import Server
from tests.web.postgres import new_database, postgres_server
from tests.web.wsclient import Player, create_table, play_humans, settle


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return new_database(request.getfixturevalue("postgres_url"), "storage_test")


def test_a_table_and_its_actions_survive_a_new_connection(db_url: str) -> None:
    store = Storage(db_url)
    name = f"t_{abs(hash(db_url)) % 10**8}"
    row = StoredTable(name, "Group 2", "mating", 3, 42, {"environment": "variable"},
                      [{"kind": "human", "bot": None, "code": "ABC"}], 1.5, [])
    store.create_table(row)
    store.append_action(name, 0, 1, {"type": "out_to_lunch"})
    store.append_action(name, 1, 0, {"type": "play", "card": "F07"})
    store.close()
    again = Storage(db_url)
    loaded = next(t for t in again.load_all() if t.id == name)
    assert loaded.options == {"environment": "variable"} and loaded.seed == 42
    assert loaded.actions == [(1, {"type": "out_to_lunch"}), (0, {"type": "play", "card": "F07"})]
    with pytest.raises(Exception):  # noqa: B017 - the same action index twice is refused by the database
        again.append_action(name, 1, 0, {"type": "pass"})
    again.close()


def test_a_table_that_no_longer_replays_is_left_out_not_fatal(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'broken.db'}"
    store = Storage(url)
    store.create_table(StoredTable("t_bad", "Broken", "mating", 2, 1, {}, [{"kind": "human"}] * 2, 1.0, []))
    store.append_action("t_bad", 0, 0, {"type": "play", "card": "NOT_A_CARD"})
    store.close()
    server = Server(url, tmp_path / "server.log").start()
    try:
        import httpx

        assert httpx.get(server.url + "/api/tables").json() == []
        assert "t_bad" in (tmp_path / "server.log").read_text()
    finally:
        server.stop()


def test_postgres_urls_use_psycopg() -> None:
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"


def test_the_app_on_postgresql_resumes_after_a_kill(postgres_url: str, tmp_path: Path) -> None:
    server = Server(new_database(postgres_url, "app_test"), tmp_path / "server.log").start()
    try:
        table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], seed=3)
        tid, code = table["table_id"], table["seats"][0]["code"]
        me = Player(server.ws, tid, code)
        play_humans([me], Rng(3), until=lambda: me.state["version"] >= 12)
        settle([me], people=(0,))  # the bot has moved: the table waits for the person
        before = me.state
        server.kill()
        server.start()
        again = Player(server.ws, tid, code)
        assert (again.state["version"], again.view) == (before["version"], before["view"])
        play_humans([again], Rng(4))
        assert again.view["over"]
    finally:
        server.stop()
