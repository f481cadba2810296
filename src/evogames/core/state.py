"""Game states as plain slotted objects whose ``clone`` is derived from declared fields.

A state class lists every slot once: in ``SHARED`` (values never changed in place:
numbers, strings, tuples, the options; clones share them) or in ``COPIED`` (name ->
how to copy it). A slot left out of both, or named in both, is refused when the class
is defined, so a new list field can never be silently shared between clones (the
server clones the state on every action).

A plug-in game may use it (the test toy game does); the five built-in games' states write
their ``clone`` out instead (native classes when compiled; tests/core/test_clone.py
checks every game's clone shares nothing the rules change). This module stays
interpreted in the compiled build.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self, TypeVarTuple

Copy = Callable[[Any], Any]
Fields = TypeVarTuple("Fields")
_new_tuple: Any = tuple.__new__  # (NamedTuple class, fields) -> the event, without the class's Python __new__


def copy_list(value: list[Any]) -> list[Any]:
    return list(value)


def copy_lists(value: list[list[Any]]) -> list[list[Any]]:
    """A list of lists (one per seat): both levels copied."""
    return [list(inner) for inner in value]


def copy_dicts(value: list[dict[Any, Any]]) -> list[dict[Any, Any]]:
    return [dict(inner) for inner in value]


def copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    return dict(value)


def copy_set(value: set[Any]) -> set[Any]:
    return set(value)


def copy_clone(value: Any) -> Any:
    """A value with its own ``clone`` (an Rng)."""
    return value.clone()


class PlainState:
    """Base class of a game's state; subclasses declare ``__slots__``, ``SHARED`` and ``COPIED``."""

    __slots__ = ()
    SHARED: ClassVar[tuple[str, ...]] = ()
    COPIED: ClassVar[Mapping[str, Copy]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        slots = {slot for klass in cls.__mro__ for slot in getattr(klass, "__slots__", ())}
        shared, copied = set(cls.SHARED), set(cls.COPIED)
        problems = []
        if slots - shared - copied:
            problems.append(f"slots neither SHARED nor COPIED: {sorted(slots - shared - copied)}")
        if shared & copied:
            problems.append(f"slots both SHARED and COPIED: {sorted(shared & copied)}")
        if (shared | copied) - slots:
            problems.append(f"declared fields that are not slots: {sorted((shared | copied) - slots)}")
        if problems:
            raise TypeError(f"{cls.__name__}: " + "; ".join(problems))
        cls._copy_plan = tuple(cls.COPIED.items())  # type: ignore[attr-defined]

    def clone(self) -> Self:
        """A copy that shares nothing the rules change in place."""
        other = object.__new__(type(self))
        for name in self.SHARED:
            setattr(other, name, getattr(self, name))
        for name, copy in self._copy_plan:  # type: ignore[attr-defined]
            setattr(other, name, copy(getattr(self, name)))
        return other


class EventLog:
    """Mixin for a ``PlainState`` with an ``events`` slot; ``log`` as ``core/events.py`` describes it."""

    __slots__ = ()
    events: list[Any]

    def log(self, event: Callable[[*Fields], tuple[Any, ...]], *fields: *Fields) -> None:
        """Record an event: its class and its fields (kind, visible_to, data...), type-checked against the class."""
        self.events.append(_new_tuple(event, fields))
