"""The contract every game module fulfils: facts as data, rules as functions."""

from __future__ import annotations

from typing import Any, Protocol

from evogames.core.options import Option

Action = dict[str, Any]


class GameState(Protocol):
    """A game's state: plain data with a cheap ``clone``."""

    def clone(self) -> GameState: ...


class Game(Protocol):
    """One registered game. Facts are attributes; rules never do I/O."""

    name: str
    title: str
    min_players: int
    max_players: int
    simultaneous: bool
    hidden_info: bool
    options: tuple[Option, ...]

    def new_state(self, players: int, seed: int, options: dict[str, Any]) -> Any: ...

    def to_act(self, state: Any) -> list[int]: ...

    def legal(self, state: Any, seat: int) -> list[Action]: ...

    def apply(self, state: Any, seat: int, action: Action) -> None:
        """Check ``action`` and apply it; raise IllegalAction before any change."""

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> dict[str, Any] | None: ...

    def events(self, state: Any) -> list[Any]: ...

    def render_event(self, event: Any, seat: int | None) -> dict[str, Any] | None:
        """The event as a dict with a sentence ``text``, or None if ``seat`` may not see it."""

    def stats(self, state: Any) -> dict[str, Any]: ...


def describe(game: Game) -> dict[str, Any]:
    """A game's catalog entry."""
    return {
        "name": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "best_players": getattr(game, "best_players", min(game.max_players, max(game.min_players, 4))),
        "teaches": getattr(game, "teaches", ""),
        "simultaneous": game.simultaneous,
        "hidden_info": game.hidden_info,
        "options": {o.name: o.to_dict() for o in game.options},
    }
