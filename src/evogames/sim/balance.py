"""Balance report for designers: per card, how often it is played and how the
seats that play it fare.

A card is flagged when the Wilson interval of its players' win rate lies
entirely above ("strong") or below ("weak") the mean win rate of all seats; the flag's interval is
Bonferroni-corrected over the cards tested (``family_z``), so that a report of 76 cards does not flag ~4 by
chance alone (the table's interval is each card's own 95%).
Seats that play a card are not a random sample (good hands, good bots), so a
flag says "look at this card", not "this card is broken".

Any game whose ``stats()`` record the cards each seat played (``cards_played``)
has a report; its spec's ``card_names`` (if any) name the cards, and its
lab settings (``LAB`` in its ``lessons.py``) may set the lineup (``balance_bots``) and the
arms (``balance_arms``). The other games are refused with a sentence.
"""

from __future__ import annotations

from statistics import NormalDist

import pandas as pd

from evogames.core.errors import ErrorCode, UsageError
from evogames.core.match import Match
from evogames.core.registry import game as lookup
from evogames.core.registry import names as game_names
from evogames.kit.lesson import Arm
from evogames.kit.parts import lab_setup
from evogames.sim.play import Lineup, SweepSpec
from evogames.sim.stats import wilson

COLUMNS = ("card", "name", "plays", "plays_per_100_seats", "seats_playing", "win_rate", "win_low", "win_high",
           "mean_win_rate", "flag")


def balance_spec(game: str, games: int, seed: int, players: int = 4, bots: str | None = None) -> SweepSpec:
    """The game's balance set-up (its lab settings' ``balance_bots`` and ``balance_arms``; by default
    one arm of default options with heuristic and random bots). An unknown game is refused."""
    setup = lab_setup(lookup(game))
    lineup = bots or setup.balance_bots
    return SweepSpec(game, players, games, seed,
                     tuple(Arm(arm.label, dict(arm.options), arm.bots or lineup) for arm in setup.balance_arms))


def check_balance(spec: SweepSpec) -> None:
    """Refuse, before any game is played: an unknown game, a game that records no cards
    per seat (``UsageError``), no games, or a bad player count or bot."""
    title = lookup(spec.game).title
    if not records_cards(spec.game):
        with_cards = card_games()
        raise UsageError(f"{title} records no cards played per seat, so it has no card balance report "
                         f"(games with one: {', '.join(with_cards) or 'none'}).", ErrorCode.LAB_BALANCE)
    if spec.games < 1:
        raise UsageError("Play at least one game per variant (--games 1 or more).", ErrorCode.SIM_GAMES)
    for variant in spec.variants:
        Match(spec.game, spec.players, spec.seed, variant.options)
        Lineup.parse(variant.bots, spec.players).bots(spec.game)


def records_cards(game: str) -> bool:
    """Whether ``game``'s seats record the cards they play (a fresh match's stats say so)."""
    spec = lookup(game)
    return "cards_played" in Match(game, spec.min_players, 0, {}).stats()


def card_games() -> list[str]:
    """The registered games whose seats record the cards they play, in catalog order."""
    return [name for name in game_names() if records_cards(name)]


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
    z = family_z(per_seat["card"].nunique())
    for card, group in per_seat.groupby("card"):
        wins = float(group["win"].sum())
        ci = wilson(wins, len(group))
        side = wilson(wins, len(group), z).excludes(mean)
        rows.append({"card": card, "name": (names or {}).get(str(card), ""), "plays": int(plays[card]),
                     "plays_per_100_seats": 100 * int(plays[card]) / len(seats),
                     "seats_playing": len(group), "win_rate": ci.value, "win_low": ci.low, "win_high": ci.high,
                     "mean_win_rate": mean, "flag": "strong" if side > 0 else "weak" if side < 0 else ""})
    if not rows:  # games whose seats played no card
        return pd.DataFrame(columns=list(COLUMNS))
    return pd.DataFrame(rows, columns=list(COLUMNS)).sort_values("win_rate", ascending=False, ignore_index=True)


def family_z(cards: int, alpha: float = 0.05) -> float:
    """The z of a flag: a Bonferroni interval over the ``cards`` tested, so that with no card truly strong or weak
    all flags together are wrong at most ``alpha`` of the time (per card at 95%, 76 cards would flag ~4 by chance)."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, cards)))


def card_names(game: str) -> dict[str, str]:
    """Card id -> name, from the game's spec (``card_names``; empty for a game without one)."""
    names = lookup(game).card_names
    return dict(names()) if names is not None else {}
