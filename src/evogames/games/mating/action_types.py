"""Mating Strategies's actions' shapes: one ``TypedDict`` per action type, as ``actions.py``'s docstring lists them.

At run time they are the plain dicts ``legal`` returns and a player sends; mypy checks the code
that builds and reads them. ``actions.py`` checks the untrusted dict, then hands it on as one of these.
The rules import the shapes from here, never from ``actions.py`` (which imports the rules).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from evogames.core.spec import shapes_by_type


class Play(TypedDict):
    """Play & Pay: a combat or flashy Strategy, face down."""
    type: Literal["play"]
    card: str


class OutToLunch(TypedDict):
    """Play & Pay: the Out-to-Lunch card, face down."""
    type: Literal["out_to_lunch"]


class Escape(TypedDict):
    """The Predator's prey pays 3 Food."""
    type: Literal["escape"]


class NoEscape(TypedDict):
    """The Predator's prey does not pay: the Predator takes its Strategy."""
    type: Literal["no_escape"]


class _SneakyCard(TypedDict):
    type: Literal["sneaky"]
    card: str


# ``total=False`` rather than ``NotRequired[int]``: under ``from __future__ import annotations`` Python 3.11 reads a
# string ``NotRequired`` as required (``__required_keys__`` would claim ``target``)
class PlaySneaky(_SneakyCard, total=False):
    """A sneaky Strategy in its window; ``target`` only for cards that name an opponent."""
    target: int


class Pass(TypedDict):
    """Play no (more) sneaky Strategies in this window."""
    type: Literal["pass"]


class Discard(TypedDict):
    """Discard & Draw: any number of different cards from the hand, even none."""
    type: Literal["discard"]
    cards: list[str]


#: every action ``legal`` offers, and ``apply`` hands its handlers once the untrusted dict is checked
MatingAction = Play | OutToLunch | Escape | NoEscape | PlaySneaky | Pass | Discard

#: each action type's shapes (the spec's ``action_types``: ``Match.act`` refuses any other type or field)
SHAPES = shapes_by_type(MatingAction)
