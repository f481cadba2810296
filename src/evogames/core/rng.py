"""Seeded randomness carried in the game state (splitmix64).

The generator is one integer, so cloning a state copies it for free and the
same seed plus the same actions always gives the same game.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def next64(self) -> int:
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next64() % n

    def die(self) -> int:
        """One roll of a six-sided die."""
        return 1 + self.next64() % 6

    def dice(self, count: int) -> list[int]:
        return [1 + self.next64() % 6 for _ in range(count)]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.next64() % len(items)]

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)


def derive_seed(base: int, index: int) -> int:
    """A seed for game ``index`` of a batch started from ``base``."""
    rng = Rng(base ^ (index * 0xD1B54A32D192ED03 & _MASK))
    return rng.next64() >> 1
