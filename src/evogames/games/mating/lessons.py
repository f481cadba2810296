"""The Mating Game's lessons: the rulebook's "LEARNING WITH THE GAME" answers as experiments."""

from __future__ import annotations

from evogames.kit.lesson import Arm, LabSetup, Lesson, Term

FLASHY_HIGH = "heuristic:prefer=flashy:invest=high:risk=1"
FLASHY_LOW = "heuristic:prefer=flashy:invest=low"
FLASHY = "heuristic:prefer=flashy"
COMBAT = "heuristic:prefer=combat"
SAVER = "heuristic:save_below=4"
SPENDER = "heuristic:save_below=0"
# Environment cards with Predators (E03 E04 E05 E10 E13 E15 E19 E23: 1, E18 E21: 2)
PREDATOR_DECK = ["E03", "E04", "E05", "E10", "E13", "E15", "E18", "E19", "E21", "E23", "E18", "E21"]
# Environment cards with Female Scarcity and no Predator (Food 1-2)
SCARCITY_DECK = ["E06", "E07", "E16", "E20", "E06", "E16", "E07", "E20"]


def _predation(label: str, predation: bool) -> Arm:
    options = {"environment": "custom", "environment_cards": PREDATOR_DECK, "predation": predation}
    return Arm(label, options, f"{FLASHY_HIGH},{COMBAT},{FLASHY_LOW},{COMBAT}")


def _did(bot: str, other: str, base: str, treated: str) -> tuple[Term, ...]:
    """(bot in treated - bot in base) - (other in treated - other in base)."""
    return (Term(1, treated, bot), Term(-1, base, bot), Term(-1, treated, other), Term(1, base, other))


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "predation_flashy",
        "High predation lowers the payoff of high-investment flashy strategies.",
        "Predation is on/off, not an intensity, so both arms play a custom deck made only of Predator "
        "Environments (12 cards, 1-2 Predators each): once with every Predator ignored, once with them hunting. "
        f"Payoff = Offspring per round of the high-investment flashy bot ({FLASHY_HIGH}). "
        "Effect = hunting minus ignored; expected negative.",
        (_predation("predators ignored", False), _predation("predators hunt", True)),
        (Term(1, "predators hunt", FLASHY_HIGH), Term(-1, "predators ignored", FLASHY_HIGH)),
        "score_per_round", -1,
    ),
    Lesson(
        "predation_flashy_relative",
        "Predation hurts high-investment flashy strategies more than low-investment ones.",
        "Same two arms; difference in differences of Offspring per round: high-investment flashy bot minus "
        f"low-investment flashy bot ({FLASHY_LOW}), hunting minus ignored. Expected negative.",
        (_predation("predators ignored", False), _predation("predators hunt", True)),
        _did(FLASHY_HIGH, FLASHY_LOW, "predators ignored", "predators hunt"),
        "score_per_round", -1,
    ),
    Lesson(
        "scarcity_flashy_vs_combat",
        "Female Scarcity hurts flashy strategies more than combat strategies.",
        "Both arms play a custom deck of Female Scarcity Environments (no Predators); one arm ignores the "
        f"Scarcity icons. Difference in differences of Offspring per round: flashy bot ({FLASHY}) minus "
        f"combat bot ({COMBAT}), scarce minus plenty. Expected negative.",
        (Arm("plenty", {"environment": "custom", "environment_cards": SCARCITY_DECK, "female_scarcity": False},
             f"{FLASHY},{COMBAT},{FLASHY},{COMBAT}"),
         Arm("scarce", {"environment": "custom", "environment_cards": SCARCITY_DECK, "female_scarcity": True},
             f"{FLASHY},{COMBAT},{FLASHY},{COMBAT}")),
        _did(FLASHY, COMBAT, "plenty", "scarce"),
        "score_per_round", -1,
    ),
    Lesson(
        "lunch_variable",
        "In the variable environment, saving with Out to Lunch pays more than in the stable one.",
        f"A saver ({SAVER}: Out to Lunch whenever paying would leave under 4 Food) and a spender ({SPENDER}) "
        "share every table. Difference in differences of win rate: saver minus spender, variable deck minus "
        "stable deck. Expected positive.",
        (Arm("stable", {"environment": "stable"}, f"{SAVER},{SPENDER},{SAVER},{SPENDER}"),
         Arm("variable", {"environment": "variable"}, f"{SAVER},{SPENDER},{SAVER},{SPENDER}")),
        _did(SAVER, SPENDER, "stable", "variable"),
        "win", 1,
    ),
    Lesson(
        "combat_risky",
        "Combat strategies are risky: their Offspring vary more.",
        f"Combat bots ({COMBAT}) and flashy bots ({FLASHY}) share stable-deck tables. Effect = standard "
        "deviation of final Offspring, combat seats minus flashy seats. Expected positive.",
        (Arm("stable", {"environment": "stable"}, f"{COMBAT},{FLASHY},{COMBAT},{FLASHY}"),),
        (Term(1, "stable", COMBAT), Term(-1, "stable", FLASHY)),
        "score", 1, stat="sd",
    ),
)

LAB = LabSetup(
    lessons=LESSONS,
    # the balance report: both Environment decks, a mixed table of styles
    balance_bots="heuristic:prefer=combat,heuristic:prefer=flashy,heuristic:prefer=sneaky,heuristic",
    balance_arms=(Arm("environment=stable", {"environment": "stable"}),
                  Arm("environment=variable", {"environment": "variable"})),
    # option names the rulebook's wording suggests: name -> (real option, negate)
    option_aliases={"ignore_predation": ("predation", True), "ignore_female_scarcity": ("female_scarcity", True)},
)
