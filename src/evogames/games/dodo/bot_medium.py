"""The improved heuristic of Tough Luck, Dodo (the level ``medium``): the heuristic's judgement, and
- it looks one reply ahead in Migration: each move (and passing) is judged by the board after the
  rival's best answer (the rival's own greedy move, by the same forecast), when a rival still moves
  after it this turn; the heuristic judged the board as if nobody moved again. Two players only:
  with more, whose reply counts is less clear, and it migrates as the heuristic does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evogames.core.rng import Rng
from evogames.core.types import Action
from evogames.games.dodo.bot import Board, Forecast, HeuristicBot, Move, board_of, migration_moves
from evogames.games.dodo.components import MIGRATION_ROUNDS


@dataclass
class MediumBot(HeuristicBot):
    """The heuristic, answering in Migration the rival's reply it foresees."""

    name: str = "medium"

    def _migrate(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        replier = next_mover(view)
        if replier is None:
            return super()._migrate(view, legal, rng)
        board, seat, pending = board_of(view), view["seat"], view["pending"]
        neighbours = {e["id"]: e["neighbours"] for e in view["environments"]}
        moved = {c["id"] for c in view["creatures"] if c["migrated"]}
        best, best_value = legal[-1], self._after_reply(board, None, replier, seat, neighbours, moved) + 0.05
        for action in legal:
            if action["type"] != "migrate":
                continue
            for move in migration_moves(board, action, pending, neighbours):
                value = self._after_reply(board, move, replier, seat, neighbours, moved | {move[0]})
                value += 1e-6 * rng.random()
                if value > best_value:
                    best, best_value = action, value
        return best

    def _after_reply(self, board: Board, move: Move | None, rival: int, seat: int,
                     neighbours: dict[str, list[str]], moved: set[int]) -> float:
        """My value of the board after ``move`` and the rival's greedy answer to it."""
        after = board.copy()
        if move is not None:
            after.creatures[move[0]].env = move[1]
        forecast = Forecast(after)
        caps, fed = forecast.caps, forecast.fed
        best = self.value(caps, fed, rival) + 0.05
        for cid, c in after.creatures.items():
            if c.owner != rival or cid in moved:
                continue
            for env in neighbours[c.env]:
                if env not in after.available:
                    continue
                trial = forecast.with_move(cid, env)
                value = self.judge(trial, rival)
                if value > best:
                    best, (caps, fed) = value, trial
        return self.value(caps, fed, seat)


def next_mover(view: dict[str, Any]) -> int | None:
    """The rival who migrates after this seat's move this turn (2 players), or None if nobody does."""
    players, seat, active = len(view["players"]), int(view["seat"]), int(view["active"])
    if players != 2:
        return None
    rival = 1 - seat
    if seat == active or view["migration_round"] < MIGRATION_ROUNDS:
        return rival
    return None


__all__ = ["MediumBot", "next_mover"]
