"""Bots by name: ``random`` (any game), ``heuristic`` (the game's own ``bot.py``) or ``medium`` (its
improved heuristic, ``bot_medium.py``; the heuristic for a game without one), with a style.

The interface every bot follows is ``evogames.kit.bot.Bot``.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterable
from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction, UsageError
from evogames.core.registry import game as lookup
from evogames.kit import parts
from evogames.kit.bot import Bot, RandomBot


def bot_names() -> list[str]:
    return ["random", "heuristic"]


def make_bot(name: str, game: str, **style: Any) -> Bot:
    """A bot by name for ``game``: ``random``, ``heuristic`` or ``medium`` (per game).

    A style can ride in the name: ``heuristic:prefer=flashy:risk=0.8:save_below=3``.
    """
    base, _, extra = name.partition(":")
    style = {**parse_style(extra), **style}
    if base == "random":
        check_settings("random", style, ())
        return RandomBot()
    heuristic = _heuristic(base, game)
    if heuristic is not None:
        known = settings_of(heuristic)
        if known is not None:
            check_settings(base, style, known)
        try:
            bot: Bot = heuristic(**as_fields(heuristic, style))
        except TypeError as err:
            raise UsageError(f"Bad style for the heuristic bot in '{name}': {err}.", ErrorCode.BOT_STYLE) from err
        return bot
    raise IllegalAction(f"Unknown bot '{name}' (bots: {', '.join(bot_names())}).", ErrorCode.BOT_UNKNOWN)


def settings_of(factory: Callable[..., Any]) -> list[str] | None:
    """The settings a bot's constructor takes (a dataclass's fields, else its parameters but ``game``);
    None where they cannot be read."""
    if dataclasses.is_dataclass(factory):  # its ``name`` is what it is called, not a setting
        return [f.name for f in dataclasses.fields(factory) if f.init and f.name != "name"]
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return None
    return [p.name for p in parameters if p.name not in ("self", "game")]


def check_settings(bot: str, style: dict[str, Any], known: Iterable[str]) -> None:
    """Refuse settings the bot does not take, naming the ones it does (not a constructor's TypeError)."""
    known = list(known)
    unknown = [key for key in style if key not in known]
    if unknown:
        settings = f"its settings: {', '.join(known)}" if known else "it takes none"
        raise UsageError(f"The bot '{bot}' takes no setting {', '.join(map(repr, unknown))} ({settings}).",
                         ErrorCode.BOT_STYLE)


YES, NO = ("true", "yes", "on"), ("false", "no", "off")


def as_fields(factory: Callable[..., Bot], style: dict[str, Any]) -> dict[str, Any]:
    """The style's values as the bot's settings take them: ``parasites=0`` a no, ``risk=1`` the number 1.0.

    Both builds then get the same values (the compiled build's bots check their settings' types; the pure
    build's would keep the 0 and the 1 as given)."""
    if not dataclasses.is_dataclass(factory):
        return style
    defaults = {f.name: f.default for f in dataclasses.fields(factory)}
    out = dict(style)
    for key, value in style.items():
        default = defaults.get(key)
        if isinstance(default, bool) and not isinstance(value, bool):
            if value in (0, 1) or str(value).lower() in YES + NO:
                out[key] = value == 1 or str(value).lower() in YES
        elif isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            out[key] = float(value)
    return out


def _heuristic(base: str, game: str) -> Callable[..., Bot] | None:
    if base == "medium":
        return parts.medium_bot(lookup(game)) or parts.heuristic_bot(lookup(game))
    return parts.heuristic_bot(lookup(game)) if base == "heuristic" else None


def parse_style(text: str) -> dict[str, Any]:
    """``prefer=flashy:risk=0.8`` -> {"prefer": "flashy", "risk": 0.8}."""
    style: dict[str, Any] = {}
    for part in filter(None, text.split(":")):
        key, sep, value = part.partition("=")
        if not sep:
            raise UsageError(f"Bot style '{part}' should be key=value.", ErrorCode.BOT_STYLE)
        style[key] = _number(value)
    return style


def _number(value: str) -> Any:
    for kind in (int, float):
        try:
            return kind(value)
        except ValueError:
            pass
    return None if value == "none" else value
