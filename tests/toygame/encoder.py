"""The RL encoding: the count and target, whose turn; actions ("add", k)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any

from evogames.kit.encoder import Action, Encoder, View


class RaceEncoder(Encoder):
    def __init__(self, players: int, options: dict[str, Any]) -> None:
        keys = [("add", k) for k in range(1, 6)]
        super().__init__(players, options, keys, size=3)

    def features(self, view: View) -> Iterable[float]:
        return [view["count"] / 50, view["target"] / 50, float(view["seat"] in view["to_act"])]

    def param_key(self, view: View, action: Action) -> Hashable:
        return ("add", action["amount"])

    def param_action(self, view: View, key: tuple[Any, ...]) -> Action:
        return {"type": "add", "amount": key[1]}


def make_encoder(players: int, options: dict[str, Any]) -> RaceEncoder:
    return RaceEncoder(players, options)
