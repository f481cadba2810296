"""The lab's words for a game's own counts: what its length counts (its round or its turn) and each column's
plain label, read from its spec, so that no plot or table of the lab names a game's concepts itself."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from evogames.core import rounds
from evogames.core.match import Match
from evogames.core.registry import game as lookup
from evogames.core.spec import GameSpec


@cache
def round_word(game: str) -> str:
    """What ``game``'s length and history count, in its own word (``core.rounds.round_word`` of a new game's
    view)."""
    spec = lookup(game)
    return rounds.round_word(Match(spec, spec.best_players, 0, {}).read_view(None), spec)


def played_for(game: str, result: Mapping[str, Any]) -> Any:
    """How long a finished game lasted, counted in its ``round_word``: the result's count of those (Phylo's
    ``turns``), else its ``rounds`` (which count Evolution's and Dodo's turns)."""
    return rounds.counted_in(round_word(game), dict(result))


def column_name(column: str, spec: GameSpec) -> str:
    """A seat or history column as the game names it: its score, its ``stat_labels``, its ``metric_labels``, else
    the column's words."""
    named = {"score": spec.score_label, "score_per_round": f"{spec.score_label} per {round_word(spec.name)}",
             "win": "win rate"}
    return (named.get(column) or dict(spec.stat_labels).get(column) or dict(spec.metric_labels).get(column)
            or column.replace("_", " "))


def is_named(column: str, spec: GameSpec) -> bool:
    """Whether the game gives ``column`` a label of its own (or the lab names it: score, win)."""
    return column in ("score", "score_per_round", "win") or column in spec.stat_labels or column in spec.metric_labels
