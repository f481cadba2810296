"""What every game's RL encoder provides: a fixed-length observation and a canonical action list.

An encoder turns one seat's ``view`` (never the state) into a float32 vector,
and maps the view's legal action dicts to and from indices of a fixed,
canonical list of action *keys* (hashable tuples such as ``("play", "C05")``).
The same index means the same kind of move in every game of that size; a key
may need the view to become a concrete action (e.g. "discard the 1st and 3rd
card of the hand sorted by id").

A game's ``encoder.py`` defines ``make_encoder(players, options) -> Encoder``
(a subclass of ``Encoder``). This module needs NumPy only: a game's encoder
imports without the ``rl`` extra (PettingZoo, Gymnasium).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.types import Action, View

__all__ = ["Action", "Encoder", "Mask", "Vector", "View", "one_hot", "scaled"]
Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class Encoder(ABC):
    """One game's observation encoding and canonical action enumeration.

    Subclasses set ``keys`` (the canonical action list) and ``size`` (the
    observation length) in ``__init__`` and implement ``features``,
    ``param_key`` and ``param_action`` (an action that is only a type, such as
    ``{"type": "pass"}``, is keyed ``("pass",)`` here). Features should lie in
    [``low``, ``high``]; ``observe`` clips them there so the observation always
    fits its Box.
    """

    low: float = -1.0
    high: float = 1.0

    def __init__(self, players: int, options: dict[str, Any], keys: Sequence[Hashable], size: int) -> None:
        self.players = players
        self.options = options
        self.keys: tuple[Hashable, ...] = tuple(keys)
        self.size = size
        self.index_of: dict[Hashable, int] = {key: i for i, key in enumerate(self.keys)}
        if len(self.index_of) != len(self.keys):
            raise ValueError(f"{type(self).__name__}: the canonical action list has duplicate keys")

    # -- what a game defines ---------------------------------------------
    @abstractmethod
    def features(self, view: View) -> Iterable[float]:
        """The observation of ``view`` as ``size`` numbers."""

    @abstractmethod
    def param_key(self, view: View, action: Action) -> Hashable:
        """The canonical key of a legal ``action`` with parameters (more than a type), or None for an
        action the encoding leaves out (it then has no index and is not in the mask)."""

    @abstractmethod
    def param_action(self, view: View, key: tuple[Any, ...]) -> Action:
        """The action dict that a key of two or more parts means in ``view`` (raise IllegalAction if
        it means none)."""

    # -- what every game gets ----------------------------------------------
    @property
    def action_count(self) -> int:
        return len(self.keys)

    def observe(self, view: View) -> Vector:
        vector = np.fromiter(self.features(view), dtype=np.float32)
        if vector.shape != (self.size,):
            raise ValueError(f"{type(self).__name__}: {vector.shape[0]} features, the encoding declares {self.size}")
        return np.clip(vector, self.low, self.high, out=vector)

    def key(self, view: View, action: Action) -> Hashable:
        """The canonical key of a legal ``action`` of ``view``: ``(type,)`` for an action that is
        nothing but its type, else the game's ``param_key``."""
        if action.keys() == {"type"}:
            return (action["type"],)
        return self.param_key(view, action)

    def action(self, view: View, key: Hashable) -> Action:
        """The action dict that ``key`` means in ``view`` (IllegalAction if it means none)."""
        if not isinstance(key, tuple) or not key:
            raise TypeError(f"{type(self).__name__}: an action key is a non-empty tuple, not {key!r}")
        if len(key) == 1:
            return {"type": key[0]}
        return self.param_action(view, key)

    def index(self, view: View, action: Action) -> int:
        """The index of ``action`` in the canonical list."""
        return self._index_of_key(self.key(view, action), action)

    def mask(self, view: View) -> Mask:
        """1 at the index of every legal action of ``view`` the encoding names, 0 elsewhere."""
        mask = np.zeros(self.action_count, dtype=np.int8)
        for action in view.get("legal", []):
            key = self.key(view, action)
            if key is not None:
                mask[self._index_of_key(key, action)] = 1
        return mask

    def _index_of_key(self, key: Hashable, action: Action) -> int:
        if key is None:
            raise ValueError(f"{type(self).__name__}: action {action} is one the encoding leaves out: "
                             "it has no index")
        if key not in self.index_of:
            raise ValueError(f"{type(self).__name__}: action {action} (key {key!r}) is not in the canonical list")
        return self.index_of[key]

    def decode(self, view: View, index: int) -> Action:
        """The action dict that ``index`` means in ``view``."""
        if not 0 <= index < self.action_count:
            raise IllegalAction(
                f"Action index {index} is out of range: actions are 0 to {self.action_count - 1}.",
                ErrorCode.RL_BAD_INDEX,
            )
        return self.action(view, self.keys[index])

    def offset(self, view: View, seat: int) -> int:
        """How many places after the viewing seat ``seat`` sits (0: the viewer itself)."""
        return (int(seat) - int(view["seat"])) % self.players

    def places(self, view: View) -> list[int]:
        """Every seat's ``offset``, by seat."""
        return [self.offset(view, seat) for seat in range(self.players)]

    def seat_at(self, view: View, offset: int) -> int:
        """The seat ``offset`` places after the viewer (IllegalAction if the table has no such place)."""
        if not 0 <= offset < self.players:
            raise IllegalAction(f"There is no seat {offset} places after yours with {self.players} players.",
                                ErrorCode.RL_BAD_INDEX)
        return (int(view["seat"]) + offset) % self.players

    def describe(self, index: int) -> str:
        """The canonical key of ``index`` in words, e.g. ``play C05``."""
        key = self.keys[index]
        parts = key if isinstance(key, tuple) else (key,)
        return " ".join(str(part) for part in parts)


def one_hot(value: Any, choices: Sequence[Any]) -> list[float]:
    """1.0 at ``value``'s place in ``choices`` (all zeros if it is not there)."""
    return [1.0 if value == choice else 0.0 for choice in choices]


def scaled(value: float, scale: float) -> float:
    return float(value) / scale
