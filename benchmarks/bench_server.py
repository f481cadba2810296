"""Load test of the classroom server on loopback.

    python benchmarks/bench_server.py [--tables 100] [--seconds 30] [--db sqlite|postgresql]

Starts `evogames.server.main` (SQLite in a temp dir, or a fresh PostgreSQL
server with fsync on; no bot delay), creates N
four-seat tables whose seats are all "human", and connects four bot clients
per table over real websockets. Each client plays random legal actions.
Each client waits a human-like think time before acting (--think, 0 for
flat out). Reports the action round trip (sent -> the state in which the
client's own choice has landed) p50/p99,
actions per second, and errors. Traffic stays on 127.0.0.1; the run stops
by itself after --seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).parents[1]))
from tests.web.conftest import Server
from tests.web.postgres import new_database, postgres_server


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.stale = 0
        self.games = 0


async def seat_client(base: str, table: str, code: str, stop: float, stats: Stats, rng: random.Random,
                      think: float) -> None:
    async with connect(f"{base}/ws/tables/{table}?token={code}", max_size=2**24, open_timeout=60) as ws:
        state: dict = {}  # type: ignore[type-arg]
        sent_at: float | None = None
        sent_legal: list = []  # type: ignore[type-arg]
        while time.time() < stop:
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.time())))
            except TimeoutError:
                return
            if message["type"] == "error":
                if message["code"] == "action/stale":
                    stats.stale += 1
                else:
                    stats.errors.append(message["code"])
                sent_at = None
                continue
            if message["type"] != "state":
                continue
            state = message
            view = state["view"]
            if sent_at is not None and view["legal"] != sent_legal:  # our own action has landed
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["over"]:
                stats.games += 1
                return
            if view["seat"] in view["to_act"] and sent_at is None and view["legal"]:
                if think:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                sent_at = time.perf_counter()
                sent_legal = view["legal"]
                action = rng.choice(view["legal"])
                await ws.send(json.dumps({"type": "action", "version": state["version"], "action": action}))


async def table_loop(srv: Server, stop: float, stats: Stats, index: int, think: float) -> None:
    rng = random.Random(index)
    async with httpx.AsyncClient(base_url=srv.url, timeout=30) as http:
        while time.time() < stop:
            body = {"game": "mating", "seats": [{"kind": "human"}] * 4, "seed": rng.randrange(1 << 30)}
            table = (await http.post("/api/tables", json=body)).json()
            codes = [s["code"] for s in table["seats"]]
            await asyncio.gather(*(seat_client(srv.ws, table["table_id"], c, stop, stats, rng, think) for c in codes))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(tables: int, seconds: float, think: float, db: str) -> None:
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        if db == "postgresql":
            url = new_database(stack.enter_context(postgres_server(fsync=True)), "bench")
        else:
            url = f"sqlite:///{tmp}/bench.db"
        srv = Server(url, Path(tmp) / "server.log").start()
        try:
            stats = Stats()
            start = time.time()
            stop = start + seconds
            await asyncio.gather(*(table_loop(srv, stop, stats, i, think) for i in range(tables)))
            elapsed = time.time() - start
            assert srv.process is not None
            server_cpu = cpu_seconds(srv.process.pid)
        finally:
            srv.stop()
    lat = sorted(stats.latencies)
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    print(f"{tables} concurrent 4-seat tables, {seconds:.0f} s, think time ~{think} s, {db}, server + clients here")
    print(f"actions:        {len(lat)}  ({len(lat) / elapsed:,.0f} actions/s)")
    print(f"round trip:     p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, mean {statistics.mean(lat) * 1000:.1f} ms")
    print(f"games finished: {stats.games // 4}")
    print(f"errors:         {len(stats.errors)} {sorted(set(stats.errors))}  (stale refusals: {stats.stale})")
    print(f"server CPU:     {server_cpu:.1f} s ({server_cpu / elapsed:.0%} of one core, "
          f"{server_cpu / max(1, len(lat)) * 1000:.2f} ms per action)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before acting")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    asyncio.run(run(args.tables, args.seconds, args.think, args.db))


if __name__ == "__main__":
    main()
