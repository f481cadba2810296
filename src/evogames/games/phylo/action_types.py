"""The actions' shapes: one ``TypedDict`` per action type (issue 16), as ``actions.py``'s docstring lists them.

At run time they are the plain dicts ``legal`` returns and a player sends (a space is a list
``[x, y]``); mypy checks the code that builds and reads them. An action arrives as untrusted JSON
(``evogames.core.types.Action``): ``apply`` checks it first, then its handler reads it as one of these.
``SpreadAction`` and ``ChallengeAction`` use the functional syntax: ``from`` and ``with`` are Python
keywords. The field order here is the order ``legal`` writes the keys in.
"""

from typing import Literal, NotRequired, TypedDict

from evogames.core.spec import shapes_by_type


class PlayAction(TypedDict):
    """Play a species from the hand on a space (an INVASIVE one on top of a species, a PARASITE under its host)."""

    type: Literal["play"]
    card: str
    at: list[int]


class MoveAction(TypedDict):
    """MOVE or FLIGHT a species of yours to a space."""

    type: Literal["move"]
    card: str
    to: list[int]


# SPREAD: a copy from the hand goes next to the original (free: uses no action).
SpreadAction = TypedDict("SpreadAction", {"type": Literal["spread"], "card": str, "from": list[int],
                                          "to": list[int]})


class EventAction(TypedDict):
    """An event card (one per turn): ``at`` the species it hits; Tsunami adds ``also`` (the second flooded
    space), Climate Change may add ``then`` (where it spreads if it wins the contest), Increase Biodiversity
    has ``take`` (a species from the discards) and no ``at``; the untargeted ones have none of them."""

    type: Literal["event"]
    card: str
    at: NotRequired[list[int]]
    also: NotRequired[list[int]]
    then: NotRequired[list[int]]
    take: NotRequired[str]


class DiscardAction(TypedDict):
    """Discard a card to draw 3."""

    type: Literal["discard"]
    card: str


class PassAction(TypedDict):
    """Use an action doing nothing (or, after winning a bluff, remove nothing)."""

    type: Literal["pass"]


# Call your bluff (option): challenge the link between an opponent's species ``at`` and its neighbour ``with``.
ChallengeAction = TypedDict("ChallengeAction", {"type": Literal["challenge"], "at": list[int],
                                                "with": list[int]})


class RemoveAction(TypedDict):
    """The winner of a bluff removes the species at ``at``."""

    type: Literal["remove"]
    at: list[int]


PhyloAction = (PlayAction | MoveAction | SpreadAction | EventAction | DiscardAction | PassAction
               | ChallengeAction | RemoveAction)

#: each action type's shapes (the spec's ``action_types``: ``Match.act`` refuses any other type or field)
SHAPES = shapes_by_type(PhyloAction)
