"""After the game: the public tallies the debrief puts next to the lab handout's questions.

Every number counts animals, once each. "Survived" means alive at the end of the game: a seat's
``animals_born`` are its ``animals_survived`` plus those that starved, were eaten or were poisoned; a
trait's ``survived`` are the living animals carrying it, its ``starved`` (poisoned included) and ``eaten``
the animals that died carrying it, however many cards of it an animal had.
"""

from __future__ import annotations

from typing import Any

from evogames.games.evolution.state import EvolutionState
from evogames.games.evolution.view import stats


def debrief(s: EvolutionState) -> dict[str, Any] | None:
    """Each seat's tallies and the traits that were played (the view's ``lab``); None before the end."""
    if not s.over:
        return None
    full = stats(s)
    return {"seats": full["seats"], "traits": full["traits"]}
