"""Adapt or Die's lessons: fit and adaptation as experiments.

The rulebook's own question (the issue): does a specialist creature beat GENERIC? One
seat (a tagged but otherwise plain heuristic bot) gets GENERIC in one arm and a random
specialist in the other; everything else is the same. Then: does forcing bad NICHEs on
the leader (``spite``) pay?
"""

from __future__ import annotations

from evogames.kit.lesson import Arm, LabSetup, Lesson, Term

TAGGED = "heuristic:spite=0.25"  # plays exactly like "heuristic"; the name marks the studied seat
PLAIN = "heuristic"
TABLE = f"{TAGGED},{PLAIN},{PLAIN},{PLAIN}"
GENERIC_SEAT: dict[str, object] = {"creature_order": ["C16"]}  # the studied seat is dealt GENERIC
SPECIALIST_SEAT: dict[str, object] = {"creature_order": ["*", "*", "*", "C16"]}  # it is dealt a random specialist
SPITEFUL = "heuristic:spite=1.5"
KIND = "heuristic:spite=0"

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "specialist_vs_generic",
        "A specialist creature ends less fit (a higher unfit score) than GENERIC.",
        f"Four heuristic bots; the studied seat ({TAGGED}) is dealt GENERIC (3 in every feature) in one arm "
        "and a random specialist in the other (GENERIC then sits elsewhere). Effect = its final unfit score, "
        "specialist minus GENERIC. Expected positive: far from home a specialist's extreme features cost up "
        "to 4 a feature, GENERIC's never more than 2.",
        (Arm("GENERIC", GENERIC_SEAT, TABLE), Arm("specialist", SPECIALIST_SEAT, TABLE)),
        (Term(1, "specialist", TAGGED), Term(-1, "GENERIC", TAGGED)),
        "unfit", 1,
    ),
    Lesson(
        "specialist_wins_less",
        "A specialist creature wins less often than GENERIC.",
        "The same two arms; effect = the studied seat's win rate, specialist minus GENERIC. Expected negative.",
        (Arm("GENERIC", GENERIC_SEAT, TABLE), Arm("specialist", SPECIALIST_SEAT, TABLE)),
        (Term(1, "specialist", TAGGED), Term(-1, "GENERIC", TAGGED)),
        "win", -1,
    ),
    Lesson(
        "forcing_bad_niches",
        "Forcing bad NICHEs on the leader pays.",
        f"A spiteful bot ({SPITEFUL}) and a kind one ({KIND}, never weighs the harm) share every table. "
        "Effect = win rate, spiteful minus kind. Expected positive.",
        (Arm("mixed", {}, f"{SPITEFUL},{KIND},{SPITEFUL},{KIND}"),),
        (Term(1, "mixed", SPITEFUL), Term(-1, "mixed", KIND)),
        "win", 1,
    ),
)

LAB = LabSetup(lessons=LESSONS)
