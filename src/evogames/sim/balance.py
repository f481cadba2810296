"""Balance report for designers: per card, how often it is played and how the
seats that play it fare.

A card is flagged when the Wilson interval of its players' win rate lies
entirely above ("strong") or below ("weak") the mean win rate of all seats.
Seats that play a card are not a random sample (good hands, good bots), so a
flag says "look at this card", not "this card is broken".
"""

from __future__ import annotations

import pandas as pd

from evogames.core.registry import game as lookup
from evogames.sim.lessons import lab_module
from evogames.sim.stats import wilson
from evogames.sim.sweep import SweepSpec, Variant

DEFAULT_BOTS = "heuristic,random"


def balance_spec(games: int, seed: int, players: int = 4, bots: str | None = None,
                 game: str = "mating") -> SweepSpec:
    """The game's balance set-up (its lessons module's ``BALANCE_BOTS`` and ``BALANCE_VARIANTS``),
    else one variant of default options with heuristic and random bots."""
    module = lab_module(game)
    lineup = bots or str(getattr(module, "BALANCE_BOTS", DEFAULT_BOTS))
    arms: tuple[tuple[str, dict[str, object]], ...] = getattr(module, "BALANCE_VARIANTS", (("base", {}),))
    return SweepSpec(game, players, games, seed, tuple(Variant(label, dict(opts), lineup) for label, opts in arms))


def card_table(seats: pd.DataFrame, names: dict[str, str] | None = None) -> pd.DataFrame:
    """One row per card: plays, share of seats playing it, their win rate [Wilson], and a flag."""
    if seats.empty:
        return pd.DataFrame()
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
    return pd.DataFrame(rows).sort_values("win_rate", ascending=False, ignore_index=True)


def card_names(game: str = "mating") -> dict[str, str]:
    """Card id -> name, from the game's ``card_names()`` (empty for a game without one)."""
    names = getattr(lookup(game), "card_names", None)
    return dict(names()) if callable(names) else {}
