"""Who acts, their legal actions, and applying one."""

from __future__ import annotations

from typing import Any, cast

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from tests.toygame import scoring
from tests.toygame.action_types import Add
from tests.toygame.state import Event, RaceState


def to_act(s: RaceState) -> list[int]:
    return [] if s.over else [s.turn]


def legal(s: RaceState, seat: int) -> list[Add]:
    if s.over or seat != s.turn:
        return []
    most = min(s.options["max_step"], s.options["target"] - s.count)
    return [Add(type="add", amount=k) for k in range(1, most + 1)]


def apply(s: RaceState, seat: int, action: dict[str, Any]) -> None:
    if seat not in to_act(s):
        raise IllegalAction("It is not your turn.", ErrorCode.ACTION_INACTIVE_PLAYER)
    if action not in legal(s, seat):
        raise IllegalAction("Add a whole number from 1 to the step limit.", ErrorCode.ACTION_INVALID_MOVE)
    add = cast(Add, action)  # checked: it is one of the legal actions
    s.count += add["amount"]
    s.steps[seat] += 1
    s.log(Event, "add", PUBLIC, seat, add["amount"])
    if s.count >= s.options["target"]:
        scoring.finish(s, seat)
    else:
        s.turn = (s.turn + 1) % s.n
