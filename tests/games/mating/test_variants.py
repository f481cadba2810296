"""The rulebook's five variants, the scripted deck, and how games end."""

from __future__ import annotations

from evogames import Match
from evogames.core.rng import Rng
from evogames.games.mating.setup import MARKER
from tests.conftest import random_playout
from tests.games.mating.helpers import C, calm, keep_all, pass_windows, play, scenario


def one_round(m: Match) -> None:
    play(m, {})
    pass_windows(m)
    if not m.over:
        keep_all(m)


def environments_met(m: Match) -> list[str]:
    return [e.card for e in m.state.events if e.kind == "environment"]


def test_rule_variant_variable_environment() -> None:
    m = Match("mating", 3, seed=2, options={"environment": "variable"})
    assert {C.environments[e.lstrip(MARKER)].deck for e in m.state.env_deck} == {"core", "variable"}


def test_rule_variant_custom_environment_deck_any_frequency() -> None:
    rich = max(C.environments.values(), key=lambda e: e.food).id
    m = Match("mating", 2, seed=4, options={"environment": "custom", "environment_cards": [rich] * 5})
    for _ in range(5):
        one_round(m)
    assert environments_met(m) == [rich] * 5


def test_ruling_fixed_custom_deck_cycles_in_order() -> None:
    seasons = [e.id for e in sorted(C.environments.values(), key=lambda e: e.food)][:3]
    m = scenario([[], []], seasons)
    for _ in range(7):
        one_round(m)
    assert environments_met(m) == (seasons * 3)[:7]


def test_rule_shuffled_environment_deck_is_reshuffled_when_used_up() -> None:
    m = Match("mating", 2, seed=9, options={"environment": "stable", "offspring_to_win": 100})
    for _ in range(20):
        one_round(m)
    met = environments_met(m)
    assert sorted(met[:16]) == sorted(C.environments[e].id for e in C.environments
                                      if C.environments[e].deck in ("core", "stable"))
    assert any("Environment deck is reshuffled" in e["text"] for e in m.log)


def test_rule_sudden_death_ends_after_the_marker_round() -> None:
    for seed in range(1, 12):
        m = Match("mating", 3, seed=seed, options={"sudden_death": True, "offspring_to_win": 100})
        deck = m.state.env_deck
        position = next(i for i, c in enumerate(deck) if c.startswith(MARKER))
        assert len(deck) - 1 - position >= 3, "the marker stays below the top 3 cards"
        assert len(deck) == 17
        marker = deck[position][1:]
        assert C.environments[marker].deck == "variable"  # the extra card from the box
        rounds = len(deck) - position
        for _ in range(rounds):
            assert not m.over
            one_round(m)
        assert m.over and m.result is not None
        assert m.result["reason"] == "sudden_death" and m.result["rounds"] == rounds
        assert environments_met(m)[-1] == marker


def test_rule_long_life_plays_until_the_environment_deck_is_used() -> None:
    m = Match("mating", 2, seed=5, options={"long_life": True})
    random_playout(m, 5)
    assert m.result is not None and m.result["reason"] == "long_life"
    assert m.result["rounds"] == 16 and not m.state.env_deck
    best = max(m.result["scores"])
    assert all(m.result["scores"][w] == best for w in m.result["winners"])


def test_rule_long_life_ignores_ten_offspring() -> None:
    m = scenario([[], []], [calm()] * 3, long_life=True)
    m.state.offspring = [12, 0]
    one_round(m)
    assert not m.over


def test_ruling_round_limit_ends_the_game() -> None:
    m = scenario([[], []], [calm()], max_rounds=3)
    for _ in range(3):
        one_round(m)
    assert m.over and m.result is not None and m.result["reason"] == "round_limit"


def test_log_sentences_name_animals_and_numbers() -> None:
    m = Match("mating", 4, seed=3)
    random_playout(m, 3)
    text = " ".join(e["text"] for e in m.log)
    animals = {s.animal for s in C.strategies.values()}
    assert any(animal in text for animal in animals)
    assert "Food" in text and "Offspring" in text and "Player 1" in text
    assert all(e["text"][0].isupper() and e["text"].rstrip()[-1] in ".!)" for e in m.log)


def test_many_seeds_all_end_with_sane_scores() -> None:
    rng = Rng(1)
    for seed in range(40):
        m = Match("mating", 2 + seed % 5, seed=seed)
        random_playout(m, rng.below(1000))
        assert m.result is not None and m.result["reason"] in ("offspring", "round_limit")


def test_ruling_long_life_ignores_the_round_limit() -> None:
    m = scenario([[], []], [calm()] * 5, long_life=True, max_rounds=3)
    for _ in range(5):
        assert not m.over
        one_round(m)
    assert m.over and m.result is not None
    assert (m.result["reason"], m.result["rounds"]) == ("long_life", 5)


def test_rule_variant_custom_deck_of_only_high_food_cards() -> None:
    """Seed l.332: 'Play with only high (or low) Food environment cards'."""
    rich = [e.id for e in C.environments.values() if e.food >= 4]
    m = Match("mating", 3, seed=6, options={"environment": "custom", "environment_cards": rich})
    for _ in range(6):
        one_round(m)
    met = environments_met(m)
    assert len(met) == 6 and set(met) <= set(rich)
    assert sorted(met[:len(rich)]) == sorted(rich)  # each once before the reshuffle


def test_rule_sudden_death_marker_comes_from_the_unused_deck() -> None:
    m = Match("mating", 3, seed=3, options={"environment": "variable", "sudden_death": True})
    marker = next(c for c in m.state.env_deck if c.startswith(MARKER))
    assert C.environments[marker[1:]].deck == "stable"
    assert m.view(None)["environment_deck"] == 17  # the extra card is in the deck, face unseen
    assert MARKER not in str(m.view(0))
