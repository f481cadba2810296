"""Parameter sweeps: many bot games over a grid of variants (options x lineups).

A sweep is ``games`` games for each variant. Game ``i`` of every variant is
seeded with ``derive_seed(seed, i)``: the variants meet the same shuffles
(common random numbers), so their differences are not luck of the deal, and
any row replays alone from its seed, options and lineup.

``--vary`` syntax: ``key=v1,v2`` where key is a game option (or the aliases
``ignore_predation`` / ``ignore_female_scarcity``) or ``bots``. Alternatives
are split on ``|`` when the text holds one, else on ``,``; so lineups (whose
seats are comma-separated) are given as ``bots=heuristic,random|random``.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from evogames.bots.base import Bot
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.registry import game as lookup
from evogames.core.rng import derive_seed
from evogames.sim.runner import Lineup, play_game

Progress = Callable[[int, int], None]  # (games done, games in the sweep)


@dataclass(frozen=True)
class Variant:
    """One arm of a sweep: options on top of the base, and a lineup."""

    label: str
    options: dict[str, Any]
    bots: str


@dataclass(frozen=True)
class SweepSpec:
    game: str
    players: int
    games: int  # per variant
    seed: int
    variants: tuple[Variant, ...]

    @property
    def total(self) -> int:
        return self.games * len(self.variants)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
                "variants": [{"label": v.label, "options": v.options, "bots": v.bots} for v in self.variants]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SweepSpec:
        variants = tuple(Variant(v["label"], v["options"], v["bots"]) for v in data["variants"])
        return cls(data["game"], data["players"], data["games"], data["seed"], variants)


@dataclass
class Outcome:
    """What one finished game gives the lab: a game row, seat rows, round rows."""

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    rounds: list[dict[str, Any]]  # game_id, seat, round and the game's history metrics (e.g. food, offspring)


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
    """``["environment=stable,variable"]`` -> ``[("environment", ["stable", "variable"])]``."""
    out = []
    for text in texts:
        key, sep, values = text.partition("=")
        if not sep or not key.strip() or not values.strip():
            raise IllegalAction(f"--vary '{text}' should be key=value1,value2.", ErrorCode.SWEEP_VARY)
        split = "|" if "|" in values else ","
        out.append((key.strip(), [v.strip() for v in values.split(split) if v.strip()]))
    return out


def option_value(game: str, key: str, text: str) -> tuple[str, Any]:
    """A command-line option (alias resolved), typed by the game's option schema."""
    from evogames.sim.lessons import lab_module

    aliases: dict[str, tuple[str, bool]] = getattr(lab_module(game), "OPTION_ALIASES", {})
    real, negate = aliases.get(key, (key, False))
    schema = {option.name: option for option in lookup(game).options}
    if real not in schema:
        return real, text.strip()  # Match refuses it with the list of known options
    value = schema[real].parse(text)
    return real, (not value) if negate else value


def build_spec(game: str, players: int, games: int, seed: int, bots: str,
               options: dict[str, Any] | None = None, vary: Iterable[str] = ()) -> SweepSpec:
    """The cartesian product of every ``--vary`` (one variant when none)."""
    if games < 1:
        raise IllegalAction("Sweep at least one game per variant.", ErrorCode.SIM_GAMES)
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
        variants.append(Variant(label, opts, lineup))
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


# -- playing (runs in a worker) ---------------------------------------------
def play_chunk(spec: SweepSpec, tasks: list[tuple[int, int]]) -> list[Outcome]:
    lineups: dict[int, tuple[Lineup, list[Bot]]] = {}
    out = []
    for v, index in tasks:
        if v not in lineups:
            lineup = Lineup.parse(spec.variants[v].bots, spec.players)
            lineups[v] = (lineup, lineup.bots(spec.game))
        lineup, bots = lineups[v]
        out.append(play_one(spec, v, index, lineup, bots))
    return out


def play_one(spec: SweepSpec, v: int, index: int, lineup: Lineup, bots: list[Bot]) -> Outcome:
    variant = spec.variants[v]
    seed = derive_seed(spec.seed, index)
    match = play_game(Match(spec.game, spec.players, seed, variant.options), bots, seed)
    return outcome(spec, v, index, seed, lineup, match)


def outcome(spec: SweepSpec, v: int, index: int, seed: int, lineup: Lineup, match: Match) -> Outcome:
    variant = spec.variants[v]
    result = match.result or {}
    stats = match.stats()
    game_id = index * len(spec.variants) + v
    rounds = int(result.get("rounds") or stats.get("rounds") or 0)
    common = {"game_id": game_id, "variant": v, "variant_label": variant.label, "game": index, "seed": seed,
              "players": spec.players, "lineup": ",".join(lineup.names),
              "options": json.dumps(variant.options, sort_keys=True), "rounds": rounds}
    game_row = {**common, "reason": str(result.get("reason", "")),
                "winners": ",".join(str(w) for w in result.get("winners", [])),
                "scores": ",".join(str(s) for s in result.get("scores", []))}
    seats = [_seat_row(common, seat, lineup.names[seat], result, stats) for seat in range(spec.players)]
    rows = [{"game_id": game_id, "seat": seat, "round": r + 1, **{k: v[seat] for k, v in history.items()}}
            for r, history in enumerate(stats.get("history", [])) for seat in range(spec.players)]
    return Outcome(game_row, seats, rows)


def _seat_row(common: dict[str, Any], seat: int, bot: str, result: dict[str, Any],
              stats: dict[str, Any]) -> dict[str, Any]:
    tallies = stats["seats"][seat]
    score = result["scores"][seat]
    row = {**common, "seat": seat, "bot": bot, "style": bot_style(bot), "score": score,
           "win": int(seat in result["winners"]), "score_per_round": score / max(1, common["rounds"])}
    row["main_type"] = stats["kinds"][seat] if "kinds" in stats else "none"
    row["cards"] = " ".join(stats.get("cards_played", [[]] * (seat + 1))[seat])
    row.update(tallies)
    return row


def bot_style(bot: str) -> str:
    """The strategy type a bot leans to: its ``prefer``, else its base name."""
    base, _, extra = bot.partition(":")
    for part in extra.split(":"):
        key, _, value = part.partition("=")
        if key == "prefer":
            return value
    return base


# -- running ---------------------------------------------------------------
def run_sweep(spec: SweepSpec, workers: int | None = None, backend: str = "process",
              address: str | None = None, progress: Progress | None = None) -> SweepResult:
    """Play the sweep; Ctrl-C (KeyboardInterrupt) keeps every finished game."""
    from evogames.sim.backends import run_chunks, workers_default

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
        raise IllegalAction(f"Not a sweep row: {err}.", ErrorCode.SWEEP_ROW) from err
    return play_game(Match(game, players, seed, options), lineup.bots(game), seed)
