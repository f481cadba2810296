"""Tough Luck, Dodo's actions' shapes: one ``TypedDict`` per action type, as ``actions.py``'s docstring lists them.

At run time they are the plain dicts ``legal`` returns and a player sends; mypy checks the code
that builds and reads them. ``actions.py`` checks the untrusted dict, then hands it on as one of these.
The rules import the shapes from here, never from ``actions.py`` (which imports the rules).
"""

from __future__ import annotations

from typing import Literal, final

from typing_extensions import TypedDict

from evogames.core.spec import shapes_by_type


# -- the actions: one TypedDict per shape ``legal`` builds, keys in the order it builds them; ``final``: no
#    other keys. ``legal`` still builds plain dicts (typing it cost 1-2% of throughput); tests check the shapes
@final
class PlaceAction(TypedDict):
    """Set-up: put one of your waiting creatures in an environment."""

    type: Literal["place"]
    creature: int
    environment: str  # an environment card id in the grid


@final
class TokenAction(TypedDict):
    """Token Phase: pick up one of your face-up tokens (its target comes next)."""

    type: Literal["token"]
    token: str  # "advantage", "famine" or "relocation"


@final
class AdvantageAction(TypedDict):
    """Competitive Advantage goes under one of your creatures in play."""

    type: Literal["advantage"]
    creature: int


@final
class FamineEnvironmentAction(TypedDict):
    """Famine, first: the environment it goes on."""

    type: Literal["famine"]
    environment: str


@final
class FamineResourcesAction(TypedDict):
    """Famine, then: the two uncovered resources it covers there (colour names)."""

    type: Literal["famine"]
    resources: list[str]


@final
class RelocationCreatureAction(TypedDict):
    """Relocation, first: the creature it moves (anyone's)."""

    type: Literal["relocation"]
    creature: int


@final
class RelocationEnvironmentAction(TypedDict):
    """Relocation, then: the open environment the creature goes to."""

    type: Literal["relocation"]
    environment: str


@final
class CancelAction(TypedDict):
    """Put the token (or the creature about to migrate) back."""

    type: Literal["cancel"]


@final
class PassAction(TypedDict):
    """Play no token this turn, or move nothing this migration round."""

    type: Literal["pass"]


@final
class MigrateCreatureAction(TypedDict):
    """Migration, first: which of your creatures moves."""

    type: Literal["migrate"]
    creature: int


@final
class MigrateEnvironmentAction(TypedDict):
    """Migration, then: the edge-adjacent open environment it moves to."""

    type: Literal["migrate"]
    environment: str


@final
class EatFirstAction(TypedDict):
    """Consumption: which of your tied creatures eats first."""

    type: Literal["eat_first"]
    creature: int


DodoAction = (PlaceAction | TokenAction | AdvantageAction | FamineEnvironmentAction | FamineResourcesAction
              | RelocationCreatureAction | RelocationEnvironmentAction | CancelAction | PassAction
              | MigrateCreatureAction | MigrateEnvironmentAction | EatFirstAction)

#: each action type's shapes (the spec's ``action_types``: ``Match.act`` refuses any other type or field)
SHAPES = shapes_by_type(DodoAction)
