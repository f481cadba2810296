"""Evolution's lessons: the lab handout's claims about food, predators and parasites as experiments."""

from __future__ import annotations

from evogames.kit.lesson import Arm, LabSetup, Lesson, Term

PLAIN = "heuristic"
NO_PARASITES = "heuristic:parasites=0"
HERBIVORES = "heuristic:carnivores=-9:aggression=0"
CARNIVORES = "heuristic:carnivores=3:aggression=1"


def _table(bot: str) -> str:
    return ",".join([bot] * 4)


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "parasites_starve",
        "Parasites raise their hosts' food need (+2), so more animals starve.",
        f"Four heuristic bots that never play Parasites ({NO_PARASITES}) against four that do ({PLAIN}). "
        "Effect = animals starved per seat, with Parasites minus without. Expected positive.",
        (Arm("no parasites", {}, _table(NO_PARASITES)), Arm("parasites", {}, _table(PLAIN))),
        (Term(1, "parasites", PLAIN), Term(-1, "no parasites", NO_PARASITES)),
        "animals_starved", 1,
    ),
    Lesson(
        "carnivores_lower_survival",
        "Carnivores need more food (+1) and eat other animals: a table with carnivores keeps fewer animals alive.",
        f"Tables of herbivores ({HERBIVORES}: never Carnivorous, never hunt) against tables of hunters "
        f"({CARNIVORES}). Effect = survival rate (share of the animals played that live to the end), "
        "hunters minus herbivores. Expected negative.",
        (Arm("herbivores", {}, _table(HERBIVORES)), Arm("carnivores", {}, _table(CARNIVORES))),
        (Term(1, "carnivores", CARNIVORES), Term(-1, "herbivores", HERBIVORES)),
        "survival_rate", -1,
    ),
    Lesson(
        "scarcity_extinction",
        "Food scarcity increases extinction: rolling the food bank with fewer players' dice starves more animals.",
        "Four heuristic bots; the food bank rolled as for 4 players (2 dice + 2) or as for 2 players "
        "(1 die + 2). Effect = animals starved per seat, scarce minus plenty. Expected positive.",
        (Arm("plenty", {}, _table(PLAIN)), Arm("scarce", {"food_bank_as": 2}, _table(PLAIN))),
        (Term(1, "scarce", PLAIN), Term(-1, "plenty", PLAIN)),
        "animals_starved", 1,
    ),
)

LAB = LabSetup(
    lessons=LESSONS,
    balance_bots="heuristic,heuristic:carnivores=3:aggression=1,heuristic:parasites=0,random",
    balance_arms=(Arm("one deck", {"decks": "one"}),),
)
