"""Tough Luck, Dodo's options: scripted set-ups for lessons and tests, and a safety limit."""

from __future__ import annotations

from evogames.core.options import Option, presented

LABELS = {
    "first_player": "Who goes first (-1: at random)",
    "environments": "Scripted environment grid",
    "max_turns": "Turn limit",
}
# demonstrations and the lab, not the rulebook's variants: under 'Advanced' in the lobby
ADVANCED = {
    "environments", "first_player", "max_turns",
}
# a scripted grid replaces the rulebook's random deal: a demonstration setting (the teacher's)
TEACHER_ONLY = {"environments"}

OPTIONS: tuple[Option, ...] = presented((
    Option("first_player", "int", -1,
           "Who takes the Active Player token first (seat 0-3); -1 draws a player at random.",
           minimum=-1, maximum=3),
    Option("environments", "list", [],
           "Scripted grid: environment ids in reading order (6 for 2 players, 9 for 3-4); "
           "empty draws them at random from the 18."),
    Option("max_turns", "int", 60,
           "A safety limit: the game ends after this many turns (most captures wins, ties by creatures).",
           minimum=1, maximum=1000),
), LABELS, ADVANCED, TEACHER_ONLY)
