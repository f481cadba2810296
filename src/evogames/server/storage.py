"""Tables stored as their records: game, seed, options, seats, and every action.

SQLite by default (a file, no set-up), PostgreSQL by URL. An action is
committed before anyone is told about it, so a restart replays every table
to exactly where it was. The teacher's key lives here too (``settings``), and
the classes (a period's name and game; each table names its class).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from evogames.core.errors import ErrorCode, UsageError

metadata = MetaData()

tables = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", String(80), nullable=False),  # "0x…": a secret seed has 255 bits
    Column("options", JSON, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("created", Float, nullable=False),
    Column("archived", Boolean, nullable=False, default=False),
    Column("ended", Boolean, nullable=False, default=False),
    Column("class_id", String(32), nullable=True),  # the class (a period) it was set up for; None: the lobby's
)

classes = Table(
    "classes", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(200), nullable=False, unique=True),
    Column("game", String(32), nullable=False),
    Column("created", Float, nullable=False),
    Column("request", String(64), nullable=True, unique=True),  # the page's own id: a retry finds the class
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
)

settings = Table(
    "settings", metadata,
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

StorageError = SQLAlchemyError  # what a failed read or write raises: the caller retries


class Conflict(Exception):
    """The action index is already stored with another action (an earlier, unacknowledged try landed)."""

    def __init__(self, stored: dict[str, Any]) -> None:
        super().__init__("another action is stored at this index")
        self.stored = stored


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
    ended: bool = False
    class_id: str | None = None


@dataclass(frozen=True)
class StoredClass:
    """A class (a period): its name, its game, and the request that made it."""

    id: str
    name: str
    game: str
    created: float
    request: str | None = None


def database_url(url: str) -> str:
    """Accept plain ``postgresql://`` URLs (psycopg 3 is the driver)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///path`` URL (None for memory or another database)."""
    if not url.startswith("sqlite:///") or url in ("sqlite://", "sqlite:///:memory:"):
        return None
    return Path(url.removeprefix("sqlite:///").split("?", 1)[0])


def private_file(path: Path) -> None:
    """Create the database file readable by its owner only (it holds seat codes and the teacher's key).

    Only before the first connection: SQLite makes its -wal and -shm files with the database
    file's permissions. An existing file is only chmod-ed by its path, never opened: closing any
    descriptor of the file drops every POSIX lock this process holds on it, and then the next
    program that opens and closes the database (``evogames teacher-link``, a backup) deletes the
    write-ahead log the server is still writing into."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        with contextlib.suppress(FileExistsError):  # another process made it first
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_RDWR, 0o600))
    private_sides(path)


def private_sides(path: Path) -> None:
    """The database file and its -wal, -shm and -journal files readable by their owner only (by path:
    ``chmod`` opens nothing, so it is safe while connected)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.chmod(path.with_name(path.name + suffix), 0o600)


def seed_text(seed: int) -> str:
    return hex(seed)


def seed_value(stored: Any) -> int:
    return int(stored, 0) if isinstance(stored, str) else int(stored)


class Storage:
    """The one place that talks to the database."""

    def __init__(self, url: str) -> None:
        path = sqlite_path(url)
        if path is not None:
            private_file(path)
        try:
            self.engine: Engine = create_engine(database_url(url), pool_pre_ping=True)
        except ImportError as err:  # psycopg is the `postgres` extra, not a core dependency
            raise UsageError("A PostgreSQL database needs its driver: pip install 'evogames[postgres]'.",
                             ErrorCode.STORAGE_DRIVER) from err
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        _migrate(self.engine)
        if path is not None:
            private_sides(path)  # the -wal and -shm files made by the first connection too (by path only)
        self._insert_action = insert(actions)  # built once: the hot path only binds values
        # One writer thread: a commit's disk flush (fsync) waits there, not on the
        # event loop, so one slow flush does not stall every other table.
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="evogames-db")

    # -- tables ----------------------------------------------------------------
    def create_table(self, row: StoredTable) -> None:
        with self.fresh_after_failure(), self.engine.begin() as conn:
            conn.execute(insert(tables).values(_table_values(row)))

    def create_class(self, made: StoredClass, rows: list[StoredTable]) -> None:
        """A class and all its tables in one transaction: all of them are stored, or none."""
        with self.fresh_after_failure(), self.engine.begin() as conn:
            conn.execute(insert(classes).values(id=made.id, name=made.name, game=made.game, created=made.created,
                                                request=made.request))
            conn.execute(insert(tables), [_table_values(row) for row in rows])

    def load_classes(self) -> list[StoredClass]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(classes).order_by(classes.c.created)).mappings().all()
        return [StoredClass(r["id"], r["name"], r["game"], r["created"], r["request"]) for r in rows]

    def load_archived(self, class_id: str, skip: list[str]) -> list[StoredTable]:
        """A class's tables that were put away (their results still count in its debrief), but those in ``skip``."""
        return self._load(tables.c.archived.is_(True) & (tables.c.class_id == class_id) & tables.c.id.not_in(skip))

    def load_put_away(self, table_id: str) -> StoredTable | None:
        """One table that was put away (None: no such table, or it is still live)."""
        rows = self._load(tables.c.archived.is_(True) & (tables.c.id == table_id))
        return rows[0] if rows else None

    def update_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        with self.fresh_after_failure(), self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(seats=seats))

    def end(self, table_id: str) -> None:
        with self.fresh_after_failure(), self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(ended=True))

    def archive(self, table_id: str) -> None:
        """Put a table away: it is no longer loaded or listed (its record stays for research)."""
        with self.fresh_after_failure(), self.engine.begin() as conn:
            conn.execute(update(tables).where(tables.c.id == table_id).values(archived=True))

    def delete_table(self, table_id: str) -> None:
        with self.fresh_after_failure(), self.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.table_id == table_id))
            conn.execute(delete(tables).where(tables.c.id == table_id))

    # -- actions ---------------------------------------------------------------
    def append_action(self, table_id: str, idx: int, seat: int, action: dict[str, Any]) -> None:
        """Commit one action (raises if it cannot: then nothing is broadcast).

        If an earlier try at the same index landed although it reported an error
        (a connection lost after the commit), the same action counts as committed;
        another action raises ``Conflict`` carrying the stored one."""
        encoded = json.dumps(action, separators=(",", ":"))
        try:
            with self.fresh_after_failure(), self.engine.begin() as conn:
                conn.execute(self._insert_action, {"table_id": table_id, "idx": idx, "seat": seat, "action": encoded})
        except IntegrityError:
            stored = self.stored_action(table_id, idx)
            if stored is None:
                raise
            if stored != (seat, action):
                raise Conflict({"seat": stored[0], "action": stored[1]}) from None

    @contextlib.contextmanager
    def fresh_after_failure(self) -> Iterator[None]:
        """After a failed write, drop every pooled connection: a SQLite connection whose COMMIT failed
        (database locked) can stay inside its transaction, and every later write would vanish in it."""
        try:
            yield
        except IntegrityError:
            raise
        except SQLAlchemyError:
            self.engine.dispose()
            raise

    def stored_action(self, table_id: str, idx: int) -> tuple[int, dict[str, Any]] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(actions.c.seat, actions.c.action).where(
                actions.c.table_id == table_id, actions.c.idx == idx)).first()
        return None if row is None else (int(row[0]), json.loads(row[1]))

    async def commit_action(self, table_id: str, idx: int, seat: int, action: dict[str, Any]) -> None:
        """``append_action`` on the writer thread; returns once the action is committed."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._writer, self.append_action, table_id, idx, seat, action)

    async def run(self, func: Any, *args: Any) -> Any:
        """Any other write, on the writer thread (in order with the actions)."""
        return await asyncio.get_running_loop().run_in_executor(self._writer, func, *args)

    def load_all(self) -> list[StoredTable]:
        return self._load(tables.c.archived.is_not(True))

    def _load(self, which: Any) -> list[StoredTable]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(tables).where(which).order_by(tables.c.created)).mappings().all()
            chosen = select(tables.c.id).where(which)
            moves = conn.execute(select(actions).where(actions.c.table_id.in_(chosen))
                                 .order_by(actions.c.table_id, actions.c.idx)).mappings().all()
        by_table: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for move in moves:
            by_table.setdefault(move["table_id"], []).append((move["seat"], json.loads(move["action"])))
        return [StoredTable(r["id"], r["name"], r["game"], r["players"], seed_value(r["seed"]), dict(r["options"]),
                            list(r["seats"]), r["created"], by_table.get(r["id"], []), bool(r["ended"]),
                            r["class_id"]) for r in rows]

    # -- settings --------------------------------------------------------------
    def setting(self, name: str) -> str | None:
        with self.engine.connect() as conn:
            return conn.execute(select(settings.c.value).where(settings.c.name == name)).scalar()

    def put_setting(self, name: str, value: str) -> None:
        with self.fresh_after_failure(), self.engine.begin() as conn:
            conn.execute(delete(settings).where(settings.c.name == name))
            conn.execute(insert(settings).values(name=name, value=value))

    def setting_or_create(self, name: str, make: Any) -> str:
        """The stored value, or ``make()`` stored now (first start)."""
        value = self.setting(name)
        if value is not None:
            return value
        with contextlib.suppress(IntegrityError), self.engine.begin() as conn:  # another process may store it first
            conn.execute(insert(settings).values(name=name, value=make()))
        value = self.setting(name)
        assert value is not None
        return value

    def close(self) -> None:
        self._writer.shutdown(wait=True)
        self.engine.dispose()


def _table_values(row: StoredTable) -> dict[str, Any]:
    return {"id": row.id, "name": row.name, "game": row.game, "players": row.players, "seed": seed_text(row.seed),
            "options": row.options, "seats": row.seats, "created": row.created, "archived": False, "ended": False,
            "class_id": row.class_id}


def _migrate(engine: Engine) -> None:
    """Bring a database made by an earlier version up to this schema."""
    columns = {c["name"]: c for c in inspect(engine).get_columns("tables")}
    with engine.begin() as conn:
        for flag in ("archived", "ended"):
            if flag not in columns:
                conn.execute(text(f"ALTER TABLE tables ADD COLUMN {flag} BOOLEAN NOT NULL DEFAULT FALSE"))
        if "class_id" not in columns:  # before classes: every table was the lobby's
            conn.execute(text("ALTER TABLE tables ADD COLUMN class_id VARCHAR(32)"))
        if engine.dialect.name == "postgresql":
            if not isinstance(columns["seed"]["type"], String):
                conn.execute(text("ALTER TABLE tables ALTER COLUMN seed TYPE VARCHAR(80) USING seed::text"))
            action_type = {c["name"]: c for c in inspect(engine).get_columns("actions")}["action"]["type"]
            if getattr(action_type, "length", None):
                conn.execute(text("ALTER TABLE actions ALTER COLUMN action TYPE TEXT"))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
    cursor.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process
    cursor.close()
