"""Set-up and components: the box, the Stands, the Nests, the decks."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest

from evogames import IllegalAction, Match
from evogames.games.mating.cards import CardDataError, components, load_components
from tests.games.mating.helpers import C, strategies

CARDS = Path(__file__).parents[3] / "src/evogames/games/mating/cards.toml"


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
    with pytest.raises(CardDataError, match=rf"cards.toml: card .*{first.id}.*wings"):
        load_components(bad)
    bad = _broken(tmp_path, f"fitness = {first.fitness}", 'fitness = "lots"')
    with pytest.raises(CardDataError, match=rf"{first.id}.*fitness"):
        load_components(bad)
    with pytest.raises(CardDataError, match="cannot read"):
        load_components(tmp_path / "missing.toml")


def test_a_scripted_deck_is_not_revealed_through_the_options() -> None:
    order = strategies("combat", "high", 5) + strategies("flashy", "high", 5)
    m = Match("mating", 2, seed=1, options={"strategy_order": order})
    for seat in (None, 0, 1):
        text = str(m.view(seat)["options"])
        assert order[5] not in text and order[0] not in text
    assert m.view(None)["options"]["strategy_order"] == "10 cards scripted"
