"""``--option key=value`` texts, typed by the game's option schema."""

from __future__ import annotations

from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.options import validate_options
from evogames.core.spec import GameSpec as Game


def parse_options(game: Game, texts: list[str] | None) -> dict[str, Any]:
    """``["predation=false", "max_rounds=20"]`` -> validated, typed options."""
    given: dict[str, Any] = {}
    schema = {option.name: option for option in game.options}
    for text in texts or []:
        name, value = split_option(text)
        option = schema.get(name)
        given[name] = option.parse(value) if option else value
    validate_options(game.options, given)
    return given


def split_option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise IllegalAction(f"An option is key=value (e.g. predation=false), not {text!r}.", ErrorCode.OPTION_INVALID)
    return name.strip(), value.strip()


def seats(name: str, players: int | None) -> int:
    """``--players``, or the number of players ``name`` plays best with (its catalog's ``best_players``): a bare
    ``play phylo`` or ``sweep phylo`` is the rulebook's 2-player game, not its 4-player extension. An unknown game
    is refused by the lookup."""
    from evogames.core.registry import game as lookup

    return lookup(name).best_players if players is None else players
