"""Set-up and components: the box, the Stands, the Nests, the decks."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from evogames import IllegalAction, Match
from evogames.core.data import DataFileError
from evogames.games.mating.components import components, load_components
from tests.games.mating.helpers import C, strategies

CARDS = Path(__file__).parents[3] / "src/evogames/games/mating/data/cards.toml"


def test_rule_box_holds_78_strategies_24_environments_6_out_to_lunch() -> None:
    kinds = [s.type for s in C.strategies.values()]
    assert (kinds.count("combat"), kinds.count("flashy"), len(C.sneakies)) == (30, 30, 18)
    decks = [e.deck for e in C.environments.values()]
    assert (decks.count("core"), decks.count("stable"), decks.count("variable")) == (8, 8, 8)
    assert len(C.out_to_lunch) == 6


def test_rule_seed_values_mid_combat_2_mid_flashy_3_high_flashy_4() -> None:
    by = {(s.type, s.level): {x.fitness for x in C.strategies.values() if (x.type, x.level) == (s.type, s.level)}
          for s in C.strategies.values()}
    assert by[("combat", "mid")] == {2}
    assert by[("flashy", "mid")] == {3}
    assert by[("flashy", "high")] == {4}


def test_rule_high_investment_flashy_strategies_are_the_most_visible() -> None:
    high_flashy = max(s.predator for s in C.strategies.values() if (s.type, s.level) == ("flashy", "high"))
    others = min(s.predator for s in C.strategies.values() if (s.type, s.level) != ("flashy", "high"))
    assert high_flashy <= others
    cost = {lvl: statistics.mean(s.food for s in C.strategies.values() if s.level == lvl)
            for lvl in ("low", "mid", "high")}
    assert cost["low"] < cost["mid"] < cost["high"]


def test_rule_variable_deck_swings_between_feast_and_famine() -> None:
    food = {d: [e.food for e in C.environments.values() if e.deck == d] for d in ("stable", "variable")}
    assert statistics.pstdev(food["variable"]) > 2 * statistics.pstdev(food["stable"])
    assert min(food["variable"]) < 0 < max(food["variable"]) - 3


def test_rule_every_sneaky_family_is_in_the_deck() -> None:
    effects = {s.effect for s in C.sneakies.values()}
    assert {"hide_from_predators", "ignore_food_loss"} <= effects  # protection from the environment
    assert "extra_offspring" in effects  # more offspring after mating
    assert {"steal_female", "steal_offspring", "lower_fitness"} <= effects  # interference
    assert "level_up" in effects
    assert {"rejoin_after_combat", "avoid_combat"} <= effects  # several combat strategies reach mating
    for card in C.sneakies.values():
        assert card.text.lower().startswith("play " + card.timing.split()[0])


def test_every_card_names_a_real_animal_with_a_fact() -> None:
    for card in [*C.strategies.values(), *C.sneakies.values()]:
        assert card.animal and card.latin and card.fact.endswith((".", "!", ")"))
        assert " " in card.latin  # a binomial


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_setup_stands_nests_hands(players: int) -> None:
    m = Match("mating", players, seed=players)
    view = m.view(0)
    assert view["stands"] == {"red": players + 1, "blue": players + 1}
    assert all(p["food"] == 5 and p["offspring"] == 0 and p["hand_size"] == 5 for p in view["players"])
    assert len(view["hand"]) == 5
    assert {"type": "out_to_lunch"} in view["legal"]
    assert sorted(m.to_act) == list(range(players))


@pytest.mark.parametrize(("kind", "other"), [("stable", "variable"), ("variable", "stable")])
def test_rule_environment_deck_is_core_plus_chosen_deck(kind: str, other: str) -> None:
    m = Match("mating", 3, seed=1, options={"environment": kind})
    decks = {C.environments[e].deck for e in m.state.env_deck}
    assert decks == {"core", kind}
    assert len(m.state.env_deck) == 16


def test_rule_scripted_deck_deals_in_order() -> None:
    order = strategies("combat", "high", 5) + strategies("flashy", "high", 5)
    m = Match("mating", 2, seed=1, options={"strategy_order": order})
    assert [c["id"] for c in m.view(0)["hand"]] == order[:5]
    assert [c["id"] for c in m.view(1)["hand"]] == order[5:]


def test_bad_scripted_deck_or_custom_environment_is_refused() -> None:
    with pytest.raises(IllegalAction, match="not a Strategy"):
        Match("mating", 2, options={"strategy_order": ["E01"]})
    with pytest.raises(IllegalAction, match="more times"):
        Match("mating", 2, options={"strategy_order": ["C01", "C01"]})
    with pytest.raises(IllegalAction, match="environment_cards"):
        Match("mating", 2, options={"environment": "custom"})
    with pytest.raises(IllegalAction, match="not an Environment"):
        Match("mating", 2, options={"environment": "custom", "environment_cards": ["C01"]})
    with pytest.raises(IllegalAction, match="one of"):
        Match("mating", 2, options={"environment": "desert"})


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = CARDS.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_broken_card_file_names_the_file_and_the_card(tmp_path: Path) -> None:
    first = next(iter(components().strategies.values()))
    bad = _broken(tmp_path, f'id = "{first.id}"', f'id = "{first.id}"\nwings = 3')
    with pytest.raises(DataFileError, match=rf"cards.toml: card strategy #1 \({first.id}\): .*wings"):
        load_components(bad)
    bad = _broken(tmp_path, f"fitness = {first.fitness}", 'fitness = "lots"')
    with pytest.raises(DataFileError, match=rf"cards.toml: card strategy #1 \({first.id}\): 'fitness'"):
        load_components(bad)
    with pytest.raises(DataFileError, match=r"missing\.toml: cannot read"):
        load_components(tmp_path / "missing.toml")


@pytest.mark.parametrize(("old", "new", "error"), [
    ("fitness = 1\n", "fitness = 9\n", r"cards.toml: card strategy #1 \(C01\): fitness must be 1..6"),
    ('id = "C02"', 'id = "C01"', r"cards.toml: card strategy #2 \(C01\): duplicate id C01"),
    ('type = "combat"', 'type = "sneaky"', r"cards.toml: card strategy #1 \(C01\): type must be one of"),
    ("[[strategy]]\nid", "[[strategies]]\nid", r"cards.toml: unknown section\(s\) \['strategies'\]"),
    ('deck = "core"', 'deck = "winter"', r"cards.toml: card environment #1 \(E01\): deck must be"),
    ('id = "S01"', 'id = "S01"\ncolour = "green"', r"cards.toml: card sneaky #1 \(S01\): unknown field\(s\) colour"),
])
def test_every_card_file_error_is_a_data_file_error_naming_the_file_and_the_card(
        tmp_path: Path, old: str, new: str, error: str) -> None:
    with pytest.raises(DataFileError, match=error):
        load_components(_broken(tmp_path, old, new))


def test_a_card_file_short_of_the_box_names_the_file_and_what_is_missing(tmp_path: Path) -> None:
    text = CARDS.read_text(encoding="utf-8")
    path = tmp_path / "cards.toml"
    path.write_text(text[:text.rindex("[[out_to_lunch]]")], encoding="utf-8")  # the last card is the box's last
    with pytest.raises(DataFileError, match=r"cards.toml: the box holds 6 Out-to-Lunch cards, this file has 5"):
        load_components(path)


def test_a_scripted_deck_is_not_revealed_through_the_options() -> None:
    order = strategies("combat", "high", 5) + strategies("flashy", "high", 5)
    m = Match("mating", 2, seed=1, options={"strategy_order": order})
    for seat in (None, 0, 1):
        text = str(m.view(seat)["options"])
        assert order[5] not in text and order[0] not in text
    assert m.view(None)["options"]["strategy_order"] == "10 cards scripted"


def test_rule_six_nests_and_eight_meeples_of_each_colour_limit_the_table() -> None:
    """Seed l.21/25/29: 16 meeples (8 red, 8 blue), 6 Nest trackers, 6 Out-to-Lunch cards."""
    for players in range(2, 7):
        m = Match("mating", players, seed=1)
        assert max(m.view(None)["stands"].values()) == players + 1 <= 8
    with pytest.raises(IllegalAction):
        Match("mating", 7, seed=1)
    with pytest.raises(IllegalAction):
        Match("mating", 1, seed=1)


def test_rule_every_player_is_dealt_an_out_to_lunch_card() -> None:
    """Seed l.79: five Strategy cards and one Out-to-Lunch card each."""
    m = Match("mating", 6, seed=2)
    lunch = [p["lunch_card"] for p in m.view(None)["players"]]
    assert [c["id"] for c in lunch] == list(C.out_to_lunch)  # six different cards, one per Nest
    assert lunch[0]["animal"] == "Giant panda"  # the rulebook's Out-to-Lunch picture
    for seat in range(6):
        assert len(m.view(seat)["hand"]) == 5
        assert all(c["id"] not in C.out_to_lunch for c in m.view(seat)["hand"])  # not one of the five
        assert {"type": "out_to_lunch"} in m.legal(seat)


def test_rule_sneaky_cards_have_a_food_cost_and_timing_but_no_fitness_or_predator() -> None:
    """Seed l.188: sneaky Strategies have a Food cost, but no Fitness or Predator icons."""
    for card in C.sneakies.values():
        assert 0 <= card.food <= 3
        assert not hasattr(card, "fitness") and not hasattr(card, "predator")
        assert card.timing.split()[0] in ("before", "after")
        assert card.text.startswith(f"Play {card.timing.split()[0]} {card.timing.split()[1].capitalize()}:")


def test_rule_strategy_levels_cost_more_and_attract_more() -> None:
    """Seed l.96/432: low Fitness cards let you play each turn; high Fitness cards need saving up."""
    for kind in ("combat", "flashy"):
        by_level = {lvl: [s for s in C.strategies.values() if (s.type, s.level) == (kind, lvl)]
                    for lvl in ("low", "mid", "high")}
        assert all(by_level.values())
        for lower, higher in (("low", "mid"), ("mid", "high")):
            assert max(s.fitness for s in by_level[lower]) < min(s.fitness for s in by_level[higher])
            assert max(s.food for s in by_level[lower]) < min(s.food for s in by_level[higher])
    assert {s.fitness for s in C.strategies.values() if s.type == "combat"} == {1, 2, 3}
    assert all(s.food <= 5 for s in C.strategies.values())  # every card affordable from the 5 starting Food


def test_rule_environment_cards_show_food_predators_and_female_scarcity() -> None:
    """Seed l.45/57/63/207: Food (may be negative), Predator and Female Scarcity icons."""
    envs = list(C.environments.values())
    assert any(e.food < 0 for e in envs) and any(e.predators for e in envs) and any(e.scarcity for e in envs)
    assert any(e.scarcity == 2 for e in envs)  # the rulebook's example card
    assert all(e.food >= 0 for e in envs if e.deck != "variable")  # only the variable deck has famines
    assert all(e.name and e.fact.endswith(".") for e in envs)


def test_every_environment_and_out_to_lunch_card_has_a_fact() -> None:
    for card in [*C.environments.values(), *C.out_to_lunch.values()]:
        assert card.fact[0].isupper() and card.fact.endswith(".")
    for card in C.out_to_lunch.values():
        assert " " in card.latin and card.animal


def test_every_strategy_names_a_mate_choice_hypothesis() -> None:
    hypotheses = {s.hypothesis for s in C.strategies.values()}
    assert hypotheses <= {"Intrasexual competition", "Good genes", "Fisherian runaway", "Sensory bias",
                          "Direct benefits", "Handicap principle"}
    flashy = {s.hypothesis for s in C.strategies.values() if s.type == "flashy"}
    assert len(flashy) >= 4  # "how many different hypotheses can you find?" (seed l.371)
