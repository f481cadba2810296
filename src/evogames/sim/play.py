"""Playing bot games: one game (``play_game``), or a chunk of a sweep in a worker (``play_chunk``).

The lowest layer of the lab: what a sweep is (``SweepSpec``, its arms: ``kit.lesson.Arm``) and the rows one
finished game gives (``Outcome``). Every way of running games (``simulate``, a sweep on a process
pool or on Ray, the lessons, the balance report) plays them here, so they all write the same rows.
Game ``i`` of every variant is seeded with ``derive_seed(seed, i)``: any row replays alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from evogames.bots import bot_action, make_bot
from evogames.core.errors import ErrorCode, UsageError
from evogames.core.match import Match
from evogames.core.rng import Rng, derive_seed
from evogames.kit.bot import Bot
from evogames.kit.lesson import Arm
from evogames.sim.words import played_for

# The columns every seat row has; the game's own seat tallies (its ``stats()['seats']``) follow. ``win`` is the
# seat's share of the win: 1 for a lone winner, 1/k each for k winners (a tie shares the win; Dodo's "no creature
# left" makes every seat a winner), 0 for the others, so a game's shares sum to 1 and win rates to the table's 1;
# ``winner`` says whether the seat is among the winners at all (0 or 1).
SEAT_COLUMNS = ("game_id", "variant", "variant_label", "game", "seed", "players", "lineup", "options", "rounds",
                "seat", "bot", "style", "score", "win", "winner", "score_per_round", "main_type", "cards")


@dataclass(frozen=True)
class Lineup:
    """Which bot sits in which seat (bot names repeat round the table)."""

    names: tuple[str, ...]

    @classmethod
    def parse(cls, spec: str | list[str], players: int) -> Lineup:
        names = spec.split(",") if isinstance(spec, str) else list(spec)
        names = [n.strip() for n in names if n.strip()]
        if not names:
            raise UsageError("Name at least one bot, e.g. --bots random,heuristic.", ErrorCode.BOT_UNKNOWN)
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
        match.act(seat, bot_action(bots[seat], match, seat, rngs[seat]))
    return match


@dataclass(frozen=True)
class SweepSpec:
    game: str
    players: int
    games: int  # per variant
    seed: int
    variants: tuple[Arm, ...]  # each arm: options on top of the base, and a lineup

    @property
    def total(self) -> int:
        return self.games * len(self.variants)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "games": self.games, "seed": self.seed,
                "variants": [{"label": v.label, "options": v.options, "bots": v.bots} for v in self.variants]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SweepSpec:
        variants = tuple(Arm(v["label"], v["options"], v["bots"]) for v in data["variants"])
        return cls(data["game"], data["players"], data["games"], data["seed"], variants)


@dataclass
class Outcome:
    """What one finished game gives the lab: a game row, seat rows, round rows."""

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    rounds: list[dict[str, Any]]  # game_id, seat, round and the game's history metrics


def play_chunk(spec: SweepSpec, tasks: list[tuple[int, int]]) -> list[Outcome]:
    """Play the (variant, index) games of ``tasks`` (in a worker, or in this process)."""
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
    result: dict[str, Any] = dict(match.result or {})
    stats: dict[str, Any] = dict(match.stats())
    game_id = index * len(spec.variants) + v
    rounds = int(played_for(spec.game, result) or stats.get("rounds") or 0)  # in the game's round_word
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
           "win": win_share(seat, result["winners"]), "winner": int(seat in result["winners"]),
           "score_per_round": score / max(1, common["rounds"])}
    row["main_type"] = stats["kinds"][seat] if "kinds" in stats else "none"
    row["cards"] = " ".join(stats.get("cards_played", [[]] * (seat + 1))[seat])
    row.update(tallies)
    return row


def win_share(seat: int, winners: list[int]) -> float:
    """``seat``'s share of the win: 1/k if it is one of k winners, else 0."""
    return 1.0 / len(winners) if seat in winners else 0.0


def bot_style(bot: str) -> str:
    """The type a bot leans to (the ``style`` column): its ``prefer=`` style where its game's bot
    takes one (``heuristic:prefer=X``), else its base name."""
    base, _, extra = bot.partition(":")
    for part in extra.split(":"):
        key, _, value = part.partition("=")
        if key == "prefer":
            return value
    return base
