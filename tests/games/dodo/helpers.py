"""Scripted Tough Luck, Dodo tables: a chosen grid, a chosen first player, creatures put where we want."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from evogames import Match
from evogames.bots import make_bot
from evogames.core.rng import Rng
from evogames.games.dodo import SPEC
from evogames.games.dodo.components import COLOURS
from evogames.games.dodo.flow import advance
from evogames.games.dodo.state import Creature, DodoState

GRID2 = ["E01", "E02", "E03", "E04", "E05", "E06"]  # Tidal flat, Alpine meadow, Hot desert / Tundra, Vent, Salt marsh
GRID3 = ["E01", "E02", "E03", "E04", "E05", "E06", "E07", "E08", "E09"]
LETTER = {"R": 0, "Y": 1, "G": 2}


def blocks(text: str) -> tuple[int, ...]:
    return tuple(LETTER[ch] for ch in text)


def placed(players: int = 2, grid: list[str] | None = None, first: int = 0, seed: int = 1,
           **options: Any) -> Match:
    """A match past set-up: every creature placed in the first environment of the grid."""
    grid = grid or (GRID2 if players == 2 else GRID3)
    m = Match("dodo", players, seed=seed, options={"environments": grid, "first_player": first, **options})
    while m.view(None)["phase"] == "setup":
        seat = m.to_act[0]
        m.act(seat, m.legal(seat)[0])
    return m


def table(players: int, creatures: list[tuple[int, str, str]], grid: list[str] | None = None, first: int = 0,
          **options: Any) -> tuple[Match, list[int]]:
    """Turn 1's Token Phase with exactly ``creatures`` (seat, "RRY", env id) on the board; their ids."""
    m = placed(players, grid, first, **options)
    s: DodoState = m.state
    for c in list(s.creatures.values()):
        for k in c.blocks:
            s.supply[k] += 1
        s.bases[c.owner] += 1
    s.creatures.clear()
    ids = [put(s, seat, text, env) for seat, text, env in creatures]
    s.order = s.seat_order()
    advance(s)
    return m, ids


def put(s: DodoState, seat: int, text: str, env: str) -> int:
    """A creature from the supply onto ``env``."""
    c = Creature(s.next_id, seat, blocks(text), s.grid.index(env))
    s.next_id += 1
    s.creatures[c.id] = c
    for k in c.blocks:
        s.supply[k] -= 1
    s.bases[seat] -= 1
    return c.id


def pass_tokens(m: Match) -> None:
    while m.view(None)["phase"] == "token":
        m.act(m.to_act[0], {"type": "pass"})


def pass_migration(m: Match) -> None:
    while m.view(None)["phase"] == "migration":
        m.act(m.to_act[0], {"type": "pass"})


def to_next_turn(m: Match) -> None:
    """Everyone passes tokens and migration; Consumption and Reproduction run."""
    pass_tokens(m)
    pass_migration(m)


def creature(m: Match, cid: int) -> dict[str, Any] | None:
    return next((c for c in m.view(None)["creatures"] if c["id"] == cid), None)


def where(m: Match, cid: int) -> str | None:
    c = creature(m, cid)
    return c["environment"] if c else None


def alive(m: Match, cid: int) -> bool:
    return creature(m, cid) is not None


def result(m: Match) -> dict[str, Any]:
    """The match's result with this game's own keys (``end``, ``creatures``, ``debrief``...)."""
    assert m.result is not None, "the game is not over"
    return dict(m.result)


def texts(m: Match) -> list[str]:
    return [e["text"] for e in m.log]


def colours(text: str) -> list[str]:
    return [COLOURS[LETTER[ch]] for ch in text]


def bot_game_points(seed: int, every: int = 17, max_turns: int = 12) -> Iterator[Match]:
    """The live match at every ``every``-th action of a seeded bot game (2-4 players, random and heuristic
    seats, as the hash corpus plays them), and once more at the end."""
    players = 2 + seed % 3
    m = Match("dodo", players, seed, {"max_turns": max_turns})
    bots = [make_bot(("random", "heuristic")[(seed + seat) % 2], "dodo") for seat in range(players)]
    rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
    steps = 0
    while not m.over:
        if steps % every == 0:
            yield m
        seat = m.to_act[0]
        m.act(seat, bots[seat].choose(m.view(seat), rngs[seat]))
        steps += 1
    yield m


def seen(s: DodoState, rng: bool = True) -> str:
    """Everything anyone sees of ``s`` (every seat's and the spectator's view, legal actions and log), its
    raw events, stats and (with ``rng``) its generator's position, as one string."""
    seats: list[int | None] = [*range(s.n), None]
    return json.dumps({
        "views": [SPEC.full_view(s, seat) for seat in seats],
        "legal": [SPEC.legal(s, seat) for seat in range(s.n)],
        "log": [SPEC.render_event(e, seat) for e in SPEC.events(s) for seat in seats],
        "events": repr(SPEC.events(s)),
        "stats": SPEC.stats(s),
        "rng": s.rng.state if rng else None,
    }, sort_keys=True, default=str)


def play_out(s: DodoState, picks: Rng) -> list[Any]:
    """Random legal moves to the end of the game; the events on the way."""
    start = len(SPEC.events(s))
    steps = 0
    while not SPEC.is_over(s):
        seat = SPEC.to_act(s)[0]
        SPEC.apply(s, seat, picks.choice(SPEC.legal(s, seat)))
        steps += 1
        assert steps < 5000, "no end"
    return SPEC.events(s)[start:]
