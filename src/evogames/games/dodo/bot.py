"""A heuristic player of Tough Luck, Dodo, steered by a style for experiments.

It sees only its seat's view (everything is public in this game). Its judgement
is a one-move look-ahead: it predicts the coming Consumption and Capture (the
rulebook's order: Competitive Advantage, most mutations, seat from the active
player) for each move it could make and keeps the best, scoring
- its own captures (two win), creatures fed (each will have a child);
- the leader's captures and meals against it, so Famine and Relocation go where
  they stop the leader's capture or starve the leader's creatures;
- a token is spent only when it gains at least ``token_gain`` over passing.

The search runs this bot at every step of every rollout, so its inner parts are written for the compiled
build: typed dicts read from the view, tuples of ints, no ``f(*args)`` calls (each one a generic call there).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Any, Final

from evogames.core.rng import Rng
from evogames.core.types import Action
from evogames.games.dodo.components import COLOURS, TOKENS, Counts

WIN: Final = 100.0

Prediction = tuple[list[int], list[int]]  # (captures, creatures fed) per seat


class BoardCreature:
    """A creature on the board as the prediction sees it: its owner, its environment, its mutations
    (counted by colour, and in all) and whether it holds Competitive Advantage or was relocated."""

    __slots__ = ("advantage", "counts", "env", "owner", "relocated", "size")

    def __init__(self, owner: int, env: str, counts: Counts, size: int, advantage: bool, relocated: bool) -> None:
        self.owner, self.env, self.counts, self.size = owner, env, counts, size
        self.advantage, self.relocated = advantage, relocated

    def copy(self) -> BoardCreature:
        return BoardCreature(self.owner, self.env, self.counts, self.size, self.advantage, self.relocated)


@dataclass
class Board:
    """The parts of a view the prediction needs, in a form cheap to change."""

    creatures: dict[int, BoardCreature]  # creature id -> the creature on the board (captured ones left out)
    available: dict[str, list[int]]  # environment id -> resources left to eat
    captures: list[int]
    active: int
    players: int

    def copy(self) -> Board:
        return Board({k: v.copy() for k, v in self.creatures.items()},
                     {k: list(v) for k, v in self.available.items()}, list(self.captures), self.active, self.players)


def _counts(mutations: list[str]) -> Counts:
    """A creature's mutations counted by colour (one pass: three ``count`` calls are three generic calls compiled)."""
    red = yellow = green = 0
    for colour in mutations:
        if colour == "red":
            red += 1
        elif colour == "yellow":
            yellow += 1
        elif colour == "green":
            green += 1
    return red, yellow, green


def board_of(view: dict[str, Any]) -> Board:
    creatures: dict[int, BoardCreature] = {}
    listed: list[dict[str, Any]] = view["creatures"]
    for c in listed:
        if c["environment"] is None or c["captured"]:
            continue
        mutations: list[str] = c["mutations"]
        creatures[c["id"]] = BoardCreature(c["owner"], c["environment"], _counts(mutations), len(mutations),
                                           c["advantage"], c["relocated"])
    available: dict[str, list[int]] = {}
    environments: list[dict[str, Any]] = view["environments"]
    for e in environments:
        if e["captured_by"] is None:
            left: dict[str, int] = e["available"]
            available[e["id"]] = [left["red"], left["yellow"], left["green"]]
    players: list[dict[str, Any]] = view["players"]
    return Board(creatures, available, [p["captures"] for p in players], view["active"], len(players))


Move = tuple[int, str]  # (creature, environment)


def migration_moves(board: Board, action: Action, pending: dict[str, Any] | None,
                    neighbours: dict[str, list[str]]) -> list[Move]:
    """The moves a Migration action can make: the creature already chosen (``pending``) into the
    environment named, or the creature named into any neighbouring environment still on the board."""
    if pending:
        return [(pending["creature"], action["environment"])]
    creature = action["creature"]
    return [(creature, env) for env in neighbours[board.creatures[creature].env] if env in board.available]


# A creature in the consumption order: (order, index, owner, red, yellow, green). ``order`` packs the rulebook's
# keys into one int that sorts as the tuple (no advantage, -size, seat distance, table order) would: Competitive
# Advantage first, then the most mutations, then the seat nearest the active player, then the table order
# (``index``, the creature's place on the board: no two creatures of one prediction share it, so two entries never
# tie on ``order`` and nothing after it is compared). Each field has room to spare: sizes and indices under 2**16
# (the box holds 120 blocks and 100 bases; a data file may hold at most ``BOX_MOST`` of each colour and player:
# 15,000 and 20,000), seat distances under 2**8 (4 players).
Entry = tuple[int, int, int, int, int, int]


def _entry(board: Board, index: int, c: BoardCreature, advantage: bool | None = None) -> Entry:
    adv = c.advantage if advantage is None else advantage
    owner = c.owner
    distance = (owner - board.active) % board.players
    order = ((((0 if adv else 1) << 16 | (0xFFFF - c.size)) << 8 | distance) << 16) | index
    red, yellow, green = c.counts
    return (order, index, owner, red, yellow, green)


Result = tuple[list[int], int]  # owners of the creatures that eat, in order; the capturing owner or -1


def _feed(entries: list[Entry], available: list[int] | None, presorted: bool = False) -> Result:
    """One environment's Consumption: the owners of the creatures that eat, in order, and the capturing
    owner (-1 if none). ``entries`` sort into the consumption order (ties keep the table order)."""
    if available is not None:
        red, yellow, green = available[0], available[1], available[2]
    else:
        red = yellow = green = 0
    eaters: list[int] = []
    for entry in (entries if presorted else sorted(entries)):
        _, _, owner, r, y, g = entry
        if r <= red and y <= yellow and g <= green:
            red, yellow, green = red - r, yellow - y, green - g
            eaters.append(owner)
    return eaters, (eaters[0] if len(eaters) == 1 and not (red or yellow or green) else -1)


class _Consumption:
    """One environment's predicted Consumption. A trial that adds or removes one creature replays only the
    creatures after it, from what was left at that point (worked out on the first such trial, with the entries'
    ``order``s, which a trial looks its place up in)."""

    __slots__ = ("available", "eaten", "entries", "lefts", "orders", "result")

    def __init__(self, entries: list[Entry], available: list[int] | None) -> None:
        entries.sort()
        self.entries = entries
        self.available = available
        self.result: Result = _feed(entries, available, presorted=True)
        self.lefts: list[Counts] = []
        self.eaten: list[int] = []
        self.orders: list[int] = []

    def _prefix(self) -> None:
        available = self.available
        if available is not None:
            red, yellow, green = available[0], available[1], available[2]
        else:
            red = yellow = green = 0
        lefts: list[Counts] = [(red, yellow, green)]
        eaten, count = [0], 0
        orders: list[int] = []
        for entry in self.entries:
            order, _, _, r, y, g = entry
            orders.append(order)
            if r <= red and y <= yellow and g <= green:
                red, yellow, green = red - r, yellow - y, green - g
                count += 1
            lefts.append((red, yellow, green))
            eaten.append(count)
        self.lefts, self.eaten, self.orders = lefts, eaten, orders

    def _replay(self, at: int, rest: int, owner: int, r: int, y: int, g: int) -> Result:
        """The result with the creatures before ``at`` as they were, then a creature of ``owner`` eating
        (``r``, ``y``, ``g``) (none if ``owner`` is -1), then the entries from ``rest`` on."""
        red, yellow, green = self.lefts[at]
        owners = self.result[0][:self.eaten[at]]
        if owner >= 0 and r <= red and y <= yellow and g <= green:
            red, yellow, green = red - r, yellow - y, green - g
            owners.append(owner)
        for entry in self.entries[rest:]:
            _, _, eater, r, y, g = entry
            if r <= red and y <= yellow and g <= green:
                red, yellow, green = red - r, yellow - y, green - g
                owners.append(eater)
        return owners, (owners[0] if len(owners) == 1 and not (red or yellow or green) else -1)

    def adding(self, entry: Entry) -> Result:
        if not self.lefts:
            self._prefix()
        order, _, owner, r, y, g = entry
        at = bisect_left(self.orders, order)
        return self._replay(at, at, owner, r, y, g)

    def removing(self, entry: Entry) -> Result:
        if not self.lefts:
            self._prefix()
        at = bisect_left(self.orders, entry[0])
        return self._replay(at, at + 1, -1, 0, 0, 0)


def _swap(caps: list[int], fed: list[int], old: Result, new: Result) -> None:
    """Change (caps, fed) in place: one environment's ``old`` result replaced by ``new``."""
    for owner in old[0]:
        fed[owner] -= 1
    if old[1] >= 0:
        caps[old[1]] -= 1
    for owner in new[0]:
        fed[owner] += 1
    if new[1] >= 0:
        caps[new[1]] += 1


NOBODY: Final[Result] = ([], -1)  # read only, never returned or changed: one list for every game


class Forecast:
    """``predict`` kept per environment, so a trial move re-predicts only the environments it touches."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.index: dict[int, int] = {}
        self.entry: dict[int, Entry] = {}
        groups: dict[str, list[Entry]] = {env: [] for env in board.available}
        for i, (cid, c) in enumerate(board.creatures.items()):
            self.index[cid] = i
            entry = self.entry[cid] = _entry(board, i, c)
            group = groups.get(c.env)
            if group is None:
                group = groups[c.env] = []
            group.append(entry)
        self.envs: dict[str, _Consumption] = {env: _Consumption(group, board.available.get(env))
                                              for env, group in groups.items()}
        caps, fed = list(board.captures), [0] * board.players
        for consumption in self.envs.values():
            eaters, captor = consumption.result
            for owner in eaters:
                fed[owner] += 1
            if captor >= 0:
                caps[captor] += 1
        self.caps, self.fed = caps, fed
        self._without: dict[int, Prediction] = {}

    def with_change(self, env: str, entries: list[Entry], available: list[int] | None) -> Prediction:
        """(captures, fed) per seat when environment ``env`` holds these creatures and resources."""
        caps, fed = list(self.caps), list(self.fed)
        consumption = self.envs.get(env)
        _swap(caps, fed, consumption.result if consumption is not None else NOBODY, _feed(entries, available))
        return caps, fed

    def group(self, env: str) -> list[Entry]:
        consumption = self.envs.get(env)
        return consumption.entries if consumption is not None else []

    def with_advantage(self, cid: int) -> Prediction:
        """The prediction if creature ``cid`` has Competitive Advantage."""
        c = self.board.creatures[cid]
        env, index = c.env, self.index[cid]
        group = [entry for entry in self.group(env) if entry[1] != index]
        group.append(_entry(self.board, index, c, True))
        return self.with_change(env, group, self.board.available.get(env))

    def without(self, cid: int) -> Prediction:
        """The prediction if creature ``cid`` left the board (cached: every move of ``cid`` starts here)."""
        done = self._without.get(cid)
        if done is None:
            env = self.envs[self.board.creatures[cid].env]
            caps, fed = list(self.caps), list(self.fed)
            _swap(caps, fed, env.result, env.removing(self.entry[cid]))
            done = self._without[cid] = (caps, fed)
        return done

    def with_move(self, cid: int, to: str) -> Prediction:
        """The prediction if creature ``cid`` moves to environment ``to``."""
        if self.board.creatures[cid].env == to:
            return list(self.caps), list(self.fed)
        before = self.without(cid)
        caps, fed = list(before[0]), list(before[1])
        entry = self.entry[cid]
        env = self.envs.get(to)
        if env is None:
            _swap(caps, fed, NOBODY, _feed([entry], None))
        else:
            _swap(caps, fed, env.result, env.adding(entry))
        return caps, fed

    def with_famine(self, env: str, a: int, b: int) -> Prediction:
        """The prediction if Famine covers colours ``a`` and ``b`` of ``env``."""
        left = list(self.board.available.get(env, [0, 0, 0]))
        left[a] -= 1
        left[b] -= 1
        return self.with_change(env, self.group(env), left)


def predict(board: Board) -> Prediction:
    """(captures after this Consumption, creatures fed) per seat."""
    forecast = Forecast(board)
    return list(forecast.caps), list(forecast.fed)


def _first_best(scored: list[tuple[float, Action]]) -> Action:
    """The action of the highest score, the first of equals (``max(scored, key=score)``, without a closure)."""
    best, top = scored[0][1], scored[0][0]
    for score, action in scored[1:]:
        if score > top:
            best, top = action, score
    return best


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
        return self.value(caps, fed, seat)

    def value(self, caps: list[int], fed: list[int], seat: int) -> float:
        """A predicted (captures, fed) per seat, scored for ``seat``: its own gains less the leader's
        (the rival with the most captures, then the most fed; the first such seat) and a little of the rest."""
        leader, top_caps, top_fed, total = -1, -1, -1, 0
        for s in range(len(caps)):
            meals = fed[s]
            total += meals
            if s != seat:
                captures = caps[s]
                if captures > top_caps or (captures == top_caps and meals > top_fed):
                    leader, top_caps, top_fed = s, captures, meals
        lead_caps, lead_fed = caps[leader], fed[leader]
        value = (WIN if caps[seat] >= 2 else 10.0 * caps[seat]) + fed[seat]
        value -= self.spite * ((WIN if lead_caps >= 2 else 10.0 * lead_caps) + 0.5 * lead_fed)
        return float(value - 0.2 * self.spite * (total - fed[seat] - lead_fed))

    def judge(self, prediction: Prediction, seat: int) -> float:
        """``value`` of one prediction (a plain call: ``value(*prediction, seat)`` is a generic call compiled)."""
        return self.value(prediction[0], prediction[1], seat)

    def _best(self, view: dict[str, Any], legal: list[Action], rng: Rng, value: Any) -> Action:
        forecast = Forecast(board_of(view))
        scored = [(value(view, forecast, a) + 1e-6 * rng.random(), a) for a in legal]
        return _first_best(scored)

    # -- set-up and consumption ----------------------------------------------
    def _place(self, view: dict[str, Any], forecast: Forecast, action: Action) -> float:
        me, board = view["seat"], forecast.board
        colour = next(c["mutations"][0] for c in view["creatures"] if c["id"] == action["creature"])
        k = COLOURS.index(colour)
        env = action["environment"]
        demand = sum(c.counts[k] for c in board.creatures.values() if c.env == env)
        rivals = sum(1 for c in board.creatures.values() if c.env == env and c.owner != me)
        return float(board.available[env][k] - demand - 0.3 * rivals - 0.1 * sum(board.available[env]))

    def _eat_first(self, view: dict[str, Any], forecast: Forecast, action: Action) -> float:
        return self.judge(forecast.with_advantage(action["creature"]), view["seat"])

    # -- Token Phase -------------------------------------------------------
    def _token(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        forecast, seat = Forecast(board_of(view)), view["seat"]
        plans = self._token_plans(view, forecast)
        if view["pending"] is not None:
            plans = [p for p in plans if p[1][1] in legal]
        else:
            # the tokens legal to turn up (each plan's ``{"type": "token", "token": ...}`` looked for once per token)
            open_tokens = {t for t in TOKENS if {"type": "token", "token": t} in legal}
            plans = [p for p in plans if p[1][0] in open_tokens]
        if not plans:
            return legal[-1]  # pass (or cancel a token with nothing worth doing)
        value, plan = plans[0]
        best_score = value + 1e-6 * rng.random()
        for p in plans[1:]:  # ``max(plans, key=...)``, the key (a draw each) in order, the first best kept
            score = p[0] + 1e-6 * rng.random()
            if score > best_score:
                (value, plan), best_score = p, score
        base = self.value(forecast.caps, forecast.fed, seat)
        if view["pending"] is None:
            if value - base < self.token_gain:
                return {"type": "pass"}
            return {"type": "token", "token": plan[0]}
        step = plan[1]
        return step

    def _token_plans(self, view: dict[str, Any], forecast: Forecast) -> list[tuple[float, tuple[str, Action]]]:
        """Every complete token play still open, as (predicted score, (token, next step))."""
        seat, pending = view["seat"], view["pending"]
        tokens = [t for t, up in view["hand"]["tokens"].items() if up]
        kinds = [pending["kind"]] if pending else tokens
        plans: list[tuple[float, tuple[str, Action]]] = []
        if "advantage" in kinds:
            for cid, c in forecast.board.creatures.items():
                if c.owner == seat and not c.advantage:
                    plans.append((self.judge(forecast.with_advantage(cid), seat),
                                  ("advantage", {"type": "advantage", "creature": cid})))
        if "famine" in kinds:
            plans += self._famine_plans(forecast, seat, pending)
        if "relocation" in kinds:
            plans += self._relocation_plans(forecast, seat, pending)
        return plans

    def _famine_plans(self, forecast: Forecast, seat: int, pending: dict[str, Any] | None
                      ) -> list[tuple[float, tuple[str, Action]]]:
        plans = []
        board = forecast.board
        envs = [pending["environment"]] if pending and "environment" in pending else list(board.available)
        for env in envs:
            left = board.available[env]
            for a in range(3):
                for b in range(a, 3):
                    if (left[a] < 2) if a == b else (not left[a] or not left[b]):
                        continue
                    step: Action = {"type": "famine", "resources": [COLOURS[a], COLOURS[b]]} if len(envs) == 1 and \
                        pending and "environment" in pending else {"type": "famine", "environment": env}
                    plans.append((self.judge(forecast.with_famine(env, a, b), seat), ("famine", step)))
        return plans

    def _relocation_plans(self, forecast: Forecast, seat: int, pending: dict[str, Any] | None
                          ) -> list[tuple[float, tuple[str, Action]]]:
        plans = []
        board = forecast.board
        chosen = pending.get("creature") if pending else None
        for cid, c in board.creatures.items():
            if (chosen is not None and cid != chosen) or (chosen is None and c.relocated):
                continue
            for env in board.available:
                if env == c.env:
                    continue
                step: Action = ({"type": "relocation", "environment": env} if chosen is not None
                                else {"type": "relocation", "creature": cid})
                plans.append((self.judge(forecast.with_move(cid, env), seat), ("relocation", step)))
        return plans

    # -- Migration ---------------------------------------------------------
    def _migrate(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        forecast, seat = Forecast(board_of(view)), view["seat"]
        board = forecast.board
        pending = view["pending"]
        environments: list[dict[str, Any]] = view["environments"]
        neighbours = {e["id"]: e["neighbours"] for e in environments}
        base = self.value(forecast.caps, forecast.fed, seat)
        best, best_value = legal[-1], base + 0.05  # pass / cancel unless a move helps
        for action in legal:
            if action["type"] != "migrate":
                continue
            for cid, env in migration_moves(board, action, pending, neighbours):
                value = self.judge(forecast.with_move(cid, env), seat) + 1e-6 * rng.random()
                if value > best_value:
                    best, best_value = action, value
        return best
