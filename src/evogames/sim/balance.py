"""Balance report for designers: per card, how often it is played and how the
seats that play it fare.

A card is flagged when the Wilson interval of its players' win rate lies
entirely above ("strong") or below ("weak") the mean win rate of all seats.
Seats that play a card are not a random sample (good hands, good bots), so a
flag says "look at this card", not "this card is broken".
"""

from __future__ import annotations

import pandas as pd

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.match import Match
from evogames.core.registry import game as lookup
from evogames.core.registry import names as game_names
from evogames.sim.lessons import lab_module
from evogames.sim.runner import Lineup
from evogames.sim.stats import wilson
from evogames.sim.sweep import SweepSpec, Variant

DEFAULT_BOTS = "heuristic,random"
COLUMNS = ("card", "name", "plays", "plays_per_100_seats", "seats_playing", "win_rate", "win_low", "win_high",
           "mean_win_rate", "flag")


def balance_spec(games: int, seed: int, players: int = 4, bots: str | None = None,
                 game: str = "mating") -> SweepSpec:
    """The game's balance set-up (its lessons module's ``BALANCE_BOTS`` and ``BALANCE_VARIANTS``),
    else one variant of default options with heuristic and random bots."""
    module = lab_module(game)
    lineup = bots or str(getattr(module, "BALANCE_BOTS", DEFAULT_BOTS))
    arms: tuple[tuple[str, dict[str, object]], ...] = getattr(module, "BALANCE_VARIANTS", (("base", {}),))
    return SweepSpec(game, players, games, seed, tuple(Variant(label, dict(opts), lineup) for label, opts in arms))


def check_balance(spec: SweepSpec) -> None:
    """Raise IllegalAction, before any game is played, for an unknown game, a game that
    records no cards per seat, no games, or a bad player count or bot."""
    title = lookup(spec.game).title
    with_cards = card_games()
    if spec.game not in with_cards:
        raise IllegalAction(f"{title} records no cards played per seat, so it has no card balance report "
                            f"(games with one: {', '.join(with_cards)}).", ErrorCode.LAB_BALANCE)
    if spec.games < 1:
        raise IllegalAction("Play at least one game per variant (--games 1 or more).", ErrorCode.SIM_GAMES)
    for variant in spec.variants:
        Match(spec.game, spec.players, spec.seed, variant.options)
        Lineup.parse(variant.bots, spec.players).bots(spec.game)


def card_games() -> list[str]:
    """The games whose seats record the cards they play (a fresh match's stats say so)."""
    out = []
    for name in game_names():
        game = lookup(name)
        if "cards_played" in Match(name, game.min_players, 0, {}).stats():
            out.append(name)
    return out


def card_table(seats: pd.DataFrame, names: dict[str, str] | None = None) -> pd.DataFrame:
    """One row per card: plays, share of seats playing it, their win rate [Wilson], and a flag."""
    if seats.empty or "cards" not in seats:
        return pd.DataFrame(columns=list(COLUMNS))
    mean = float(seats["win"].mean())
    played = seats[["win", "cards"]].assign(card=seats["cards"].astype(str).str.split()).explode("card")
    played = played.dropna(subset=["card"])
    plays = played.groupby("card").size()
    per_seat = played.reset_index().drop_duplicates(["index", "card"])
    rows = []
    for card, group in per_seat.groupby("card"):
        ci = wilson(int(group["win"].sum()), len(group))
        side = ci.excludes(mean)
        rows.append({"card": card, "name": (names or {}).get(str(card), ""), "plays": int(plays[card]),
                     "plays_per_100_seats": 100 * int(plays[card]) / len(seats),
                     "seats_playing": len(group), "win_rate": ci.value, "win_low": ci.low, "win_high": ci.high,
                     "mean_win_rate": mean, "flag": "strong" if side > 0 else "weak" if side < 0 else ""})
    if not rows:  # games whose seats played no card
        return pd.DataFrame(columns=list(COLUMNS))
    return pd.DataFrame(rows, columns=list(COLUMNS)).sort_values("win_rate", ascending=False, ignore_index=True)


def card_names(game: str = "mating") -> dict[str, str]:
    """Card id -> name, from the game's ``card_names()`` (empty for a game without one)."""
    names = getattr(lookup(game), "card_names", None)
    return dict(names()) if callable(names) else {}
