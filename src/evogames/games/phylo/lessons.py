"""Phylo's lessons: the game's claim about food webs ("biodiversity ... is really good at safe-guarding
against such things", seed l.7) turned into experiments."""

from __future__ import annotations

from evogames.kit.lesson import Arm, LabSetup, Lesson, Term

FEW = "heuristic:redundancy=0"
MANY = "heuristic:redundancy=4"
RAIDER = "heuristic:aggression=3"  # plays events on the other ecosystem's weak points
# the raider (seat 2) plays an event-heavy deck (games/phylo/data/decks/raider.txt)
RAIDS: dict[str, object] = {"deck_p2": ["@raider"]}


def _arms() -> tuple[Arm, Arm]:
    return (Arm("few links", RAIDS, f"{FEW},{RAIDER}"), Arm("many links", RAIDS, f"{MANY},{RAIDER}"))


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "connected_ecosystems_lose_fewer_species",
        "More connected ecosystems lose fewer species to cascades after events.",
        f"The same builder (random deck) faces an event-playing opponent ({RAIDER}) with an event-heavy deck "
        "(16 events of 24); in one arm it places species without "
        f"caring for extra links ({FEW}), in the other it seeks several links per species ({MANY}). Metric: "
        "the share of the species it played that it lost because their links broke (removed at the end of a "
        "reaction turn, or in the cascade that followed). Effect = many links minus few links; expected negative.",
        _arms(),
        (Term(1, "many links", MANY), Term(-1, "few links", FEW)),
        "cascade_loss_rate", -1, players=2,
    ),
    Lesson(
        "redundancy_builds_more_links",
        "A builder that seeks redundant links ends with more links per species (the manipulation check).",
        "Same two arms; metric: mean number of compatible links of the builder's species at the end. "
        "Effect = many links minus few links; expected positive.",
        _arms(),
        (Term(1, "many links", MANY), Term(-1, "few links", FEW)),
        "links_per_species", 1, players=2,
    ),
)

LAB = LabSetup(lessons=LESSONS)
