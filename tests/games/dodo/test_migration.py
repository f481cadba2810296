"""Migration (seed l.47-49): three rounds, clockwise from the active player, one edge-adjacent move each."""

from __future__ import annotations

import pytest

from evogames import IllegalAction
from tests.games.dodo.helpers import alive, pass_migration, pass_tokens, put, table, where


def test_rule_migration_three_rounds_clockwise_from_active() -> None:
    """Seed l.49: from the active player clockwise, each may move one creature; repeat three times."""
    m, _ = table(2, [(0, "G", "E02"), (0, "G", "E02"), (0, "G", "E02"), (1, "G", "E04"), (1, "G", "E04"),
                     (1, "G", "E04")], first=1)
    pass_tokens(m)
    seen = []
    while m.view(None)["phase"] == "migration":
        seat, rnd = m.to_act[0], m.view(None)["migration_round"]
        seen.append((rnd, seat))
        m.act(seat, m.legal(seat)[0])
        if m.view(None)["pending"]:
            m.act(seat, m.legal(seat)[0])
    assert seen == [(1, 1), (1, 0), (2, 1), (2, 0), (3, 1), (3, 0)]


def test_rule_migration_only_to_an_edge_adjacent_environment() -> None:
    """Seed l.49: into an environment sharing an edge with the one it is in (no diagonals)."""
    m, (c,) = table(2, [(0, "Y", "E01")], first=0)
    pass_tokens(m)
    m.act(0, {"type": "migrate", "creature": c})
    assert m.legal(0) == [{"type": "migrate", "environment": "E02"}, {"type": "migrate", "environment": "E04"},
                          {"type": "cancel"}]
    with pytest.raises(IllegalAction, match="Hydrothermal vent cannot be chosen: a creature migrates to an "
                       "environment sharing an edge"):
        m.act(0, {"type": "migrate", "environment": "E05"})
    m.act(0, {"type": "migrate", "environment": "E04"})
    assert where(m, c) == "E04"


def test_rule_a_creature_migrates_at_most_once_per_turn() -> None:
    """Seed l.49: a creature may only be moved once in this way in a turn."""
    m, (c, other, _) = table(2, [(0, "R", "E01"), (0, "G", "E02"), (1, "G", "E06")], first=0)
    pass_tokens(m)
    m.act(0, {"type": "migrate", "creature": c})
    m.act(0, {"type": "migrate", "environment": "E02"})
    m.act(1, {"type": "pass"})
    assert m.view(None)["migration_round"] == 2 and m.to_act == [0]
    assert {"type": "migrate", "creature": c} not in m.legal(0)
    with pytest.raises(IllegalAction, match=f"Creature {c} cannot be chosen"):
        m.act(0, {"type": "migrate", "creature": c})
    m.act(0, {"type": "migrate", "creature": other})
    m.act(0, {"type": "migrate", "environment": "E03"})
    assert where(m, other) == "E03" and where(m, c) == "E02"


def test_rule_captured_environment_blocks_migration() -> None:
    """Seed l.63: no creatures may move through (or into) a captured environment."""
    m, (captor, walker, _) = table(2, [(0, "RY", "E01"), (1, "G", "E02"), (1, "G", "E06")], first=0)
    pass_tokens(m)
    pass_migration(m)
    assert m.view(None)["environments"][0]["captured_by"] == 0
    pass_tokens(m)
    walker_moves = [a for a in m.legal(m.to_act[0]) if a.get("creature") == walker]
    assert walker_moves, "the Alpine meadow creature can still move"
    seat = m.to_act[0]
    m.act(seat, {"type": "migrate", "creature": walker})
    assert {"type": "migrate", "environment": "E01"} not in m.legal(seat)
    with pytest.raises(IllegalAction, match="never into a captured one"):
        m.act(seat, {"type": "migrate", "environment": "E01"})
    assert alive(m, captor)


def test_ruling_relocated_creature_may_still_migrate() -> None:
    """R 8: Relocation is not Migration: a Relocated creature may still migrate that turn."""
    m, (c,) = table(2, [(0, "R", "E01")], first=0)
    put(m.state, 1, "G", "E02")
    m.act(0, {"type": "token", "token": "relocation"})
    m.act(0, {"type": "relocation", "creature": c})
    m.act(0, {"type": "relocation", "environment": "E06"})
    pass_tokens(m)
    m.act(0, {"type": "migrate", "creature": c})
    m.act(0, {"type": "migrate", "environment": "E03"})
    assert where(m, c) == "E03"


def test_a_player_with_nothing_to_move_is_not_asked() -> None:
    m, _ = table(2, [(1, "G", "E02")], first=0)
    pass_tokens(m)
    assert m.to_act == [1] and m.view(None)["migration_round"] == 1
