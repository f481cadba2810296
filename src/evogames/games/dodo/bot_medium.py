"""Dodo's ``medium`` is its heuristic: no clear gain found in the time given (the same bot
against the old heuristic wins 0.52, 0.48-0.55, over 800 games).
"""

from __future__ import annotations

from dataclasses import dataclass

from evogames.games.dodo.bot import HeuristicBot


@dataclass
class MediumBot(HeuristicBot):
    """The heuristic, named for its level."""

    name: str = "medium"
