"""Bots: they see only their seat's view (with its legal actions) and choose one; the search
levels (``hard``, ``expert``, ``ismcts:...``) reach the state only through the game's ``determinize``."""

from __future__ import annotations

from evogames.bots.levels import bot_action, bot_names, level_names, make_bot, table_levels
from evogames.kit.bot import Bot

__all__ = ["Bot", "bot_action", "bot_names", "level_names", "make_bot", "table_levels"]
