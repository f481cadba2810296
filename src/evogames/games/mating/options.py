"""The Mating Game's options: the rulebook's five variants and a scripted deck."""

from __future__ import annotations

from evogames.core.options import Option, presented

LABELS = {
    "environment": "Environment deck",
    "environment_cards": "Custom Environment cards (Variant 3)",
    "environment_order": "Custom deck order (Variant 3)",
    "predation": "Predators hunt (Variant 1: untick to ignore them)",
    "female_scarcity": "Female Scarcity (Variant 1: untick to ignore it)",
    "sudden_death": "Sudden death (Variant 4)",
    "sudden_death_safe": "Sudden death: safe top cards",
    "long_life": "Long life (Variant 5)",
    "strategy_order": "Scripted Strategy deck",
    "offspring_to_win": "Offspring needed to win",
    "max_rounds": "Round limit",
}
# demonstrations and the lab, not the rulebook's variants: under 'Advanced' in the lobby
ADVANCED = {
    "environment_cards", "environment_order", "max_rounds", "offspring_to_win", "strategy_order",
    "sudden_death_safe",
}
# scripted or custom decks: whoever sets them knows what is drawn (the teacher's, for demonstrations)
TEACHER_ONLY = {"environment_cards", "environment_order", "strategy_order"}

OPTIONS: tuple[Option, ...] = presented((
    Option("environment", "choice", "stable",
           "Environment deck: core + stable (normal), core + variable (Variant 2), or custom (Variant 3).",
           choices=("stable", "variable", "custom")),
    Option("environment_cards", "list", [],
           "Variant 3: the custom deck, Environment ids in any frequency (e.g. E01,E01,E17)."),
    Option("environment_order", "choice", "shuffled",
           "Variant 3: shuffle the custom deck, or keep it in the given order (seasons).",
           choices=("shuffled", "fixed")),
    Option("predation", "bool", True, "Variant 1: false ignores every Predator icon."),
    Option("female_scarcity", "bool", True, "Variant 1: false ignores every Female Scarcity icon."),
    Option("sudden_death", "bool", False,
           "Variant 4: an extra Environment is shuffled in below the top cards; its round is the last."),
    Option("sudden_death_safe", "int", 3, "Variant 4: how many top cards the marker stays below.",
           minimum=0, maximum=10),
    Option("long_life", "bool", False,
           "Variant 5: no 10-Offspring win; play until the Environment deck is used up."),
    Option("strategy_order", "list", [],
           "Scripted deck for demonstrations: these Strategy ids are dealt first, in this order "
           "(Player 1 gets the first five), the rest shuffled below."),
    Option("offspring_to_win", "int", 10, "Offspring needed to win (the rulebook says 10).",
           minimum=1, maximum=100),
    Option("max_rounds", "int", 60, "A safety limit: the season ends after this many rounds "
           "(not in long life, which ends with the Environment deck).",
           minimum=1, maximum=1000),
), LABELS, ADVANCED, TEACHER_ONLY)
