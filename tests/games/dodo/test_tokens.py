"""Token Phase (seed l.39-45): Competitive Advantage, Famine, Relocation, once per game each."""

from __future__ import annotations

import pytest

from evogames import IllegalAction, Match
from evogames.games.dodo.flow import advance
from tests.games.dodo.helpers import GRID3, alive, pass_migration, table, to_next_turn, where


def test_rule_token_phase_goes_clockwise_from_active_player_one_token_each() -> None:
    """Seed l.41: each player, from the active player clockwise, may play up to one token."""
    m, _ids = table(3, [(0, "G", "E07"), (1, "G", "E07"), (2, "Y", "E09")], GRID3, first=1)
    seen = []
    while m.view(None)["phase"] == "token":
        seat = m.to_act[0]
        seen.append(seat)
        m.act(seat, {"type": "token", "token": "advantage"})
        m.act(seat, m.legal(seat)[0])
    assert seen == [1, 2, 0]
    assert all(not m.view(None)["players"][s]["tokens"]["advantage"] for s in range(3))
    assert m.view(None)["phase"] == "migration"


def test_rule_a_used_token_is_flipped_and_never_used_again() -> None:
    """Seed l.41: once used, a token is flipped over for the rest of the game."""
    m, _ = table(2, [(0, "G", "E06"), (1, "G", "E06"), (0, "R", "E03"), (1, "Y", "E03")], first=0)
    m.act(0, {"type": "token", "token": "famine"})
    m.act(0, {"type": "famine", "environment": "E05"})
    m.act(0, {"type": "famine", "resources": ["red", "red"]})
    assert m.view(0)["hand"]["tokens"]["famine"] is False
    to_next_turn(m)
    assert m.view(None)["turn"] == 2
    pass_tokens_until(m, 0)
    assert {"type": "token", "token": "famine"} not in m.legal(0)
    with pytest.raises(IllegalAction, match="used: each token is played once per game"):
        m.act(0, {"type": "token", "token": "famine"})


def pass_tokens_until(m: Match, seat: int) -> None:
    while m.to_act[0] != seat:
        m.act(m.to_act[0], {"type": "pass"})


def test_rule_competitive_advantage_eats_before_any_other() -> None:
    """Seed l.43/58: the creature with Competitive Advantage consumes first, even against more mutations."""
    m, (small, big) = table(2, [(0, "R", "E05"), (1, "RRR", "E05")], first=1)
    m.act(1, {"type": "pass"})
    m.act(0, {"type": "token", "token": "advantage"})
    m.act(0, {"type": "advantage", "creature": small})
    pass_migration(m)
    assert alive(m, small) and not alive(m, big)


def test_rule_two_competitive_advantages_tie_by_normal_order() -> None:
    """Seed l.53: among creatures with Competitive Advantage, the normal order (most mutations) decides."""
    m, (two, one, three) = table(2, [(0, "RR", "E05"), (1, "R", "E05"), (1, "RRR", "E05")], first=0)
    m.act(0, {"type": "token", "token": "advantage"})
    m.act(0, {"type": "advantage", "creature": two})
    m.act(1, {"type": "token", "token": "advantage"})
    m.act(1, {"type": "advantage", "creature": one})
    pass_migration(m)
    eats = [e["text"] for e in m.log if e["kind"] == "eat"]
    assert f"#{two} " in eats[0] and f"#{one} " in eats[1] and not alive(m, three)
    assert alive(m, two) and alive(m, one)


def test_ruling_advantage_only_under_your_own_creature() -> None:
    """R 3: Relocation says 'not necessarily your own'; Competitive Advantage goes under your own."""
    m, (mine, theirs) = table(2, [(0, "R", "E05"), (1, "R", "E05")], first=0)
    m.act(0, {"type": "token", "token": "advantage"})
    assert m.legal(0) == [{"type": "advantage", "creature": mine}, {"type": "cancel"}]
    with pytest.raises(IllegalAction, match=f"Creature {theirs} cannot be chosen"):
        m.act(0, {"type": "advantage", "creature": theirs})


def test_rule_famine_covers_two_resources_for_the_turn() -> None:
    """Seed l.44: two resources of one environment are covered for the turn; nobody eats them."""
    m, (flat, marsh) = table(2, [(0, "R", "E01"), (1, "R", "E06")], first=1)
    m.act(1, {"type": "token", "token": "famine"})
    m.act(1, {"type": "famine", "environment": "E01"})
    assert {"type": "famine", "resources": ["red", "yellow"]} in m.legal(1)
    m.act(1, {"type": "famine", "resources": ["yellow", "red"]})
    env = m.view(None)["environments"][0]
    assert env["covered"] == {"red": 1, "yellow": 1, "green": 0} and env["available"]["red"] == 0
    m.act(0, {"type": "pass"})
    pass_migration(m)
    assert not alive(m, flat) and alive(m, marsh)
    assert m.view(None)["environments"][0]["covered"] == {"red": 0, "yellow": 0, "green": 0}


def test_ruling_famine_needs_two_uncovered_resources() -> None:
    """R 4: Famine covers two uncovered squares; a second Famine may cover two more of the same card."""
    m, _ = table(3, [(0, "G", "E07"), (1, "G", "E07"), (2, "G", "E07")], GRID3, first=0)
    for seat in (0, 1):
        m.act(seat, {"type": "token", "token": "famine"})
        m.act(seat, {"type": "famine", "environment": "E06"})
        m.act(seat, m.legal(seat)[0])
    assert sum(m.view(None)["environments"][5]["covered"].values()) == 4  # Salt marsh: all four covered
    m.act(2, {"type": "token", "token": "famine"})
    assert {"type": "famine", "environment": "E06"} not in m.legal(2)
    with pytest.raises(IllegalAction, match="Salt marsh cannot be chosen: Famine needs two uncovered"):
        m.act(2, {"type": "famine", "environment": "E06"})
    m.act(2, {"type": "famine", "environment": "E05"})
    with pytest.raises(IllegalAction, match="red\\+red, not \\['green', 'green'\\]"):
        m.act(2, {"type": "famine", "resources": ["green", "green"]})


def test_rule_relocation_moves_any_creature_to_any_environment() -> None:
    """Seed l.45: any creature (not necessarily your own) to any environment, adjacent or not."""
    m, (mine, theirs) = table(2, [(0, "R", "E01"), (1, "G", "E01")], first=0)
    m.act(0, {"type": "token", "token": "relocation"})
    m.act(0, {"type": "relocation", "creature": theirs})
    assert len(m.legal(0)) == 6  # five other environments, and cancel
    m.act(0, {"type": "relocation", "environment": "E06"})
    assert where(m, theirs) == "E06" and where(m, mine) == "E01"


def test_rule_relocated_creature_cannot_be_relocated_again_this_token_phase() -> None:
    """Seed l.45: that creature may not be Relocated again during this Token Phase."""
    m, (mine, theirs) = table(2, [(0, "R", "E01"), (1, "G", "E01")], first=0)
    m.act(0, {"type": "token", "token": "relocation"})
    m.act(0, {"type": "relocation", "creature": theirs})
    m.act(0, {"type": "relocation", "environment": "E06"})
    m.act(1, {"type": "token", "token": "relocation"})
    assert {"type": "relocation", "creature": theirs} not in m.legal(1)
    with pytest.raises(IllegalAction, match="already Relocated"):
        m.act(1, {"type": "relocation", "creature": theirs})
    m.act(1, {"type": "relocation", "creature": mine})
    m.act(1, {"type": "relocation", "environment": "E02"})
    assert where(m, mine) == "E02"


def test_ruling_token_choice_can_be_cancelled() -> None:
    """R 7: a token is picked up, then its target chosen; until then it can be put back unused."""
    m, _ = table(2, [(0, "R", "E01"), (1, "G", "E01")], first=0)
    m.act(0, {"type": "token", "token": "famine"})
    assert m.view(None)["pending"] == {"kind": "famine", "seat": 0}
    with pytest.raises(IllegalAction, match="already hold Famine"):
        m.act(0, {"type": "token", "token": "relocation"})
    with pytest.raises(IllegalAction, match="Finish or cancel"):
        m.act(0, {"type": "pass"})
    m.act(0, {"type": "cancel"})
    assert m.view(0)["hand"]["tokens"]["famine"] and m.to_act == [0] and m.view(None)["pending"] is None
    m.act(0, {"type": "pass"})
    assert m.to_act == [1]


def test_a_player_without_a_usable_token_is_not_asked() -> None:
    m, _ = table(2, [(1, "G", "E01")], first=0)
    m.state.tokens[0] = [False, False, False]
    advance(m.state)
    assert m.to_act == [1]
    m.act(1, {"type": "pass"})
    assert m.view(None)["phase"] == "migration"


def test_rule_two_competitive_advantages_of_the_same_size_go_to_the_active_player_first() -> None:
    """Seed l.43/58: Competitive Advantage ties are broken by the normal order, so by seat too."""
    m, (mine, active) = table(2, [(0, "R", "E01"), (1, "R", "E01")], first=1)
    m.act(1, {"type": "token", "token": "advantage"})
    m.act(1, {"type": "advantage", "creature": active})
    m.act(0, {"type": "token", "token": "advantage"})
    m.act(0, {"type": "advantage", "creature": mine})
    pass_migration(m)
    assert alive(m, active) and not alive(m, mine)


def test_ruling_competitive_advantage_stays_with_a_relocated_creature() -> None:
    """R 17: the token lies under its creature; Relocated later that Token Phase, it still eats first."""
    m, (small, big) = table(2, [(0, "R", "E01"), (1, "RR", "E03")], first=0)
    m.act(0, {"type": "token", "token": "advantage"})
    m.act(0, {"type": "advantage", "creature": small})
    m.act(1, {"type": "token", "token": "relocation"})
    m.act(1, {"type": "relocation", "creature": small})
    m.act(1, {"type": "relocation", "environment": "E03"})
    pass_migration(m)
    assert where(m, small) == "E03" and alive(m, small) and not alive(m, big)
