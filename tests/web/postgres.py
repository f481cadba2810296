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


@contextmanager
def postgres_server(fsync: bool = False) -> Iterator[str]:
    """Yield a database URL of a running PostgreSQL server (fsync off for the
    tests' speed; on for a benchmark, as a real server runs)."""
    root = tempfile.mkdtemp(prefix="evogames-pg-")
    data, sockets = os.path.join(root, "data"), os.path.join(root, "run")
    os.makedirs(sockets)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
        os.chmod(root, 0o755)
    port = free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.STDOUT}
    subprocess.run(_as_server_user([_bin("initdb"), "-D", data, "-U", "postgres", "--auth=trust"]),
                   check=True, **quiet)  # type: ignore[call-overload]
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync={'on' if fsync else 'off'}"
    subprocess.run(_as_server_user([_bin("pg_ctl"), "-D", data, "-o", options, "-l",
                                    os.path.join(root, "log"), "-w", "start"]), check=True, **quiet)  # type: ignore[call-overload]
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(_as_server_user([_bin("pg_ctl"), "-D", data, "-m", "immediate", "stop"]), **quiet)  # type: ignore[call-overload]
        time.sleep(0.2)
        shutil.rmtree(root, ignore_errors=True)


def new_database(server_url: str, name: str) -> str:
    """A fresh, empty database on the server; its URL."""
    import psycopg

    with psycopg.connect(server_url + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{server_url}/{name}"
