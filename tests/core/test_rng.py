"""The generators: ``Rng.shuffle`` writes ``next64`` out for speed and must give the same decks; a secret seed
gives a seeded ``KeyedRng`` wherever ``Rng(seed)`` is called (compiled code included)."""

from __future__ import annotations

import pytest

from evogames import Match
from evogames.core.rng import KeyedRng, Rng, secret_seed
from evogames.games import BUILTIN


def _shuffled_one_draw_at_a_time(rng: Rng, items: list[int]) -> list[int]:
    """Fisher-Yates as the rules read it: one ``next64`` per swap."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.next64() % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5, secret_seed()])
@pytest.mark.parametrize("size", [0, 1, 2, 190])
def test_shuffle_is_fisher_yates_over_next64(seed: int, size: int) -> None:
    rng, twin = Rng(seed), Rng(seed)
    items = list(range(size))
    rng.shuffle(items)
    assert items == _shuffled_one_draw_at_a_time(twin, list(range(size)))
    assert rng.next64() == twin.next64()  # the stream goes on from the same place


def test_a_secret_seed_keeps_its_keyed_stream() -> None:
    assert isinstance(Rng(secret_seed()), KeyedRng)


@pytest.mark.parametrize("name", BUILTIN)
def test_every_game_plays_from_a_secret_seed(name: str) -> None:
    """A classroom table's seed: the game's set-up (compiled, in the compiled build) makes a seeded KeyedRng."""
    seed = secret_seed()
    match, twin = Match(name, 2, seed), Match(name, 2, seed)
    assert isinstance(match.state.rng, KeyedRng)
    pick = Rng(1)
    for _ in range(200):
        if match.over:
            break
        seat = match.to_act[0]
        action = match.legal(seat)[pick.below(len(match.legal(seat)))]
        match.act(seat, action)
        twin.act(seat, action)
    assert match.view(None) == twin.view(None)  # the same seed, the same game


def test_a_keyed_clone_goes_on_with_the_same_stream() -> None:
    rng = Rng(secret_seed())
    rng.next64()
    twin = rng.clone()
    assert isinstance(twin, KeyedRng) and [twin.next64() for _ in range(20)] == [rng.next64() for _ in range(20)]
