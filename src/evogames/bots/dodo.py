"""A heuristic player of Tough Luck, Dodo, steered by a style for experiments.

It sees only its seat's view (everything is public in this game). Its judgement
is a one-move look-ahead: it predicts the coming Consumption and Capture (the
rulebook's order: Competitive Advantage, most mutations, seat from the active
player) for each move it could make and keeps the best, scoring
- its own captures (two win), creatures fed (each will have a child);
- the leader's captures and meals against it, so Famine and Relocation go where
  they stop the leader's capture or starve the leader's creatures;
- a token is spent only when it gains at least ``token_gain`` over passing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evogames.core.rng import Rng

Action = dict[str, Any]
COLOURS = ("red", "yellow", "green")
WIN = 100.0


@dataclass
class Board:
    """The parts of a view the prediction needs, in a form cheap to change."""

    creatures: dict[int, dict[str, Any]]  # id -> {"owner", "env", "counts", "size", "advantage"}
    available: dict[str, list[int]]  # environment id -> resources left to eat
    captures: list[int]
    active: int
    players: int

    def copy(self) -> Board:
        return Board({k: dict(v) for k, v in self.creatures.items()},
                     {k: list(v) for k, v in self.available.items()}, list(self.captures), self.active, self.players)


def board_of(view: dict[str, Any]) -> Board:
    creatures = {}
    for c in view["creatures"]:
        if c["environment"] is None or c["captured"]:
            continue
        counts = [c["mutations"].count(colour) for colour in COLOURS]
        creatures[c["id"]] = {"owner": c["owner"], "env": c["environment"], "counts": counts,
                              "size": len(c["mutations"]), "advantage": c["advantage"], "relocated": c["relocated"]}
    available = {e["id"]: [e["available"][k] for k in COLOURS] for e in view["environments"]
                 if e["captured_by"] is None}
    return Board(creatures, available, [p["captures"] for p in view["players"]], view["active"],
                 len(view["players"]))


def predict(board: Board) -> tuple[list[int], list[int]]:
    """(captures after this Consumption, creatures fed) per seat."""
    fed, caps = [0] * board.players, list(board.captures)
    by_env: dict[str, list[dict[str, Any]]] = {}
    for c in board.creatures.values():
        by_env.setdefault(c["env"], []).append(c)
    for env, group in by_env.items():
        left = list(board.available.get(env, [0, 0, 0]))
        group.sort(key=lambda c: (not c["advantage"], -c["size"], (c["owner"] - board.active) % board.players))
        eaters = []
        for c in group:
            if all(c["counts"][k] <= left[k] for k in range(3)):
                left = [left[k] - c["counts"][k] for k in range(3)]
                eaters.append(c)
        for c in eaters:
            fed[c["owner"]] += 1
        if len(eaters) == 1 and not any(left):
            caps[eaters[0]["owner"]] += 1
    return caps, fed


@dataclass
class HeuristicBot:
    """``token_gain``: the least gain (in score points) that is worth a once-per-game token;
    ``spite``: how much the leader's gains count against its own (0 = plays only for itself)."""

    token_gain: float = 2.5
    spite: float = 1.0
    name: str = "heuristic"
    needs_view = True

    def __post_init__(self) -> None:
        if self.token_gain < 0:
            raise TypeError(f"token_gain must be 0 or more, not {self.token_gain}")
        if not 0 <= self.spite <= 3:
            raise TypeError(f"spite must be between 0 and 3, not {self.spite}")

    def choose(self, view: dict[str, Any], rng: Rng) -> Action:
        legal: list[Action] = view["legal"]
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "setup":
            return self._best(view, legal, rng, self._place)
        if view["phase"] == "consumption":
            return self._best(view, legal, rng, self._eat_first)
        if view["phase"] == "token":
            return self._token(view, legal, rng)
        return self._migrate(view, legal, rng)

    # -- scoring -------------------------------------------------------------
    def score(self, board: Board, seat: int) -> float:
        caps, fed = predict(board)
        rivals = [s for s in range(board.players) if s != seat]
        leader = max(rivals, key=lambda s: (caps[s], fed[s]))
        value = (WIN if caps[seat] >= 2 else 10.0 * caps[seat]) + fed[seat]
        value -= self.spite * ((WIN if caps[leader] >= 2 else 10.0 * caps[leader]) + 0.5 * fed[leader])
        return float(value - 0.2 * self.spite * sum(fed[s] for s in rivals if s != leader))

    def _best(self, view: dict[str, Any], legal: list[Action], rng: Rng,
              value: Any) -> Action:
        board = board_of(view)
        scored = [(value(view, board, a) + 1e-6 * rng.random(), a) for a in legal]
        return max(scored, key=lambda pair: pair[0])[1]

    # -- set-up and consumption ----------------------------------------------
    def _place(self, view: dict[str, Any], board: Board, action: Action) -> float:
        me = view["seat"]
        colour = next(c["mutations"][0] for c in view["creatures"] if c["id"] == action["creature"])
        k = COLOURS.index(colour)
        env = action["environment"]
        demand = sum(c["counts"][k] for c in board.creatures.values() if c["env"] == env)
        rivals = sum(1 for c in board.creatures.values() if c["env"] == env and c["owner"] != me)
        return float(board.available[env][k] - demand - 0.3 * rivals - 0.1 * sum(board.available[env]))

    def _eat_first(self, view: dict[str, Any], board: Board, action: Action) -> float:
        trial = board.copy()
        trial.creatures[action["creature"]]["advantage"] = True
        return self.score(trial, view["seat"])

    # -- Token Phase -------------------------------------------------------
    def _token(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        board, seat = board_of(view), view["seat"]
        plans = self._token_plans(view, board)
        if view["pending"] is not None:
            plans = [p for p in plans if p[1][1] in legal]
        else:
            plans = [p for p in plans if {"type": "token", "token": p[1][0]} in legal]
        if not plans:
            return legal[-1]  # pass (or cancel a token with nothing worth doing)
        value, plan = max(plans, key=lambda p: p[0] + 1e-6 * rng.random())
        base = self.score(board, seat)
        if view["pending"] is None:
            if value - base < self.token_gain:
                return {"type": "pass"}
            return {"type": "token", "token": plan[0]}
        step = plan[1]
        return step

    def _token_plans(self, view: dict[str, Any], board: Board) -> list[tuple[float, tuple[str, Action]]]:
        """Every complete token play still open, as (predicted score, (token, next step))."""
        seat, pending = view["seat"], view["pending"]
        tokens = [t for t, up in view["hand"]["tokens"].items() if up]
        kinds = [pending["kind"]] if pending else tokens
        plans: list[tuple[float, tuple[str, Action]]] = []
        if "advantage" in kinds:
            for cid, c in board.creatures.items():
                if c["owner"] == seat and not c["advantage"]:
                    trial = board.copy()
                    trial.creatures[cid]["advantage"] = True
                    plans.append((self.score(trial, seat), ("advantage", {"type": "advantage", "creature": cid})))
        if "famine" in kinds:
            plans += self._famine_plans(board, seat, pending)
        if "relocation" in kinds:
            plans += self._relocation_plans(board, seat, pending)
        return plans

    def _famine_plans(self, board: Board, seat: int, pending: dict[str, Any] | None
                      ) -> list[tuple[float, tuple[str, Action]]]:
        plans = []
        envs = [pending["environment"]] if pending and "environment" in pending else list(board.available)
        for env in envs:
            left = board.available[env]
            for a in range(3):
                for b in range(a, 3):
                    if (left[a] < 2) if a == b else (not left[a] or not left[b]):
                        continue
                    trial = board.copy()
                    trial.available[env][a] -= 1
                    trial.available[env][b] -= 1
                    step: Action = {"type": "famine", "resources": [COLOURS[a], COLOURS[b]]} if len(envs) == 1 and \
                        pending and "environment" in pending else {"type": "famine", "environment": env}
                    plans.append((self.score(trial, seat), ("famine", step)))
        return plans

    def _relocation_plans(self, board: Board, seat: int, pending: dict[str, Any] | None
                          ) -> list[tuple[float, tuple[str, Action]]]:
        plans = []
        chosen = pending.get("creature") if pending else None
        for cid, c in board.creatures.items():
            if (chosen is not None and cid != chosen) or (chosen is None and c["relocated"]):
                continue
            for env in board.available:
                if env == c["env"]:
                    continue
                trial = board.copy()
                trial.creatures[cid]["env"] = env
                step: Action = ({"type": "relocation", "environment": env} if chosen is not None
                                else {"type": "relocation", "creature": cid})
                plans.append((self.score(trial, seat), ("relocation", step)))
        return plans

    # -- Migration ---------------------------------------------------------
    def _migrate(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        board, seat = board_of(view), view["seat"]
        pending = view["pending"]
        neighbours = {e["id"]: e["neighbours"] for e in view["environments"]}
        base = self.score(board, seat)
        best, best_value = legal[-1], base + 0.05  # pass / cancel unless a move helps
        for action in legal:
            if action["type"] != "migrate":
                continue
            moves = ([(pending["creature"], action["environment"])] if pending else
                     [(action["creature"], env) for env in neighbours[board.creatures[action["creature"]]["env"]]
                      if env in board.available])
            for cid, env in moves:
                trial = board.copy()
                trial.creatures[cid]["env"] = env
                value = self.score(trial, seat) + 1e-6 * rng.random()
                if value > best_value:
                    best, best_value = action, value
        return best
