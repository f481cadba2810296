"""``--option key=value`` texts, typed by the game's option schema."""

from __future__ import annotations

from typing import Any

from evogames.core.errors import IllegalAction
from evogames.core.game import Game
from evogames.core.options import Option, validate_options

TRUE = ("true", "yes", "on", "1")
FALSE = ("false", "no", "off", "0")


def parse_options(game: Game, texts: list[str] | None) -> dict[str, Any]:
    """``["predation=false", "max_rounds=20"]`` -> validated, typed options."""
    given: dict[str, Any] = {}
    schema = {option.name: option for option in game.options}
    for text in texts or []:
        name, value = split_option(text)
        option = schema.get(name)
        given[name] = typed_value(option, value) if option else value
    validate_options(game.options, given)
    return given


def split_option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise IllegalAction(f"An option is key=value (e.g. predation=false), not {text!r}.", "option/invalid")
    return name.strip(), value.strip()


def typed_value(option: Option, text: str) -> Any:
    """The value as the schema wants it: a bool, a whole number, a list or a name."""
    if option.kind == "bool":
        return _boolean(option, text)
    if option.kind == "int":
        try:
            return int(text)
        except ValueError:
            raise _bad(option, f"must be a whole number, not {text!r}") from None
    if option.kind == "list":
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def _boolean(option: Option, text: str) -> bool:
    low = text.lower()
    if low in TRUE:
        return True
    if low in FALSE:
        return False
    raise _bad(option, f"must be true or false, not {text!r}")


def _bad(option: Option, problem: str) -> IllegalAction:
    return IllegalAction(f"Option '{option.name}' {problem}.", "option/invalid")
