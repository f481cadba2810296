"""Balance report for designers: per card, how often it is played and how the
seats that play it fare.

A card is flagged when the Wilson interval of its players' win rate lies
entirely above ("strong") or below ("weak") the mean win rate of all seats.
Seats that play a card are not a random sample (good hands, good bots), so a
flag says "look at this card", not "this card is broken".
"""

from __future__ import annotations

import pandas as pd

from evogames.sim.stats import wilson
from evogames.sim.sweep import SweepSpec, Variant

DEFAULT_BOTS = "heuristic:prefer=combat,heuristic:prefer=flashy,heuristic:prefer=sneaky,heuristic"


def balance_spec(games: int, seed: int, players: int = 4, bots: str = DEFAULT_BOTS,
                 game: str = "mating") -> SweepSpec:
    """Both Environment decks, a mixed table of styles."""
    variants = tuple(Variant(f"environment={env}", {"environment": env}, bots) for env in ("stable", "variable"))
    return SweepSpec(game, players, games, seed, variants)


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
    """Card id -> name, for the games that have cards (empty otherwise)."""
    if game != "mating":
        return {}
    from evogames.games.mating.cards import components

    c = components()
    return {card_id: f"{c.card(card_id).name} ({c.card(card_id).type})" for card_id in c.strategy_deck()}
