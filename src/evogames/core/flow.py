"""The round engine every game shares: a table of named steps, run in order.

A game's ``flow.py`` lists its round as step names (``ORDER``) and a function
for each (``STEPS``), and builds ``ROUND = Round(ORDER, STEPS)``. Its state has
``step`` (the index of the current step in ``ORDER``), ``entered`` (False until
the current step has started: a step sets it when it has set itself up) and
``over``.

``ROUND.advance(state)`` runs steps until a seat must choose or the game ends.
A step returns:

- ``True`` when it is finished: the next step in ``ORDER`` (after the last,
  the first: a new round) starts;
- the name of a step to go to instead (a loop: another migration round, the
  next player's turn);
- ``False`` while it waits for a seat: ``advance`` returns, and the game's
  ``apply`` calls it again after that seat's action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, Generic, Protocol, TypeVar


class Steppable(Protocol):
    step: int
    entered: bool
    over: bool


S = TypeVar("S", bound=Steppable)
Step = Callable[[Any], "bool | str"]


class Round(Generic[S]):
    """A game's round as a step table; ``advance`` runs it."""

    def __init__(self, order: tuple[str, ...], steps: Mapping[str, Callable[[S], bool | str]]) -> None:
        missing = [name for name in order if name not in steps]
        unused = [name for name in steps if name not in order]
        if missing or unused or len(set(order)) != len(order):
            raise ValueError(f"a round's steps must match its order once each (missing {missing}, unused {unused})")
        self.order: Final = order
        self.steps: Final = steps
        self.index: Final = {name: i for i, name in enumerate(order)}
        self._table: Final = tuple(steps[name] for name in order)

    def advance(self, state: S) -> None:
        """Run steps until one waits for a seat or the game is over."""
        table = self._table
        while not state.over:
            done = table[state.step](state)
            if done is False:
                return
            state.entered = False
            state.step = self.index[done] if isinstance(done, str) else (state.step + 1) % len(table)

    def current(self, state: S) -> str:
        """The name of the step ``state`` is in."""
        return self.order[state.step]

    def phase(self, state: S) -> str:
        """What a view calls the moment: the step the game waits in, or ``"over"``."""
        return "over" if state.over else self.order[state.step]

    def go(self, state: S, name: str) -> None:
        """Put ``state`` at the start of step ``name`` (set-up and scripted scenarios)."""
        state.step = self.index[name]
        state.entered = False
