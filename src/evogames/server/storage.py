"""Tables stored as their records: game, seed, options, seats, and every action.

SQLite by default (a file, no set-up), PostgreSQL by URL. An action is
committed before anyone is told about it, so a restart replays every table
to exactly where it was.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    select,
)

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("created", Float, nullable=False),
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", String(8192), nullable=False),
)


@dataclass
class StoredTable:
    """A table as stored: enough to rebuild its Match exactly."""

    id: str
    name: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    created: float
    actions: list[tuple[int, dict[str, Any]]]


def database_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs (psycopg 3 is the driver)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Storage:
    """The one place that talks to the database."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(database_url(url))
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        self._insert_action = insert(actions)  # built once: the hot path only binds values
        # One writer thread: a commit's disk flush (fsync) waits there, not on the
        # event loop, so one slow flush does not stall every other table.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="evogames-db")

    def create_table(self, row: StoredTable) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables).values(
                id=row.id, name=row.name, game=row.game, players=row.players, seed=row.seed,
                options=row.options, seats=row.seats, created=row.created,
            ))

    def append_action(self, table_id: str, idx: int, seat: int, action: dict[str, Any]) -> None:
        """Commit one action (raises if it cannot: then nothing is broadcast)."""
        with self.engine.begin() as conn:
            conn.execute(self._insert_action,
                         {"table_id": table_id, "idx": idx, "seat": seat, "action": json.dumps(action)})

    async def commit_action(self, table_id: str, idx: int, seat: int, action: dict[str, Any]) -> None:
        """``append_action`` on the writer thread; returns once the action is committed."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._writer, self.append_action, table_id, idx, seat, action)

    def load_all(self) -> list[StoredTable]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables).order_by(tables.c.created)).mappings().all()
            moves = conn.execute(select(actions).order_by(actions.c.table_id, actions.c.idx)).mappings().all()
        by_table: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for move in moves:
            by_table.setdefault(move["table_id"], []).append((move["seat"], json.loads(move["action"])))
        return [StoredTable(r["id"], r["name"], r["game"], r["players"], r["seed"], dict(r["options"]),
                            list(r["seats"]), r["created"], by_table.get(r["id"], [])) for r in rows]

    def close(self) -> None:
        self._writer.shutdown(wait=True)
        self.engine.dispose()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cursor.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process
    cursor.close()
