"""Log events, the same way in every game.

An event is a NamedTuple of the game's ``events.py``, first fields ``kind`` and
``visible_to`` (-1: everyone, else the one seat that may see it), then its data.
Events stay plain data in the state; the game's ``render(event, seat)`` writes a
sentence only when a log is read.

A state that logs calls ``s.log(Took, "take", PUBLIC, seat, card)``: mypy checks
the fields against the class, and the tuple is built in C (``tuple.__new__``), as
fast as a plain tuple; calling the NamedTuple class itself runs its Python
``__new__``, about three times slower, which a game that logs hundreds of events
per game notices. ``log`` comes from one of two base classes:

- ``LoggedState``, the base class of a state written out field by field (The
  Mating Game's, Dodo's): a native class when mypyc compiles this module, so the
  compiled rules reach the state's fields directly;
- ``EventLog``, the mixin of a ``PlainState`` state (``core/state.py``, kept
  interpreted: its declared-fields ``clone`` is a class-level trick mypyc refuses).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVarTuple

from evogames.core.state import EventLog

__all__ = ["PUBLIC", "EventLog", "LoggedState"]

PUBLIC: Final = -1  # visible_to: every seat and the spectators

Fields = TypeVarTuple("Fields")
_new_tuple: Any = tuple.__new__  # (NamedTuple class, fields) -> the event, without the class's Python __new__


class LoggedState:
    """Base class of a game state with an ``events`` list (its subclass sets it in ``__init__`` and ``clone``)."""

    __slots__ = ("events",)
    events: list[Any]

    def log(self, event: Callable[[*Fields], tuple[Any, ...]], *fields: *Fields) -> None:
        """Record an event: its class and its fields (kind, visible_to, data...), type-checked against the class."""
        self.events.append(_new_tuple(event, fields))

