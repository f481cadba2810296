"""``evogames serve``: run the classroom app with Uvicorn, and say where to find it."""

from __future__ import annotations

import contextlib
import resource
import sys

import uvicorn

from evogames.server.app import create_app
from evogames.server.limits import AbortableWebSockets, GuardedHttp, log_config
from evogames.server.teacher import teacher_link

KEEP_ALIVE = 5  # seconds an idle keep-alive connection stays open
MAX_CONNECTIONS = 2000  # above this, new requests get 503 (30 students need ~100)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "sqlite:///evogames.db",
          bot_delay: float = 0.6, log_level: str = "info") -> None:
    raise_file_limit()
    app = create_app(db, bot_delay)
    announce(host, port, app.state.teacher_key)
    uvicorn.run(app, host=host, port=port, log_level=log_level, log_config=log_config(),
                http=GuardedHttp, ws=AbortableWebSockets,
                ws_max_size=64 * 1024, ws_per_message_deflate=False,  # loopback and classroom LAN: no compression
                timeout_keep_alive=KEEP_ALIVE, limit_concurrency=MAX_CONNECTIONS)


def announce(host: str, port: int, key: str) -> None:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    base = f"http://{shown}:{port}"
    print(f"evogames is running: open {base}", flush=True)
    print(f"Teacher's page (keep this link to yourself): {teacher_link(base, key)}", flush=True)


def raise_file_limit() -> None:
    """Use every file descriptor the system allows (a laptop's soft limit is often 256 or 1,024)."""
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else 65536
        if soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="The evogames classroom server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default="sqlite:///evogames.db")
    parser.add_argument("--bot-delay", type=float, default=0.6)
    args = parser.parse_args(sys.argv[1:])
    serve(args.host, args.port, args.db, args.bot_delay)
