"""Play bot games: one at a time (``play_game``) or a batch (``simulate``).

Each game's seed is derived from the base seed and the game's index, so any
game of a batch can be replayed alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from evogames.bots.base import Bot, make_bot
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.rng import Rng, derive_seed


@dataclass(frozen=True)
class Lineup:
    """Which bot sits in which seat (bot names repeat round the table)."""

    names: tuple[str, ...]

    @classmethod
    def parse(cls, spec: str | list[str], players: int) -> Lineup:
        names = spec.split(",") if isinstance(spec, str) else list(spec)
        names = [n.strip() for n in names if n.strip()]
        if not names:
            raise IllegalAction("Name at least one bot, e.g. --bots random,heuristic.", ErrorCode.BOT_UNKNOWN)
        return cls(tuple(names[i % len(names)] for i in range(players)))

    def bots(self, game: str) -> list[Bot]:
        return [make_bot(name, game) for name in self.names]


def play_game(match: Match, bots: list[Bot], seed: int) -> Match:
    """Let ``bots`` (one per seat) play ``match`` to its end."""
    rngs = [Rng(seed * 7919 + seat + 1) for seat in range(match.players)]
    while not match.over:
        seats = match.to_act
        if not seats:
            raise RuntimeError("the game waits for nobody but is not over")
        seat = seats[0]
        bot = bots[seat]
        view = match.view(seat) if getattr(bot, "needs_view", True) else {"legal": match.legal(seat)}
        match.act(seat, bot.choose(view, rngs[seat]))
    return match


def simulate(
    game: str,
    games: int,
    players: int,
    bots: str | list[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
    rows: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Play ``games`` bot games and summarise them (the ``simulate --json`` shape)."""
    if games < 1:
        raise IllegalAction("Simulate at least one game.", ErrorCode.SIM_GAMES)
    lineup = Lineup.parse(bots, players)
    seat_bots = lineup.bots(game)
    summary = Summary(lineup)
    start = time.perf_counter()
    for index in range(games):
        game_seed = derive_seed(seed, index)
        match = play_game(Match(game, players, game_seed, options), seat_bots, game_seed)
        summary.add(match)
        if rows is not None:
            rows.extend(seat_rows(index, game_seed, lineup, match))
        if progress:
            progress(index + 1)
    seconds = time.perf_counter() - start
    return summary.to_dict(game, games, players, seed, options, seconds)


def seat_rows(index: int, seed: int, lineup: Lineup, match: Match) -> list[dict[str, Any]]:
    """One row per seat of a finished game."""
    result = match.result or {}
    stats = match.stats()
    out = []
    for seat in range(match.players):
        row: dict[str, Any] = {
            "game": index, "seed": seed, "seat": seat, "bot": lineup.names[seat],
            "score": result["scores"][seat], "win": int(seat in result["winners"]),
            "rounds": result.get("rounds"),
        }
        row.update(stats["seats"][seat])
        out.append(row)
    return out


class Summary:
    """Running totals of a batch."""

    def __init__(self, lineup: Lineup) -> None:
        self.lineup = lineup
        self.seat_wins = [0] * len(lineup.names)
        self.rounds = 0
        self.games = 0
        self.reasons: dict[str, int] = {}
        self.totals: dict[str, float] = {}
        self.scores = [0] * len(lineup.names)

    def add(self, match: Match) -> None:
        result = match.result or {}
        self.games += 1
        self.rounds += result.get("rounds", 0)
        for seat in result["winners"]:
            self.seat_wins[seat] += 1
        for seat, score in enumerate(result["scores"]):
            self.scores[seat] += score
        reason = result.get("reason", "")
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        for seat_stats in match.stats()["seats"]:
            for key, value in seat_stats.items():
                self.totals[key] = self.totals.get(key, 0) + value

    def to_dict(self, game: str, games: int, players: int, seed: int,
                options: dict[str, Any] | None, seconds: float) -> dict[str, Any]:
        per_bot: dict[str, int] = {}
        seats_per_bot: dict[str, int] = {}
        for seat, name in enumerate(self.lineup.names):
            per_bot[name] = per_bot.get(name, 0) + self.seat_wins[seat]
            seats_per_bot[name] = seats_per_bot.get(name, 0) + 1
        return {
            "game": game,
            "games": games,
            "players": players,
            "seed": seed,
            "options": options or {},
            "bots": list(self.lineup.names),
            "wins": {"per_seat": self.seat_wins, "per_bot": per_bot},
            "win_rate_per_bot": {
                name: per_bot[name] / (games * seats_per_bot[name]) for name in per_bot
            },
            "mean_rounds": self.rounds / games,
            "mean_score_per_seat": [s / games for s in self.scores],
            "end_reasons": self.reasons,
            "per_game_means": {k: v / games for k, v in sorted(self.totals.items())},
            "seconds": round(seconds, 4),
            "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
        }
