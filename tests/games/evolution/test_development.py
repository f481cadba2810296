"""The development phase: animals, traits, pair traits and their restrictions, passing."""

from __future__ import annotations

import pytest

from evogames import IllegalAction
from evogames.games.evolution.components import components
from evogames.games.evolution.flow import phase
from tests.games.evolution.helpers import animal, beast, link, new, state, texts

C = components()


def card_with(m: object, seat: int, trait: str) -> str:
    """Put a card showing ``trait`` into ``seat``'s hand (swapping with its first card)."""
    s = state(m)  # type: ignore[arg-type]
    card = next(c for c in reversed(s.deck) if trait in C.card_traits(c))
    s.deck.remove(card)
    s.deck.insert(0, s.hands[seat].pop(0))
    s.hands[seat].append(card)
    return card


def test_rule_a_card_is_played_as_an_animal_face_down() -> None:
    m = new()
    card = state(m).hands[0][0]
    m.act(0, {"type": "animal", "card": card})
    assert state(m).tables[0] == ["A1"] and card not in state(m).hands[0]
    assert m.view(0)["players"][0]["animals"][0]["card"] == card
    assert m.view(1)["players"][0]["animals"][0]["card"] is None


def test_ruling_animal_cards_stay_secret() -> None:
    m = new()
    card = state(m).hands[0][0]
    m.act(0, {"type": "animal", "card": card})
    for seat in (1, None):
        assert card not in str(m.view(seat)) and card not in str(m.log_for(seat))


def test_rule_one_card_at_a_time_clockwise_from_the_first_player() -> None:
    m = new(players=3, first_player=1)
    assert m.to_act == [1]
    m.act(1, {"type": "animal", "card": state(m).hands[1][0]})
    assert m.to_act == [2]
    m.act(2, {"type": "pass"})
    assert m.to_act == [0]


def test_rule_pass_is_final_for_the_development_phase() -> None:
    m = new()
    m.act(0, {"type": "pass"})
    m.act(1, {"type": "animal", "card": state(m).hands[1][0]})
    assert m.to_act == [1]  # seat 0 is not asked again


def test_rule_a_player_with_no_cards_must_pass() -> None:
    m = new()
    s = state(m)
    s.deck[:0] = s.hands[0][1:]
    del s.hands[0][1:]
    m.act(0, {"type": "animal", "card": s.hands[0][0]})
    m.act(1, {"type": "animal", "card": s.hands[1][0]})
    assert s.passed[0] and m.to_act == [1]
    assert any("no cards left" in t for t in texts(m))


def test_rule_development_ends_when_everyone_has_passed() -> None:
    m = new()
    m.act(0, {"type": "animal", "card": state(m).hands[0][0]})
    m.act(1, {"type": "pass"})
    m.act(0, {"type": "pass"})
    assert phase(state(m)) == "feeding" and state(m).bank >= 3


def test_rule_a_two_trait_card_is_played_as_one_of_its_traits() -> None:
    m = new()
    a = animal(m, 0)
    card = card_with(m, 0, "poisonous")
    with pytest.raises(IllegalAction, match="shows"):
        m.act(0, {"type": "trait", "card": card, "trait": "running", "animal": a})
    m.act(0, {"type": "trait", "card": card, "trait": "poisonous", "animal": a})
    assert beast(m, a).traits == [("poisonous", card)]
    assert not beast(m, a).has("carnivorous")


def test_rule_traits_go_on_your_own_animals() -> None:
    m = new()
    theirs = animal(m, 1)
    card = card_with(m, 0, "running")
    with pytest.raises(IllegalAction, match="your own animals"):
        m.act(0, {"type": "trait", "card": card, "trait": "running", "animal": theirs})


def test_rule_parasite_only_on_an_opponents_animal() -> None:
    m = new()
    mine, theirs = animal(m, 0), animal(m, 1)
    card = card_with(m, 0, "parasite")
    with pytest.raises(IllegalAction, match="opponent"):
        m.act(0, {"type": "trait", "card": card, "trait": "parasite", "animal": mine})
    m.act(0, {"type": "trait", "card": card, "trait": "parasite", "animal": theirs})
    assert beast(m, theirs).has("parasite")


def test_rule_no_animal_has_two_identical_traits() -> None:
    m = new()
    a = animal(m, 0, "swimming")
    card = card_with(m, 0, "swimming")
    before = m.view(0)
    with pytest.raises(IllegalAction, match="already has Swimming"):
        m.act(0, {"type": "trait", "card": card, "trait": "swimming", "animal": a})
    assert m.view(0) == before


def test_rule_fat_tissue_may_be_stacked() -> None:
    m = new()
    a = animal(m, 0, "fat_tissue")
    card = card_with(m, 0, "fat_tissue")
    m.act(0, {"type": "trait", "card": card, "trait": "fat_tissue", "animal": a})
    assert [t for t, _ in beast(m, a).traits] == ["fat_tissue", "fat_tissue"]


def test_rule_carnivorous_and_scavenger_never_share_an_animal() -> None:
    m = new()
    a = animal(m, 0, "scavenger")
    card = card_with(m, 0, "carnivorous")
    with pytest.raises(IllegalAction, match="Scavenger"):
        m.act(0, {"type": "trait", "card": card, "trait": "carnivorous", "animal": a})


def test_rule_pair_traits_join_two_of_your_own_animals() -> None:
    m = new()
    a, b, theirs = animal(m, 0), animal(m, 0), animal(m, 1)
    card = card_with(m, 0, "communication")
    with pytest.raises(IllegalAction, match="two different"):
        m.act(0, {"type": "trait", "card": card, "trait": "communication", "animal": a, "other": a})
    with pytest.raises(IllegalAction, match="your own"):
        m.act(0, {"type": "trait", "card": card, "trait": "communication", "animal": a, "other": theirs})
    m.act(0, {"type": "trait", "card": card, "trait": "communication", "animal": a, "other": b})
    assert [(x.trait, x.a, x.b) for x in state(m).links] == [("communication", a, b)]


def test_rule_a_pair_cannot_hold_the_same_pair_trait_twice() -> None:
    m = new()
    a, b = animal(m, 0), animal(m, 0)
    link(m, "cooperation", a, b)
    card = card_with(m, 0, "cooperation")
    with pytest.raises(IllegalAction, match="already share"):
        m.act(0, {"type": "trait", "card": card, "trait": "cooperation", "animal": b, "other": a})
    other = card_with(m, 0, "communication")
    m.act(0, {"type": "trait", "card": other, "trait": "communication", "animal": b, "other": a})
    assert len(state(m).links) == 2


def test_rule_an_animal_may_join_several_pairs_with_the_same_trait() -> None:
    m = new()
    a, b, c = animal(m, 0), animal(m, 0), animal(m, 0)
    link(m, "cooperation", a, b)
    card = card_with(m, 0, "cooperation")
    m.act(0, {"type": "trait", "card": card, "trait": "cooperation", "animal": b, "other": c})
    assert len(state(m).links) == 2


def test_rule_legal_plays_are_exactly_the_allowed_ones() -> None:
    m = new()
    animal(m, 0, "swimming")
    animal(m, 1)
    for action in m.legal(0):
        if action["type"] == "pass":
            continue
        twin = m.clone()
        twin.act(0, action)  # every offered play is accepted


def test_rule_bad_card_is_refused_and_changes_nothing() -> None:
    m = new()
    before = m.view(0)
    for bad in ({"type": "animal", "card": "NOPE1"}, {"type": "animal", "card": state(m).hands[1][0]},
                {"type": "trait", "card": state(m).hands[0][0], "trait": "x", "animal": "A9"},
                {"type": "take", "animal": "A1"}):
        with pytest.raises(IllegalAction):
            m.act(0, bad)
    assert m.view(0) == before


def test_rule_scavenger_never_goes_on_a_carnivore() -> None:
    m = new()
    a = animal(m, 0, "carnivorous")
    card = card_with(m, 0, "scavenger")
    assert not any(p.get("card") == card and p["type"] == "trait" for p in m.legal(0))
    with pytest.raises(IllegalAction, match="Carnivorous and Scavenger"):
        m.act(0, {"type": "trait", "card": card, "trait": "scavenger", "animal": a})
