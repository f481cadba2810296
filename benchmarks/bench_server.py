"""Load test of the classroom server on loopback.

    python benchmarks/bench_server.py [--tables 100] [--seconds 30] [--db sqlite|postgresql] [--stuck 5]

Starts `evogames.server.main` (SQLite in a temp dir, or a fresh PostgreSQL
server with fsync on; no bot delay), creates N
four-seat tables whose seats are all "human", and connects four bot clients
per table over real websockets. Each client plays random legal actions.
Each client waits a human-like think time before acting (--think, 0 for
flat out). Reports the action round trip (sent -> the state in which the
client's own choice has landed) p50/p99,
actions per second, and errors. With --stuck N, N spectators that open a
table's websocket and never read a byte (a sleeping laptop) sit on the first
N tables; the report then names the longest time any table went without a
move ("stall"). Traffic stays on 127.0.0.1; the run stops by itself after
--seconds.
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
from tests.web.test_hardening import stuck_socket
from tests.web.wsclient import teacher


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.stale = 0
        self.games = 0
        self.moved: dict[str, float] = {}  # table -> when its version last rose
        self.versions: dict[str, int] = {}
        self.longest_gap = 0.0

    def progress(self, table: str, version: int) -> None:
        now = time.time()
        if version > self.versions.get(table, -1):
            self.longest_gap = max(self.longest_gap, now - self.moved.get(table, now))
            self.versions[table], self.moved[table] = version, now


async def seat_client(base: str, table: str, code: str, stop: float, stats: Stats, rng: random.Random,
                      think: float, device: str) -> None:
    async with connect(f"{base}/ws/tables/{table}?token={code}", max_size=2**24, open_timeout=60,
                       local_addr=(device, 0)) as ws:
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
            stats.progress(table, state["version"])
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


async def table_loop(srv: Server, stop: float, stats: Stats, index: int, think: float,
                     stuck: list[object] | None) -> None:
    """Tables one after another until ``stop``; with ``stuck``, a never-reading spectator joins each."""
    rng = random.Random(index)
    async with httpx.AsyncClient(base_url=srv.url, timeout=30, headers=teacher(srv.url)) as http:
        while time.time() < stop:
            body = {"game": "mating", "seats": [{"kind": "human"}] * 4, "seed": rng.randrange(1 << 30)}
            table = (await http.post("/api/tables", json=body)).json()
            if stuck is not None:
                stuck.append(stuck_socket(srv.port, f"/ws/tables/{table['table_id']}"))
            codes = [s["code"] for s in table["seats"]]
            device = f"127.0.0.{2 + index % 250}"  # each group from its own address (one address holds 200 sockets)
            await asyncio.gather(*(seat_client(srv.ws, table["table_id"], c, stop, stats, rng, think, device)
                                   for c in codes))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(tables: int, seconds: float, think: float, db: str, stuck_wanted: int) -> None:
    stuck: list[object] = []
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
            await asyncio.gather(*(table_loop(srv, stop, stats, i, think, stuck if i < stuck_wanted else None)
                                   for i in range(tables)))
            elapsed = time.time() - start
            assert srv.process is not None
            server_cpu = cpu_seconds(srv.process.pid)
            dropped = srv.log.read_text().count("dropped")
        finally:
            srv.stop()
            for sock in stuck:
                sock.close()  # type: ignore[attr-defined]
    lat = sorted(stats.latencies)
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    print(f"{tables} concurrent 4-seat tables, {seconds:.0f} s, think time ~{think} s, {db}, server + clients here, "
          f"{len(stuck)} never-reading spectators")
    print(f"actions:        {len(lat)}  ({len(lat) / elapsed:,.0f} actions/s)")
    print(f"round trip:     p50 {p(0.5):.1f} ms, p99 {p(0.99):.1f} ms, mean {statistics.mean(lat) * 1000:.1f} ms")
    print(f"games finished: {stats.games // 4}")
    print(f"errors:         {len(stats.errors)} {sorted(set(stats.errors))}  (stale refusals: {stats.stale})")
    print(f"longest stall:  {stats.longest_gap:.2f} s without a move at any table; clients dropped: {dropped}")
    print(f"server CPU:     {server_cpu:.1f} s ({server_cpu / elapsed:.0%} of one core, "
          f"{server_cpu / max(1, len(lat)) * 1000:.2f} ms per action)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before acting")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--stuck", type=int, default=0,
                        help="never-reading spectators, one on each of the first N tables")
    args = parser.parse_args()
    asyncio.run(run(args.tables, args.seconds, args.think, args.db, args.stuck))


if __name__ == "__main__":
    main()
