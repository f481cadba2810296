"""Where a sweep's chunks run: this process, a process pool, or Ray.

Every backend hands finished chunks to ``collect`` in the main process as
they arrive; the sweep sorts the games afterwards, so rows never depend on
the backend or the number of workers. On Ctrl-C a backend stops handing out
work, cleans up and lets the KeyboardInterrupt through.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import socket
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from evogames.core.errors import ErrorCode, UsageError
from evogames.sim.play import Outcome, SweepSpec, play_chunk

Collect = Callable[[list[Outcome]], None]
Chunks = list[list[tuple[int, int]]]
BACKENDS = ("process", "ray")


def workers_default() -> int:
    """All the cores this process may use."""
    return len(allowed_cpus()) or os.cpu_count() or 1


def run_chunks(spec: SweepSpec, chunks: Chunks, backend: str, workers: int,
               address: str | None, collect: Collect) -> None:
    if backend == "ray":
        run_ray(spec, chunks, workers, address, collect)
    elif backend != "process":
        raise UsageError(f"Unknown backend '{backend}' (backends: {', '.join(BACKENDS)}).", ErrorCode.SWEEP_BACKEND)
    elif workers <= 1 or len(chunks) <= 1:
        for chunk in chunks:
            collect(play_chunk(spec, chunk))
    else:
        run_pool(spec, chunks, workers, collect)


def allowed_cpus() -> tuple[int, ...]:
    """The cores this process may run on; empty where the OS cannot tell (not Linux)."""
    try:
        return tuple(sorted(os.sched_getaffinity(0)))
    except AttributeError:
        return ()


def _start_worker(started: Any, cpus: tuple[int, ...]) -> None:
    """Workers leave Ctrl-C to the main process, which keeps what finished.

    With ``cpus``, the n-th worker to start keeps to the n-th core: left free, the
    OS moves busy workers between cores, and each move leaves a worker on a core
    whose caches hold the other's data (on 2 cores, pinned pools played a median
    7% more games/s than free ones, head to head).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if cpus:
        with started.get_lock():
            index = started.value
            started.value += 1
        with contextlib.suppress(OSError):  # the core was taken away meanwhile: stay free
            os.sched_setaffinity(0, {cpus[index % len(cpus)]})


def new_pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` processes that ignore Ctrl-C; one core each when there are at
    least as many cores as workers, unless EVOGAMES_PIN=0."""
    cpus = allowed_cpus()
    pin = cpus if 1 < workers <= len(cpus) and os.environ.get("EVOGAMES_PIN", "1") != "0" else ()
    started = multiprocessing.Value("i", 0)
    return ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(started, pin))


def run_pool(spec: SweepSpec, chunks: Chunks, workers: int, collect: Collect) -> None:
    """A process pool with at most two chunks in flight per worker."""
    pool = new_pool(workers)
    todo = iter(chunks)
    running: set[Future[list[Outcome]]] = set()
    try:
        for chunk in todo:
            running.add(pool.submit(play_chunk, spec, chunk))
            if len(running) >= 2 * workers:
                break
        while running:
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                collect(future.result())
                following = next(todo, None)
                if following is not None:
                    running.add(pool.submit(play_chunk, spec, following))
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast when nothing listens at HOST:PORT; Ray itself retries for minutes."""
    host, sep, port = address.rpartition("://")[2].rpartition(":")
    if not sep or not port.isdigit():
        return  # "auto", "local" and the like: Ray resolves them
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as err:
        raise UsageError(f"No Ray cluster answers at {address} ({err.strerror or err}).",
                         ErrorCode.SWEEP_ADDRESS) from err


def run_ray(spec: SweepSpec, chunks: Chunks, workers: int, address: str | None, collect: Collect) -> None:
    """The same chunks as Ray tasks: a local Ray by default, a cluster by ``address``."""
    try:
        import ray
    except ImportError as err:
        raise UsageError("The Ray backend needs Ray: pip install 'evogames[ray]'.", ErrorCode.SWEEP_BACKEND) from err
    started = not ray.is_initialized()
    if started:
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if not address:
            ray.init(num_cpus=workers, **kwargs)
        else:
            _check_reachable(address)
            try:
                ray.init(address=address, **kwargs)
            except (ConnectionError, RuntimeError, ValueError, ray.exceptions.RayError) as err:
                raise UsageError(f"Could not connect to the Ray cluster at {address}: {err}. A cluster with token "
                                    "authentication also needs RAY_AUTH_MODE=token and its token.",
                                    ErrorCode.SWEEP_ADDRESS) from err
    remote = ray.remote(play_chunk)
    spec_ref = ray.put(spec)
    pending = [remote.remote(spec_ref, chunk) for chunk in chunks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                collect(ray.get(ref))
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()
