"""Adapt or Die's options: the rulebook's variants, a safety limit and scripted piles."""

from __future__ import annotations

from evogames.core.options import Option, presented

LABELS = {
    "habitats_per_player": "Habitats each player needs",
    "creatures": "How creatures are dealt",
    "scoring": "How the game is scored",
    "shared_habitats": "Shared habitats (variant)",
    "board": "Board size",
    "max_rounds": "Round limit",
    "creature_order": "Scripted creature pile",
    "habitat_order": "Scripted habitat mats",
    "randomizer_order": "Scripted randomizer cards",
}
# demonstrations and the lab, not the rulebook's variants: under 'Advanced' in the lobby
ADVANCED = {
    "board", "creature_order", "habitat_order", "max_rounds", "randomizer_order",
}
# scripted piles: whoever sets them knows what is dealt (the teacher's, for demonstrations)
TEACHER_ONLY = {"creature_order", "habitat_order", "randomizer_order"}

OPTIONS: tuple[Option, ...] = presented((
    Option("habitats_per_player", "int", 4,
           "NICHE cards each player must end with (the rulebook says 4; variants 3 or 5; "
           "the shared-habitats variant plays best with 5 or 6).", minimum=3, maximum=6),
    Option("creatures", "choice", "draw",
           "Draw creatures face down (normal) or let each player choose one (variant).",
           choices=("draw", "choose")),
    Option("scoring", "choice", "unfit",
           "Lowest total unfit score wins (normal), or extinction: a habitat score over 8 is an "
           "extinction and the fewest extinctions win (variant).", choices=("unfit", "extinction")),
    Option("shared_habitats", "bool", False,
           "Variant: when one player selects a habitat everyone receives it and selects an "
           "adaptation; the best fit in the most habitats wins."),
    Option("board", "choice", "auto",
           "One board (8 places) or the double board (12 places); auto uses the double board "
           "with 5 or more habitats per player and 3 or more players, as the rulebook suggests "
           "(not with shared habitats: 5 or 6 fit one board).",
           choices=("auto", "single", "double")),
    Option("max_rounds", "int", 60,
           "A safety limit on rounds of turns (not in the rulebook): the game is scored then, "
           "a missing niche counting as the worst fit (20).", minimum=1, maximum=1000),
    Option("creature_order", "list", [],
           "Scripted creature pile for demonstrations: these creatures are dealt first, in order "
           "(* = one drawn at random from the rest)."),
    Option("habitat_order", "list", [],
           "Scripted HABITAT MAT pile: these mats are drawn first, in order."),
    Option("randomizer_order", "list", [],
           "Scripted randomizer pile: these cards are laid on the first mats, in order."),
), LABELS, ADVANCED, TEACHER_ONLY)
