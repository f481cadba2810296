"""Bots: they see only their seat's view (with its legal actions) and choose one."""

from __future__ import annotations

from evogames.bots.base import bot_names, make_bot
from evogames.kit.bot import Bot

__all__ = ["Bot", "bot_names", "make_bot"]
