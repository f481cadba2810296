"""The generators: ``Rng.shuffle`` writes ``next64`` out for speed and must give the same decks."""

from __future__ import annotations

import pytest

from evogames.core.rng import KeyedRng, Rng, secret_seed


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
