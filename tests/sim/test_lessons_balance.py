"""Lessons give one verdict per claim; the balance report flags an obvious outlier."""

from __future__ import annotations

import pandas as pd
import pytest

from evogames import IllegalAction
from evogames.cli.lab import _left_out
from evogames.games.mating.lessons import LESSONS, PREDATOR_DECK, SCARCITY_DECK
from evogames.sim.balance import card_names, card_table
from evogames.sim.lessons import Arm, Lesson, Term, findings_table, lessons_for, measure, run_lessons, verdict
from evogames.sim.stats import Interval

VERDICTS = {"supported", "not supported", "inconclusive"}


def test_the_four_rulebook_claims_are_there() -> None:
    keys = {lesson.key for lesson in LESSONS}
    assert {"predation_flashy", "scarcity_flashy_vs_combat", "lunch_variable", "combat_risky"} <= keys
    for lesson in LESSONS:
        arms = {arm.label for arm in lesson.arms}
        assert {term.arm for term in lesson.terms} <= arms and lesson.expect in (1, -1)


def test_verdicts_follow_the_interval() -> None:
    assert verdict(Interval(-0.5, -0.8, -0.2), -1) == "supported"
    assert verdict(Interval(0.5, 0.2, 0.8), -1) == "not supported"
    assert verdict(Interval(0.1, -0.2, 0.4), 1) == "inconclusive"


def test_lessons_run_small_and_give_a_verdict_per_claim() -> None:
    findings = run_lessons("mating", games=25, seed=3, workers=1, boots=200)
    assert [f.lesson.key for f in findings] == [lesson.key for lesson in LESSONS]
    for finding in findings:
        assert finding.verdict in VERDICTS
        assert finding.effect.low <= finding.effect.value <= finding.effect.high
        assert all(n == 25 for n in finding.arms.values())


def test_measure_finds_a_planted_effect() -> None:
    lesson = Lesson("planted", "b scores more than a", "", (Arm("x", {}, "a,b"),),
                    (Term(1, "x", "b"), Term(-1, "x", "a")), "score", 1)
    rows = [{"variant_label": "x", "game": g, "seat": s, "bot": "ab"[s], "score": 5 + 3 * s + g % 3}
            for g in range(40) for s in range(2)]
    finding = measure(lesson, pd.DataFrame(rows), boots=300)
    assert finding.effect.value == pytest.approx(3.0) and finding.verdict == "supported"


def test_balance_flags_a_card_whose_players_always_win() -> None:
    rows = []
    for game in range(200):
        for seat in range(4):
            winner = seat == game % 4
            cards = "C01 F10" + (" S99" if winner and game % 2 == 0 else "") + (" C77" if not winner else "")
            rows.append({"game_id": game, "seat": seat, "win": int(winner), "cards": cards})
    table = card_table(pd.DataFrame(rows)).set_index("card")
    assert table.loc["S99", "flag"] == "strong" and table.loc["S99", "win_rate"] == 1.0
    assert table.loc["C77", "flag"] == "weak"
    assert table.loc["C01", "flag"] == "" and table.loc["C01", "plays"] == 800
    assert table.loc["S99", "win_low"] > table.loc["S99", "mean_win_rate"] == 0.25


def test_card_names_cover_the_deck() -> None:
    names = card_names("mating")
    assert len(names) == 78 and names["C01"].endswith("(combat)")


def test_the_lesson_decks_are_what_their_designs_say() -> None:
    """The predation deck is all Predator cards; the scarcity deck is Scarcity without Predators."""
    from evogames.games.mating.components import components

    cards = components()
    assert all(cards.card_dict(e)["predators"] >= 1 for e in PREDATOR_DECK)
    assert all(cards.card_dict(e)["scarcity"] >= 1 and cards.card_dict(e)["predators"] == 0 for e in SCARCITY_DECK)


def test_lessons_are_found_per_game_and_a_game_without_lessons_has_none() -> None:
    assert lessons_for("mating") == LESSONS
    assert lessons_for("toyrace") == ()
    with pytest.raises(IllegalAction, match="Unknown game 'no_such_game'"):
        lessons_for("no_such_game")


def test_a_balance_report_of_many_cards_flags_hardly_any_by_chance() -> None:
    """Every card's players win a fair share at random: a per-card 95% interval flags ~5% of 80 cards (9 of 76 in
    a researcher's 50-game report); the flag's Bonferroni interval over the cards flags a card in about one report
    of twenty. Over 10 such reports: the per-card intervals flagged 33 cards, the flag 2."""
    import numpy as np

    per_card = flagged = 0
    for seed in range(10):
        rng = np.random.default_rng(seed)
        rows = []
        for game in range(400):
            winner = int(rng.integers(4))
            for seat in range(4):
                cards = " ".join(f"K{c:02d}" for c in rng.choice(80, size=6, replace=False))
                rows.append({"game_id": game, "seat": seat, "win": int(seat == winner), "cards": cards})
        table = card_table(pd.DataFrame(rows))
        per_card += int(((table["win_low"] > 0.25) | (table["win_high"] < 0.25)).sum())
        flagged += int((table["flag"] != "").sum())
    assert per_card >= 20  # what the old flag (each card's own interval) would have flagged
    assert flagged <= 3


def test_a_ratio_metric_is_not_fooled_by_how_often_it_is_counted() -> None:
    """Dodo's "specialists capture rich" summed the mutations of capturing creatures, so more captures looked
    like more specialised creatures: with ``per`` the metric is mutations per capture."""
    rows = [{"variant_label": arm, "game": g, "seat": 0, "bot": "h",
             "captures": (4 if arm == "rich" else 2) + g % 2, "mutations_at_capture": 0}
            for arm in ("poor", "rich") for g in range(60)]
    for row in rows:
        row["mutations_at_capture"] = 5 * row["captures"]  # every capture by a creature of 5 mutations
    arms = (Arm("poor", {}, "h"), Arm("rich", {}, "h"))
    terms = (Term(1, "rich", "h"), Term(-1, "poor", "h"))
    summed = measure(Lesson("s", "", "", arms, terms, "mutations_at_capture", 1, players=1), pd.DataFrame(rows))
    per = measure(Lesson("p", "", "", arms, terms, "mutations_at_capture", 1, players=1, per="captures"),
                  pd.DataFrame(rows))
    assert summed.verdict == "supported" and summed.effect.value == pytest.approx(10.0)
    assert per.effect.value == pytest.approx(0.0) and per.verdict == "inconclusive"


def test_a_ratio_metric_refuses_a_statistic_it_does_not_compute() -> None:
    """A ``per=`` lesson is a ratio of sums: a standard deviation asked of it would be silently dropped."""
    with pytest.raises(ValueError, match="ratio of sums"):
        Lesson("r", "", "", (Arm("a", {}, "h"),), (Term(1, "a", "h"),), "mutations_at_capture", 1, stat="sd",
               per="captures")


def test_a_ratio_metric_with_rare_counts_keeps_its_interval() -> None:
    """Captures are rare in an arm: a bootstrap resample with none has no ratio; those draws are left out
    (said in ``undefined``), not allowed to turn the whole interval into NaN. An arm with no capture at all
    has no ratio: inconclusive, never a number."""
    rows = [{"variant_label": arm, "game": g, "seat": 0, "bot": "h",
             "captures": 1 if (arm == "rich" or g < 3) else 0, "mutations_at_capture": 0}
            for arm in ("poor", "rich") for g in range(60)]
    for row in rows:
        row["mutations_at_capture"] = (6 if row["variant_label"] == "rich" else 2) * row["captures"]
    arms = (Arm("poor", {}, "h"), Arm("rich", {}, "h"))
    terms = (Term(1, "rich", "h"), Term(-1, "poor", "h"))
    lesson = Lesson("p", "", "", arms, terms, "mutations_at_capture", 1, players=1, per="captures")
    rare = measure(lesson, pd.DataFrame(rows))
    assert rare.effect.value == pytest.approx(4.0)
    assert rare.effect.low == pytest.approx(4.0) and rare.effect.high == pytest.approx(4.0)
    assert 0.025 < rare.undefined < 0.1  # 3 captures in 60 games: a resample has none about 5% of the time
    assert rare.verdict == "inconclusive", "more left out than an interval's tails: no verdict"
    assert "resamples counted no captures: left out of the interval, too many" in _left_out(rare, "dodo")
    assert "resamples left out" in findings_table([rare]).columns
    for row in rows:
        if row["variant_label"] == "poor":
            row["captures"] = row["mutations_at_capture"] = 0
    none = measure(lesson, pd.DataFrame(rows))
    assert none.verdict == "inconclusive" and none.undefined == 1.0
    assert _left_out(none, "dodo") == "No captures counted in an arm: the ratio has no value."
