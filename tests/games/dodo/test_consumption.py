"""Consumption (seed l.51-59): exact meals or starvation, Competitive Advantage, then most mutations, ties."""

from __future__ import annotations

import pytest

from evogames import IllegalAction
from tests.games.dodo.helpers import GRID3, alive, pass_migration, pass_tokens, table, to_next_turn


def test_rule_creature_eats_exactly_its_mutations_or_starves() -> None:
    """Seed l.53: a creature consumes exactly its mutations if they are there, else eats nothing and dies."""
    m, (fits, starves, keeper) = table(2, [(0, "RY", "E03"), (1, "G", "E03"), (1, "G", "E02")], first=0)
    supply = dict(m.view(None)["supply"])
    to_next_turn(m)
    assert alive(m, fits) and not alive(m, starves) and alive(m, keeper)
    desert = m.view(None)["environments"][2]
    assert m.view(None)["environments"][2]["captured_by"] is None, "one red is left: no capture"
    assert desert["size"] == 3
    starve = next(e["text"] for e in m.log if e["kind"] == "starve")
    assert "finds only 1 red in Hot desert and starves" in starve
    assert m.view(None)["supply"]["green"] >= supply["green"] + 1 - 2  # its block went back (children took some)


def test_rule_most_mutations_eat_first() -> None:
    """Seed l.59: the creature with the greatest number of mutations consumes first."""
    m, (small, big) = table(2, [(0, "R", "E05"), (1, "RRR", "E05")], first=0)
    to_next_turn(m)
    assert not alive(m, small)
    eats = [e["text"] for e in m.log if e["kind"] in ("eat", "starve")]
    assert f"#{big} " in eats[0] and f"#{small} " in eats[1]


def test_rule_mutation_tie_goes_to_active_player_then_clockwise() -> None:
    """Seed l.59: ties are won by the active player, or the player closest clockwise to him."""
    m, (p0, p1, p2, _) = table(3, [(0, "R", "E01"), (1, "Y", "E01"), (2, "R", "E01"), (0, "G", "E02")], GRID3,
                               first=1)
    to_next_turn(m)
    order = [e["text"] for e in m.log if e["kind"] in ("eat", "starve") and "Tidal flat" in e["text"]]
    assert [f"#{p1} " in order[0], f"#{p2} " in order[1], f"#{p0} " in order[2]] == [True, True, True]
    assert alive(m, p1) and alive(m, p2) and not alive(m, p0)


def test_rule_a_resource_is_eaten_once() -> None:
    """Seed l.54: once consumed, a resource may not be consumed by any other creature this turn."""
    m, (first, second) = table(2, [(0, "R", "E01"), (1, "R", "E01")], first=0)
    to_next_turn(m)
    assert alive(m, first) and not alive(m, second)


def test_rule_player_orders_his_own_tied_creatures() -> None:
    """Seed l.59: if one player's creatures are tied, that player chooses which consumes first."""
    m, (rg, gg, theirs) = table(2, [(0, "RG", "E06"), (0, "GG", "E06"), (1, "G", "E02")], first=1)
    pass_tokens(m)
    pass_migration(m)
    v = m.view(0)
    assert v["phase"] == "consumption" and m.to_act == [0] and sorted(v["tied"]) == [rg, gg]
    assert m.legal(0) == [{"type": "eat_first", "creature": rg}, {"type": "eat_first", "creature": gg}]
    with pytest.raises(IllegalAction, match="choose one of your tied creatures"):
        m.act(0, {"type": "eat_first", "creature": theirs})
    m.act(0, {"type": "eat_first", "creature": gg})
    assert alive(m, gg) and not alive(m, rg)


def test_ruling_own_tie_is_asked_only_when_it_matters() -> None:
    """R 9: tied creatures of one player are ordered by him only if their mixes differ and not all can eat."""
    m, (rg, yg, _) = table(2, [(0, "RG", "E06"), (0, "YG", "E06"), (1, "G", "E02")], first=1)
    to_next_turn(m)  # both fit: nobody is asked
    assert m.view(None)["turn"] == 2 and alive(m, rg) and alive(m, yg)
    m, (a, b, _) = table(2, [(0, "G", "E02"), (0, "G", "E02"), (1, "G", "E04")], first=1)
    to_next_turn(m)  # identical mixes: the order cannot matter
    assert m.view(None)["turn"] == 2 and alive(m, a) and alive(m, b)
