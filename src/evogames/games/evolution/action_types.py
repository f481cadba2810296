"""Evolution's actions' shapes: one ``TypedDict`` per action type, as ``actions.py``'s docstring lists them.

At run time they are the plain dicts ``legal`` returns and a player sends; mypy checks the code
that builds and reads them. ``actions.py`` checks the untrusted dict, then hands it on as one of these.
The rules import the shapes from here, never from ``actions.py`` (which imports the rules).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from evogames.core.spec import shapes_by_type


# One TypedDict per action type: ``legal`` builds them, ``apply`` narrows the dict it checked to one of them.
class AnimalAction(TypedDict):
    type: Literal["animal"]
    card: str


class _TraitFields(TypedDict):
    type: Literal["trait"]
    card: str
    trait: str
    animal: str


class TraitAction(_TraitFields, total=False):  # (not NotRequired: a string annotation hides it from the runtime)
    other: str  # a pair trait's second animal (Symbiosis: ``animal`` is the symbiont)


class PassAction(TypedDict):
    type: Literal["pass"]


class TakeAction(TypedDict):
    type: Literal["take"]
    animal: str


class AttackAction(TypedDict):
    type: Literal["attack"]
    carnivore: str
    target: str


class FatAction(TypedDict):
    type: Literal["fat"]
    animal: str
    count: int


class GrazeAction(TypedDict):
    type: Literal["graze"]
    animal: str


class PiracyAction(TypedDict):
    type: Literal["piracy"]
    pirate: str
    target: str


class HibernateAction(TypedDict):
    type: Literal["hibernate"]
    animal: str


class RunAction(TypedDict):
    type: Literal["run"]


class MimicAction(TypedDict):
    type: Literal["mimic"]
    animal: str


class TailAction(TypedDict):
    type: Literal["tail"]
    card: str


class YieldAction(TypedDict):
    type: Literal["yield"]


class LinkAction(TypedDict):
    type: Literal["link"]
    card: str
    animal: str


class StopAction(TypedDict):
    type: Literal["stop"]


DevelopmentAction = AnimalAction | TraitAction  # and ``pass``
FeedingAction = TakeAction | AttackAction | FatAction | GrazeAction | PiracyAction | HibernateAction  # and ``pass``
DefenceAction = RunAction | MimicAction | TailAction | YieldAction
PairAction = LinkAction | StopAction
EvolutionAction = DevelopmentAction | PassAction | FeedingAction | DefenceAction | PairAction

#: each action type's shapes (the spec's ``action_types``: ``Match.act`` refuses any other type or field)
SHAPES = shapes_by_type(EvolutionAction)
