"""What the lab reads: stats() per docs/adding-a-game.md, and the lessons' metrics exist."""

from __future__ import annotations

from evogames import Match
from evogames.core.rng import Rng
from evogames.sim.lessons import lessons_for
from tests.games.phylo.helpers import match, oil_spill_the_bluestem, put, spend


def finished(seed: int = 3) -> Match:
    m = Match("phylo", 2, seed=seed, options={"call_your_bluff": True})
    rng = Rng(seed)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    return m


def test_stats_give_rounds_seat_tallies_history_and_cascades() -> None:
    m = finished()
    stats = m.stats()
    assert stats["rounds"] == m.state.turn and len(stats["history"]) == m.state.turn
    for row in stats["seats"]:
        assert {"points", "lost_to_cascades", "cascade_loss_rate", "links_per_species", "points_producer",
                "points_herbivore", "points_omnivore", "points_carnivore", "lost_event"} <= set(row)
        assert row["points"] == sum(row[f"points_{g}"] for g in ("producer", "herbivore", "omnivore", "carnivore"))
    assert all(isinstance(size, int) and size > 0 for size in stats["cascades"])


def test_cascade_sizes_are_recorded() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "European Rabbit", (-1, -1))
    put(m, 0, "Gray Wolf", (-1, -2))
    oil_spill_the_bluestem(m)
    spend(m, 0, 3)
    assert m.stats()["cascades"] == [2]
    assert m.stats()["seats"][0]["lost_to_cascades"] == 2


def test_the_lessons_read_seat_columns_the_game_fills() -> None:
    lessons = lessons_for("phylo")
    assert lessons and all(lesson.players == 2 for lesson in lessons)
    columns = set(finished().stats()["seats"][0])
    assert all(lesson.metric in columns for lesson in lessons)
    for lesson in lessons:
        for arm in lesson.arms:
            Match("phylo", 2, seed=1, options=dict(arm.options))  # the arms' options are valid
