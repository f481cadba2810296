"""A flood of hints (one device, many seats at many tables, asking again and again) takes a share of the
search pool, never all of it: beyond the hints' share, and beyond one hint per device, a hint is refused at
once, changes nothing, and the bots at a teacher's class table keep moving at about their pace."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from evogames.bots.coach import HINT_SECONDS
from evogames.core.errors import ErrorCode
from evogames.core.match import Match
from evogames.server.coach import CROWDED
from evogames.server.search import FLOOR, HintsFull, Job, SearchPool
from tests.web.conftest import Server
from tests.web.wsclient import run_async, teacher

pytestmark = pytest.mark.serial  # timing under load: `make test` runs it alone, after the parallel part

TABLES, SEATS = 6, 6  # 36 seats of one device, all on their turn at once (Mating: every seat acts each step)
ALONE, FLOODED = 8.0, 12.0  # seconds the bots' pace is measured for
PACE_LEAST = 0.5  # the bots' moves/s under the flood, at least this share of their pace alone (before: 0.09)


@pytest.fixture
def paced(tmp_path: Path) -> Iterator[Server]:
    """A server as a class runs it: the bots wait the default 0.6 s before each move."""
    server = Server(f"sqlite:///{tmp_path / 'evogames.db'}", tmp_path / "server.log", bot_delay=0.6).start()
    yield server
    server.stop()


def test_hints_take_at_most_half_the_workers_and_one_per_device_and_never_shrink_a_bots_budget() -> None:
    assert SearchPool(workers=1).hint_most == 1
    assert SearchPool(workers=3).hint_most == 1
    assert SearchPool(workers=4).hint_most == 2
    pool = SearchPool(workers=4)
    assert pool.take_hint("10.0.0.1")
    assert not pool.take_hint("10.0.0.1"), "one hint per device"
    assert pool.take_hint("10.0.0.2")
    assert not pool.take_hint("10.0.0.3"), "the hints' share (half of four workers) is full"
    assert pool.budget(0.8) == 0.8, "hints in the pool count in no bot's budget"
    assert HINT_SECONDS > FLOOR


def test_a_flood_of_hints_is_refused_at_once_and_the_bots_play_on(paced: Server) -> None:
    alone, flooded, burst = run_async(flood(paced))
    print(f"\nthe bots' moves/s: {alone:.2f} alone, {flooded:.2f} under the flood ({flooded / alone:.2f}x); "
          f"the burst: {burst}")
    assert burst["hint"] == 1, burst
    assert burst["refused"] == TABLES * SEATS - 1, burst
    assert burst["slowest refusal"] < 1.0, burst
    assert burst["versions moved"] == 0, "a refused hint changed a table"
    assert alone > 0 and flooded >= PACE_LEAST * alone, (alone, flooded)


async def flood(server: Server) -> tuple[float, float, dict[str, Any]]:
    made = httpx.post(server.url + "/api/classes", json={"game": "dodo", "tables": 1, "players": 2, "people": 0,
                                                         "bot": "hard"}, headers=teacher(server.url), timeout=30)
    assert made.status_code == 201, made.text
    victim = made.json()["tables"][0]["table_id"]
    alone = await pace(server, victim, ALONE)
    tables = [httpx.post(server.url + "/api/tables", json={"game": "mating", "seats": [{"kind": "human"}] * SEATS},
                         headers=teacher(server.url), timeout=10).json() for _ in range(TABLES)]
    seats = [await Seat.open(server, t["table_id"], s["code"]) for t in tables for s in t["seats"]]
    try:
        burst = await ask_all_at_once(seats)
        stop = asyncio.Event()
        askers = [asyncio.create_task(seat.keep_asking(stop)) for seat in seats]
        await asyncio.sleep(1)
        flooded = await pace(server, victim, FLOODED)
        stop.set()
        await asyncio.gather(*askers, return_exceptions=True)
    finally:
        for seat in seats:
            await seat.socket.close()
    return alone, flooded, burst


async def ask_all_at_once(seats: list[Seat]) -> dict[str, Any]:
    """Every seat asks at once: the first answer each gets, how long the refusals took, and whether any table
    moved (a refused hint must change nothing)."""
    versions = [seat.state["version"] for seat in seats]
    started = time.perf_counter()
    await asyncio.gather(*(seat.send({"type": "hint"}) for seat in seats))
    replies = await asyncio.gather(*(seat.reply() for seat in seats))
    refused = [(r, took) for r, took in replies if r["type"] == "error"]
    assert all(r["code"] == ErrorCode.HINT_UNAVAILABLE and r["reason"] == CROWDED for r, _ in refused), refused[:3]
    await asyncio.sleep(HINT_SECONDS + 0.5)  # the one hint answered meanwhile; nothing else may come
    late = [m for seat in seats for m in await seat.drain() if m["type"] in ("hint", "state")]
    return {"hint": sum(r["type"] == "hint" for r, _ in replies), "refused": len(refused),
            "slowest refusal": round(max((took - started for _, took in refused), default=0.0), 3),
            "versions moved": sum(s.state["version"] != v for s, v in zip(seats, versions, strict=True)) + len(late)}


async def pace(server: Server, table_id: str, seconds: float) -> float:
    """The bots' moves a second at ``table_id``, watched for ``seconds``."""
    async with websockets.connect(f"{server.ws}/ws/tables/{table_id}", max_size=2**24) as spy:
        first = last = None
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            try:
                message = json.loads(await asyncio.wait_for(spy.recv(), left))
            except TimeoutError:
                break
            if message["type"] == "state":
                first = message["version"] if first is None else first
                last = message["version"]
        return ((last or 0) - (first or 0)) / seconds


class Seat:
    """One seat's connection, from this one device."""

    def __init__(self, socket: Any, state: dict[str, Any]) -> None:
        self.socket, self.state = socket, state

    @classmethod
    async def open(cls, server: Server, table_id: str, code: str) -> Seat:
        socket = await websockets.connect(f"{server.ws}/ws/tables/{table_id}?token={code}", max_size=2**24)
        while (message := json.loads(await socket.recv()))["type"] != "state":
            pass
        return cls(socket, message)

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message))

    async def reply(self) -> tuple[dict[str, Any], float]:
        """The hint or the refusal (states read on the way), and when it came."""
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), 30))
            if message["type"] == "state":
                self.state = message
            elif message["type"] in ("hint", "error"):
                return message, time.perf_counter()

    async def drain(self) -> list[dict[str, Any]]:
        got = []
        while True:
            try:
                got.append(json.loads(await asyncio.wait_for(self.socket.recv(), 0.01)))
            except TimeoutError:
                return got

    async def keep_asking(self, stop: asyncio.Event) -> None:
        """Ask again and again (a refusal: again after a moment; an answer: play a move, so the next is fresh)."""
        while not stop.is_set():
            await self.send({"type": "hint"})
            message, _ = await self.reply()
            if message["type"] == "error":
                await asyncio.sleep(0.05)
            elif self.state["view"]["legal"]:
                await self.send({"type": "action", "action": self.state["view"]["legal"][-1],
                                 "version": self.state["version"]})


def test_a_queued_hint_nobody_wants_any_more_never_runs_and_gives_its_place_back() -> None:
    async def scenario() -> tuple[object, float, set[str], int]:
        pool, match = SearchPool(workers=1), Match("dodo", 2, 1)
        seat = match.to_act[0]

        def job(seconds: float) -> Job:
            return Job("dodo", match.state.clone(), seat, 8, seconds, 1)

        bots = [asyncio.create_task(pool.run(job(0.6))) for _ in range(3)]  # the worker and its hand-over queue
        await asyncio.sleep(0.2)
        wanted = [True]
        asking = asyncio.create_task(pool.run_hint(job(HINT_SECONDS), "10.0.0.1", lambda: wanted[0]))
        await asyncio.sleep(0.2)
        assert pool.hinting == {"10.0.0.1"}, "run_hint holds the device's place while its hint waits"
        with pytest.raises(HintsFull):
            await pool.run_hint(job(HINT_SECONDS), "10.0.0.1", lambda: True)  # one hint per device, refused at once
        wanted[0] = False  # the asker left (or moved) while the hint waited behind the bots
        started = time.perf_counter()
        dropped = await asking
        took = time.perf_counter() - started
        await asyncio.sleep(0)  # the place comes back through the loop
        places = set(pool.hinting)
        answers = await asyncio.gather(*bots)
        await pool.close()
        return dropped, took, places, len(answers)

    dropped, took, places, answered = run_async(scenario())
    assert dropped is None and took < 0.5, (dropped, took)
    assert places == set() and answered == 3
