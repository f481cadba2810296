"""Search off the event loop: the ``hard`` and ``expert`` bots (and the coach) think in worker processes.

A job carries what the search needs and nothing it may not read: the game's name, a pickled copy of
the state (a few kilobytes; the search reads it only through the game's ``determinize``, and the
worker is the server's own child, so hidden cards never leave the server), the seat, the budget and
a seed. A copy of the state, not the record to replay: replaying a long game for every move would
cost more than the search's first iterations, and every game's state pickles.

Under load budgets shrink rather than queues grow: a job's seconds are the level's seconds divided
by the bots' jobs in flight per worker, never below ``FLOOR``. Each table has at most one bot job at a
time, so the queue is at most one job per table. The pool starts with its first job and stops with
the app.

Hints (the coach) take a share of the pool, not all of it: at most ``hint_most`` at once (half the
workers, at least one) and one per device (a client's address); beyond that a hint is refused at
once rather than queued. Each hint searches a fixed ``HINT_SECONDS`` (coach.py) and counts in no
bot's budget, so a flood of hints neither fills the queue nor shrinks the bots' searches: the bots
keep at least half the workers, and with one worker a bot's job waits behind one hint at most. A
hint still queued when its asker left or its seat's choices changed is dropped before it runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from evogames.bots.ismcts import ISMCTSBot
from evogames.core.rng import Rng
from evogames.core.types import Action

FLOOR = 0.1  # seconds: the least a search gets, however busy the pool
WATCH = 0.1  # seconds between looks at whether a queued hint is still wanted


def default_workers() -> int:
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass(frozen=True)
class Job:
    """One search: for ``seat`` in ``state``, rollouts of ``depth`` actions, ``seconds``, the seed of its stream.

    ``played`` is what the table's bot has already played from this very view (see
    ``ISMCTSBot.memory``): a worker forgets, so the table remembers for it."""

    game: str
    state: Any
    seat: int
    depth: int
    seconds: float
    seed: int
    played: dict[bytes, set[str]] = field(default_factory=dict)
    early: bool = False  # a table's bot stops once its move is settled; the coach reports every move's share


@dataclass(frozen=True)
class Answer:
    action: Action
    played: dict[bytes, set[str]]  # the bot's memory after the move (this view's entry)
    shares: list[tuple[Action, int, float]]  # root edges: action, visits, share of the simulated games won
    iterations: int
    spent: float = 0.0  # seconds the worker searched (not counting the wait in the pool's queue)


def run_job(job: Job) -> Answer:
    """In a worker: the search, as the level's bot does it, on ``job.seconds``."""
    started = time.perf_counter()
    bot = job_bot(job)
    bot.memory = {key: set(played) for key, played in job.played.items()}
    answer = answer_of(bot, job.state, job.seat, job.seed)
    return dataclasses.replace(answer, spent=time.perf_counter() - started)


def job_bot(job: Job) -> ISMCTSBot:
    """The search bot a job runs: the level's (the game's rollout policy and the job's depth and seconds)."""
    from evogames.bots.levels import hard_search

    return hard_search(job.game, job.seconds, depth=job.depth, early=job.early)


def answer_of(bot: ISMCTSBot, state: Any, seat: int, seed: int) -> Answer:
    """``bot``'s move for ``seat`` in ``state`` and what its search found."""
    action = bot.choose_from(state, seat, Rng(seed))
    return Answer(action, bot.memory, bot.last.moves, bot.last.iterations)


class SearchFailed(RuntimeError):
    """A worker died mid-search (killed, out of memory): the pool starts afresh on the next job."""


class HintsFull(RuntimeError):
    """No place for a hint: its device has one in the pool already, or the hints' share is full."""


class SearchPool:
    """A process pool for searches, started lazily; ``workers`` processes (default: all cores but one)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or default_workers())
        self.executor: Executor | None = None
        self.in_flight = 0  # the bots' jobs (hints count apart, in ``hinting``)
        self.hinting: set[str] = set()  # devices with a hint in the pool (queued or running)

    @property
    def hint_most(self) -> int:
        """Hints in the pool at once: half the workers (the bots keep the other half), at least one."""
        return max(1, self.workers // 2)

    def budget(self, seconds: float) -> float:
        """``seconds`` shared out: divided by the bots' jobs per worker (this one included), at least ``FLOOR``."""
        crowd = (self.in_flight + 1) / self.workers
        return max(FLOOR, seconds / max(1.0, crowd))

    def take_hint(self, device: str) -> bool:
        """Hold a hint's place for ``device``: False (and nothing held) if it has one in the pool already or
        the hints' share is full. ``run_hint`` takes it and gives it back once its worker is done."""
        if device in self.hinting or len(self.hinting) >= self.hint_most:
            return False
        self.hinting.add(device)
        return True

    async def run(self, job: Job) -> Answer:
        """A bot's ``job`` in a worker (its seconds already shared out by the caller through ``budget``)."""
        self.in_flight += 1
        try:
            answer = await self._submit(job, None, lambda: True)
            assert answer is not None  # always wanted: never dropped
            return answer
        finally:
            self.in_flight -= 1

    async def run_hint(self, job: Job, device: str, wanted: Callable[[], bool]) -> Answer | None:
        """A hint's ``job`` for ``device`` in a place of its own (``HintsFull`` at once if there is none); None if
        it was dropped before it ran because ``wanted()`` turned False (the asker left, the seat's choices
        changed). The place comes back when the worker is done, or the job was dropped or never submitted."""
        if not self.take_hint(device):
            raise HintsFull(device)
        return await self._submit(job, device, wanted)

    async def _submit(self, job: Job, device: str | None, wanted: Callable[[], bool]) -> Answer | None:
        executor: Executor | None = None
        try:
            executor = self._executor()
            future = executor.submit(run_job, job)
        except BaseException as err:
            if device is not None:
                self.hinting.discard(device)
            if isinstance(err, BrokenProcessPool) and executor is not None:  # a worker died since the last job
                raise self._broken(executor) from err
            raise
        if device is not None:
            self._give_back_when_done(future, device)
        waiting = asyncio.wrap_future(future)
        try:
            while not waiting.done():
                await asyncio.wait({waiting}, timeout=WATCH if device is not None else None)
                if not waiting.done() and not wanted() and future.cancel():
                    return None  # still queued: it never runs
            answer: Answer = waiting.result()
            return answer
        except BrokenProcessPool as err:
            raise self._broken(executor) from err
        except asyncio.CancelledError:
            future.cancel()  # the caller stopped waiting (a table closed): a queued job never runs
            raise

    def _give_back_when_done(self, future: Future[Answer], device: str) -> None:
        """``device``'s hint place comes back when its worker is done (or the job was dropped unrun)."""
        loop = asyncio.get_running_loop()

        def done(_: Future[Answer]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (the app stopped)
                loop.call_soon_threadsafe(self.hinting.discard, device)

        future.add_done_callback(done)

    def _broken(self, executor: Executor) -> SearchFailed:
        if self.executor is executor:
            self.executor = None
            executor.shutdown(wait=False, cancel_futures=True)
        return SearchFailed("a search worker stopped")

    def _executor(self) -> Executor:
        if self.executor is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            self.executor = ProcessPoolExecutor(self.workers, mp_context=context)
        return self.executor

    async def close(self) -> None:
        """Stop the workers: queued jobs are dropped, a running search ends within its budget."""
        if self.executor is not None:
            executor, self.executor = self.executor, None
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)


_SHARED: list[SearchPool] = []


def shared_pool() -> SearchPool:
    """One pool for tables made outside a lobby (the lobby makes and closes its own)."""
    if not _SHARED:
        _SHARED.append(SearchPool())
    return _SHARED[0]
