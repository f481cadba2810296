"""Survive: Environment Food, Predators and the 3-Food escape, Female Scarcity."""

from __future__ import annotations

from evogames.games.mating.components import ESCAPE_COST
from evogames.games.mating.flow import ORDER
from tests.games.mating.helpers import C, environment, pass_windows, play, scenario, strategies, texts


def predator_env(count: int = 1) -> str:
    """Predators, no Female Scarcity, and too little Food to pay an escape on its own."""
    return environment(lambda e: e.predators == count and not e.scarcity and 0 <= e.food <= 2)


def by_visibility() -> list[str]:
    """One combat-low (hard to see) and one flashy-high (easy to see) card."""
    return [strategies("combat", "low")[0], strategies("flashy", "high")[0]]


def test_rule_environment_food_goes_to_everyone() -> None:
    env = environment(lambda e: e.food > 0 and not e.predators and not e.scarcity)
    m = scenario([[], [], []], [env])
    low = strategies("combat", "low")[0]
    m.state.hands[0].append(low)
    play(m, {0: low})
    food = C.environments[env].food
    assert [p["food"] for p in m.view(None)["players"]] == [5 - 1 + food, 5 + food, 5 + food]


def test_ruling_food_never_goes_below_zero() -> None:
    famine = environment(lambda e: e.food < 0)
    m = scenario([[], []], [famine])
    m.state.food[0] = 0
    play(m, {})
    assert m.view(None)["players"][0]["food"] == 0
    assert m.view(None)["players"][1]["food"] == max(0, 5 + C.environments[famine].food)


def test_rule_predator_catches_the_lowest_predator_value() -> None:
    hidden, visible = by_visibility()
    assert C.strategies[visible].predator < C.strategies[hidden].predator
    for order in ((hidden, visible), (visible, hidden)):
        m = scenario([[order[0]], [order[1]]], [predator_env(1)])
        m.state.food = [C.strategies[c].food for c in order]  # left with too little to escape
        play(m, {0: order[0], 1: order[1]})
        eaten = [p["seat"] for p in m.view(None)["players"] if p["status"] == "eaten"]
        assert eaten == [order.index(visible)]
        assert any("Predator!" in t and f"Player {eaten[0] + 1} is hunted" in t for t in texts(m))


def test_ruling_escape_is_offered_only_with_three_food() -> None:
    hidden, visible = by_visibility()
    env = environment(lambda e: e.predators == 1 and not e.scarcity and 0 <= e.food <= 2)
    gain, cost = C.environments[env].food, C.strategies[visible].food
    for after, asked in ((ESCAPE_COST, True), (ESCAPE_COST - 1, False)):
        m = scenario([[hidden], [visible]], [env])
        m.state.food[1] = cost + after - gain
        play(m, {0: hidden, 1: visible})
        assert m.view(None)["players"][1]["food"] == after
        if asked:
            assert m.to_act == [1]
            assert {a["type"] for a in m.legal(1)} == {"escape", "no_escape"}
        else:
            assert m.view(None)["players"][1]["status"] == "eaten"
            assert m.view(None)["phase"] == "discard"  # never asked


def test_rule_escape_costs_three_food_and_keeps_the_strategy() -> None:
    hidden, visible = by_visibility()
    env = predator_env(1)
    m = scenario([[hidden], [visible]], [env])
    m.state.food[1] = 9
    play(m, {0: hidden, 1: visible})
    before = m.view(None)["players"][1]["food"]
    m.act(1, {"type": "escape"})
    after = m.view(None)["players"][1]
    assert after["food"] == before - 3 and after["status"] == "in_play"
    assert m.view(None)["players"][0]["status"] == "in_play"  # the threat is over, not passed on
    pass_windows(m)
    assert m.view(None)["players"][1]["offspring"] > 0


def test_rule_no_escape_discards_the_strategy_and_it_attracts_nothing() -> None:
    hidden, visible = by_visibility()
    m = scenario([[hidden], [visible]], [predator_env(1)])
    m.state.food[1] = 9
    play(m, {0: hidden, 1: visible})
    m.act(1, {"type": "no_escape"})
    assert m.view(None)["players"][1]["status"] == "eaten"
    pass_windows(m)
    assert m.view(None)["players"][1]["offspring"] == 0
    assert m.view(None)["players"][0]["offspring"] > 0


def test_ruling_food_is_gained_before_the_escape_is_paid() -> None:
    hidden, visible = by_visibility()
    env = environment(lambda e: e.predators >= 1 and e.food >= 1 and not e.scarcity)
    gain = C.environments[env].food
    m = scenario([[hidden], [visible]], [env])
    m.state.food[1] = 5 + (ESCAPE_COST - gain)  # after paying 5: only the Environment's Food makes 3
    play(m, {0: hidden, 1: visible})
    assert m.to_act == [1] and {"type": "escape"} in m.legal(1)
    m.act(1, {"type": "escape"})
    assert m.view(None)["players"][1]["food"] == 0


def test_ruling_each_predator_hunts_a_different_strategy() -> None:
    hidden, visible = by_visibility()
    env = environment(lambda e: e.predators == 2)
    m = scenario([[hidden], [visible], []], [env], female_scarcity=False)
    m.state.food[0] = m.state.food[1] = 9
    play(m, {0: hidden, 1: visible})
    assert m.to_act == [1]
    m.act(1, {"type": "escape"})
    assert m.to_act == [0]  # the second Predator goes for the next most visible
    m.act(0, {"type": "no_escape"})
    view = m.view(None)["players"]
    assert (view[0]["status"], view[1]["status"], view[2]["status"]) == ("eaten", "in_play", "out")


def test_rule_predator_tie_is_decided_by_a_die() -> None:
    twins = [x for x in C.strategies.values() if x.type == "flashy" and x.level == "high"]
    value = min(x.predator for x in twins)
    a, b = [x.id for x in twins if x.predator == value][:2]
    caught = set()
    for seed in range(1, 30):
        m = scenario([[a], [b]], [predator_env(1)], seed=seed)
        m.state.food[0] = m.state.food[1] = 5
        play(m, {0: a, 1: b})
        rolls = [e for e in m.state.events if e.kind == "rolls" and e.purpose == "predator"]
        assert rolls, "tied Predator values roll a die"
        last = dict(rolls[-1].rolls)
        assert last[0] != last[1]
        eaten = [s for s in (0, 1) if m.view(None)["players"][s]["status"] == "eaten"] or m.to_act
        assert eaten == [min(last, key=lambda s: last[s])]  # the lower roll is caught
        caught.add(eaten[0])
    assert caught == {0, 1}


def test_rule_out_to_lunch_is_never_hunted() -> None:
    visible = strategies("flashy", "high")[0]
    m = scenario([[visible], []], [predator_env(1)])
    m.state.food[0] = 5
    play(m, {0: visible, 1: None})
    assert m.view(None)["players"][1]["status"] == "out"
    assert any("Player 1 is hunted" in t for t in texts(m))


def test_rule_female_scarcity_removes_females_from_each_stand() -> None:
    env = environment(lambda e: e.scarcity >= 1 and not e.predators)
    k = C.environments[env].scarcity
    m = scenario([[], [], []], [env, env])
    play(m, {})
    assert m.view(None)["stands"] == {"red": 4 - k, "blue": 4 - k}
    pass_windows(m)
    for seat in list(m.to_act):
        m.act(seat, {"type": "discard", "cards": []})
    assert m.view(None)["stands"] == {"red": 4, "blue": 4}  # refilled to players + 1
    m.state.stands = [0, 1]
    play(m, {})
    assert min(m.view(None)["stands"].values()) >= 0


def test_rule_variant_ignore_predation() -> None:
    hidden, visible = by_visibility()
    m = scenario([[hidden], [visible]], [predator_env(1)], predation=False)
    m.state.food[1] = 5
    play(m, {0: hidden, 1: visible})
    assert m.view(None)["players"][1]["status"] == "in_play"
    assert not any("Predator!" in t for t in texts(m))


def test_rule_variant_ignore_female_scarcity() -> None:
    env = environment(lambda e: e.scarcity >= 1)
    m = scenario([[], []], [env], female_scarcity=False, predation=False)
    play(m, {})
    assert m.view(None)["stands"] == {"red": 3, "blue": 3}


def test_rule_environment_resolves_food_then_predators_then_female_scarcity() -> None:
    """FAQ l.464: 'do the game actions in the same order they are listed on the card
    (Food, Predator, Female Scarcity)'; only one Environment is drawn each round (l.202)."""
    assert ORDER.index("environment") < ORDER.index("predation") < ORDER.index("scarcity")
    visible = strategies("flashy", "high")[0]
    m = scenario([[visible], []], [predator_env(1), environment(lambda e: e.scarcity >= 1)])
    m.state.food[0] = 8
    play(m, {0: visible})
    order = [e.kind for e in m.state.events if e.kind in ("environment", "food", "hunted", "escape", "scarcity")]
    assert order == ["environment", "food", "hunted"]  # this Environment has no Female Scarcity
    m.act(0, {"type": "escape"})
    pass_windows(m)
    for seat in list(m.to_act):
        m.act(seat, {"type": "discard", "cards": []})
    play(m, {})
    order = [e.kind for e in m.state.events if e.kind in ("environment", "food", "hunted", "escape", "scarcity")]
    assert order == ["environment", "food", "hunted", "escape", "environment", "food", "scarcity"]


def test_rule_two_female_scarcity_icons_remove_two_from_each_stand() -> None:
    """Seed l.215: 'if you drew an Environment with 2 Female Scarcity icons, then you would
    remove 2 Females from the blue Stand and 2 Females from the red Stand'."""
    two = environment(lambda e: e.scarcity == 2)
    m = scenario([[], [], [], []], [two], predation=False)
    play(m, {})
    assert m.view(None)["stands"] == {"red": 5 - 2, "blue": 5 - 2}
    assert "Female Scarcity 2: 2 Females leave each Stand (red 3, blue 3 left)." in texts(m)


def test_rule_negative_environment_food_is_lost_even_out_to_lunch() -> None:
    """Seed l.205: all players gain (or lose!) the Food on the card, even if they are Out to Lunch."""
    famine = environment(lambda e: e.food < 0 and not e.predators)
    loss = -C.environments[famine].food
    m = scenario([[], []], [famine], female_scarcity=False)
    m.state.food = [5, 9]
    play(m, {})
    assert [p["food"] for p in m.view(None)["players"]] == [5 - loss, 9 - loss]
    assert f"Everyone loses {loss} Food (now {5 - loss}, {9 - loss})." in texts(m)


def test_rule_a_caught_strategy_does_not_advance_to_the_next_phase() -> None:
    """Seed l.236: if they don't pay, they discard the Strategy immediately and do not advance."""
    a, b = strategies("combat", "mid", 2)
    visible = min((a, b), key=lambda c: C.strategies[c].predator)
    other = b if visible == a else a
    assert C.strategies[visible].predator < C.strategies[other].predator
    m = scenario([[visible], [other]], [predator_env(1)])
    m.state.food = [2, 2]  # too poor to escape
    play(m, {0: visible, 1: other})
    pass_windows(m)
    assert not [e for e in m.state.events if e.kind == "combat"]  # the eaten one never fights
    assert m.view(None)["players"][0]["offspring"] == 0
    assert m.view(None)["players"][1]["offspring"] == 2  # alone: Fitness 2, no combat bonus
    assert m.state.combat_winner == -1


def test_rule_escape_sentence_names_the_animal_and_the_food() -> None:
    hidden, visible = by_visibility()
    m = scenario([[hidden], [visible]], [predator_env(1)])
    m.state.food[1] = 9
    play(m, {0: hidden, 1: visible})
    m.act(1, {"type": "escape"})
    food = m.view(None)["players"][1]["food"]
    animal = C.strategies[visible].animal
    assert f"Player 2's {animal} escapes the Predator: Player 2 pays 3 Food (now {food})." in texts(m)
