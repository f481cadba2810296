"""The bots' corpus: what the `medium` bots and the ISMCTS search choose, hashed, so both builds choose alike.

``hashes.json`` pins the rules (its games are played by the random and heuristic bots); this file pins the bots
that run on top of them, which the compiled build also compiles (each game's ``bot_medium.py`` and ``search.py``
judge, and ``bots/ismcts.py``). For each game and seed:

- a table of ``medium`` bots plays a whole game (seeds 0..SEEDS-1, players ``min_players + seed % n``); the hash
  takes in every action and the result;
- from the position after ``seed * 7 + 10`` heuristic moves, an ISMCTS search with the game's ``hard`` depth and
  rollout and ``ITERATIONS`` iterations (no early stop): the hash takes in every root move's visits and value.

Regenerate (only when a bot's choices are meant to change, and say so in the commit):

    .venv/bin/python -m tests.corpus.search_record            # every game
    .venv/bin/python -m tests.corpus.search_record mating     # one game, the others kept
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from evogames import Match
from evogames.bots import bot_action, make_bot
from evogames.bots.ismcts import ISMCTSBot
from evogames.bots.levels import search_settings
from evogames.core.registry import game as lookup
from evogames.core.registry import names
from evogames.core.rng import Rng
from evogames.games import BUILTIN

HASHES = Path(__file__).with_name("search_hashes.json")
SEEDS = range(4)
ITERATIONS = 40
OPTIONS: dict[str, dict[str, Any]] = {"adapt": {"max_rounds": 30}}  # as the rules corpus: a runaway ends sooner


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode()


def _match(name: str, seed: int) -> Match:
    game = lookup(name)
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    return Match(name, players, seed, dict(OPTIONS.get(name, {})))


def medium_game(name: str, seed: int) -> str:
    """A whole game of ``medium`` bots: the hash of every action and the result."""
    match = _match(name, seed)
    bots = [make_bot("medium", name) for _ in range(match.players)]
    rngs = [Rng(seed * 7919 + seat) for seat in range(match.players)]
    digest = hashlib.blake2b(digest_size=16)
    while not match.over:
        seat = match.to_act[0]
        action = bot_action(bots[seat], match, seat, rngs[seat])
        digest.update(_dump([seat, action]))
        match.act(seat, action)
    digest.update(_dump(match.result))
    return digest.hexdigest()


def search(name: str, seed: int) -> str:
    """An ISMCTS search from a seeded position: the hash of each root move's visits and value."""
    match = _match(name, seed)
    heuristic = make_bot("heuristic", name)
    rng = Rng(seed)
    for _ in range(seed * 7 + 10):
        if match.over:
            break
        seat = match.to_act[0]
        match.act(seat, bot_action(heuristic, match, seat, rng))
    if match.over:
        return "over"
    settings = {k: v for k, v in search_settings("hard", name).items() if k not in ("seconds", "early")}
    bot = ISMCTSBot(name, iterations=ITERATIONS, **settings)
    seat = match.to_act[0]
    action = bot.choose_from(match.state, seat, Rng(seed + 1))
    ranked = [(a, visits, round(value, 9)) for a, visits, value in bot.last.moves]
    return hashlib.blake2b(_dump([action, ranked]), digest_size=16).hexdigest()


def record(games: list[str]) -> dict[str, dict[str, str]]:
    return {name: {**{f"medium {s}": medium_game(name, s) for s in SEEDS},
                   **{f"search {s}": search(name, s) for s in SEEDS}} for name in games}


def load() -> dict[str, dict[str, str]]:
    result: dict[str, dict[str, str]] = json.loads(HASHES.read_text())
    return result


def main(argv: list[str]) -> None:
    games = argv or list(BUILTIN)
    kept = load() if HASHES.exists() else {}
    kept.update(record(games))
    HASHES.write_text(json.dumps({g: kept[g] for g in names() if g in kept}, indent=1) + "\n")
    print(f"wrote {HASHES}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
