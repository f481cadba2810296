"""The process pool: each worker keeps to a core of its own when there are enough cores."""

from __future__ import annotations

import multiprocessing
import os
from typing import Any

import pytest

from evogames.sim.backends import allowed_cpus, new_pool


def _where(barrier: Any) -> tuple[int, tuple[int, ...]]:
    """This worker's pid and cores, once every worker of the test has a task (so no worker takes two)."""
    barrier.wait(timeout=60)
    return os.getpid(), tuple(sorted(os.sched_getaffinity(0)))


def _run_one_task_per_worker(workers: int) -> dict[int, tuple[int, ...]]:
    with multiprocessing.Manager() as manager:
        barrier = manager.Barrier(workers)
        pool = new_pool(workers)
        try:
            return dict(future.result(timeout=120) for future in [pool.submit(_where, barrier) for _ in range(workers)])
        finally:
            pool.shutdown()


def test_each_worker_keeps_to_its_own_core() -> None:
    cpus = allowed_cpus()
    assert cpus == tuple(sorted(os.sched_getaffinity(0)))
    workers = min(2, len(cpus))
    seen = _run_one_task_per_worker(workers)
    assert len(seen) == workers  # the barrier made each worker take one task
    if workers > 1:
        assert sorted(seen.values()) == [(cpu,) for cpu in cpus[:workers]]  # one core each, none shared
    else:  # a one-core machine: nothing to spread over
        assert list(seen.values()) == [cpus]


def test_more_workers_than_cores_are_left_to_the_os() -> None:
    cpus = allowed_cpus()
    seen = _run_one_task_per_worker(len(cpus) + 1)
    assert len(seen) == len(cpus) + 1
    assert set(seen.values()) == {cpus}
    assert tuple(sorted(os.sched_getaffinity(0))) == cpus  # the main process is never pinned


def test_evogames_pin_0_leaves_the_workers_free(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EVOGAMES_PIN", "0")
    cpus = allowed_cpus()
    seen = _run_one_task_per_worker(min(2, len(cpus)))
    assert set(seen.values()) == {cpus}
