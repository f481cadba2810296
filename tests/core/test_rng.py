"""The generators: ``Rng.shuffle`` writes ``next64`` out for speed and must give the same decks; a secret seed
gives a seeded ``KeyedRng`` wherever ``Rng(seed)`` is called (compiled code included); the compiled build's
machine-integer splitmix64 gives the pure build's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogames import Match
from evogames.build import is_extension
from evogames.core import rng as rng_module
from evogames.core.rng import KeyedRng, Rng, secret_seed
from evogames.games import BUILTIN

README = Path(__file__).resolve().parents[2] / "README.md"


def _shuffled_one_draw_at_a_time(rng: Rng, items: list[int]) -> list[int]:
    """Fisher-Yates as the rules read it: one ``next64`` per swap."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.next64() % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5, pytest.param(secret_seed(), id="secret")])
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


# -- splitmix64 on machine integers (what the compiled build runs) ---------------------------------------

def _reference_next64(state: int) -> tuple[int, int]:
    """Splitmix64 as the pure build writes it: (the new state, the output)."""
    mask = (1 << 64) - 1
    z0 = (state + 0x9E3779B97F4A7C15) & mask
    z = ((z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z0, z ^ (z >> 31)


EDGE_STATES = [0, 1, 2**63 - 1, 2**63, 2**64 - 1, 2**64 - 0x9E3779B97F4A7C15, 0x632BE59BD9B4E019]


@pytest.mark.parametrize("state", EDGE_STATES + [Rng(seed).state for seed in range(200)])
def test_machine_integer_splitmix_gives_the_pure_numbers(state: int) -> None:
    """``_mix``, ``_modulo`` and ``_shuffled`` (the compiled build's path) against the masked Python integers,
    in whichever build runs this test: wrapped by C in the compiled one, by ``_wrapped`` in the pure one."""
    new_state, out = _reference_next64(state)
    z0 = rng_module._advanced(state)
    assert rng_module._unsigned(z0) == new_state
    assert rng_module._unsigned(rng_module._mix(z0)) == out
    for n in (1, 2, 6, 7, 190, 2**31 - 1, 2**61 + 3):
        assert rng_module._modulo(rng_module._mix(z0), n) == out % n
    items, twin = list(range(190)), Rng(0)
    twin.state = state
    assert rng_module._shuffled(state, items) == (state + 189 * 0x9E3779B97F4A7C15) % 2**64
    assert items == _shuffled_one_draw_at_a_time(twin, list(range(190)))


@pytest.mark.parametrize("seed", [0, 3, 2**64 - 1])
def test_every_draw_is_the_pure_builds_draw(seed: int) -> None:
    """``below``, ``die``, ``dice``, ``choice`` and ``random`` in this build against ``next64`` written out."""
    rng, state = Rng(seed), Rng(seed).state
    for n in (1, 5, 6, 190, 2**40 + 1):
        state, out = _reference_next64(state)
        assert rng.below(n) == out % n
    state, out = _reference_next64(state)
    assert rng.die() == 1 + out % 6
    expected = []
    for _ in range(3):
        state, out = _reference_next64(state)
        expected.append(1 + out % 6)
    assert rng.dice(3) == expected
    state, out = _reference_next64(state)
    assert rng.choice(list("abcdefg")) == "abcdefg"[out % 7]
    state, out = _reference_next64(state)
    assert rng.random() == (out >> 11) / float(1 << 53)
    state, out = _reference_next64(state)
    assert rng.next64() == out and rng.state == state


def test_the_build_wraps_machine_integers_exactly_when_compiled() -> None:
    assert is_extension(rng_module.__file__) == rng_module.WRAPS


def test_a_keyed_generator_draws_from_its_own_stream() -> None:
    """``below``, ``die``, ``dice``, ``choice`` and ``random`` of a secret seed read its keyed ``next64`` (never
    splitmix64's machine-integer path, which the compiled build gives ``Rng``)."""
    seed = secret_seed()
    rng, twin = Rng(seed), Rng(seed)
    assert isinstance(rng, KeyedRng)
    assert rng.below(190) == twin.next64() % 190
    assert rng.die() == 1 + twin.next64() % 6
    assert rng.dice(2) == [1 + twin.next64() % 6, 1 + twin.next64() % 6]
    assert rng.choice(list("abcdefg")) == "abcdefg"[twin.next64() % 7]
    assert rng.random() == (twin.next64() >> 11) / float(1 << 53)
    assert rng.next64() == twin.next64()


def test_the_generator_a_determinize_takes_is_the_readmes() -> None:
    """A notebook determinizes with the engine's ``Rng`` (the README says so: a ``random.Random`` lacks its draws)."""
    import evogames

    match = evogames.Match("mating", players=4, seed=3)
    world = evogames.game("mating").determinize(match.state, 0, Rng(5))
    assert world is not match.state
    assert "`evogames.core.rng.Rng(seed)`, not `random.Random`" in README.read_text()
