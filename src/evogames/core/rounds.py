"""What a game's progress counts, in its own word: its round or its turn (for every page and the lab)."""

from __future__ import annotations

from typing import Any

from evogames.core.spec import GameSpec


def round_word(view: dict[str, Any], spec: GameSpec | None = None) -> str:
    """The spec's ``round_name`` where it names it (Evolution's turns), else "round" when its view counts rounds,
    else "turn" (the view's ``turn``, which the default ``round_of`` reads then: Phylo's, Dodo's)."""
    if spec is not None and spec.round_name:
        return spec.round_name
    return "round" if view.get("round") is not None else "turn"


def counted_in(word: str, result: dict[str, Any]) -> Any:
    """How long a finished game lasted in ``word``: the result's count of those (Phylo's ``turns``), else its
    ``rounds`` (which count Evolution's and Dodo's turns); None if it has neither."""
    return result.get(word + "s", result.get("rounds"))
