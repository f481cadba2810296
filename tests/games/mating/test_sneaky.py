"""Sneaky Strategies: when they may be played, and every effect family."""

from __future__ import annotations

import pytest

import evogames
from evogames import IllegalAction, Match
from evogames.core.rng import Rng
from evogames.games.mating.flow import advance
from evogames.games.mating.rules.sneaky import WINDOW_TIMING, _kinds, may_be_asked, playable
from tests.games.mating.helpers import (
    WINDOWS,
    C,
    calm,
    environment,
    pass_until,
    pass_windows,
    play,
    scenario,
    sneaky,
    strategies,
    texts,
)


def test_rule_sneaky_needs_a_strategy_in_play() -> None:
    card = sneaky("hide_from_predators")[0]
    m = scenario([[card], []], [calm()])
    play(m, {0: None})
    assert m.view(None)["phase"] == "discard"  # Out to Lunch: never asked in a window
    assert card in m.state.hands[0]


def test_rule_sneaky_must_be_affordable() -> None:
    flashy, card = strategies("flashy", "low")[0], sneaky("hide_from_predators")[0]
    m = scenario([[flashy, card], []], [calm()])
    m.state.food[0] = C.strategies[flashy].food  # nothing left after paying
    play(m, {0: flashy})
    assert m.view(None)["phase"] != "before_survive"  # not asked: no real choice


def test_rule_sneaky_as_many_as_you_can_pay_for() -> None:
    flashy = strategies("flashy", "low")[0]
    hide, fat = sneaky("hide_from_predators")[0], sneaky("ignore_food_loss")[0]
    m = scenario([[flashy, hide, fat], []], [calm()])
    play(m, {0: flashy}, stop="before_survive")
    assert m.view(None)["phase"] == "before_survive" and m.to_act == [0]
    m.act(0, {"type": "sneaky", "card": hide})
    assert m.to_act == [0]  # may play another
    m.act(0, {"type": "sneaky", "card": fat})
    pass_until(m)
    assert m.view(None)["players"][0]["food"] == 5 - 1 - 1 - 1 + C.environments[calm()].food
    assert sum("plays" in t for t in texts(m)) == 2


def test_rule_sneaky_only_in_the_window_its_text_names() -> None:
    flashy, gift = strategies("flashy", "low")[0], sneaky("extra_offspring")[0]
    hide = sneaky("hide_from_predators")[0]
    m = scenario([[flashy, gift, hide], []], [calm()])
    play(m, {0: flashy}, stop="before_survive")
    with pytest.raises(IllegalAction, match="after mating"):
        m.act(0, {"type": "sneaky", "card": gift})
    assert gift in m.state.hands[0]


def test_ruling_sneaky_window_asks_every_strategy_in_play_whatever_its_hand() -> None:
    """Ruling 7 (audit): who is asked in a window depends only on what the table sees
    (a Strategy in play, Food, Females), never on the hand; asked clockwise from the
    round's first player. Being asked with nothing to play costs one pass."""
    flashy = strategies("flashy", "low", 3)
    hides = sneaky("hide_from_predators", 2)
    runs = []
    for hands in ([[flashy[0], hides[0]], [flashy[1]], [flashy[2], hides[1]]],
                  [[flashy[0]], [flashy[1]], [flashy[2]]]):
        m = scenario(hands, [calm(), calm()])
        play(m, {0: flashy[0], 1: flashy[1], 2: flashy[2]}, stop="before_survive")
        assert m.legal(1) == [{"type": "pass"}] or m.to_act != [1]
        views = []
        asked = []
        while not m.over and m.view(None)["phase"] in WINDOWS:
            views.append({k: v for k, v in m.view(None).items() if k in ("phase", "to_act")})
            asked.append((m.view(None)["phase"], m.to_act[0]))
            m.act(m.to_act[0], {"type": "pass"})
        runs.append((asked, views))
    assert runs[0] == runs[1]  # holding a sneaky card or not: the same questions, the same views
    assert runs[0][0][:3] == [("before_survive", 0), ("before_survive", 1), ("before_survive", 2)]


def test_ruling_a_window_nobody_could_use_is_skipped_for_everyone() -> None:
    """Ruling 7: a window is skipped only when no sneaky card of its timing could be played
    by anyone on the table's facts (here: nobody has a Female to steal or to add to)."""
    flashy, steal = strategies("flashy", "low", 2), sneaky("steal_female")[0]
    m = scenario([[flashy[0], steal], [flashy[1]]], [calm()])
    m.state.stands = [0, 0]
    play(m, {0: flashy[0], 1: flashy[1]}, stop="after_attract")
    assert [p["females"] for p in m.view(None)["players"]] == [0, 0]
    assert m.view(None)["phase"] == "discard" and steal in m.state.hands[0]


def test_rule_protection_hide_from_predators() -> None:
    visible, hidden = strategies("flashy", "high")[0], strategies("combat", "low")[0]
    card = sneaky("hide_from_predators")[0]
    env = environment(lambda e: e.predators == 1 and not e.scarcity and 0 <= e.food <= 2)
    m = scenario([[visible, card], [hidden]], [env])
    m.state.food = [9, 1]
    play(m, {0: visible, 1: hidden}, stop="before_survive", seat=0)
    m.act(0, {"type": "sneaky", "card": card})
    pass_until(m)
    players = m.view(None)["players"]
    assert players[0]["status"] == "in_play"
    assert players[1]["status"] == "eaten"  # the Predator took the next most visible


def test_rule_protection_ignore_food_loss() -> None:
    flashy, card = strategies("flashy", "low")[0], sneaky("ignore_food_loss")[0]
    famine = environment(lambda e: e.food < 0 and not e.predators)
    m = scenario([[flashy, card], []], [famine], female_scarcity=False)
    play(m, {0: flashy}, stop="before_survive")
    m.act(0, {"type": "sneaky", "card": card})
    pass_until(m)
    assert m.view(None)["players"][0]["food"] == 5 - 1 - 1
    assert m.view(None)["players"][1]["food"] == max(0, 5 + C.environments[famine].food)


def test_rule_more_offspring_after_mating_extra_offspring() -> None:
    flashy, gift = strategies("flashy", "mid")[0], sneaky("extra_offspring")[0]
    m = scenario([[flashy, gift], []], [calm()])
    play(m, {0: flashy}, stop="after_mating", seat=0)
    m.act(0, {"type": "sneaky", "card": gift})
    assert m.view(None)["players"][0]["offspring"] == 3 + 1


def test_rule_interference_steal_female() -> None:
    mine, theirs = strategies("flashy", "low")[0], strategies("combat", "mid")[0]
    card = sneaky("steal_female")[0]
    m = scenario([[mine, card], [theirs]], [calm()])
    play(m, {0: mine, 1: theirs}, stop="after_attract")
    assert {"type": "sneaky", "card": card, "target": 1} in m.legal(0)
    with pytest.raises(IllegalAction):
        m.act(0, {"type": "sneaky", "card": card, "target": 0})
    m.act(0, {"type": "sneaky", "card": card, "target": 1})
    pass_windows(m)
    players = m.view(None)["players"]
    assert (players[0]["offspring"], players[1]["offspring"]) == (2 + 1, 2 - 1)


def test_rule_interference_steal_offspring() -> None:
    mine, theirs = strategies("flashy", "low")[0], strategies("combat", "mid")[0]
    card = sneaky("steal_offspring")[0]
    m = scenario([[mine, card], [theirs]], [calm()])
    play(m, {0: mine, 1: theirs}, stop="after_mating", seat=0)
    m.act(0, {"type": "sneaky", "card": card, "target": 1})
    players = m.view(None)["players"]
    assert (players[0]["offspring"], players[1]["offspring"]) == (3, 1)


def test_rule_mate_guarding_blocks_interference() -> None:
    mine, theirs = strategies("flashy", "low")[0], strategies("combat", "mid")[0]
    steal, guard = sneaky("steal_female")[0], sneaky("mate_guarding")[0]
    m = scenario([[mine, steal], [theirs, guard]], [calm()])
    play(m, {0: mine, 1: theirs}, stop="before_attract", seat=1)
    m.act(1, {"type": "sneaky", "card": guard})
    pass_windows(m)
    assert steal in m.state.hands[0]  # never offered: no opponent it may name
    assert m.view(None)["players"][1]["offspring"] == 2


def test_rule_level_up_gives_the_bonus_to_a_flashy_winner() -> None:
    flashy, combat = strategies("flashy", "mid")[0], strategies("combat", "high")[0]
    card = sneaky("level_up")[0]
    results = set()
    for seed in range(1, 20):
        m = scenario([[flashy, card], [combat]], [calm()], seed=seed)
        m.state.food[0] = 9
        m.state.stands = [6, 6]
        play(m, {0: flashy, 1: combat}, stop="before_attract", seat=0)
        m.act(0, {"type": "sneaky", "card": card})
        pass_windows(m)
        fought = [e for e in m.state.events if e.kind == "combat"]
        assert len(dict(fought[0].rolls)[0]) == 3  # dice = its Fitness
        players = m.view(None)["players"]
        if m.state.combat_winner == 0:
            assert players[0]["offspring"] == 3 + 2  # blue Females + the combat bonus
            assert players[1]["offspring"] == 0
        else:
            assert players[0]["offspring"] == 0 and players[1]["offspring"] == 3 + 2
        results.add(m.state.combat_winner)
    assert results == {0, 1}


def test_rule_extra_combat_dice() -> None:
    a, b = strategies("combat", "mid", 2)
    card = sneaky("extra_combat_dice")[0]
    m = scenario([[a, card], [b]], [calm()])
    play(m, {0: a, 1: b}, stop="before_attract", seat=0)
    m.act(0, {"type": "sneaky", "card": card})
    pass_windows(m)
    first = dict(next(e for e in m.state.events if e.kind == "combat").rolls)
    assert (len(first[0]), len(first[1])) == (4, 2)


def test_rule_lower_fitness_of_an_opponents_flashy_strategy() -> None:
    mine, theirs = strategies("combat", "low")[0], strategies("flashy", "mid")[0]
    card = sneaky("lower_fitness")[0]
    m = scenario([[mine, card], [theirs]], [calm()])
    m.state.stands = [6, 6]
    play(m, {0: mine, 1: theirs}, stop="before_attract", seat=0)
    m.act(0, {"type": "sneaky", "card": card, "target": 1})
    pass_windows(m)
    assert m.view(None)["players"][1]["offspring"] == 3 - 1


def test_rule_more_than_one_combat_strategy_reaches_mating_by_rejoining() -> None:
    a, b = strategies("combat", "high")[0], strategies("combat", "low")[0]
    card = sneaky("rejoin_after_combat")[0]
    for seed in range(1, 30):
        m = scenario([[a], [b, card]], [calm()], seed=seed)
        m.state.stands = [9, 9]
        play(m, {0: a, 1: b}, stop="after_combat", seat=1)
        if m.state.combat_winner != 0:
            continue
        assert m.to_act == [1]
        m.act(1, {"type": "sneaky", "card": card})
        pass_windows(m)
        players = m.view(None)["players"]
        assert players[0]["offspring"] == 3 + 2 and players[1]["offspring"] == 1
        return
    raise AssertionError("the high combat Strategy never won")


def test_l281_higher_fitness_attracts_red_females_before_the_combat_winner() -> None:
    """Ruling 10 (l.281 "The Strategies with higher Fitness attract Females first", and the
    exception it names for combat Strategies that reach mating through sneaky cards):
    a Fitness-3 satellite male takes its Females before a Fitness-1 combat winner, whose
    bonus adds Females, not Fitness (l.259)."""
    a, b, sat = strategies("combat", "low", 2) + strategies("combat", "high")
    card = sneaky("avoid_combat")[0]
    m = scenario([[a], [b], [sat, card]], [calm()])
    m.state.stands = [4, 4]  # the satellite's 3 first, the winner's 1 + 2 gets what is left
    play(m, {0: a, 1: b, 2: sat}, stop="before_attract", seat=2)
    m.act(2, {"type": "sneaky", "card": card})
    pass_windows(m)
    winner = m.state.combat_winner
    assert winner in (0, 1)
    players = m.view(None)["players"]
    assert players[2]["offspring"] == 3 and players[winner]["offspring"] == 1
    assert players[2]["status"] == "in_play"  # the satellite never fought


def test_ruling_after_mating_cards_count_for_the_win() -> None:
    flashy, gift = strategies("flashy", "mid")[0], sneaky("extra_offspring")[0]
    m = scenario([[flashy, gift], []], [calm()])
    m.state.offspring[0] = 6
    play(m, {0: flashy}, stop="after_mating")
    assert not m.over and m.to_act == [0]
    m.act(0, {"type": "sneaky", "card": gift})
    pass_until(m)
    assert m.over and m.result is not None and m.result["winners"] == [0]


def test_rule_play_before_survive_comes_before_the_environment_is_turned_over() -> None:
    """Seed l.193: 'Play before ...' is played before any normal action of that phase,
    so hiding from Predators is a gamble on an Environment nobody has seen."""
    flashy, hide = strategies("flashy", "low")[0], sneaky("hide_from_predators")[0]
    m = scenario([[flashy, hide], []], [calm()])
    play(m, {0: flashy}, stop="before_survive")
    view = m.view(0)
    assert view["phase"] == "before_survive" and view["environment"] is None
    assert not any(e.kind == "environment" for e in m.state.events)
    m.act(0, {"type": "sneaky", "card": hide})
    assert m.view(0)["environment"] is None  # still the same window: Player 1 may play another
    pass_until(m)
    assert m.view(0)["environment"]["id"] == calm()


def test_rule_play_after_attract_comes_after_females_choose_and_before_mating() -> None:
    """Seed l.193: 'Play after ...' is played at the end of that phase, before the next begins."""
    mine, theirs = strategies("flashy", "low")[0], strategies("combat", "mid")[0]
    card = sneaky("steal_female")[0]
    m = scenario([[mine, card], [theirs]], [calm()])
    play(m, {0: mine, 1: theirs}, stop="after_attract")
    players = m.view(None)["players"]
    assert [p["females"] for p in players] == [2, 2] and [p["offspring"] for p in players] == [0, 0]


def test_rule_sneaky_strategies_cannot_target_out_to_lunch() -> None:
    """FAQ l.460/511: nothing else affects an Out-to-Lunch player (no sneaky Strategies)."""
    mine = strategies("combat", "low")[0]
    wreck = sneaky("lower_fitness")[0]
    m = scenario([[mine, wreck], []], [calm()])
    play(m, {0: mine, 1: None})
    assert m.view(None)["phase"] == "discard"  # Bower wrecking had nobody to name: never asked
    assert wreck in m.state.hands[0]


def test_ruling_hiding_is_not_offered_when_predation_is_ignored() -> None:
    """Variant 1 ignores every Predator: a card that only hides from Predators is no real choice."""
    flashy, hide = strategies("flashy", "low")[0], sneaky("hide_from_predators")[0]
    for predation, asked in ((True, True), (False, False)):
        m = scenario([[flashy, hide], []], [calm()], predation=predation)
        play(m, {0: flashy}, stop="before_survive")
        assert m.view(None)["phase"] == "before_survive"  # asked either way: fat cards could be played
        assert ({"type": "sneaky", "card": hide} in m.legal(0)) is asked


def test_rule_sneaky_needs_a_strategy_still_in_play_not_an_eaten_one() -> None:
    """Seed l.190: a combat or flashy Strategy *currently* in play; a caught one is gone."""
    visible, other = strategies("flashy", "high")[0], strategies("combat", "mid")[0]
    steal = sneaky("steal_female")[0]
    env = environment(lambda e: e.predators == 1 and not e.scarcity and 0 <= e.food <= 2)
    m = scenario([[visible, steal], [other]], [env])
    m.state.food[0] = 5 + 2 - C.environments[env].food  # 2 Food after paying: too poor to escape
    play(m, {0: visible, 1: other})
    assert m.view(None)["players"][0]["status"] == "eaten"
    assert m.view(None)["phase"] == "discard"  # never asked after Attract, though it could pay 2
    assert steal in m.state.hands[0] and m.view(None)["players"][0]["food"] == 2


def test_ruling_a_skipped_player_is_not_asked_again_in_the_window() -> None:
    """Ruling 7: being skipped for want of a real choice counts as passing, even when a
    later card in the same window would give that player one."""
    high, low = strategies("flashy", "high")[0], strategies("flashy", "low")[0]
    mine, theirs = sneaky("steal_female", 2)
    m = scenario([[high, mine], [low, theirs]], [calm()])
    m.state.food = [9, 9]
    play(m, {0: high, 1: low}, stop="after_attract")
    assert [p["females"] for p in m.view(None)["players"]] == [3, 0]  # Fitness 4 first: the Stand's 3
    assert m.to_act == [1]  # Player 1 (first this round) had nobody to name: skipped; Player 2 is asked
    m.act(1, {"type": "sneaky", "card": theirs, "target": 0})
    assert [p["females"] for p in m.view(None)["players"]] == [2, 1]
    assert m.to_act == [1]  # who played may play again
    m.act(1, {"type": "pass"})
    assert m.view(None)["phase"] != "after_attract"  # Player 1 could name Player 2 now, but is not asked
    assert mine in m.state.hands[0]


def test_l281_levelled_up_winner_attracts_blue_females_by_its_fitness() -> None:
    """Ruling 11 (l.281): a Levelled-Up flashy combat winner of Fitness 2 attracts blue
    Females after a Fitness-4 peafowl; the FAQ (l.495) gives it the combat bonus (+2 Females)
    but says nothing about going first, and the bonus adds Females, not Fitness (l.259)."""
    low, high, rival = strategies("flashy", "low")[0], strategies("flashy", "high")[0], strategies("combat", "low")[0]
    card = sneaky("level_up")[0]
    assert C.strategies[low].fitness < C.strategies[high].fitness == 4
    won = 0
    for seed in range(1, 12):
        m = scenario([[low, card], [rival], [high]], [calm()], seed=seed)
        m.state.food = [9, 9, 9]
        m.state.stands = [6, 6]
        play(m, {0: low, 1: rival, 2: high}, stop="before_attract", seat=0)
        m.act(0, {"type": "sneaky", "card": card})
        pass_windows(m)
        if m.state.combat_winner != 0:
            continue
        won += 1
        wants = C.strategies[low].fitness + 2
        assert [p["females"] for p in m.view(None)["players"]] == [min(wants, 6 - 4), 0, 4]  # Fitness 4 first
    assert won


def test_ruling_who_is_asked_in_a_window_never_depends_on_any_hand() -> None:
    """Ruling 7, over random games: at every window decision, emptying every hand of its
    sneaky cards would ask the same seat (so being asked reveals nothing held)."""
    game = evogames.game("mating")
    sneakies = set(C.sneakies)
    windows = 0
    for seed in range(1, 7):
        m = Match("mating", 4, seed=seed)
        rng = Rng(seed)
        while not m.over:
            if m.view(None)["phase"] in WINDOWS:
                windows += 1
                bare = m.state.clone()
                bare.hands = [[c for c in hand if c not in sneakies] for hand in bare.hands]
                advance(bare)  # the window goes on as it would with these hands
                assert game.to_act(bare) == m.to_act
            seat = m.to_act[rng.below(len(m.to_act))]
            m.act(seat, rng.choice(m.legal(seat)))
    assert windows > 50


def test_may_be_asked_is_playable_for_some_kind() -> None:
    """``may_be_asked`` (inlined for speed, with a shortcut for Strategies out to lunch or
    eaten) says exactly what ``playable`` says of the sneaky card kinds of the window."""
    checked = 0
    for seed in range(40):
        m = Match("mating", 2 + seed % 5, seed)
        rng = Rng(seed)
        while not m.over:
            s = m.state
            for timing in WINDOW_TIMING.values():
                for seat in range(s.n):
                    slow = any(playable(s, seat, card, timing) for card in _kinds(timing))
                    assert may_be_asked(s, seat, timing) == slow
                    checked += 1
            seat = m.to_act[0]
            m.act(seat, rng.choice(m.legal(seat)))
    assert checked > 10_000
