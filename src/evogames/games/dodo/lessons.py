"""Tough Luck, Dodo's lessons: how mutation and the environment decide who survives, as experiments."""

from __future__ import annotations

from evogames.kit.lesson import Arm, LabSetup, Lesson, Term

# the six poorest and the six richest environment cards of the box (2-3 and 6-8 resources), for 2 players
POOR = ["E01", "E02", "E03", "E04", "E05", "E08"]
RICH = ["E13", "E14", "E15", "E16", "E17", "E18"]


def _grid(label: str, cards: list[str]) -> Arm:
    return Arm(label, {"environments": cards}, "heuristic,random")


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "rich_feeds_more",
        "Rich environments feed more creatures than poor ones.",
        "Two players (heuristic vs random) on a grid of the six poorest cards (2-4 resources) or the six richest "
        "(6-8). Metric: meals eaten per seat over the game. Effect = rich minus poor, for the heuristic seat; "
        "expected positive.",
        (_grid("poor grid", POOR), _grid("rich grid", RICH)),
        (Term(1, "rich grid", "heuristic"), Term(-1, "poor grid", "heuristic")),
        "fed", 1, players=2,
    ),
    Lesson(
        "specialists_capture_rich",
        "Capturing a rich environment takes a more specialised creature (more mutations) than a poor one.",
        "Same two grids. Metric: the mutations of a capturing creature, per capture (the mutations of the creatures "
        "a seat captured with over its captures, pooled over the games: a sum would grow with the number of "
        "captures too). Effect = rich minus poor for the heuristic seat; expected positive: exact fits for big "
        "cards need long creatures.",
        (_grid("poor grid", POOR), _grid("rich grid", RICH)),
        (Term(1, "rich grid", "heuristic"), Term(-1, "poor grid", "heuristic")),
        "mutations_at_capture", 1, players=2, per="captures",
    ),
)

LAB = LabSetup(lessons=LESSONS)
