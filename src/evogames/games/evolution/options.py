"""Evolution's options: one or two decks, and scripting for demonstrations and tests."""

from __future__ import annotations

from evogames.core.options import Option, presented

LABELS = {
    "decks": "How many card decks",
    "deck_order": "Scripted deck",
    "dice": "Scripted dice",
    "first_player": "Who goes first (-1: everyone rolls)",
    "food_bank_as": "Food as for this many players",
    "max_turns": "Turn limit",
}
# demonstrations and the lab, not the rulebook's variants: under 'Advanced' in the lobby
ADVANCED = {
    "deck_order", "dice", "first_player", "food_bank_as", "max_turns",
}
# a scripted deck and scripted dice: whoever sets them knows what is drawn and rolled (the teacher's)
TEACHER_ONLY = {"deck_order", "dice"}

OPTIONS: tuple[Option, ...] = presented((
    Option("decks", "choice", "auto",
           "How many base decks are mixed: auto (one for 2-4 players, two for 5-8), one or two.",
           choices=("auto", "one", "two")),
    Option("deck_order", "list", [],
           "Scripted deck for demonstrations: these card ids come off the top first, in this order "
           "(6 for the first seat, then 6 for the next, ...), the rest shuffled below."),
    Option("dice", "list", [],
           "Scripted die faces (1-6) used, in order, before the random ones: the first-player roll, "
           "the food bank, Running, tie-breaks."),
    Option("first_player", "int", -1, "The first player's seat; -1: everyone rolls a die, the highest starts.",
           minimum=-1, maximum=7),
    Option("food_bank_as", "int", 0,
           "Lab variant: roll the food bank as for this many players (0: the real number of players); "
           "fewer players' dice mean scarcer food.", minimum=0, maximum=8),
    Option("max_turns", "int", 60, "A safety limit: the game ends after this many turns.",
           minimum=1, maximum=500),
), LABELS, ADVANCED, TEACHER_ONLY)
