"""A heuristic player of Adapt or Die, steered by a style for experiments.

It sees only its seat's view (everything it uses is on the table). Its judgement:
- move to a habitat whose NICHE would lower its projected unfit score (a
  missing NICHE is priced at the creature's average fit while new mats can
  appear, and near the turn limit's penalty after), else toward the centre;
- keep, exchange or give a NICHE card by the projected scores: its own, and the
  harm a bad NICHE does to the leader when it is forced on them (``spite``);
- select the ADAPTATION card that lowers its score the most;
- offer trades that help it and that the partner should accept; accept a trade
  that does not make it worse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from evogames.core.rng import Rng
from evogames.core.types import Action
from evogames.games.adapt.components import components
from evogames.games.adapt.rules.scorecard import MISSING_NICHE, best_total, habitat_score

CENTRE_PULL = 0.05
Key = tuple[int, tuple[str, ...], tuple[str, ...]]


@cache
def _average_fit(start: tuple[int, ...]) -> float:
    """A creature's expected score in an unknown habitat (blanks taken as 3)."""
    scores = []
    for h in components().habitats.values():
        p = [3] * 5
        for f, v in h.fixed:
            p[f] = v
        scores.append(habitat_score(start, tuple(p)))
    return sum(scores) / len(scores)


@lru_cache(maxsize=65_536)
def _best_total(start: tuple[int, ...], adapts: tuple[str, ...], held: tuple[tuple[int, ...], ...]) -> int:
    """The lowest unfit score of a creature with these ADAPTATION cards in these habitats (cached:
    a search asks the same question thousands of times)."""
    cards = components().adaptations
    kinds: list[list[str]] = [[] for _ in range(5)]
    for a in adapts:
        kinds[cards[a].feature].append(cards[a].kind)
    return best_total(start, kinds, list(held))


@dataclass
class Table:
    """What the bot reads from a view: pressures on the board and everyone's cards."""

    view: dict[str, Any]
    memo: dict[Key, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.pressures = {m["habitat"]: tuple(m["pressures"]) for m in self.view["mats"]}
        self.cat = self.view["catalog"]
        self.goal = int(self.view["goal"])
        places = len(self.view["board"]["places"])
        self.free_places = self.view["mat_pile"] > 0 and len(self.view["mats"]) < places

    def start(self, seat: int) -> tuple[int, ...]:
        return tuple(self.cat["creatures"][self.view["players"][seat]["creature"]]["features"])

    def creature_fit(self, creature: str) -> float:
        return _average_fit(tuple(self.cat["creatures"][creature]["features"]))

    def missing_price(self, seat: int) -> float:
        """A NICHE still to get: an average habitat while new mats can appear, else
        nearly the turn limit's penalty (any habitat beats none)."""
        if self.free_places:
            return _average_fit(self.start(seat)) + 1
        return MISSING_NICHE - 4

    def projected(self, seat: int, niches: list[str], adapts: list[str]) -> float:
        """Unfit score with these cards, in the best order, a missing NICHE priced as above."""
        key = (seat, tuple(niches), tuple(adapts))
        if key not in self.memo:
            self.memo[key] = self._projected(seat, niches, adapts)
        return self.memo[key]

    def _projected(self, seat: int, niches: list[str], adapts: list[str]) -> float:
        held = tuple(self.pressures[h] for h in niches if h in self.pressures)
        unfit = _best_total(self.start(seat), tuple(adapts), held)
        return unfit + max(0, self.goal - len(held)) * self.missing_price(seat)

    def cards(self, seat: int) -> tuple[list[str], list[str]]:
        p = self.view["players"][seat]
        return list(p["niches"]), list(p["adaptations"])

    def now(self, seat: int) -> float:
        return self.projected(seat, *self.cards(seat))

    def leader(self, me: int) -> int:
        others = [i for i in range(len(self.view["players"])) if i != me]
        return min(others, key=self.now) if others else me


@dataclass
class HeuristicBot:
    """``spite``: how much harm to the leader counts against its own score when it
    forces a NICHE card (0 = never spiteful); ``trade``: whether it offers trades."""

    spite: float = 0.25
    trade: bool = True
    name: str = "heuristic"
    needs_view = True

    def __post_init__(self) -> None:
        if not 0 <= self.spite <= 2:
            raise TypeError(f"spite must be between 0 and 2, not {self.spite}")

    def choose(self, view: dict[str, Any], rng: Rng) -> Action:
        legal = view["legal"]
        kind = legal[0]["type"]
        table = self._table(view)
        if kind == "choose":
            return min(legal, key=lambda a: (table.creature_fit(a["creature"]), a["creature"]))
        if kind == "move":
            return self._move(table, legal, rng)
        if kind == "adapt":
            return self._adapt(table, legal)
        if kind in ("accept", "decline"):
            return self._answer(table)
        if kind in ("offer", "end_turn"):
            return self._offer(table, legal)
        return self._exit(table, legal)

    def _table(self, view: dict[str, Any]) -> Table:
        """How this bot reads the view (a subclass may price the cards differently)."""
        return Table(view)

    # -- moving ----------------------------------------------------------------
    def _move(self, t: Table, legal: list[Action], rng: Rng) -> Action:
        best, best_value = legal[0], float("inf")
        for action, value in zip(legal, self._space_values(t, [a["to"] for a in legal]), strict=True):
            value += 1e-6 * rng.random()
            if value < best_value:
                best, best_value = action, value
        return best

    def _space_values(self, t: Table, spaces: list[str]) -> list[float]:
        """What ending the move on each of these spaces is worth (lower is better): an exit by the
        NICHE it brings, any other space by its distance from the centre."""
        seat = int(t.view["seat"])
        nodes = {node[0]: node for node in t.view["board"]["nodes"]}
        mats = {m["place"]: m["habitat"] for m in t.view["mats"]}
        base = t.now(seat)
        values = []
        for space in spaces:
            _, x, y, place = nodes[space]
            far = CENTRE_PULL * (x * x + y * y) ** 0.5
            values.append(self._exit_value(t, seat, mats.get(place), base) if place else far)
        return values

    def _exit_value(self, t: Table, seat: int, habitat: str | None, base: float) -> float:
        """Score change expected from exiting at this place (negative is good)."""
        niches, adapts = t.cards(seat)
        if habitat is None:  # a new mat: an average habitat
            return -0.5 if len(niches) < t.goal else 0.5
        if habitat in niches:  # only a way to discard: rarely worth a move
            return 0.25
        if len(niches) < t.goal:
            return t.projected(seat, [*niches, habitat], adapts) - base - 0.5
        swaps = [t.projected(seat, [x if x != h else habitat for x in niches], adapts) for h in niches]
        return min(swaps) - base

    # -- the NICHE card at an exit ---------------------------------------------
    def _exit(self, t: Table, legal: list[Action]) -> Action:
        seat = int(t.view["seat"])
        leader = t.leader(seat)
        return min(legal, key=lambda a: self._exit_cost(t, seat, leader, a))

    def _exit_cost(self, t: Table, seat: int, leader: int, action: Action) -> float:
        habitat = t.view["pending"]["habitat"]
        niches, adapts = t.cards(seat)
        held = habitat in niches
        left = [a for a in adapts if a != action.get("adaptation")]
        if action["type"] == "keep":
            return t.projected(seat, [*niches, habitat], adapts)
        if action["type"] == "exchange":
            rest = [n for n in niches if n != action["niche"]]
            return t.projected(seat, rest if held else [*rest, habitat], left) - (0.0 if held else 0.5)
        to = action["to"]
        mine = [n for n in niches if n != habitat] if held else niches
        theirs, their_adapts = t.cards(to)
        harm = t.projected(to, [*theirs, habitat], their_adapts) - t.now(to)
        weight = self.spite if to == leader else 0.0
        return t.projected(seat, mine, left) - weight * harm

    # -- ADAPTATION cards and trades -------------------------------------------
    def _adapt(self, t: Table, legal: list[Action]) -> Action:
        seat = int(t.view["seat"])
        niches, adapts = t.cards(seat)
        return min(legal, key=lambda a: (t.projected(seat, niches, [*adapts, a["card"]]), a["card"]))

    def _answer(self, t: Table) -> Action:
        offer = t.view["offer"]
        seat = int(t.view["seat"])
        before = t.now(seat)
        after = self._after_swap(t, seat, offer["take"], offer["give"])
        willing = after < before or (after == before and offer["from"] != t.leader(seat))
        return {"type": "accept" if willing else "decline"}

    def _after_swap(self, t: Table, seat: int, lose: str, gain: str) -> float:
        niches, adapts = t.cards(seat)
        if lose.startswith("H"):
            niches = [gain if n == lose else n for n in niches]
        else:
            adapts = [gain if a == lose else a for a in adapts]
        return t.projected(seat, niches, adapts)

    def _offer(self, t: Table, legal: list[Action]) -> Action:
        end: Action = {"type": "end_turn"}
        if not self.trade:
            return end
        seat = int(t.view["seat"])
        mine = t.now(seat)
        best, best_gain = end, 0.5
        for action in legal:
            if action["type"] != "offer":
                continue
            gain = mine - self._after_swap(t, seat, action["give"], action["take"])
            if gain <= best_gain:
                continue
            partner = action["to"]
            if self._after_swap(t, partner, action["take"], action["give"]) <= t.now(partner):
                best, best_gain = action, gain
        return best
