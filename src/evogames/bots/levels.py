"""Bot levels, one list for the lobby, the class set-up, the terminal and the lab.

- ``easy``: the game's heuristic, but some moves (``mistakes``, 25%) a random legal one, as a
  beginner who overlooks things;
- ``medium``: the game's improved heuristic (its ``bot_medium.py``; the heuristic if it has none);
- ``hard``: ISMCTS (``bots/ismcts.py``) at 0.8 s a move, rollouts cut at the game's ``search_depth``
  and its own moves in them by the game's ``search_rollout`` policy, anchored to that policy's move where
  the game asks (``search_anchor``);
- ``expert``: ISMCTS at 3 s a move, the same rollouts;
- ``ismcts:iterations=2000`` / ``ismcts:seconds=0.5`` (and ``rollout=``, ``depth=``): ISMCTS by hand.

``random`` and ``heuristic`` (with its styles) work as before. The search levels are handed the
state (they read it only through the game's ``determinize``): ask any bot with ``bot_action``.
"""

from __future__ import annotations

from typing import Any

from evogames.bots.base import check_settings, parse_style
from evogames.bots.base import make_bot as make_view_bot
from evogames.bots.ismcts import ISMCTSBot
from evogames.core.errors import ErrorCode, IllegalAction, UsageError
from evogames.core.match import Match
from evogames.core.rng import Rng
from evogames.core.types import Action, View
from evogames.kit.bot import Bot

#: the search levels and their ISMCTS budgets
SEARCH_LEVELS: dict[str, dict[str, Any]] = {"hard": {"seconds": 0.8, "early": 1},
                                             "expert": {"seconds": 3.0, "early": 1}}

def search_settings(level: str, game: str) -> dict[str, Any]:
    """The ISMCTS settings of a search level for ``game`` (``ismcts`` by hand: only the game's own, its
    ``search_depth``, a short game's rollouts played out and a long game's cut, its ``search_rollout`` and its
    ``search_anchor``)."""
    from evogames.core.registry import game as lookup

    spec = lookup(game)
    return {"depth": spec.search_depth, "rollout": spec.search_rollout, "anchor": spec.search_anchor,
            **SEARCH_LEVELS.get(level, {})}


def hard_search(game: str, seconds: float = 0.0, iterations: int = 0, depth: int | None = None,
                early: bool = False) -> ISMCTSBot:
    """The ``hard`` level's search for ``game`` (its rollouts, depth and anchor) on another budget: a server
    table's job (its seconds shared out, its depth) and the coach (its own seconds, or ``iterations`` for a test)."""
    settings = search_settings("hard", game)
    return ISMCTSBot(game, iterations=iterations, seconds=0.0 if iterations else seconds,
                     depth=settings["depth"] if depth is None else depth, rollout=settings["rollout"],
                     anchor=settings["anchor"], early=int(early))


class EasyBot:
    """The heuristic with a beginner's slips: a random legal move ``mistakes`` of the time."""

    name = "easy"

    def __init__(self, game: str, mistakes: float = 0.25) -> None:
        if not isinstance(mistakes, int | float) or not 0 <= mistakes <= 1:
            raise UsageError(f"easy: mistakes is a share from 0 to 1, not {mistakes!r}.", ErrorCode.BOT_STYLE)
        self.mistakes = float(mistakes)
        self.heuristic = make_view_bot("heuristic", game)

    def choose(self, view: View, rng: Rng) -> Action:
        if rng.random() < self.mistakes:
            action: Action = rng.choice(view["legal"])
            return action
        return self.heuristic.choose(view, rng)


EASY_SETTINGS = ("mistakes",)
#: what ``ismcts`` and the search levels take (``ISMCTSBot``'s parameters but ``game``; a test keeps them equal)
ISMCTS_SETTINGS = ("iterations", "seconds", "rollout", "depth", "c", "widen", "anchor", "early", "belief")


def bot_names() -> list[str]:
    """The bots that choose from a view alone (what a server table runs on its event loop)."""
    return ["random", "heuristic", "easy", "medium"]


def table_levels() -> list[str]:
    """What a server table offers: the view bots, then the search levels (which think in the server's workers)."""
    return [*bot_names(), *SEARCH_LEVELS]


def level_names() -> list[str]:
    """Every bot by name: the view bots, then the search levels (the terminal and the lab)."""
    return [*bot_names(), *SEARCH_LEVELS, "ismcts"]


def make_bot(name: str, game: str, **style: Any) -> Bot:
    """A bot by name for ``game`` (see the module's list); a bad name raises IllegalAction, a bad style UsageError."""
    base, _, extra = name.partition(":")
    if base in ("random", "heuristic"):
        return make_view_bot(name, game, **style)
    if base not in level_names():
        raise IllegalAction(f"Unknown bot '{name}' (bots: {', '.join(level_names())}).", ErrorCode.BOT_UNKNOWN)
    style = {**parse_style(extra), **style}
    try:
        if base == "medium":
            return _named(make_view_bot("medium", game, **style), name)
        if base == "easy":
            check_settings("easy", style, EASY_SETTINGS)
            return _named(EasyBot(game, **style), name)
        check_settings(base, style, ISMCTS_SETTINGS)
        return _named(ISMCTSBot(game, **{**search_settings(base, game), **style}), name)
    except TypeError as err:
        raise UsageError(f"Bad setting for the bot '{name}': {err}.", ErrorCode.BOT_STYLE) from err


def _named(bot: Any, name: str) -> Bot:
    bot.name = name
    result: Bot = bot
    return result


def bot_action(bot: Bot, match: Match, seat: int, rng: Rng) -> Action:
    """``bot``'s move for ``seat``: a search bot gets the state (and reads it only through
    ``determinize``), any other bot the seat's view (or just its legal actions if that is all it needs)."""
    if isinstance(bot, ISMCTSBot):
        return bot.choose_from(match.state, seat, rng)
    view = match.read_view(seat) if getattr(bot, "needs_view", True) else {"legal": match.legal(seat)}
    return bot.choose(view, rng)
