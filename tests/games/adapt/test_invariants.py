"""Invariants over random games: counts conserved, the rulebook's 'always' sentences hold."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import evogames.games.adapt as adapt_package
from evogames import Match
from evogames.core.rng import Rng
from evogames.games.adapt.flow import phase
from evogames.games.adapt.rules.scorecard import adapt
from tests.games.adapt.helpers import cards_conserved, game, visit


def _check(m: Match) -> None:
    s = m.state
    goal = s.goal
    assert cards_conserved(m)
    assert s.choice is None  # each action is used by the step that waited for it (flow.py)
    for seat in range(m.players):
        assert len(set(s.niches[seat])) == len(s.niches[seat])  # never two copies of a NICHE card
        assert len(s.niches[seat]) <= goal
        if phase(s) in ("move", "trade", "over"):
            assert len(s.niches[seat]) == len(s.adapts[seat])  # NICHE count = ADAPTATION count


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), goal=st.sampled_from([3, 4, 5]))
def test_rule_niche_and_adaptation_counts_stay_equal_and_never_exceed_the_goal(seed: int, players: int,
                                                                              goal: int) -> None:
    m = Match("adapt", players, seed=seed, options={"habitats_per_player": goal, "max_rounds": 25})
    rng = Rng(seed)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
        _check(m)
    assert m.result is not None and len(m.result["scores"]) == players


def test_ruling_niches_and_adaptations_are_public() -> None:
    m = game(3, habitats=["H05"])
    visit(m, "H05")
    m.act(0, {"type": "keep"})
    m.act(0, {"type": "adapt", "card": "A07"})
    for seat in (None, 1, 2):
        mine = m.view(seat)["players"][0]
        assert mine["niches"] == ["H05"] and mine["adaptations"] == ["A07"]
    assert m.view(0)["hand"] == {"creature": "C01", "niches": ["H05"], "adaptations": ["A07"]}


def test_ruling_each_player_applies_adaptations_in_their_best_order() -> None:
    m = game(2, creatures=["C01", "C02"], habitats=["H05"], randomizer_order=["R12"])  # cave cricket: leg 5
    visit(m, "H05")  # deep slope: leg 5, size 5; blanks segments, eyes, antennae = 3, 3, 5
    m.act(0, {"type": "keep"})
    m.act(0, {"type": "adapt", "card": "A01"})  # + LEG LENGTH on a leg of 5
    m.state.adapts[0].append("A03")  # and a - LEG LENGTH (scripted)
    m.state.adapt_pile.remove("A03")
    row = m.view(None)["players"][0]["scorecard"]["rows"][0]
    assert row["adapt"] == ["-", "+"] and row["end"] == 5  # not + then -, which would end at 4


def test_debrief_tells_fit_and_adaptation_in_this_games_numbers() -> None:
    m = Match("adapt", 4, seed=9)
    rng = Rng(9)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    debrief = m.view(0)["debrief"]
    assert len(debrief["players"]) == 4
    for p in debrief["players"]:
        assert p["saved_by_adaptations"] == p["unfit_without_adaptations"] - p["unfit"]
    assert any("GENERIC" in line for line in debrief["lines"])
    assert json.loads(json.dumps(debrief)) == debrief
    assert m.view(0)["debrief"] is not None and Match("adapt", 4, seed=9).view(0)["debrief"] is None


def test_the_boards_get_the_rules_from_the_package_catalog_help_and_scorecard_note() -> None:
    # the web board computes scores from the catalog: its steps, sets and values give adapt() exactly
    catalog = Match("adapt", 3, seed=1).view(None)["catalog"]
    low, high = catalog["values"]
    for kind in catalog["kinds"]:
        for value in range(low, high + 1):
            by_catalog = catalog["sets"].get(kind, max(low, min(high, value + catalog["steps"].get(kind, 0))))
            assert by_catalog == adapt(value, kind)
    assert catalog["max_habitats"] == 6 and catalog["max_feature_score"] == 4
    help_file = Path(adapt_package.__file__).with_name("help.toml")
    terms = [entry["term"] for entry in tomllib.loads(help_file.read_text(encoding="utf-8"))["help"]]
    assert terms == ["Goal", "Your turn", "The NICHE card", "Adaptations", "Trades", "Scoring"]
    board = Path(adapt_package.__file__).parent / "web" / "board.js"
    assert "const HELP" not in board.read_text(encoding="utf-8")
    notes = [Match("adapt", 3, seed=1, options={"shared_habitats": shared}).view(0)["scorecard_note"]
             for shared in (False, True)]
    assert "whose NICHE card you hold" in notes[0] and "most habitats" in notes[1]
