"""Scores: the seed's sample scorecard, clamping, the order of adaptations, the winner."""

from __future__ import annotations

from typing import Any

from evogames import Match
from evogames.games.adapt.flow import phase
from evogames.games.adapt.rules.scorecard import adapt, best_orders, end_value, feature_score, scorecard
from tests.games.adapt.helpers import SINGLE, C, game, hold, visit

# the seed's sample scorecard (l.105-112): start values, adaptations, six habitats' pressures
SAMPLE_START = (3, 1, 4, 5, 2)
SAMPLE_ADAPT = [("+3",), ("++",), ("-",), ("+",), ()]
SAMPLE_HABITATS: list[tuple[str, tuple[int, ...]]] = [
    ("Habitat 12", (4, 3, 5, 1, 2)),
    ("Habitat 3", (3, 4, 5, 2, 1)),
    ("Habitat 7", (5, 4, 1, 3, 2)),
    ("Habitat 15", (3, 1, 4, 2, 5)),
    ("Habitat 6", (2, 5, 4, 3, 1)),
    ("Habitat 2", (1, 2, 4, 5, 3)),
]
# the same habitats in the box (R 29): the mats, the randomizer card laid on each, the creature and cards
SAMPLE_MATS = ["H12", "H03", "H07", "H15", "H06", "H02"]
SAMPLE_RANDOMIZERS = ["R11", "R14", "R10", "R07", "R16", "R13"]
SAMPLE_CREATURE = "C02"  # the Atlantic ghost crab: 3 1 4 5 2
SAMPLE_CARDS = ["A05", "A07", "A13", "A16"]  # +3 LEG LENGTH, ++ SEGMENTS, - SIZE, + EYES


def test_rule_sample_scorecard_gives_6_7_9_14_6_and_42() -> None:
    card = scorecard(SAMPLE_START, SAMPLE_ADAPT, SAMPLE_HABITATS)
    assert [row["end"] for row in card["rows"]] == [3, 3, 3, 5, 2]
    assert [row["total"] for row in card["rows"]] == [6, 7, 9, 14, 6]
    assert card["total"] == 42
    leg = card["rows"][0]
    assert leg["cells"] == [[4, 1], [3, 0], [5, 2], [3, 0], [2, 1], [1, 2]]
    assert card["rows"][3]["cells"][0] == [1, 4]  # EYES 5 against SP 1: score 4


def test_ruling_plus3_card_sets_the_feature_to_3() -> None:
    assert [adapt(v, "+3") for v in range(1, 6)] == [3, 3, 3, 3, 3]


def test_rule_increase_from_5_and_decrease_from_1_change_nothing() -> None:
    assert adapt(5, "+") == 5 and adapt(5, "++") == 5 and adapt(4, "++") == 5
    assert adapt(1, "-") == 1 and adapt(1, "--") == 1 and adapt(2, "--") == 1
    assert end_value(5, ["+", "-"]) == 4  # the clamp happens card by card


def test_rule_feature_score_is_the_distance_always_positive_at_most_4() -> None:
    assert feature_score(3, 5) == 2 and feature_score(3, 1) == 2  # the rulebook's segments example
    assert feature_score(1, 5) == 4 and feature_score(5, 1) == 4
    assert all(0 <= feature_score(a, b) <= 4 for a in range(1, 6) for b in range(1, 6))


def test_rule_adaptation_order_is_the_players_choice() -> None:
    assert end_value(5, ["+", "-"]) != end_value(5, ["-", "+"])  # order matters near the ends
    orders = best_orders((5, 3, 3, 3, 3), [["+", "-"], [], [], [], []], [(5, 3, 3, 3, 3)])
    assert end_value(5, orders[0]) == 5  # the player keeps 5, which fits the pressure 5
    orders = best_orders((5, 3, 3, 3, 3), [["+", "-"], [], [], [], []], [(4, 3, 3, 3, 3)])
    assert end_value(5, orders[0]) == 4


def test_rule_feature_totals_and_habitat_totals_add_to_the_same_unfit_score() -> None:
    card = scorecard(SAMPLE_START, SAMPLE_ADAPT, SAMPLE_HABITATS)
    assert sum(card["habitat_totals"]) == sum(r["total"] for r in card["rows"]) == card["total"]


def test_rule_lowest_total_unfit_score_wins() -> None:
    # Player 1 (cave cricket) holds the cave; Player 2 (ghost crab) holds the cave too
    m = game(2, creatures=["C01", "C02"], habitats=["H01"], randomizer_order=["R01"], habitats_per_player=3)
    hold(m, 0, ["H02", "H03"], ["A01", "A02"])
    hold(m, 1, ["H02", "H03"], ["A03", "A04"])
    m.state.niches[1].append("H01")
    m.state.niche_pile["H01"] -= 1
    m.state.adapts[1].append("A05")
    m.state.adapt_pile.remove("A05")
    visit(m, "H01")  # Player 1 draws the cave mat and takes its NICHE: now everyone has 3
    m.act(0, {"type": "keep"})
    m.act(0, {"type": "adapt", "card": "A06"})
    m.act(0, {"type": "end_turn"})
    assert m.over
    unfit = m.result["unfit"]
    assert m.result["scores"] == unfit
    assert m.result["winners"] == [min(range(2), key=lambda s: unfit[s])]
    assert unfit[0] == m.view(0)["players"][0]["scorecard"]["total"]


def test_ruling_ties_share_the_win() -> None:
    m = game(2, creatures=["C16", "C02"], habitats=["H16"], habitats_per_player=3)
    s = m.state
    s.creatures[1] = "C16"  # scripted: two GENERIC bugs with the same cards tie
    hold(m, 0, ["H02", "H03"], ["A01", "A06"])
    hold(m, 1, ["H02", "H03", "H16"], ["A02", "A07", "A11"])
    visit(m, "H16")  # the H16 mat is already placed by hold(); Player 1 exits there
    m.act(0, {"type": "keep"})
    m.act(0, {"type": "adapt", "card": "A12"})
    s.adapts[0], s.adapts[1] = ["A01", "A06", "A12"], ["A01", "A06", "A12"]  # equal cards
    m.act(0, {"type": "end_turn"})
    assert m.over and m.result["unfit"][0] == m.result["unfit"][1]
    assert m.result["winners"] == [0, 1]


def test_rule_sample_scorecard_in_the_players_best_order_is_still_42() -> None:
    # the engine's path: the player's order chosen by best_orders, then the scorecard
    kinds = [list(k) for k in SAMPLE_ADAPT]
    orders = best_orders(SAMPLE_START, kinds, [p for _, p in SAMPLE_HABITATS])
    card = scorecard(SAMPLE_START, orders, SAMPLE_HABITATS)
    assert [row["total"] for row in card["rows"]] == [6, 7, 9, 14, 6] and card["total"] == 42


def test_rule_variant_extinction_is_a_habitat_score_over_8_so_8_survives() -> None:
    generic = (3, 3, 3, 3, 3)
    card = scorecard(generic, [()] * 5, [("8", (5, 5, 5, 5, 3)), ("9", (5, 5, 5, 5, 4)), ("10", (1, 5, 1, 5, 1))])
    assert card["habitat_totals"] == [8, 9, 10]
    assert card["extinctions"] == 2  # 9 and 10 are over 8; 8 is not


def _sample_play(m: Match, seat: int) -> dict[str, Any]:
    """Player 1 (the sample's bug) never exits and takes the sample's cards; the others exit
    at empty places (turning over the next mat) and take any other card."""
    s = m.state
    legal = m.legal(seat)
    if phase(s) == "move":
        empty = [a for a in legal if SINGLE.exits.get(a["to"]) and SINGLE.exits[a["to"]] not in s.mats]
        inside = [a for a in legal if a["to"] not in SINGLE.exits]
        return (empty if seat and empty else inside)[0]
    if phase(s) == "adapt":
        return next(a for a in legal if (a["card"] in SAMPLE_CARDS) == (seat == 0))
    return {"type": "end_turn"}


def test_rule_sample_scorecard_played_from_the_mats_gives_6_7_9_14_6_and_42() -> None:
    # l.101-112: six shared habitats (12, 3, 7, 15, 6, 2); with 6 players the 25 ADAPTATION
    # cards run out at the 5th habitat, so the sample's bug ends with its 4 cards
    others = ["C01", "C05", "C09", "C13", "C16"]
    m = Match("adapt", 6, seed=3, options={
        "shared_habitats": True, "habitats_per_player": 6, "creature_order": [SAMPLE_CREATURE, *others],
        "habitat_order": SAMPLE_MATS, "randomizer_order": SAMPLE_RANDOMIZERS})
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, _sample_play(m, seat))
    assert m.state.shared == SAMPLE_MATS and sorted(m.state.adapts[0]) == SAMPLE_CARDS
    assert [m.state.pressures[h] for h in SAMPLE_MATS] == [p for _, p in SAMPLE_HABITATS]
    card = m.view(None)["players"][0]["scorecard"]
    assert [C.habitats[h].number for h in card["habitats"]] == [12, 3, 7, 15, 6, 2]
    assert [row["start"] for row in card["rows"]] == list(SAMPLE_START)
    assert [tuple(row["adapt"]) for row in card["rows"]] == SAMPLE_ADAPT
    assert [row["end"] for row in card["rows"]] == [3, 3, 3, 5, 2]
    assert card == scorecard(SAMPLE_START, SAMPLE_ADAPT, SAMPLE_HABITATS) | {"habitats": SAMPLE_MATS}
    assert [row["total"] for row in card["rows"]] == [6, 7, 9, 14, 6] and card["total"] == 42
