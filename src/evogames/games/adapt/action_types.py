"""Adapt or Die's actions' shapes: one ``TypedDict`` per action type, as ``actions.py``'s docstring lists them.

At run time they are the plain dicts ``legal`` returns and a player sends; mypy checks the code
that builds and reads them. ``actions.py`` checks the untrusted dict, then hands it on as one of these.
The rules import the shapes from here, never from ``actions.py`` (which imports the rules).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from evogames.core.spec import shapes_by_type


class Choose(TypedDict):
    """Variant: choose a creature from the face-up pile."""

    type: Literal["choose"]
    creature: str  # "C05"


class Move(TypedDict):
    """Move the bug to a space 1..roll steps away."""

    type: Literal["move"]
    to: str  # a space: "E3", "N1"


class Keep(TypedDict):
    """Keep the NICHE card of the habitat the bug exited at."""

    type: Literal["keep"]


class _Returning(TypedDict, total=False):
    """An ADAPTATION card returned with a NICHE card, when the player has one: an optional field
    (declared with ``total=False``: under ``from __future__ import annotations`` Python 3.11 does not
    see ``NotRequired`` in ``__optional_keys__``)."""

    adaptation: str  # "A07"


class Exchange(_Returning):
    """Return a NICHE card (and an ADAPTATION card, if the player has any) for this one."""

    type: Literal["exchange"]
    niche: str  # "H03"


class Give(_Returning):
    """Force the NICHE card on another player (returning an ADAPTATION card if it was held)."""

    type: Literal["give"]
    to: int  # a seat


class Adapt(TypedDict):
    """Select an ADAPTATION card from the face-up pile."""

    type: Literal["adapt"]
    card: str  # "A12"


class Offer(TypedDict):
    """Offer a swap: two NICHE cards ("H..") or two ADAPTATION cards ("A..")."""

    type: Literal["offer"]
    to: int
    give: str
    take: str


class Accept(TypedDict):
    type: Literal["accept"]


class Decline(TypedDict):
    type: Literal["decline"]


class EndTurn(TypedDict):
    type: Literal["end_turn"]


ExitAction = Keep | Exchange | Give
AdaptAction = Choose | Move | ExitAction | Adapt | Offer | Accept | Decline | EndTurn

#: each action type's shapes (the spec's ``action_types``: ``Match.act`` refuses any other type or field)
SHAPES = shapes_by_type(AdaptAction)
