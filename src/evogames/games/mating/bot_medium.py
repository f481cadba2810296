"""The improved heuristic of The Mating Game (the level ``medium``): the heuristic's judgement, and
- it tracks what is left in the Environment deck: its view lists the Environments turned over since
  the last shuffle (public, as at a real table: ruling 36), so it prices a Predator, a famine and
  Female Scarcity by the cards still to come, not by the whole deck's average. It keeps no memory:
  a bot that joins mid-game plays as one that watched from the start;
- it weighs its rivals' Food: a rival who cannot pay for a fighter is no rival in combat;
- it plans saving with Out to Lunch: when the cards to come take Food and its Food is low;
- it plays bold (``risk`` 1) and leans to flashy Strategies (``prefer``): where rivals fight,
  the blue Stand is the less crowded one (measured against three old heuristic bots, 600 games:
  the defaults 0.23, ``risk=1`` 0.25, ``prefer=flashy`` 0.28, both 0.29).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evogames.games.mating.bot import PREDATOR_CHANCE, HeuristicBot
from evogames.games.mating.components import Environment, components
from evogames.games.mating.setup import game_environments


def left_in_deck(options: dict[str, Any], turned: list[str]) -> list[str]:
    """The Environment cards still in the deck: the game's cards less those ``turned`` since the
    last shuffle; once all are turned, the whole deck (the next card comes from a new shuffle)."""
    left = game_environments(options)
    for card in turned:
        if card in left:
            left.remove(card)
    return left or game_environments(options)


@dataclass
class MediumBot(HeuristicBot):
    prefer: str | None = "flashy"
    risk: float = 1.0
    name: str = "medium"

    @staticmethod
    def _to_come(view: dict[str, Any]) -> list[Environment]:
        turned = [str(card["id"]) for card in view["environment_turned"]]
        cards = components().environments
        return [cards[c] for c in left_in_deck(view["options"], turned)]

    def _lunch_value(self, view: dict[str, Any]) -> float:
        food = int(view["players"][view["seat"]]["food"])
        come = self._to_come(view)
        famine = sum(e.food <= 0 for e in come) / len(come)
        mean = sum(e.food for e in come) / len(come)
        value = (0.3 + famine) * max(0, 4 - food) / 4
        return value + (0.4 if food <= 1 and mean < 2 else 0.0)

    def _value(self, view: dict[str, Any], card: dict[str, Any], food: int) -> float:
        come = self._to_come(view)
        hunt = sum(e.predators > 0 for e in come) / len(come)
        scarce = sum(e.scarcity for e in come) / len(come) if view["options"]["female_scarcity"] else 0.0
        shown = {**view, "stands": {k: max(0.0, v - scarce) for k, v in view["stands"].items()}}
        value: float = super()._value(shown, card, food)
        if view["options"]["predation"]:  # the heuristic priced a Predator by the whole deck: re-price it
            caught = 1.0 if card["predator"] <= 2 else 0.4 if card["predator"] <= 3 else 0.1
            left = food - card["food"]
            females = min(card["fitness"], shown["stands"]["red" if card["type"] == "combat" else "blue"])
            old = self._deck_chance(view) * caught * (0.3 if left >= 3 else 1.0)
            value += (old - hunt * caught * (0.3 if left >= 3 else 1.0)) * females
        if card["type"] == "combat":
            value += 0.3 * self._weak_rivals(view)
        return value

    @staticmethod
    def _deck_chance(view: dict[str, Any]) -> float:
        return PREDATOR_CHANCE.get(view["options"]["environment"], 0.4)

    @staticmethod
    def _weak_rivals(view: dict[str, Any]) -> int:
        """Rivals too poor to field a real fighter (under 2 Food)."""
        return sum(1 for p in view["players"] if p["seat"] != view["seat"] and int(p["food"]) < 2)
