"""A heuristic player of The Mating Game, steered by a style for experiments.

It sees only its seat's view. Its judgement:
- play the Strategy with the best expected Offspring per Food, counting the
  chance that a Predator singles it out and that combat is lost;
- save with Out to Lunch when nothing is worth its Food or Food is low in a
  famine-prone (variable) deck;
- pay to escape when the Strategy still promises Females;
- fight (musth, level up) when its dice beat the others', step aside as a
  satellite when they do not;
- aim interference at the leader.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evogames.core.rng import Rng
from evogames.core.types import Action

# chance a round's Environment has a Predator, by deck (from the box's cards)
PREDATOR_CHANCE = {"stable": 0.375, "variable": 0.44, "custom": 0.4}


@dataclass
class HeuristicBot:
    """``prefer``: "combat" | "flashy" | "sneaky" | None; ``risk``: 0 (careful)
    to 1 (bold); ``save_below``: Out to Lunch when Food after paying would
    drop under this; ``invest``: "low" | "mid" | "high" | None, the Strategy
    level (Food cost) it leans to, for experiments on investment."""

    prefer: str | None = None
    risk: float = 0.5
    save_below: int = 1
    invest: str | None = None
    name: str = "heuristic"
    needs_view = True

    def __post_init__(self) -> None:
        if self.prefer not in (None, "combat", "flashy", "sneaky"):
            raise TypeError(f"prefer must be combat, flashy or sneaky, not {self.prefer!r}")
        if not 0 <= self.risk <= 1:
            raise TypeError(f"risk must be between 0 and 1, not {self.risk}")
        if self.invest not in (None, "low", "mid", "high"):
            raise TypeError(f"invest must be low, mid or high, not {self.invest!r}")

    def choose(self, view: dict[str, Any], rng: Rng) -> Action:
        legal = view["legal"]
        kinds = {a["type"] for a in legal}
        if "out_to_lunch" in kinds:
            return self._play(view, legal, rng)
        if "escape" in kinds:
            return self._escape(view)
        if "pass" in kinds:
            return self._sneaky(view, legal)
        if "discard" in kinds:
            return self._discard(view)
        first: Action = legal[0]
        return first

    # -- Play & Pay ------------------------------------------------------
    def _play(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        me = view["players"][view["seat"]]
        cards = {c["id"]: c for c in view["hand"]}
        best, best_value = {"type": "out_to_lunch"}, self._lunch_value(view)
        for action in legal:
            if action["type"] != "play":
                continue
            value = self._value(view, cards[action["card"]], me["food"])
            if value > best_value + 1e-9 * rng.random():
                best, best_value = action, value
        return best

    def _lunch_value(self, view: dict[str, Any]) -> float:
        me = view["players"][view["seat"]]
        hungry = 0.6 if view["options"]["environment"] == "variable" else 0.3
        return hungry * max(0, 4 - int(me["food"])) / 4

    def _value(self, view: dict[str, Any], card: dict[str, Any], food: int) -> float:
        value: float = 0.0
        n = len(view["players"])
        stand = view["stands"]["red" if card["type"] == "combat" else "blue"]
        females = min(card["fitness"], stand)
        if card["type"] == "combat":
            rivals = 0.35 * (n - 1)
            win = (card["fitness"] / 2) / (card["fitness"] / 2 + rivals * 0.9)
            females = win * min(card["fitness"] + 2, stand) + (1 - win) * 0.0 if rivals > 0.5 else females
        else:
            females *= 1 - 0.12 * (n - 2)
        caught = PREDATOR_CHANCE.get(view["options"]["environment"], 0.4) * (1.0 if card["predator"] <= 2 else
                                                                            0.4 if card["predator"] <= 3 else 0.1)
        if not view["options"]["predation"]:
            caught = 0.0
        left = food - card["food"]
        survive = 1 - caught * (0.3 if left >= 3 else 1.0)
        value += females * survive - card["food"] * (0.55 - 0.3 * self.risk)
        if left < self.save_below:
            value -= 0.6
        if self.prefer == card["type"]:
            value += 0.8
        if self.invest is not None and card.get("level") == self.invest:
            value += 0.8
        goal = view["options"]["offspring_to_win"]
        if view["players"][view["seat"]]["offspring"] + females >= goal:
            value += 2.0
        return value

    # -- Survive -----------------------------------------------------------
    def _escape(self, view: dict[str, Any]) -> Action:
        me = view["players"][view["seat"]]
        strategy = me["strategy"] or {}
        worth = strategy.get("fitness", 0) + (1 if self.risk > 0.5 else 0)
        return {"type": "escape"} if worth >= 2 or me["food"] >= 6 else {"type": "no_escape"}

    # -- sneaky windows ----------------------------------------------------
    def _sneaky(self, view: dict[str, Any], legal: list[Action]) -> Action:
        cards = {c["id"]: c for c in view["hand"]}
        me = view["players"][view["seat"]]
        spare = me["food"] - (0 if self.prefer == "sneaky" else 1)
        scored = []
        for action in legal:
            if action["type"] != "sneaky":
                continue
            card = cards[action["card"]]
            if card["food"] > spare:
                continue
            worth = self._sneaky_worth(view, card, action.get("target"))
            if worth > 0:
                scored.append((worth, action))
        if not scored:
            return {"type": "pass"}
        return max(scored, key=lambda pair: pair[0])[1]

    def _sneaky_worth(self, view: dict[str, Any], card: dict[str, Any], target: int | None) -> float:
        me = view["players"][view["seat"]]
        mine = me["strategy"] or {}
        players = view["players"]
        effect = card["effect"]
        bonus = 1.0 if self.prefer == "sneaky" else 0.0
        if effect == "hide_from_predators":
            return bonus + (1.0 if mine.get("predator", 9) <= 2 else -1)
        if effect == "ignore_food_loss":
            return bonus + (0.5 if view["options"]["environment"] == "variable" else -1)
        if effect in ("extra_offspring", "rejoin_after_combat", "steal_female", "steal_offspring"):
            lead = 0.5 if target is not None and players[target]["offspring"] == max(
                p["offspring"] for p in players) else 0.0
            return bonus + 1.0 + lead
        if effect == "mate_guarding":
            return bonus - 0.5
        fighters = [p for p in players if p["status"] == "in_play" and p["strategy"]
                    and p["strategy"]["type"] == "combat" and p["seat"] != me["seat"]]
        strongest = max((p["strategy"]["fitness"] for p in fighters), default=0)
        if effect == "extra_combat_dice":
            return bonus + (1.0 if fighters else -1)
        if effect == "avoid_combat":
            return bonus + (1.0 if strongest > mine.get("fitness", 0) else -1)
        if effect == "level_up":
            return bonus + (0.8 if fighters and mine.get("fitness", 0) > strongest else -1)
        if effect == "lower_fitness":
            return bonus + 0.5
        return bonus - 1

    # -- Discard & Draw ----------------------------------------------------
    def _discard(self, view: dict[str, Any]) -> Action:
        food = view["players"][view["seat"]]["food"]
        drop = []
        for card in view["hand"]:
            too_dear = card["food"] > food + 3
            off_style = self.prefer in ("combat", "flashy") and card["type"] not in (self.prefer, "sneaky")
            if too_dear or (off_style and card.get("fitness", 9) <= 2):
                drop.append(card["id"])
        return {"type": "discard", "cards": drop}
