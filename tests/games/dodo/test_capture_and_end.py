"""Capture (seed l.61-64), Reproduction (l.66-68) and the end of the game (l.70)."""

from __future__ import annotations

from evogames.games.dodo.events import Birth
from evogames.games.dodo.state import T
from tests.games.dodo.helpers import (
    alive,
    creature,
    pass_migration,
    pass_tokens,
    result,
    table,
    to_next_turn,
    where,
)


def test_rule_single_creature_eating_everything_captures() -> None:
    """Seed l.63: a single creature that consumes all of the available resources captures the environment."""
    m, (captor, other) = table(2, [(0, "RY", "E01"), (1, "G", "E02")], first=0)
    to_next_turn(m)
    flat = m.view(None)["environments"][0]
    assert flat["captured_by"] == 0 and flat["captor"] == captor
    assert creature(m, captor)["captured"] is True  # type: ignore[index]
    assert m.view(None)["players"][0]["captures"] == 1
    assert any(e["kind"] == "capture" for e in m.log)
    meadow = m.view(None)["environments"][1]
    assert meadow["captured_by"] is None, "G ate one of two greens: not everything"
    assert alive(m, other)


def test_rule_capture_even_under_famine() -> None:
    """Seed l.64: an environment can be captured under Famine: covered squares are not available."""
    m, (_gg, _) = table(2, [(0, "GG", "E06"), (1, "G", "E02")], first=1)
    m.act(1, {"type": "token", "token": "famine"})
    m.act(1, {"type": "famine", "environment": "E06"})
    m.act(1, {"type": "famine", "resources": ["red", "yellow"]})
    to_next_turn(m)
    assert m.view(None)["environments"][5]["captured_by"] == 0
    assert "(even under Famine)" in next(e["text"] for e in m.log if e["kind"] == "capture")


def test_rule_captor_no_longer_migrates_consumes_or_reproduces() -> None:
    """Seed l.63: the capturing creature no longer migrates, consumes or reproduces."""
    m, (captor, _) = table(2, [(0, "RY", "E01"), (1, "G", "E06")], first=0)
    to_next_turn(m)
    births = [e["text"] for e in m.log if e["kind"] == "birth"]
    assert not any(f"#{captor} " in b for b in births), "no child for the captor"
    pass_tokens(m)
    assert m.to_act == [1], "the captor is not asked to migrate"
    pass_migration(m)
    meals = [e["text"] for e in m.log if e["kind"] in ("eat", "starve")]
    assert sum(f"#{captor} " in t for t in meals) == 1, "it ate once: the turn it captured"
    assert alive(m, captor)


def test_ruling_captor_is_out_of_play() -> None:
    """R 6: a captor cannot be given Competitive Advantage or be Relocated."""
    m, (captor, mine, _) = table(2, [(0, "RY", "E01"), (0, "G", "E02"), (1, "G", "E06")], first=0)
    to_next_turn(m)
    seat = m.to_act[0]
    m.act(seat, {"type": "token", "token": "relocation"})
    assert {"type": "relocation", "creature": captor} not in m.legal(seat)
    m.act(seat, {"type": "cancel"})
    if seat == 0:
        m.act(0, {"type": "token", "token": "advantage"})
        assert {"type": "advantage", "creature": captor} not in m.legal(0)
        assert alive(m, mine)


def test_ruling_captured_environment_takes_no_famine_and_no_creatures() -> None:
    """R 5: a flipped card shows no resources: no Famine there, no creature Relocated into it."""
    m, (captor, walker, _) = table(2, [(0, "RY", "E01"), (1, "G", "E06"), (1, "G", "E02")], first=0)
    to_next_turn(m)
    seat = m.to_act[0]
    m.act(seat, {"type": "token", "token": "famine"})
    assert {"type": "famine", "environment": "E01"} not in m.legal(seat)
    m.act(seat, {"type": "cancel"})
    m.act(seat, {"type": "token", "token": "relocation"})
    m.act(seat, {"type": "relocation", "creature": walker})
    assert {"type": "relocation", "environment": "E01"} not in m.legal(seat)
    assert alive(m, captor)


def test_rule_every_creature_that_ate_has_a_child_with_one_extra_mutation() -> None:
    """Seed l.68: a child identical to its parent plus one mutation of the die's colour, in its square."""
    m, (parent, _) = table(2, [(0, "R", "E06"), (1, "G", "E02")], first=0)
    to_next_turn(m)
    births = [e for e in m.state.events if isinstance(e, Birth) and e.parent == parent]
    assert len(births) == 1
    child = creature(m, births[0].child)
    assert child is not None and child["environment"] == "E06" and child["owner"] == 0
    face = births[0].rolls[-1]
    assert child["mutations"] == ["red", ["red", "red", "yellow", "yellow", "green", "green"][face - 1]]
    assert m.state.tally[0][T["born"]] == 1


def test_ruling_captor_does_not_reproduce() -> None:
    """R 12: Capture comes before Reproduction, and a captor no longer reproduces."""
    m, (captor, _) = table(2, [(0, "GG", "E02"), (1, "G", "E06")], first=0)
    to_next_turn(m)
    assert m.state.tally[0][T["born"]] == 0 and m.state.tally[1][T["born"]] == 1
    assert len([c for c in m.view(None)["creatures"] if c["owner"] == 0]) == 1 and alive(m, captor)


def test_ruling_captures_in_one_phase_happen_together() -> None:
    """R 11: all captures of one Consumption phase count; two at once end the game at once."""
    m, _ = table(2, [(0, "RY", "E01"), (0, "GG", "E02"), (1, "G", "E06")], first=0)
    to_next_turn(m)
    assert m.over and m.result is not None
    assert result(m)["scores"] == [2, 0] and result(m)["winners"] == [0] and result(m)["end"] == "captures"


def test_rule_two_captures_end_the_game() -> None:
    """Seed l.70: if at the end of Consumption a player has captured two environments, the game is over."""
    m, (_, ygg, _) = table(2, [(0, "RY", "E01"), (0, "YGG", "E06"), (1, "G", "E02")], first=1)
    to_next_turn(m)
    assert not m.over and m.view(None)["players"][0]["captures"] == 1 and m.view(None)["active"] == 0
    m.act(0, {"type": "token", "token": "relocation"})
    m.act(0, {"type": "relocation", "creature": ygg})
    m.act(0, {"type": "relocation", "environment": "E04"})
    while not m.over:
        m.act(m.to_act[0], {"type": "pass"})
    kinds = [e["kind"] for e in m.log]
    last = len(kinds) - 1 - kinds[::-1].index("consumption")
    assert m.result is not None and result(m)["scores"] == [2, 0] and result(m)["winners"] == [0]
    assert result(m)["rounds"] == 2 and "birth" not in kinds[last:], "no Reproduction after the ending Consumption"


def test_rule_most_captures_wins_ties_by_creatures_on_board() -> None:
    """Seed l.70: most captured environments wins; a tie goes to the most creatures on the board."""
    m, _ = table(2, [(0, "RY", "E01"), (0, "GG", "E02"), (0, "R", "E06"),
                     (1, "RRY", "E03"), (1, "YGG", "E04")], first=0)
    to_next_turn(m)
    assert m.result is not None and result(m)["scores"] == [2, 2]
    assert result(m)["creatures"] == [3, 2] and result(m)["winners"] == [0] and result(m)["tie_break"] == "creatures"


def test_ruling_captors_count_as_creatures_on_the_board() -> None:
    """R 13: the capturing creatures stay on the board, so they count in the tie-break."""
    m, _ = table(2, [(0, "RY", "E01"), (0, "GG", "E02"), (1, "RRY", "E03"), (1, "YGG", "E04"),
                     (1, "R", "E06")], first=0)
    to_next_turn(m)
    assert m.result is not None and result(m)["creatures"] == [2, 3] and result(m)["winners"] == [1]


def test_ruling_a_full_tie_is_shared() -> None:
    """R 13: same captures and same creatures on the board: both win."""
    m, _ = table(2, [(0, "RY", "E01"), (0, "GG", "E02"), (1, "RRY", "E03"), (1, "YGG", "E04")], first=0)
    to_next_turn(m)
    assert m.result is not None and result(m)["winners"] == [0, 1]
    assert "share the win" in next(e["text"] for e in m.log if e["kind"] == "game_over")


def test_ruling_extinction_ends_the_game() -> None:
    """R 15: when every creature in play has starved nobody can capture again: the game ends."""
    m, _ = table(2, [(0, "G", "E05"), (1, "G", "E03")], first=0)
    to_next_turn(m)
    assert m.over and m.result is not None and result(m)["end"] == "extinction"
    assert result(m)["winners"] == [0, 1] and result(m)["reason"] == "no creature was left in play"


def test_ruling_turn_limit_ends_the_game() -> None:
    """R 15: a safety limit (option max_turns) ends the game, scored as usual."""
    m, _ = table(2, [(0, "RY", "E01"), (1, "G", "E06")], first=0, max_turns=1)
    to_next_turn(m)
    assert m.over and m.result is not None and result(m)["end"] == "turn_limit"
    assert result(m)["winners"] == [0] and result(m)["rounds"] == 1


def test_rule_active_player_token_passes_clockwise() -> None:
    """Seed l.37: once all players complete Reproduction, the active token passes clockwise."""
    m, _ = table(3, [(s, "G", env) for s in range(3) for env in ("E07", "E09")], first=2)
    actives = []
    for _ in range(3):
        actives.append(m.view(None)["active"])
        to_next_turn(m)
    assert actives == [2, 0, 1]


def test_rule_the_one_creature_that_ate_everything_captures_though_others_starved_there() -> None:
    """Seed l.63: a bigger creature that starved first eats nothing, so the single eater still captures."""
    m, (big, eater, _) = table(2, [(1, "RRR", "E01"), (0, "RY", "E01"), (1, "G", "E06")], first=0)
    to_next_turn(m)
    assert not alive(m, big)
    flat = m.view(None)["environments"][0]
    assert flat["captured_by"] == 0 and flat["captor"] == eater


def test_rule_most_captures_win_before_creatures_are_counted() -> None:
    """Seed l.70: the most captured environments wins; creatures on the board only break a tie."""
    m, _ = table(2, [(0, "RY", "E01"), (0, "GG", "E02"), (1, "RRY", "E03"),
                     (1, "R", "E05"), (1, "R", "E05"), (1, "R", "E05")], first=0)
    to_next_turn(m)
    assert m.result is not None and result(m)["scores"] == [2, 1] and result(m)["creatures"] == [2, 4]
    assert result(m)["winners"] == [0] and result(m)["tie_break"] is None


def test_ruling_a_player_without_creatures_stays_in_the_game() -> None:
    """R 18: a player whose creatures all starved still plays his tokens, is skipped in Migration, and is scored."""
    m, (gone, theirs) = table(2, [(0, "G", "E05"), (1, "R", "E03")], first=0)
    to_next_turn(m)
    assert not alive(m, gone) and alive(m, theirs) and not m.over
    assert m.view(None)["players"][0]["creatures"] == 0 and m.view(None)["active"] == 1
    m.act(1, {"type": "pass"})
    assert m.to_act == [0], "he is still asked in the Token Phase"
    assert m.legal(0) == [{"type": "token", "token": "famine"}, {"type": "token", "token": "relocation"},
                          {"type": "pass"}], "no creature for Competitive Advantage; Famine and Relocation act"
    m.act(0, {"type": "token", "token": "relocation"})
    m.act(0, {"type": "relocation", "creature": theirs})
    m.act(0, {"type": "relocation", "environment": "E05"})
    assert where(m, theirs) == "E05"
    while m.view(None)["phase"] == "migration":
        assert m.to_act == [1], "nothing of his to migrate: not asked"
        m.act(1, {"type": "pass"})
    m2, _ = table(2, [(0, "G", "E05"), (1, "R", "E03")], first=0, max_turns=1)
    to_next_turn(m2)
    assert m2.result is not None and result(m2)["scores"] == [0, 0] and result(m2)["creatures"] == [0, 2]
    assert result(m2)["winners"] == [1]


def test_log_extinction_with_a_captor_left_does_not_say_every_creature_starved() -> None:
    """Audit point 12: the game ends when no creature is left in play; a captor still sits on
    its environment, so "every creature has starved" would state what did not happen."""
    m, _ = table(2, [(0, "RY", "E01"), (1, "G", "E05")], first=0)
    to_next_turn(m)
    assert m.over and m.result is not None and result(m)["end"] == "extinction"
    assert result(m)["reason"] == "no creature was left in play"
    text = next(e["text"] for e in m.log if e["kind"] == "game_over")
    assert "no creature is left in play (the others starved; 1 sits on captured environments)" in text
    assert "every creature has starved" not in text


def test_log_competitive_advantage_promises_first_pick_not_a_meal() -> None:
    """Audit point 12: Competitive Advantage gives first pick; the creature may still starve."""
    m, (gg, _) = table(2, [(0, "GG", "E01"), (1, "G", "E02")], first=0)
    m.act(0, {"type": "token", "token": "advantage"})
    m.act(0, {"type": "advantage", "creature": gg})
    text = next(e["text"] for e in m.log if e["kind"] == "advantage")
    assert text.endswith("it will have first pick of the resources there this turn.")
    to_next_turn(m)
    assert any(e["kind"] == "starve" and f"#{gg}" in e["text"] for e in m.log)  # Tidal flat has no 2 green
