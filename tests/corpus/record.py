"""The hash corpus: every game, 200 seeded bot games, everything a player or spectator can see, hashed.

Why: the "one game, one folder" refactor (issue 16) must change nothing for a
player. This corpus pins it down. For each registered game, seeds 0..199 are
played by bots; at every step one BLAKE2b hash takes in the JSON of every
seat's view, the spectator's view and every seat's legal actions; at the end it
takes in the log as each seat and the spectator see it, the match record and
the result. ``hashes.json`` keeps ``{game: {seed: hexdigest}}`` and
``tests/corpus/test_corpus.py`` recomputes them (a sample by default, all 200
with ``EVOGAMES_FULL_CORPUS=1``).

How a seed is played (all of it fixed by the seed, nothing else):

- players: ``min_players + seed % n`` (n = how many player counts the game allows);
- variant: ``VARIANTS[game][(seed // n) % len(VARIANTS[game])]``, so every player
  count meets every variant;
- bots: seat ``s`` plays ``BOTS[(seed // 2 + s) % 2]`` on a mixed table, except every
  fourth seed (all random) and the one after it (all heuristic);
- the seat to act, when several may, is drawn by ``Rng(seed)``; a seat's bot chooses
  with ``Rng(seed * 7919 + seat)``.

Regenerate (only when a change of what players see is intended, and say so in the commit):

    .venv/bin/python -m tests.corpus.record            # every game
    .venv/bin/python -m tests.corpus.record mating     # one game, the others kept
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from evogames import Match
from evogames.bots import make_bot
from evogames.core.registry import game as lookup
from evogames.core.registry import names
from evogames.core.rng import Rng
from evogames.games import BUILTIN

HASHES = Path(__file__).with_name("hashes.json")
SEEDS = range(200)
BOTS = ("random", "heuristic")
STEP_LIMIT = 20_000  # every game has a round or turn limit; this only stops a runaway

# each game's rulebook variants (the defaults first); the games' own limits end every game
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "mating": [
        {},
        {"environment": "variable"},
        {"predation": False, "female_scarcity": False},
        {"sudden_death": True},
        {"long_life": True},
    ],
    "evolution": [
        {},
        {"decks": "two"},
        {"decks": "one", "food_bank_as": 2},
    ],
    "phylo": [
        {},
        {"call_your_bluff": True},
        {"decks": "region", "themes": ["North America", "Africa"]},
        {"decks": "terrain", "themes": ["forest", "ocean"], "call_your_bluff": True},
    ],
    "dodo": [
        {},
        {"first_player": 0},
    ],
    # random seats trade endlessly and meet the round limit: 30 rounds (not 60) keeps the corpus quick,
    # and heuristic tables still finish by the rules
    "adapt": [
        {"max_rounds": 30},
        {"max_rounds": 30, "shared_habitats": True, "habitats_per_player": 5},
        {"max_rounds": 30, "scoring": "extinction"},
        {"max_rounds": 30, "creatures": "choose", "habitats_per_player": 3},
    ],
}


def setup(name: str, seed: int) -> tuple[int, dict[str, Any], list[str]]:
    """The players, options and each seat's bot for ``seed`` of game ``name``."""
    game = lookup(name)
    counts = game.max_players - game.min_players + 1
    players = game.min_players + seed % counts
    variants = VARIANTS.get(name, [{}])
    options = dict(variants[(seed // counts) % len(variants)])
    if seed % 4 == 0:
        bots = [BOTS[0]] * players
    elif seed % 4 == 1:
        bots = [BOTS[1]] * players
    else:
        bots = [BOTS[(seed // 2 + seat) % 2] for seat in range(players)]
    return players, options, bots


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode()


def play(name: str, seed: int) -> str:
    """Play seed ``seed`` of game ``name`` and return the hash of all that was seen."""
    players, options, bot_names = setup(name, seed)
    match = Match(name, players, seed, options)
    bots = [make_bot(bot, name) for bot in bot_names]
    rngs = [Rng(seed * 7919 + seat) for seat in range(players)]
    pick = Rng(seed)
    digest = hashlib.blake2b(digest_size=16)
    digest.update(_dump({"players": players, "options": options, "bots": bot_names}))
    steps = 0
    while True:
        views = [match.view(seat) for seat in range(players)]
        digest.update(_dump(views))
        digest.update(_dump(match.view(None)))
        digest.update(_dump([match.legal(seat) for seat in range(players)]))
        if match.over:
            break
        seats = match.to_act
        if not seats:
            raise AssertionError(f"{name} seed {seed}: not over, but nobody is to act")
        seat = seats[pick.below(len(seats))]
        match.act(seat, bots[seat].choose(views[seat], rngs[seat]))
        steps += 1
        if steps >= STEP_LIMIT:
            raise AssertionError(f"{name} seed {seed}: no end after {STEP_LIMIT} actions")
    digest.update(_dump([match.log_for(seat) for seat in range(players)]))
    digest.update(_dump(match.log_for(None)))
    digest.update(_dump(match.record()))
    digest.update(_dump(match.result))
    return digest.hexdigest()


def record(games: list[str]) -> dict[str, dict[str, str]]:
    """Play every seed of ``games``; return {game: {seed: hexdigest}}."""
    out: dict[str, dict[str, str]] = {}
    for name in games:
        start = time.perf_counter()
        out[name] = {str(seed): play(name, seed) for seed in SEEDS}
        print(f"{name}: {len(SEEDS)} games in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return out


def load() -> dict[str, dict[str, str]]:
    result: dict[str, dict[str, str]] = json.loads(HASHES.read_text())
    return result


def main(argv: list[str]) -> None:
    games = argv or list(BUILTIN)
    unknown = [g for g in games if g not in names()]
    if unknown:
        raise SystemExit(f"unknown games: {', '.join(unknown)} (games: {', '.join(names())})")
    kept = load() if HASHES.exists() else {}
    kept.update(record(games))
    ordered = {g: kept[g] for g in names() if g in kept}
    HASHES.write_text(json.dumps(ordered, indent=1) + "\n")
    print(f"wrote {HASHES}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
