"""A heuristic player of Evolution, steered by a style for experiments.

It sees only its seat's view. Its judgement:
- development: grow as many animals as the expected food can feed, then add
  the traits worth most (protection, Fat Tissue, a carnivore when there is
  prey, Parasites on a rival's best animal), fewer food-hungry ones in hard
  times; in the last turn, every trait is a point;
- feeding: hunt when a kill is sure and pays, otherwise feed the animal
  closest to being fed, use fat when the bank is dry, graze when its own
  animals are fed, steal when it can;
- defence: run first (a free chance), then drop the cheapest trait, then
  redirect to the least valuable animal;
- pair traits (Communication, Cooperation): by default every link that can
  pass food fires, in the old automatic order (the links of the animal that got
  food first, in the order they were played); ``pairs="choose"`` instead skips a
  Communication whose partner could not be fed by what is left in the bank and
  stops when nothing useful is left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evogames.core.rng import Rng
from evogames.core.types import Action

MEAN_BANK = {2: 5.5, 3: 7.0, 4: 9.0, 5: 12.5, 6: 14.5, 7: 16.0, 8: 18.0}
TRAIT_VALUE = {
    "camouflage": 2.5, "burrowing": 2.0, "swimming": 1.5, "running": 2.0, "tail_loss": 2.0,
    "mimicry": 1.2, "poisonous": 1.5, "high_body_weight": 2.2, "fat_tissue": 1.6, "grazing": 0.8,
    "scavenger": 1.4, "piracy": 1.4, "hibernation": 1.5, "sharp_vision": 0.3, "carnivorous": 1.0,
    "communication": 1.6, "cooperation": 1.6, "symbiosis": 1.0, "parasite": 0.0,
}
ACTIVE = ("running", "tail_loss", "mimicry")
TRAIT_FOOD = {"carnivorous": 1, "high_body_weight": 1, "parasite": 2}


@dataclass
class HeuristicBot:
    """``aggression``: 0 (never hunts) to 1 (hunts whenever it can); ``growth``:
    how many animals per expected food token it keeps (1.0 = as many as it can feed);
    ``parasites``: whether it plays Parasites on rivals; ``carnivores``: a bonus (or, negative,
    a penalty) on making Carnivorous animals."""

    aggression: float = 0.7
    growth: float = 1.0
    parasites: bool = True
    carnivores: float = 0.0
    pairs: str = "auto"
    name: str = "heuristic"
    needs_view = True

    def __post_init__(self) -> None:
        if not 0 <= self.aggression <= 1:
            raise TypeError(f"aggression must be between 0 and 1, not {self.aggression}")
        if not 0 < self.growth <= 3:
            raise TypeError(f"growth must be above 0 and at most 3, not {self.growth}")
        if self.pairs not in ("auto", "choose"):
            raise TypeError(f"pairs must be 'auto' or 'choose', not {self.pairs!r}")

    def choose(self, view: dict[str, Any], rng: Rng) -> Action:
        legal: list[Action] = view["legal"]
        kinds = {a["type"] for a in legal}
        if kinds & {"run", "mimic", "tail", "yield"}:
            return self._defend(view, legal)
        if kinds & {"link", "stop"}:
            return self._share(view, legal)
        if kinds & {"animal", "trait"}:
            return self._develop(view, legal, rng)
        return self._feed(view, self._feeding_order(legal, rng))

    def _feeding_order(self, legal: list[Action], rng: Rng) -> list[Action]:
        """The feeding actions in the order ties are settled (the first of equals wins): as listed."""
        return legal

    def _prey_bonus(self, view: dict[str, Any], prey: dict[str, Any]) -> float:
        """What else makes ``prey`` worth a hunt (nothing, for this bot)."""
        return 0.0

    # -- development -------------------------------------------------------
    def _develop(self, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
        scored = [(self._play_value(view, a), rng.random(), i) for i, a in enumerate(legal)]
        best = max(scored)
        return legal[best[2]] if best[0] > 0.4 else {"type": "pass"}

    def _play_value(self, view: dict[str, Any], action: Action) -> float:
        me = view["players"][view["seat"]]
        animals = {a["id"]: a for p in view["players"] for a in p["animals"]}
        share = MEAN_BANK[len(view["players"])] / len(view["players"]) * self.growth
        need = sum(a["need"] for a in me["animals"])
        if action["type"] == "animal":
            if view["last_turn"]:
                return 0.5 if need + 1 <= share else 0.0
            return 3.0 if need + 1 <= share + 1 else 0.2
        if action["type"] != "trait":
            return 0.0
        trait, host = action["trait"], animals[action["animal"]]
        if trait == "parasite":
            return 2.5 + len(host["traits"]) * 0.3 if self.parasites else 0.0
        have = {t["trait"] for t in host["traits"]}
        value = 1.0 + TRAIT_VALUE.get(trait, 1.0)
        if trait == "carnivorous":
            value += self.carnivores
            value += 1.5 if not any("carnivorous" in {t["trait"] for t in a["traits"]} for a in me["animals"]) else -1
        if trait == "sharp_vision" and "carnivorous" in have:
            value += 1.2
        if trait == "fat_tissue" and "fat_tissue" in have:
            value -= 0.8
        if trait in ACTIVE and any(t in have for t in ACTIVE):
            value -= 0.7
        extra = TRAIT_FOOD.get(trait, 0)
        if extra and need + extra > share:
            value -= 1.6 * extra
        if view["last_turn"] and not extra:
            value += 1.0
        return value

    # -- feeding -------------------------------------------------------------
    def _feed(self, view: dict[str, Any], legal: list[Action]) -> Action:
        animals = {a["id"]: a for p in view["players"] for a in p["animals"]}
        by_type: dict[str, list[Action]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        hunt = self._hunt(view, animals, by_type.get("attack", []))
        if hunt:
            return hunt
        for kind, pick in (("take", self._hungriest_take), ("fat", self._fat), ("piracy", self._loot),
                           ("hibernate", self._sleep), ("graze", self._graze), ("take", self._store)):
            chosen = pick(view, animals, by_type.get(kind, []))
            if chosen:
                return chosen
        return {"type": "pass"}

    def _hunt(self, view: dict[str, Any], animals: dict[str, Any], attacks: list[Action]) -> Action | None:
        seat, best, best_value = view["seat"], None, 0.5 + 2 * (1 - self.aggression)
        for a in attacks:
            prey, hunter = animals[a["target"]], animals[a["carnivore"]]
            traits = {t["trait"] for t in prey["traits"]}
            if "poisonous" in traits or (hunter["fed"] and hunter["fat"] >= hunter["fat_slots"]):
                continue
            value = 2.0 + len(traits) * 0.5 - (1.5 if traits & set(ACTIVE) else 0.0)
            value -= 6.0 if prey["owner"] == seat else 0.0
            value += 1.0 if view["food_bank"] < 2 else 0.0
            value += self._prey_bonus(view, prey)
            if value > best_value:
                best, best_value = a, value
        return best

    def _hungriest_take(self, view: dict[str, Any], animals: dict[str, Any], takes: list[Action]) -> Action | None:
        hungry = [a for a in takes if not animals[a["animal"]]["fed"]]
        if not hungry:
            return None
        return min(hungry, key=lambda a: self._missing(animals[a["animal"]]))

    @staticmethod
    def _missing(a: dict[str, Any]) -> int:
        return int(a["need"]) - int(a["red"]) - int(a["blue"])

    def _fat(self, view: dict[str, Any], animals: dict[str, Any], fats: list[Action]) -> Action | None:
        return max(fats, key=lambda a: a["count"]) if fats else None

    def _loot(self, view: dict[str, Any], animals: dict[str, Any], loots: list[Action]) -> Action | None:
        theirs = [a for a in loots if animals[a["target"]]["owner"] != view["seat"]]
        return theirs[0] if theirs else None

    def _sleep(self, view: dict[str, Any], animals: dict[str, Any], sleeps: list[Action]) -> Action | None:
        hard = [a for a in sleeps if self._missing(animals[a["animal"]]) > view["food_bank"] // 2]
        return hard[0] if hard else None

    def _graze(self, view: dict[str, Any], animals: dict[str, Any], grazes: list[Action]) -> Action | None:
        mine = view["players"][view["seat"]]["animals"]
        return grazes[0] if grazes and all(a["fed"] for a in mine) else None

    def _store(self, view: dict[str, Any], animals: dict[str, Any], takes: list[Action]) -> Action | None:
        return takes[0] if takes else None

    # -- pair traits ---------------------------------------------------------
    def _share(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """The first link that can fire (the old automatic order); ``choose``: the first whose token helps."""
        links = [a for a in legal if a["type"] == "link"]
        if self.pairs == "auto":
            return links[0] if links else {"type": "stop"}
        animals = {a["id"]: a for p in view["players"] for a in p["animals"]}
        kinds = {x["card"]: x["trait"] for x in view["links"]}
        for a in links:
            partner = animals[a["animal"]]
            if kinds[a["card"]] == "communication" and self._missing(partner) > view["food_bank"]:
                continue  # it cannot be fed from what is left: leave the tokens for the others
            return a
        return {"type": "stop"}

    # -- defence -------------------------------------------------------------
    def _defend(self, view: dict[str, Any], legal: list[Action]) -> Action:
        for a in legal:
            if a["type"] == "run":
                return a
        tails = [a for a in legal if a["type"] == "tail"]
        if tails:
            traits = {t["card"]: t["trait"] for p in view["players"] for x in p["animals"] for t in x["traits"]}
            return min(tails, key=lambda a: self._trait_worth(traits.get(a["card"], "link")))
        mimics = [a for a in legal if a["type"] == "mimic"]
        if mimics:
            animals = {a["id"]: a for p in view["players"] for a in p["animals"]}
            target = animals[view["attack"]["target"]]
            cheap = min(mimics, key=lambda a: len(animals[a["animal"]]["traits"]))
            if len(animals[cheap["animal"]]["traits"]) < len(target["traits"]):
                return cheap
        return {"type": "yield"}

    @staticmethod
    def _trait_worth(trait: str) -> float:
        if trait == "parasite":
            return -5.0  # losing a Parasite is a gain
        if trait in TRAIT_FOOD:
            return 0.5
        return TRAIT_VALUE.get(trait, 1.0)
