"""Race to Ten's one action shape."""

from __future__ import annotations

from typing import Literal, TypedDict

from evogames.core.spec import shapes_by_type


class Add(TypedDict):
    """The one action: add ``amount`` (1 to max_step, not past the target) to the count."""

    type: Literal["add"]
    amount: int


SHAPES = shapes_by_type(Add)
