"""Nothing changes for a player: seeded bot games hash exactly as the recorded corpus says.

A sample (every 11th seed: every player count, variant and bot mix) runs always; all 200 seeds per game run with
EVOGAMES_FULL_CORPUS=1. A mismatch means something a seat or a spectator sees
(a view, the legal actions, a log, the record or the result) changed; if that
change is intended, regenerate as ``tests/corpus/record.py`` says.
"""

from __future__ import annotations

import os

import pytest

from evogames.games import BUILTIN
from tests.corpus.record import SEEDS, load, play

SAMPLE = range(0, len(SEEDS), 11)  # 11 is prime to every cycle: each player count, variant and bot mix
FULL = os.environ.get("EVOGAMES_FULL_CORPUS") == "1"


def test_the_corpus_covers_every_game_and_seed() -> None:
    hashes = load()
    assert sorted(hashes) == sorted(BUILTIN), "a game is missing from (or extra in) tests/corpus/hashes.json"
    for name, seeds in hashes.items():
        assert sorted(seeds, key=int) == [str(seed) for seed in SEEDS], f"{name}: the corpus seeds are not 0..199"


def _differ(name: str, seeds: range) -> list[str]:
    want = load()[name]
    return [f"{name} seed {seed}: recorded {want[str(seed)]}, now {got}"
            for seed in seeds if (got := play(name, seed)) != want[str(seed)]]


@pytest.mark.parametrize("name", BUILTIN)
def test_a_sample_of_the_corpus_is_unchanged(name: str) -> None:
    differ = _differ(name, SAMPLE)
    assert not differ, "what players see changed:\n" + "\n".join(differ)


BLOCK = 20  # seeds a test: the whole corpus in blocks, so that test workers share a slow game evenly
BLOCKS = [SEEDS[start:start + BLOCK] for start in range(0, len(SEEDS), BLOCK)]


def test_the_blocks_cover_every_seed_once() -> None:
    assert [seed for block in BLOCKS for seed in block] == list(SEEDS)


@pytest.mark.skipif(not FULL, reason="the whole corpus runs with EVOGAMES_FULL_CORPUS=1")
@pytest.mark.parametrize("seeds", BLOCKS, ids=lambda seeds: f"seeds-{seeds[0]}-{seeds[-1]}")
@pytest.mark.parametrize("name", BUILTIN)
def test_the_whole_corpus_is_unchanged(name: str, seeds: range) -> None:
    differ = _differ(name, seeds)
    assert not differ, "what players see changed:\n" + "\n".join(differ)
