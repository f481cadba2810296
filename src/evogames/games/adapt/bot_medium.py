"""Adapt or Die's ``medium`` is its heuristic: it already always makes progress (no game of four
heuristic bots reached the 60-round limit in 400; random bots do in all 400), and no style
measured a clear gain (``spite=0`` 0.26, 0.23-0.29, over 800 games against three old heuristic bots).
"""

from __future__ import annotations

from dataclasses import dataclass

from evogames.games.adapt.bot import HeuristicBot


@dataclass
class MediumBot(HeuristicBot):
    """The heuristic, named for its level."""

    name: str = "medium"
