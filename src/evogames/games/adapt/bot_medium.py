"""The improved heuristic (the level ``medium``)."""

from __future__ import annotations

from dataclasses import dataclass

from evogames.games.adapt.bot import HeuristicBot


@dataclass
class MediumBot(HeuristicBot):
    name: str = "medium"
