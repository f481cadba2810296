"""Carnivorous attacks: every defence against every attack modifier, and the kill."""

from __future__ import annotations

import pytest

from evogames import IllegalAction, Match
from tests.games.evolution.helpers import animal, beast, feed_phase, food, link, new, share_all, state, texts

# the attacking carnivore's extra trait (None: a plain carnivore)
MODIFIERS = (None, "swimming", "high_body_weight", "sharp_vision")
# the prey's defence -> what each modifier meets: "eaten", "refused" or "prompt" (the defender chooses)
DEFENCES = {
    None: ("eaten", "refused", "eaten", "eaten"),
    "swimming": ("refused", "eaten", "refused", "refused"),
    "high_body_weight": ("refused", "refused", "eaten", "refused"),
    "camouflage": ("refused", "refused", "refused", "eaten"),
    "burrowing": ("refused", "refused", "refused", "refused"),          # the prey is fed
    "symbiosis": ("refused", "refused", "refused", "refused"),          # the prey is protected
    "running": ("prompt", "refused", "prompt", "prompt"),
    "mimicry": ("prompt", "refused", "prompt", "prompt"),
    "tail_loss": ("prompt", "refused", "prompt", "prompt"),
    "poisonous": ("eaten", "refused", "eaten", "eaten"),
}
TABLE = [(d, m, DEFENCES[d][i]) for d in DEFENCES for i, m in enumerate(MODIFIERS)]


def hunt(defence: str | None, modifier: str | None) -> tuple[Match, str, str]:
    m = new()
    hunter = animal(m, 0, "carnivorous", *([modifier] if modifier else []))
    prey = animal(m, 1, *([defence] if defence and defence != "symbiosis" else []))
    animal(m, 1)  # a second animal of the defender (a Mimicry target)
    if defence == "symbiosis":
        link(m, "symbiosis", animal(m, 1), prey)
    if defence == "burrowing":
        food(m, prey, red=1)
    feed_phase(m, 5)
    return m, hunter, prey


@pytest.mark.parametrize(("defence", "modifier", "expected"), TABLE)
def test_rule_every_defence_against_every_attack_modifier(defence: str | None, modifier: str | None,
                                                          expected: str) -> None:
    m, hunter, prey = hunt(defence, modifier)
    attack = {"type": "attack", "carnivore": hunter, "target": prey}
    if expected == "refused":
        assert attack not in m.legal(0)
        before = m.view(None)
        with pytest.raises(IllegalAction):
            m.act(0, attack)
        assert m.view(None) == before
        return
    assert attack in m.legal(0)
    m.act(0, attack)
    if expected == "prompt":
        assert m.to_act == [1]
        assert {"type": "yield"} in m.legal(1)
        m.act(1, {"type": "yield"})
    assert prey not in state(m).animals
    assert beast(m, hunter).blue == 2
    assert beast(m, hunter).poisoned == (defence == "poisonous")


def test_rule_a_refusal_says_why() -> None:
    m, hunter, prey = hunt("swimming", None)
    with pytest.raises(IllegalAction, match="cannot attack a swimmer"):
        m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    m, hunter, prey = hunt(None, "swimming")
    with pytest.raises(IllegalAction, match="only swimming animals"):
        m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})


def test_rule_carnivore_attacks_instead_of_eating_and_gets_two_blue() -> None:
    m, hunter, prey = hunt(None, None)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    s = state(m)
    assert s.bank == 5 and beast(m, hunter).red == 0 and beast(m, hunter).blue == 2
    assert not any(a["type"] in ("take", "attack", "fat") for a in m.legal(0) if m.to_act == [0])


def test_rule_carnivore_may_attack_own_animals_and_other_carnivores() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    mine = animal(m, 0, "carnivorous")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": mine})
    assert mine not in state(m).animals and state(m).discards[0]


def test_rule_carnivore_cannot_attack_itself() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    feed_phase(m, 3)
    with pytest.raises(IllegalAction, match="itself"):
        m.act(0, {"type": "attack", "carnivore": hunter, "target": hunter})


def test_rule_each_carnivore_attacks_once_per_turn() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous", "fat_tissue", "fat_tissue")
    preys = [animal(m, 1) for _ in range(3)]
    feed_phase(m, 5)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": preys[0]})
    m.act(1, {"type": "take", "animal": preys[1]})
    assert m.to_act == [0]
    assert not any(a["type"] == "attack" for a in m.legal(0))
    with pytest.raises(IllegalAction, match="already attacked"):
        m.act(0, {"type": "attack", "carnivore": hunter, "target": preys[2]})


def test_rule_one_carnivore_attack_per_feeding_round_per_player() -> None:
    m = new()
    a, b = animal(m, 0, "carnivorous"), animal(m, 0, "carnivorous")
    p1, p2 = animal(m, 1), animal(m, 1, "grazing")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": a, "target": p1})
    assert m.to_act == [1]  # seat 0's round is over: nothing else it may do
    assert state(m).current == 1
    del b, p2


def test_rule_fed_carnivore_with_full_fat_cannot_attack() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous", "fat_tissue")
    prey = animal(m, 1)
    animal(m, 0)  # a hungry animal keeps seat 0 at the table
    food(m, hunter, red=2, fat=1)
    feed_phase(m, 3)
    with pytest.raises(IllegalAction, match="fed and has no empty Fat Tissue"):
        m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})


def test_rule_fed_carnivore_with_empty_fat_may_attack_and_stores_fat() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous", "fat_tissue", "fat_tissue")
    prey = animal(m, 1)
    food(m, hunter, red=2)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert beast(m, hunter).fat == 2 and beast(m, hunter).blue == 0


def test_ruling_a_fed_carnivore_keeps_only_what_it_can_eat() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1)
    animal(m, 1)  # a hungry bystander keeps the feeding phase going
    food(m, hunter, red=1)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert beast(m, hunter).food == 2 and beast(m, hunter).blue == 1


def test_rule_the_eaten_animal_goes_with_its_traits_pair_traits_and_food() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "grazing")
    friend = animal(m, 1)
    card = link(m, "cooperation", prey, friend)
    food(m, prey, red=1)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    s = state(m)
    assert prey not in s.animals and not s.links
    assert card in s.discards[1] and len(s.discards[1]) == 3


def test_rule_running_escapes_on_four_to_six() -> None:
    for roll, escaped in ((4, True), (6, True), (3, False), (1, False)):
        m = new(dice=[str(roll)])
        state(m).scripted = [roll]
        hunter = animal(m, 0, "carnivorous")
        prey = animal(m, 1, "running")
        animal(m, 1)  # a hungry bystander keeps the feeding phase going
        feed_phase(m, 3)
        m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
        m.act(1, {"type": "run"})
        assert (prey in state(m).animals) is escaped
        assert beast(m, hunter).attacked


def test_rule_after_an_escape_the_carnivores_attack_is_spent() -> None:
    m = new()
    state(m).scripted = [5]
    hunter = animal(m, 0, "carnivorous")
    prey, other = animal(m, 1, "running"), animal(m, 1)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    m.act(1, {"type": "run"})
    assert state(m).current == 1
    m.act(1, {"type": "take", "animal": other})
    assert not any(a["type"] == "attack" for a in m.legal(0))


def test_ruling_defender_chooses_order_of_defences() -> None:
    """Run first, then (caught) drop a trait: the rulebook's own example."""
    m = new()
    state(m).scripted = [2]
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "running", "tail_loss")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    kinds = {a["type"] for a in m.legal(1)}
    assert kinds == {"run", "tail", "yield"}
    m.act(1, {"type": "run"})
    assert {a["type"] for a in m.legal(1)} == {"tail", "yield"}
    run_card = next(c for t, c in beast(m, prey).traits if t == "running")
    m.act(1, {"type": "tail", "card": run_card})
    assert prey in state(m).animals and not beast(m, prey).has("running")
    assert beast(m, hunter).blue == 1
    assert run_card in state(m).discards[1]


def test_rule_tail_loss_drops_a_trait_and_feeds_the_carnivore_one_blue() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "tail_loss", "grazing")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    graze = next(c for t, c in beast(m, prey).traits if t == "grazing")
    assert {"type": "tail", "card": graze} in m.legal(1)
    m.act(1, {"type": "tail", "card": graze})
    assert beast(m, prey).traits and not beast(m, prey).has("grazing")
    assert beast(m, hunter).blue == 1 and beast(m, hunter).attacked


def test_rule_tail_loss_may_drop_a_parasite() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "tail_loss", "parasite")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    parasite = next(c for t, c in beast(m, prey).traits if t == "parasite")
    m.act(1, {"type": "tail", "card": parasite})
    assert not beast(m, prey).has("parasite")


def test_ruling_tail_loss_may_drop_a_pair_trait() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "tail_loss")
    card = link(m, "communication", prey, animal(m, 1))
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    m.act(1, {"type": "tail", "card": card})
    assert not state(m).links and card in state(m).discards[1]


def test_ruling_losing_fat_tissue_loses_its_fat() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "tail_loss", "fat_tissue")
    food(m, prey, fat=1)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    fat = next(c for t, c in beast(m, prey).traits if t == "fat_tissue")
    m.act(1, {"type": "tail", "card": fat})
    assert beast(m, prey).fat == 0


def test_rule_mimicry_redirects_to_another_animal_the_carnivore_could_attack() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "mimicry")
    decoy = animal(m, 1)
    swimmer = animal(m, 1, "swimming")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert {"type": "mimic", "animal": decoy} in m.legal(1)
    assert {"type": "mimic", "animal": swimmer} not in m.legal(1)
    m.act(1, {"type": "mimic", "animal": decoy})
    assert decoy not in state(m).animals and prey in state(m).animals


def test_rule_mimicry_never_redirects_to_the_attacker() -> None:
    m = new()
    hunter = animal(m, 1, "carnivorous")
    prey = animal(m, 1, "mimicry")
    feed_phase(m, 3, seat=1)
    m.act(1, {"type": "attack", "carnivore": hunter, "target": prey})
    assert state(m).attack is None and prey not in state(m).animals  # no other target: no choice


def test_ruling_mimicry_cannot_chain() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "mimicry")
    decoy = animal(m, 1, "mimicry", "running")
    animal(m, 1)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    m.act(1, {"type": "mimic", "animal": decoy})
    kinds = {a["type"] for a in m.legal(1)}
    assert "mimic" not in kinds


def test_ruling_redirected_prey_may_still_run() -> None:
    m = new()
    state(m).scripted = [6]
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "mimicry")
    decoy = animal(m, 1, "running")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    m.act(1, {"type": "mimic", "animal": decoy})
    m.act(1, {"type": "run"})
    assert prey in state(m).animals and decoy in state(m).animals


def test_rule_poisonous_prey_kills_its_carnivore_at_extinction() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "poisonous")
    feed_phase(m, 0)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert hunter not in state(m).animals  # feeding ended, extinction: fed but poisoned
    assert state(m).tally[0][3] == 1
    assert any("poisoned" in t for t in texts(m))


def test_rule_poison_works_only_on_a_kill() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "poisonous", "tail_loss")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    tail = next(c for t, c in beast(m, prey).traits if t == "tail_loss")
    m.act(1, {"type": "tail", "card": tail})
    assert not beast(m, hunter).poisoned


def test_rule_scavenger_gets_one_blue_clockwise_from_the_carnivores_owner() -> None:
    m = new(players=3)
    hunter = animal(m, 1, "carnivorous")
    prey = animal(m, 0)
    s0, s2 = animal(m, 0, "scavenger"), animal(m, 2, "scavenger")
    feed_phase(m, 3, seat=1)
    m.act(1, {"type": "attack", "carnivore": hunter, "target": prey})
    assert beast(m, s2).blue == 1 and beast(m, s0).blue == 0  # seat 2 comes before seat 0 after seat 1


def test_rule_scavenger_skips_one_that_cannot_eat() -> None:
    m = new(players=3)
    hunter = animal(m, 1, "carnivorous")
    prey = animal(m, 0)
    s2, s0 = animal(m, 2, "scavenger"), animal(m, 0, "scavenger")
    animal(m, 2)  # a hungry bystander keeps the feeding phase going
    food(m, s2, red=1)
    feed_phase(m, 3, seat=1)
    m.act(1, {"type": "attack", "carnivore": hunter, "target": prey})
    assert beast(m, s2).blue == 0 and beast(m, s0).blue == 1


def test_rule_symbiont_protects_its_partner_only_while_it_lives() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous", "fat_tissue")
    state(m).animals[hunter].add_trait("fat_tissue", state(m).deck.pop())
    symbiont = animal(m, 1)
    guarded = animal(m, 1)
    link(m, "symbiosis", symbiont, guarded)
    food(m, guarded, red=1)
    feed_phase(m, 3)
    assert {"type": "attack", "carnivore": hunter, "target": guarded} not in m.legal(0)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": symbiont})
    assert not state(m).links
    from evogames.games.evolution.rules.attack import target_problem
    assert target_problem(state(m), beast(m, hunter), guarded) is None


def test_rule_burrowing_protects_only_a_fed_animal() -> None:
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "burrowing", "fat_tissue")
    food(m, prey, fat=1)  # fat alone is not fed
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert prey not in state(m).animals


def test_rule_the_defender_answers_out_of_turn() -> None:
    m, hunter, prey = hunt("running", None)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert m.to_act == [1] and m.view(1)["attack"]["defender"] == 1
    with pytest.raises(IllegalAction):
        m.act(0, {"type": "pass"})
    with pytest.raises(IllegalAction, match="attack is under way"):
        m.act(1, {"type": "pass"})


def test_ruling_a_kill_and_its_scavenger_are_one_action() -> None:
    """Ruling 10: a link fires once per action; the scavenger's token belongs to the kill's action."""
    m = new()
    hunter = animal(m, 0, "carnivorous", "fat_tissue")
    scavenger = animal(m, 0, "scavenger", "high_body_weight")
    link(m, "cooperation", hunter, scavenger)
    prey = animal(m, 1)
    animal(m, 1)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert share_all(m) == 1
    assert beast(m, scavenger).blue == 2  # one from the link, one as the scavenger
    assert beast(m, hunter).blue == 2 and beast(m, hunter).fat == 0  # the link does not fire back


def test_ruling_a_carnivore_waiting_for_its_symbiont_cannot_attack() -> None:
    """Ruling 17: a carnivore that may not get food yet (its symbiont is hungry) cannot attack."""
    m = new()
    symbiont = animal(m, 0)
    hunter = animal(m, 0, "carnivorous")
    link(m, "symbiosis", symbiont, hunter)
    prey = animal(m, 1)
    animal(m, 1)
    feed_phase(m, 5)
    attack = {"type": "attack", "carnivore": hunter, "target": prey}
    assert attack not in m.legal(0)
    with pytest.raises(IllegalAction, match="symbiont"):
        m.act(0, attack)
    m.act(0, {"type": "take", "animal": symbiont})
    m.act(1, {"type": "pass"})
    m.act(0, attack)  # the symbiont is fed: now it may hunt
    assert prey not in state(m).animals and beast(m, hunter).blue == 2


def test_ruling_surplus_food_stays_when_tail_loss_lowers_the_need() -> None:
    """Ruling 18: dropping a trait that raised the need leaves the food on the animal (no fat)."""
    m = new()
    hunter = animal(m, 0, "carnivorous")
    prey = animal(m, 1, "parasite", "tail_loss", "fat_tissue")
    animal(m, 1)  # a hungry bystander keeps the feeding phase going
    food(m, prey, red=2)  # 2 of the 3 it needs
    feed_phase(m, 3)
    parasite = next(c for t, c in beast(m, prey).traits if t == "parasite")
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    m.act(1, {"type": "tail", "card": parasite})
    p = beast(m, prey)
    assert (p.red, p.blue, p.fat) == (2, 0, 0) and p.food > 1  # need is now 1; the surplus stays as food
    assert parasite in state(m).discards[1]


def test_ruling_a_players_first_scavenger_gets_the_token() -> None:
    """Ruling 19: among one player's scavengers, the first played (leftmost) that can eat is fed."""
    m = new()
    hunter = animal(m, 0, "carnivorous")
    first, second = animal(m, 0, "scavenger"), animal(m, 0, "scavenger")
    prey = animal(m, 1)
    animal(m, 1)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert beast(m, first).blue == 1 and beast(m, second).blue == 0
