"""The food bank and the feeding phase: tokens, fat, pair traits and the feeding-round traits."""

from __future__ import annotations

import pytest

from evogames import IllegalAction
from evogames.games.evolution.flow import FOOD_BANK, phase
from tests.games.evolution.helpers import animal, beast, feed_phase, food, link, new, share_all, state, texts


@pytest.mark.parametrize(("players", "dice", "plus"), [(2, 1, 2), (3, 2, 0), (4, 2, 2), (5, 3, 2), (6, 3, 4),
                                                       (7, 4, 2), (8, 4, 4)])
def test_rule_food_bank_by_player_count(players: int, dice: int, plus: int) -> None:
    assert FOOD_BANK[players] == (dice, plus)
    m = new(players=players, dice=["3"] * dice)
    for seat in range(players):
        m.act(seat, {"type": "pass"})
    assert state(m).bank == 3 * dice + plus or phase(state(m)) != "feeding"
    assert any(f"= {3 * dice + plus} red tokens" in t for t in texts(m))


def test_rule_one_red_token_at_a_time_in_turn() -> None:
    m = new()
    a, b = animal(m, 0, "high_body_weight"), animal(m, 1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    assert beast(m, a).red == 1 and state(m).bank == 4 and m.to_act == [1]
    with pytest.raises(IllegalAction):
        m.act(0, {"type": "take", "animal": a})
    m.act(1, {"type": "take", "animal": b})
    assert m.to_act == [0]


def test_rule_need_is_one_plus_modifiers() -> None:
    m = new()
    a = animal(m, 0, "high_body_weight", "carnivorous")
    b = animal(m, 1, "parasite")
    from evogames.games.evolution.rules.food import need
    assert need(beast(m, a)) == 3 and need(beast(m, b)) == 3
    c = animal(m, 0, "high_body_weight")
    beast(m, c).add_trait("parasite", state(m).deck.pop())
    assert need(beast(m, c)) == 4  # the rulebook's example


def test_rule_a_fed_animal_takes_no_more_food() -> None:
    m = new()
    a, other = animal(m, 0), animal(m, 0)
    food(m, a, red=1)
    feed_phase(m, 5)
    assert {"type": "take", "animal": a} not in m.legal(0)
    with pytest.raises(IllegalAction, match="fed"):
        m.act(0, {"type": "take", "animal": a})
    del other


def test_ruling_food_for_a_fed_animal_turns_to_fat_at_once() -> None:
    m = new()
    a = animal(m, 0, "fat_tissue")
    animal(m, 1)
    food(m, a, red=1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    assert beast(m, a).fat == 1 and beast(m, a).red == 1


def test_rule_fat_alone_does_not_make_an_animal_fed() -> None:
    from evogames.games.evolution.rules.food import is_fed
    m = new()
    a = animal(m, 0, "fat_tissue")
    food(m, a, fat=1)
    assert not is_fed(beast(m, a))


def test_ruling_fat_converts_only_as_the_eating_action() -> None:
    m = new()
    a = animal(m, 0, "fat_tissue", "fat_tissue", "carnivorous")
    b = animal(m, 1)
    food(m, a, fat=2)
    feed_phase(m, 5)
    assert {"type": "fat", "animal": a, "count": 2} in m.legal(0)
    m.act(0, {"type": "fat", "animal": a, "count": 2})
    assert beast(m, a).blue == 2 and beast(m, a).fat == 0 and state(m).bank == 5
    assert m.to_act == [1]  # that was seat 0's eating action for the round
    m.act(1, {"type": "take", "animal": b})


def test_rule_fat_conversion_only_in_your_own_round_and_only_what_is_needed() -> None:
    m = new()
    a = animal(m, 0, "fat_tissue", "fat_tissue")
    animal(m, 1)
    food(m, a, fat=2)
    feed_phase(m, 5)
    with pytest.raises(IllegalAction, match="Turn 1 to 1"):
        m.act(0, {"type": "fat", "animal": a, "count": 2})


def test_ruling_fat_conversion_does_not_trigger_cooperation() -> None:
    m = new()
    a = animal(m, 0, "fat_tissue")
    b = animal(m, 0)
    link(m, "cooperation", a, b)
    food(m, a, fat=1)
    feed_phase(m, 5)
    m.act(0, {"type": "fat", "animal": a, "count": 1})
    assert beast(m, b).food == 0


def test_rule_fat_is_kept_to_the_next_turn() -> None:
    m = new()
    a = animal(m, 0, "fat_tissue")
    food(m, a, red=1, fat=1)
    feed_phase(m, 0)
    assert state(m).turn == 2 and beast(m, a).fat == 1 and beast(m, a).food == 0


def test_rule_communication_takes_a_second_red_token() -> None:
    m = new()
    a, b = animal(m, 0), animal(m, 0)
    card = link(m, "communication", a, b)
    animal(m, 1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    m.act(0, {"type": "link", "card": card, "animal": b})
    assert beast(m, b).red == 1 and state(m).bank == 3


def test_rule_communication_chains_but_each_link_once() -> None:
    m = new()
    a, b, c = animal(m, 0, "high_body_weight"), animal(m, 0, "high_body_weight"), animal(m, 0, "high_body_weight")
    link(m, "communication", a, b)
    link(m, "communication", b, c)
    link(m, "communication", c, a)
    animal(m, 1)
    feed_phase(m, 9)
    m.act(0, {"type": "take", "animal": a})
    assert share_all(m) == 3
    assert [beast(m, x).red for x in (a, b, c)] == [1, 1, 2]  # a triangle: each of 3 links fires once
    assert state(m).bank == 5


def test_rule_communication_needs_food_in_the_bank() -> None:
    m = new()
    a, b = animal(m, 0), animal(m, 0)
    link(m, "communication", a, b)
    feed_phase(m, 1)
    m.act(0, {"type": "take", "animal": a})
    assert not any(t.startswith("Communication") for t in texts(m))
    assert b not in state(m).animals  # it got nothing and starved


def test_rule_cooperation_gives_a_blue_token() -> None:
    m = new()
    a, b = animal(m, 0), animal(m, 0)
    card = link(m, "cooperation", a, b)
    animal(m, 1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    m.act(0, {"type": "link", "card": card, "animal": b})
    assert beast(m, b).blue == 1 and state(m).bank == 4


def test_rule_cooperation_passes_a_carnivores_blue_tokens() -> None:
    m = new()
    hunter, friend = animal(m, 0, "carnivorous"), animal(m, 0, "high_body_weight")
    link(m, "cooperation", hunter, friend)
    prey = animal(m, 1)
    animal(m, 1)
    feed_phase(m, 5)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert share_all(m) == 1
    assert beast(m, hunter).blue == 2 and beast(m, friend).blue == 1  # the link fires once per action


def test_rule_grazing_destroys_a_red_token_with_or_without_eating() -> None:
    m = new()
    g = animal(m, 0, "grazing")
    animal(m, 1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": g})
    m.act(0, {"type": "graze", "animal": g})
    assert state(m).bank == 3 and m.to_act == [1]  # nothing left for seat 0 in this round
    from evogames.games.evolution.rules.feeding import graze_problem
    assert graze_problem(state(m), beast(m, g)) == "This animal has already grazed in this feeding round."


def test_rule_grazing_again_in_the_next_feeding_round() -> None:
    m = new()
    g = animal(m, 0, "grazing")
    b = animal(m, 1, "high_body_weight")
    feed_phase(m, 6)
    m.act(0, {"type": "graze", "animal": g})
    m.act(0, {"type": "pass"})
    m.act(1, {"type": "take", "animal": b})
    m.act(0, {"type": "graze", "animal": g})
    assert state(m).bank == 3


def test_rule_hibernation_counts_as_fed() -> None:
    m = new()
    h = animal(m, 0, "hibernation", "high_body_weight")
    feed_phase(m, 0)
    m.act(0, {"type": "hibernate", "animal": h})
    assert h in state(m).animals and state(m).turn == 2


def test_rule_hibernation_not_two_turns_in_a_row() -> None:
    m = new()
    h = animal(m, 0, "hibernation")
    beast(m, h).hibernated_last = True
    animal(m, 1)
    feed_phase(m, 3)
    assert {"type": "hibernate", "animal": h} not in m.legal(0)
    with pytest.raises(IllegalAction, match="two turns in a row"):
        m.act(0, {"type": "hibernate", "animal": h})


def test_rule_hibernation_not_in_the_last_turn() -> None:
    m = new()
    h = animal(m, 0, "hibernation")
    animal(m, 1)
    state(m).last_turn = True
    feed_phase(m, 3)
    with pytest.raises(IllegalAction, match="last turn"):
        m.act(0, {"type": "hibernate", "animal": h})


def test_ruling_hibernating_animal_counts_as_fed() -> None:
    m = new()
    h = animal(m, 0, "hibernation", "burrowing")
    hunter = animal(m, 1, "carnivorous")
    animal(m, 1)
    feed_phase(m, 3)
    m.act(0, {"type": "hibernate", "animal": h})
    assert m.to_act == [1]
    assert {"type": "attack", "carnivore": hunter, "target": h} not in m.legal(1)  # a fed burrower


def test_rule_piracy_steals_from_an_animal_that_has_food_but_is_not_fed() -> None:
    m = new()
    pirate = animal(m, 0, "piracy")
    victim = animal(m, 1, "high_body_weight")
    fed = animal(m, 1)
    food(m, victim, red=1)
    food(m, fed, red=1)
    feed_phase(m, 3)
    assert {"type": "piracy", "pirate": pirate, "target": fed} not in m.legal(0)
    m.act(0, {"type": "piracy", "pirate": pirate, "target": victim})
    assert beast(m, pirate).red == 1 and beast(m, victim).red == 0


def test_rule_piracy_once_per_turn() -> None:
    m = new()
    pirate = animal(m, 0, "piracy", "high_body_weight")
    v1, v2 = animal(m, 1, "high_body_weight"), animal(m, 1, "high_body_weight")
    food(m, v1, red=1)
    food(m, v2, red=1)
    feed_phase(m, 3)
    m.act(0, {"type": "piracy", "pirate": pirate, "target": v1})
    with pytest.raises(IllegalAction, match="already stolen"):
        m.act(0, {"type": "piracy", "pirate": pirate, "target": v2})


def test_rule_a_fed_pirate_cannot_steal() -> None:
    m = new()
    pirate = animal(m, 0, "piracy")
    victim = animal(m, 1, "high_body_weight")
    food(m, pirate, red=1)
    food(m, victim, red=1)
    animal(m, 0)
    feed_phase(m, 3)
    with pytest.raises(IllegalAction, match="still needs food"):
        m.act(0, {"type": "piracy", "pirate": pirate, "target": victim})


def test_ruling_piracy_keeps_the_token_colour() -> None:
    m = new()
    pirate = animal(m, 0, "piracy")
    victim = animal(m, 1, "high_body_weight")
    food(m, victim, blue=1)
    feed_phase(m, 3)
    m.act(0, {"type": "piracy", "pirate": pirate, "target": victim})
    assert beast(m, pirate).blue == 1 and beast(m, pirate).red == 0


def test_ruling_piracy_triggers_cooperation_not_communication() -> None:
    m = new()
    pirate = animal(m, 0, "piracy")
    coop, comm = animal(m, 0), animal(m, 0)
    link(m, "cooperation", pirate, coop)
    link(m, "communication", pirate, comm)
    victim = animal(m, 1, "high_body_weight")
    food(m, victim, red=1)
    feed_phase(m, 3)
    m.act(0, {"type": "piracy", "pirate": pirate, "target": victim})
    assert [a["animal"] for a in m.legal(0) if a["type"] == "link"] == [coop]
    share_all(m)
    assert beast(m, coop).blue == 1 and beast(m, comm).food == 0 and state(m).bank == 3


def test_ruling_free_traits_work_with_eating() -> None:
    m = new()
    pirate = animal(m, 0, "piracy", "high_body_weight", "grazing")
    victim = animal(m, 1, "high_body_weight")
    food(m, victim, red=1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": pirate})
    m.act(0, {"type": "piracy", "pirate": pirate, "target": victim})
    m.act(0, {"type": "graze", "animal": pirate})
    assert beast(m, pirate).red == 2 and state(m).bank == 3


def test_rule_symbiont_must_be_fed_before_its_partner_eats() -> None:
    m = new()
    symbiont, partner = animal(m, 0), animal(m, 0)
    link(m, "symbiosis", symbiont, partner)
    animal(m, 1)
    feed_phase(m, 5)
    with pytest.raises(IllegalAction, match="symbiont"):
        m.act(0, {"type": "take", "animal": partner})
    m.act(0, {"type": "take", "animal": symbiont})
    m.act(1, {"type": "pass"})
    m.act(0, {"type": "take", "animal": partner})
    assert beast(m, partner).red == 1


def test_ruling_symbiosis_blocks_all_food_until_symbiont_fed() -> None:
    m = new()
    symbiont, partner = animal(m, 0, "high_body_weight"), animal(m, 0)
    link(m, "symbiosis", symbiont, partner)
    link(m, "cooperation", symbiont, partner)
    animal(m, 1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": symbiont})
    assert beast(m, partner).food == 0  # the symbiont is not yet fed: no blue for its partner


def test_rule_symbiosis_and_communication_the_rulebooks_example() -> None:
    m = new()
    symbiont, partner = animal(m, 0), animal(m, 0)
    link(m, "symbiosis", symbiont, partner)
    card = link(m, "communication", symbiont, partner)
    animal(m, 1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": symbiont})
    m.act(0, {"type": "link", "card": card, "animal": partner})
    assert beast(m, symbiont).red == 1 and beast(m, partner).red == 1


def test_ruling_feeding_ends_after_a_round_of_passes() -> None:
    m = new()
    a, b = animal(m, 0), animal(m, 1)
    feed_phase(m, 5)
    m.act(0, {"type": "pass"})
    assert phase(state(m)) == "feeding"
    m.act(1, {"type": "pass"})
    assert state(m).turn == 2  # both passed in a row: feeding over; both starved
    assert a not in state(m).animals and b not in state(m).animals


def test_ruling_a_pass_in_feeding_is_not_final() -> None:
    m = new()
    a, b = animal(m, 0), animal(m, 1, "high_body_weight")
    feed_phase(m, 5)
    m.act(0, {"type": "pass"})
    m.act(1, {"type": "take", "animal": b})
    m.act(0, {"type": "take", "animal": a})
    assert beast(m, a).red == 1


def test_ruling_forced_passes_are_automatic() -> None:
    m = new()
    animal(m, 0)
    b = animal(m, 1, "high_body_weight")
    food(m, "A1", red=1)
    feed_phase(m, 5)
    assert m.to_act == [1]  # seat 0 has nothing it could do
    m.act(1, {"type": "take", "animal": b})
    assert m.to_act == [1]


def test_rule_leftover_food_is_set_aside() -> None:
    m = new()
    a = animal(m, 0)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    assert state(m).turn == 2 and state(m).bank == 0
    assert any("set aside" in t for t in texts(m))


def test_rule_a_pair_trait_works_once_per_feeding_round_of_its_owner() -> None:
    """Rulebook l.153 and the issue: each link once per player's feeding round (not per token or trait use)."""
    m = new()
    pirate = animal(m, 0, "piracy", "high_body_weight", "fat_tissue")
    friend = animal(m, 0, "high_body_weight")
    link(m, "cooperation", pirate, friend)
    victim = animal(m, 1, "high_body_weight")
    food(m, victim, red=1)
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": pirate})
    assert share_all(m) == 1 and beast(m, friend).blue == 1
    m.act(0, {"type": "piracy", "pirate": pirate, "target": victim})
    assert beast(m, pirate).food == 2 and beast(m, friend).blue == 1  # the link was used this round
    assert m.to_act == [1]
    m.act(1, {"type": "take", "animal": victim})
    m.act(0, {"type": "take", "animal": friend})
    assert share_all(m) == 1
    assert beast(m, friend).food == 2 and beast(m, pirate).fat == 1  # a new round: the link works again


def test_rule_feeding_starts_with_the_first_player() -> None:
    """Seed l.57, l.83: every phase goes clockwise from the first player, who takes the first token."""
    m = new(players=3, first_player=1, dice=["3", "3"])
    for seat in (1, 2, 0):
        m.act(seat, {"type": "animal", "card": state(m).hands[seat][0]})
    for seat in (1, 2, 0):
        m.act(seat, {"type": "pass"})
    assert phase(state(m)) == "feeding" and state(m).bank == 6 and m.to_act == [1]
    assert any(t.startswith("Food bank: Player 2 rolls") for t in texts(m))
    m.act(1, {"type": "take", "animal": state(m).tables[1][0]})
    assert m.to_act == [2]


def test_ruling_symbiosis_does_not_block_fat_conversion() -> None:
    """Ruling 11: using fat is not getting food (l.149), so a protected animal may use it while its symbiont
    is hungry; a red token it may still not take."""
    m = new()
    symbiont, partner = animal(m, 0), animal(m, 0, "fat_tissue")
    link(m, "symbiosis", symbiont, partner)
    food(m, partner, fat=1)
    animal(m, 1)
    feed_phase(m, 3)
    assert {"type": "take", "animal": partner} not in m.legal(0)
    fat = {"type": "fat", "animal": partner, "count": 1}
    assert fat in m.legal(0)
    m.act(0, fat)
    assert beast(m, partner).blue == 1 and beast(m, partner).fat == 0
    assert beast(m, symbiont).blue == 0  # the symbiont is still hungry


def test_ruling_a_pirate_may_rob_its_owners_own_animal() -> None:
    """Ruling 20: "another animal" is any animal but the pirate, its owner's included."""
    m = new()
    pirate = animal(m, 0, "piracy")
    own = animal(m, 0, "high_body_weight")
    food(m, own, red=1)
    animal(m, 1)
    feed_phase(m, 3)
    m.act(0, {"type": "piracy", "pirate": pirate, "target": own})
    assert beast(m, pirate).red == 1 and beast(m, own).red == 0


def test_ruling_a_ring_of_symbioses_protects_all_and_waits_for_one_to_be_fed() -> None:
    """Ruling 22: Symbiosis may close a ring; each animal waits for its symbiont, so none eats until one is fed."""
    m = new(seed=3)  # a deck with three Symbiosis cards left after the deal
    a, b, c = animal(m, 0, "hibernation"), animal(m, 0), animal(m, 0)
    link(m, "symbiosis", a, b)  # a is b's symbiont
    link(m, "symbiosis", b, c)
    link(m, "symbiosis", c, a)
    hunter = animal(m, 1, "carnivorous")
    feed_phase(m, 5)
    legal = m.legal(0)
    assert not any(x["type"] == "take" for x in legal)
    assert legal == [{"type": "hibernate", "animal": a}, {"type": "pass"}]
    m.act(0, {"type": "hibernate", "animal": a})  # a counts as fed: b may eat, c still waits for b
    assert {"type": "take", "animal": b} in m.legal(0) and {"type": "take", "animal": c} not in m.legal(0)
    m.act(0, {"type": "take", "animal": b})
    assert m.to_act == [1]
    assert not any(x["type"] == "attack" for x in m.legal(1))  # every animal of the ring is protected
    del hunter
