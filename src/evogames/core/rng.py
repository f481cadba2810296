"""Seeded randomness carried in the game state.

Two generators behind one interface, chosen by the seed:

- a seed below 2**64 (the lab, tests, demonstrations) drives splitmix64: one
  integer of state, so cloning is free and millions of games run fast;
- a larger seed (every classroom table: ``secret_seed()``, 255 random bits)
  keys a cryptographic stream, keyed BLAKE2b in counter mode. Its outputs do
  not reveal its key, so no player can recover the seed from the cards they
  see and predict the rest.

Either way the same seed plus the same actions always gives the same game.

Both are native classes when mypyc compiles this module: ``Rng(seed)`` picks the
class and seeds it in ``__new__``, and ``clone`` copies the state into a new one
(mypyc refuses ``object.__new__(cls)`` anywhere but in ``cls.__new__``).

Compiled, splitmix64 runs on machine integers (``i64``, which wrap around as C's do): the same
numbers as the pure code's masked Python integers, about ten times faster for a shuffle. The pure
build keeps the masked form (an ``i64`` there is a Python ``int`` and would not wrap).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final, TypeVar

from mypy_extensions import i64

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
SECRET_BITS: Final = 255  # a classroom table's seed: at least 2**254, so never a lab seed
T = TypeVar("T")


class Rng:
    """Splitmix64 for a seed below 2**64; ``Rng(seed)`` gives a ``KeyedRng`` for a larger one."""

    __slots__ = ("state",)
    state: int

    def __new__(cls, seed: int = 0) -> Rng:
        """The generator of ``seed``: this one below 2**64, a ``KeyedRng`` above.

        Seeded here, not in ``__init__``: compiled code calling ``Rng(seed)`` would not run ``KeyedRng.__init__``
        on the ``KeyedRng`` this returns."""
        if seed > _MASK:
            return KeyedRng.__new__(KeyedRng, seed)
        rng = object.__new__(cls)
        rng.state = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK
        return rng

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def next64(self) -> int:
        if WRAPS:
            return _unsigned(self._mixed())
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self._below(n) if WRAPS else self.next64() % n

    def _below(self, n: int) -> int:
        """``next64() % n`` on machine integers (the compiled build; no 64-bit Python integer made)."""
        return int(_modulo(self._mixed(), n))

    def _mixed(self) -> i64:
        """The next output on machine integers (the compiled build's ``next64``, signed), the state moved on."""
        z0 = _advanced(self.state)
        self.state = _unsigned(z0)
        return _mix(z0)

    def die(self) -> int:
        """One roll of a six-sided die."""
        return 1 + (self._below(6) if WRAPS else self.next64() % 6)

    def dice(self, count: int) -> list[int]:
        if WRAPS:
            return [1 + self._below(6) for _ in range(count)]
        return [1 + self.next64() % 6 for _ in range(count)]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place (``next64`` written out in the loop: a deck of 190 cards is 189 draws)."""
        if WRAPS:
            self.state = _shuffled(self.state, items)
            return
        z0 = self.state
        for i in range(len(items) - 1, 0, -1):
            z0 = (z0 + _GOLDEN) & _MASK
            z = ((z0 ^ (z0 >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = z0

    def choice(self, items: list[T]) -> T:
        return items[self._below(len(items)) if WRAPS else self.next64() % len(items)]

    def random(self) -> float:
        if WRAPS:
            return float((self._mixed() >> 11) & _LOW53) / float(1 << 53)
        return (self.next64() >> 11) / float(1 << 53)


class KeyedRng(Rng):
    """Keyed BLAKE2b in counter mode: block ``i`` is BLAKE2b-512(i, key), eight 64-bit outputs.

    The key is the seed's 32 bytes (hashed first if the seed is longer). The
    state is (key, counter); a clone shares the key and the cached block."""

    __slots__ = ("block", "counter", "key")
    block: tuple[int, ...]
    counter: int
    key: bytes

    def __new__(cls, seed: int = 0) -> KeyedRng:
        rng = object.__new__(cls)
        raw = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
        rng.key = raw if len(raw) <= 64 else hashlib.blake2b(raw).digest()
        rng.counter = 0
        rng.block = ()
        rng.state = 0  # unused: kept so code that only reads ``state`` still works
        return rng

    def clone(self) -> KeyedRng:
        other = KeyedRng.__new__(KeyedRng)
        other.key, other.counter, other.block, other.state = self.key, self.counter, self.block, 0
        return other

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def _below(self, n: int) -> int:
        return self.next64() % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def next64(self) -> int:
        index, offset = divmod(self.counter, 8)
        if offset == 0 or not self.block:
            digest = hashlib.blake2b(index.to_bytes(8, "big"), key=self.key).digest()
            self.block = tuple(int.from_bytes(digest[i:i + 8], "big") for i in range(0, 64, 8))
        self.counter += 1
        return self.block[offset]


# -- splitmix64 on machine integers (compiled) ------------------------------------------------------
# A 64-bit value is held signed (``i64``): the same bits as the pure code's unsigned integer. Sums and
# products wrap around in compiled code; ``_wrapped`` does it in pure Python, so these functions give the
# same numbers in both builds (``tests/core/test_rng.py``), though only the compiled build uses them.

_G: Final[i64] = _GOLDEN - (1 << 64)
_C1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_C2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
_LOW63: Final[i64] = (1 << 63) - 1
_LOW53: Final[i64] = (1 << 53) - 1


def _machine_integers_wrap() -> bool:
    top: i64 = _LOW63
    return top + 1 < 0


WRAPS: Final = _machine_integers_wrap()  # True in the compiled build


def _wrapped(z: i64) -> i64:
    """``z`` wrapped to 64 bits, signed: nothing to do where ``i64`` is a machine integer."""
    if WRAPS:
        return z
    return i64(((int(z) + (1 << 63)) & _MASK) - (1 << 63))


def _signed(u: int) -> i64:
    return i64(u - (1 << 64) if u >> 63 else u)


def _unsigned(z: i64) -> int:
    return int(z) + (1 << 64) if z < 0 else int(z)


def _advanced(state: int) -> i64:
    """The generator's next state (``state + golden`` modulo 2**64), signed."""
    return _wrapped(_signed(state) + _G)


def _mix(z: i64) -> i64:
    """Splitmix64's output for the state ``z`` (``>>`` of a signed value masked to a logical shift)."""
    z = _wrapped((z ^ ((z >> 30) & 0x3FFFFFFFF)) * _C1)
    z = _wrapped((z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _C2)
    return z ^ ((z >> 31) & 0x1FFFFFFFF)


def _modulo(z: i64, n: i64) -> i64:
    """The unsigned value of ``z`` modulo ``n`` (``n`` below 2**62)."""
    if z >= 0:
        return z % n
    half = (z >> 1) & _LOW63  # the unsigned value is 2 * half + its last bit
    return (2 * (half % n) + (z & 1)) % n


def _shuffled(state: int, items: list[T]) -> int:
    """``Rng.shuffle`` on machine integers: shuffles ``items`` in place, returns the generator's new state."""
    z0 = _signed(state)
    i: i64 = len(items) - 1
    while i > 0:
        z0 = _wrapped(z0 + _G)
        j = _modulo(_mix(z0), i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return _unsigned(z0)


def secret_seed() -> int:
    """A seed no player can guess or recover: 255 bits from the OS, in [2**254, 2**255)."""
    return secrets.randbits(SECRET_BITS - 1) | (1 << (SECRET_BITS - 1))


def is_secret(seed: int) -> bool:
    return seed > _MASK


def derive_seed(base: int, index: int) -> int:
    """A seed for game ``index`` of a batch started from ``base``."""
    rng = Rng(base ^ (index * 0xD1B54A32D192ED03 & _MASK))
    return rng.next64() >> 1


def derive_secret(seed: int, label: str, index: int) -> int:
    """A 64-bit seed for a side stream (e.g. a bot's choice at step ``index``).

    From a secret seed it is a keyed hash, so the side stream reveals nothing of
    the game's own randomness; from a lab seed it is a plain mix."""
    if not is_secret(seed):
        return (seed * 1_000_003 + index) & _MASK
    raw = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
    digest = hashlib.blake2b(f"{label}:{index}".encode(), key=raw[:64], digest_size=8).digest()
    return int.from_bytes(digest, "big")
