"""A real PostgreSQL server for the tests, from Debian's `postgresql` package.

It runs from a fresh data directory on a free loopback port and is stopped
afterwards. As root (CI), the server runs as the `postgres` user.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

from tests.web.conftest import free_port


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError("PostgreSQL is not installed: `apt-get install postgresql` (.ci/run does it)")
    return found[-1]


def _as_server_user(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


class Cluster:
    """A PostgreSQL server in a fresh data directory on a free loopback port; it can be stopped and started."""

    def __init__(self, fsync: bool = False) -> None:
        self.root = tempfile.mkdtemp(prefix="evogames-pg-")
        self.data, sockets = os.path.join(self.root, "data"), os.path.join(self.root, "run")
        os.makedirs(sockets)
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
            shutil.chown(sockets, "postgres")
            os.chmod(self.root, 0o755)
        self.port = free_port()
        subprocess.run(_as_server_user([_bin("initdb"), "-D", self.data, "-U", "postgres", "--auth=trust"]),
                       check=True, **QUIET)  # type: ignore[call-overload]
        self.options = (f"-p {self.port} -k {sockets} -c listen_addresses=127.0.0.1 "
                        f"-c fsync={'on' if fsync else 'off'}")

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}"

    def start(self) -> None:
        subprocess.run(_as_server_user([_bin("pg_ctl"), "-D", self.data, "-o", self.options, "-l",
                                        os.path.join(self.root, "log"), "-w", "start"]), check=True, **QUIET)  # type: ignore[call-overload]

    def stop(self) -> None:
        subprocess.run(_as_server_user([_bin("pg_ctl"), "-D", self.data, "-m", "immediate", "stop"]), **QUIET)  # type: ignore[call-overload]

    def remove(self) -> None:
        self.stop()
        time.sleep(0.2)
        shutil.rmtree(self.root, ignore_errors=True)


QUIET = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT}


@contextmanager
def postgres_cluster(fsync: bool = False) -> Iterator[Cluster]:
    """A running PostgreSQL server that a test may stop and start again."""
    cluster = Cluster(fsync)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.remove()


@contextmanager
def postgres_server(fsync: bool = False) -> Iterator[str]:
    """Yield a database URL of a running PostgreSQL server (fsync off for the
    tests' speed; on for a benchmark, as a real server runs)."""
    with postgres_cluster(fsync) as cluster:
        yield cluster.url


def new_database(server_url: str, name: str) -> str:
    """A fresh, empty database on the server; its URL."""
    import psycopg

    with psycopg.connect(server_url + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{server_url}/{name}"
