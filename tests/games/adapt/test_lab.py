"""What the lab reads: stats per seat (unfit by creature and by bot, NICHEs forced) and the lessons."""

from __future__ import annotations

from evogames import Match
from evogames.core.rng import Rng
from evogames.sim.lessons import lessons_for
from evogames.sim.runner import Lineup


def test_stats_give_unfit_by_creature_and_niches_forced() -> None:
    m = Match("adapt", 4, seed=2, options={"max_rounds": 15})
    rng = Rng(2)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    stats = m.stats()
    assert [row["unfit"] for row in stats["seats"]] == m.result["unfit"]
    assert sum(row["niches_forced"] for row in stats["seats"]) == sum(row["niches_received"] for row in stats["seats"])
    names = m.view(None)["catalog"]["creatures"]
    assert stats["kinds"] == [names[c]["name"] for c in m.state.creatures]  # "win rate by type" = by creature
    assert all(isinstance(v, int) for row in stats["seats"] for v in row.values())
    assert len(stats["history"]) == stats["rounds"] and all(len(h["unfit"]) == 4 for h in stats["history"])


def test_distance_moved_counts_the_spaces_walked_not_the_moves() -> None:
    m = Match("adapt", 3, seed=5)
    m.state.roll = 4
    m.act(0, {"type": "move", "to": "S02"})  # centre -> S01 -> S02: 2 spaces, though the roll was 4
    assert m.stats()["seats"][0]["distance_moved"] == 2


def test_lessons_arms_are_valid_matches_and_name_their_seats() -> None:
    lessons = lessons_for("adapt")
    assert {lesson.key for lesson in lessons} >= {"specialist_vs_generic"}
    for lesson in lessons:
        for arm in lesson.arms:
            m = Match("adapt", lesson.players, seed=1, options=dict(arm.options))
            names = Lineup.parse(arm.bots, lesson.players).names
            assert all(term.bot in names for term in lesson.terms if term.arm == arm.label)
            if arm.label == "GENERIC":
                assert m.state.creatures[0] == "C16"
            if arm.label == "specialist":
                assert m.state.creatures[0] != "C16" and m.state.creatures[3] == "C16"
