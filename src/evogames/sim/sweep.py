"""Parameter sweeps: many bot games over a grid of variants (options x lineups).

A sweep is ``games`` games for each variant. Game ``i`` of every variant is
seeded with ``derive_seed(seed, i)``: the variants meet the same shuffles
(common random numbers), so their differences are not luck of the deal, and
any row replays alone from its seed, options and lineup.

``--vary`` syntax: ``key=v1,v2`` where key is a game option (or one of the
aliases in the game's lab settings, ``option_aliases``) or ``bots``. Alternatives
are split on ``|`` when the text holds one, else on ``,``; so lineups (whose
seats are comma-separated) are given as ``bots=heuristic,random|random``.

The games themselves are played in ``sim.play`` (by ``sim.backends``, in this
process or in workers); ``simulate`` is a sweep of one variant.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from evogames.core.errors import ErrorCode, UsageError
from evogames.core.match import Match
from evogames.core.registry import game as lookup
from evogames.kit.lesson import Arm
from evogames.kit.parts import lab_setup
from evogames.sim.play import Lineup, Outcome, SweepSpec, play_game

__all__ = ["Outcome", "Progress", "SweepResult", "SweepSpec", "build_spec", "chunk_size", "chunks",
           "option_value", "parse_vary", "replay_row", "run_sweep"]

Progress = Callable[[int, int], None]  # (games done, games in the sweep)


@dataclass
class SweepResult:
    spec: SweepSpec
    outcomes: list[Outcome] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        return not self.interrupted and len(self.outcomes) == self.spec.total


# -- building a sweep ------------------------------------------------------
def parse_vary(texts: Iterable[str]) -> list[tuple[str, list[str]]]:
    """``["speed=slow,fast"]`` -> ``[("speed", ["slow", "fast"])]``."""
    out = []
    for text in texts:
        key, sep, values = text.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise UsageError(f"--vary '{text}' should be key=value1,value2.", ErrorCode.SWEEP_VARY)
        split = "|" if "|" in values else ","
        out.append((key.strip(), [v.strip() for v in values.split(split) if v.strip()]))
    return out


def option_value(game: str, key: str, text: str) -> tuple[str, Any]:
    """A command-line option (an alias from the game's ``lessons.py`` resolved), typed by its option schema."""
    spec = lookup(game)
    aliases = lab_setup(spec).option_aliases
    real, negate = aliases.get(key, (key, False))
    schema = {option.name: option for option in spec.options}
    if real not in schema:
        return real, text.strip()  # Match refuses it with the list of known options
    value = schema[real].parse(text)
    return real, (not value) if negate else value


def build_spec(game: str, players: int, games: int, seed: int, bots: str,
               options: dict[str, Any] | None = None, vary: Iterable[str] = ()) -> SweepSpec:
    """The cartesian product of every ``--vary`` (one variant when none)."""
    if games < 1:
        raise UsageError("Sweep at least one game per variant.", ErrorCode.SIM_GAMES)
    axes = parse_vary(vary)
    variants = []
    for combo in itertools.product(*[[(key, v) for v in values] for key, values in axes]):
        opts, lineup = dict(options or {}), bots
        for key, text in combo:
            if key == "bots":
                lineup = text
            else:
                real, value = option_value(game, key, text)
                opts[real] = value
        label = ", ".join(f"{k}={v}" for k, v in combo) or "base"
        variants.append(Arm(label, opts, lineup))
    spec = SweepSpec(game, players, games, seed, tuple(variants))
    for variant in spec.variants:  # refuse bad options and bots before any work starts
        Match(game, players, 0, variant.options)
        Lineup.parse(variant.bots, players).bots(game)
    return spec


def chunks(spec: SweepSpec, workers: int) -> list[list[tuple[int, int]]]:
    """(variant, index) tasks cut into shrinking chunks, variants interleaved so a
    stopped sweep stays balanced.

    Guided scheduling: each chunk is a share of what is left (1/(4*workers)), at
    most 100 and at least 1 game, so the first chunks are large (little overhead)
    and the last are single games (no worker waits long for the other to finish).
    """
    tasks = [(v, i) for i in range(spec.games) for v in range(len(spec.variants))]
    out, start = [], 0
    while start < len(tasks):
        size = chunk_size(len(tasks) - start, workers)
        out.append(tasks[start:start + size])
        start += size
    return out


def chunk_size(left: int, workers: int) -> int:
    """The next chunk's size when ``left`` games remain: 1..100 games."""
    return max(1, min(100, left // max(1, workers * 4)))


# -- running ---------------------------------------------------------------
def run_sweep(spec: SweepSpec, workers: int | None = None, backend: str = "process",
              address: str | None = None, progress: Progress | None = None) -> SweepResult:
    """Play the sweep; Ctrl-C (KeyboardInterrupt) keeps every finished game."""
    from evogames.sim.backends import run_chunks, workers_default  # the pool's imports, only when playing

    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise UsageError(f"--workers is a number of processes, at least 1 (leave it out for one per core), not "
                         f"{workers!r}.", ErrorCode.SIM_WORKERS)
    workers = workers or workers_default()
    result = SweepResult(spec)

    def collect(done: list[Outcome]) -> None:
        result.outcomes.extend(done)
        if progress:
            progress(len(result.outcomes), spec.total)

    start = time.perf_counter()
    try:
        run_chunks(spec, chunks(spec, workers), backend, workers, address, collect)
    except KeyboardInterrupt:
        result.interrupted = True
    result.seconds = time.perf_counter() - start
    result.outcomes.sort(key=lambda o: int(o.game["game_id"]))
    return result


def replay_row(row: dict[str, Any], game: str) -> Match:
    """Play again the game a result row describes (its seed, options and lineup)."""
    try:
        seed, players = int(row["seed"]), int(row["players"])
        options = row["options"] if isinstance(row["options"], dict) else json.loads(row["options"])
        lineup = Lineup.parse(str(row["lineup"]), players)
    except (KeyError, TypeError, ValueError) as err:
        raise UsageError(f"Not a sweep row: {err}.", ErrorCode.SWEEP_ROW) from err
    return play_game(Match(game, players, seed, options), lineup.bots(game), seed)
