"""Attract (combat, Stands by colour, Fitness order, splits) and Mating (Offspring, the win)."""

from __future__ import annotations

from evogames import Match
from evogames.games.mating.components import COMBAT_BONUS
from evogames.games.mating.events import Combat
from tests.games.mating.helpers import C, calm, keep_all, pass_windows, play, scenario, sneaky, strategies, texts


def combats(m: Match) -> list[Combat]:
    return [e for e in m.state.events if isinstance(e, Combat)]


def test_rule_combat_dice_equal_fitness_and_the_highest_total_wins() -> None:
    low, high = strategies("combat", "low")[0], strategies("combat", "high")[0]
    for seed in range(1, 15):
        m = scenario([[low], [high]], [calm()], seed=seed)
        play(m, {0: low, 1: high})
        rounds = combats(m)
        assert rounds
        first = dict(rounds[0].rolls)
        assert (len(first[0]), len(first[1])) == (C.strategies[low].fitness, C.strategies[high].fitness)
        last = dict(rounds[-1].rolls)
        winner = m.state.combat_winner
        assert sum(last[winner]) > sum(last[1 - winner])
        assert m.view(None)["players"][1 - winner]["status"] == "lost_combat"  # loser discarded


def test_ruling_combat_tie_is_broken_by_a_single_die() -> None:
    """FAQ (seed l.468): players in a tie roll a single die, tied rolls roll again."""
    a, b = strategies("combat", "low", 2)
    winners = set()
    for seed in range(1, 80):
        m = scenario([[a], [b]], [calm()], seed=seed)
        play(m, {0: a, 1: b})
        rounds = combats(m)
        assert len(rounds) == 1  # the Fitness dice are rolled once
        totals = {seat: sum(d) for seat, d in rounds[0].rolls}
        ties = [e for e in m.state.events if e.kind == "rolls" and e.purpose == "combat"]
        if totals[0] != totals[1]:
            assert not ties and m.state.combat_winner == max(totals, key=lambda x: totals[x])
            continue
        assert ties and all(1 <= v <= 6 for roll in ties for _, v in roll.rolls)  # one die each
        last = dict(ties[-1].rolls)
        assert last[0] != last[1]
        assert m.state.combat_winner == max(last, key=lambda x: last[x])  # the higher die wins
        assert any("to break the combat tie" in t for t in texts(m))
        winners.add(m.state.combat_winner)
    assert winners == {0, 1}


def test_rule_worked_example_mid_combat_winner_attracts_two_plus_two() -> None:
    a, b = strategies("combat", "mid", 2)
    m = scenario([[a], [b], []], [calm()])
    play(m, {0: a, 1: b})
    winner = m.state.combat_winner
    pass_windows(m)
    assert C.strategies[a].fitness == 2 and COMBAT_BONUS == 2
    assert m.view(None)["players"][winner]["females"] == 4
    assert m.view(None)["players"][winner]["offspring"] == 4
    assert m.view(None)["players"][1 - winner]["offspring"] == 0


def test_rule_single_combat_strategy_gets_no_bonus() -> None:
    mid = strategies("combat", "mid")[0]
    m = scenario([[mid], []], [calm()])
    play(m, {0: mid, 1: None})
    pass_windows(m)
    assert not combats(m)
    assert m.view(None)["players"][0]["offspring"] == 2
    assert any("no combat, no combat bonus" in t for t in texts(m))


def test_rule_strategies_attract_only_from_the_stand_of_their_colour() -> None:
    combat, flashy = strategies("combat", "high")[0], strategies("flashy", "high")[0]
    m = scenario([[combat], [flashy]], [calm()])
    m.state.stands = [3, 1]  # red 3, blue 1
    play(m, {0: combat, 1: flashy})
    pass_windows(m)
    players = m.view(None)["players"]
    assert players[0]["offspring"] == 3  # red, Fitness 3, no combat
    assert players[1]["offspring"] == 1  # only one blue Female left


def test_rule_higher_fitness_attracts_first() -> None:
    high, low = strategies("flashy", "high")[0], strategies("flashy", "low")[0]
    m = scenario([[low], [high], []], [calm()])
    m.state.stands = [4, 5]
    play(m, {0: low, 1: high})
    pass_windows(m)
    players = m.view(None)["players"]
    assert players[1]["offspring"] == 4  # Fitness 4 first
    assert players[0]["offspring"] == 1  # what is left


def test_rule_equal_fitness_splits_females_and_a_die_places_the_rest() -> None:
    a, b = strategies("flashy", "mid", 2)
    winners = set()
    for seed in range(1, 25):
        m = scenario([[a], [b]], [calm()], seed=seed)
        m.state.stands = [3, 3]  # 3 blue Females for two Fitness-3 Strategies
        play(m, {0: a, 1: b})
        pass_windows(m)
        got = [p["offspring"] for p in m.view(None)["players"]]
        assert sorted(got) == [1, 2]
        rolls = [e for e in m.state.events if e.kind == "rolls" and e.purpose == "female"]
        assert rolls
        winners.add(got.index(2))
    assert winners == {0, 1}


def test_rule_offspring_equal_females_attracted() -> None:
    flashy = strategies("flashy", "mid")[0]
    m = scenario([[flashy], []], [calm()])
    play(m, {0: flashy})
    pass_windows(m)
    player = m.view(None)["players"][0]
    assert player["offspring"] == player["females"] == C.strategies[flashy].fitness


def test_rule_ten_offspring_wins_after_mating() -> None:
    flashy = strategies("flashy", "mid")[0]
    m = scenario([[flashy], []], [calm()])
    m.state.offspring[0] = 7
    play(m, {0: flashy})
    pass_windows(m)
    assert m.over and m.result is not None
    assert m.result["winners"] == [0] and m.result["scores"][0] == 10
    assert m.result["reason"] == "offspring"


def test_rule_worked_example_two_players_at_nine_tie_and_compare_food() -> None:
    high, mid = strategies("flashy", "high")[0], strategies("flashy", "mid")[0]
    m = scenario([[high], [mid]], [calm()])
    m.state.offspring = [9, 9]
    m.state.food = [5, 9]
    m.state.stands = [7, 7]
    play(m, {0: high, 1: mid})
    pass_windows(m)
    assert m.over and m.result is not None
    # the Fitness-4 Strategy attracts first but does not win before the other mates
    assert m.result["scores"] == [13, 12]
    assert m.result["winners"] == [1] and m.result["tie_break"] == "food"


def test_rule_offspring_tie_goes_to_food_then_a_die() -> None:
    a, b = strategies("flashy", "mid", 2)
    outcomes = set()
    for seed in range(1, 30):
        m = scenario([[a], [b]], [calm()], seed=seed)
        m.state.stands = [6, 6]
        m.state.offspring = [7, 7]
        m.state.food = [6, 6] if seed % 3 else [7, 5]
        play(m, {0: a, 1: b})
        pass_windows(m)
        result = m.result
        assert result is not None and result["scores"] == [10, 10]
        if seed % 3 == 0:
            assert result["winners"] == [0] and result["tie_break"] == "food"
        else:
            assert result["tie_break"] == "die"
            outcomes.add(result["winners"][0])
    assert outcomes == {0, 1}


def test_ruling_everyone_reaching_ten_ties_whatever_the_count() -> None:
    high, low = strategies("flashy", "high")[0], strategies("flashy", "low")[0]
    m = scenario([[high], [low], []], [calm()])
    m.state.offspring = [8, 9, 9]
    m.state.food = [5, 9, 9]
    m.state.stands = [6, 6]
    play(m, {0: high, 1: low})
    pass_windows(m)
    assert m.result is not None
    assert m.result["scores"] == [12, 11, 9]
    assert m.result["winners"] == [1] and m.result["tie_break"] == "food"


def test_rule_discard_any_then_draw_to_five() -> None:
    flashy = strategies("flashy", "low")[0]
    m = scenario([[flashy], []], [calm(), calm()])
    play(m, {0: flashy})
    pass_windows(m)
    hand = [c["id"] for c in m.view(0)["hand"]]
    assert len(hand) == 4
    m.act(0, {"type": "discard", "cards": hand[:2]})
    m.act(1, {"type": "discard", "cards": []})
    assert len(m.view(0)["hand"]) == 5 and len(m.view(1)["hand"]) == 5
    assert set(hand[:2]) <= set(m.view(None)["discard_pile"])
    assert flashy in m.view(None)["discard_pile"]  # played Strategies are discarded
    assert {"type": "out_to_lunch"} in m.legal(0)


def test_ruling_discards_are_public_draws_are_private() -> None:
    m = scenario([[], []], [calm(), calm()])
    play(m, {})
    pass_windows(m)
    hand = [c["id"] for c in m.view(0)["hand"]]
    m.act(0, {"type": "discard", "cards": hand[:1]})
    m.act(1, {"type": "discard", "cards": []})
    drawn = m.view(0)["hand"][-1]
    assert any(C.strategies.get(hand[0], C.sneakies.get(hand[0])).name in t for t in texts(m, 1))  # type: ignore[union-attr]
    mine, theirs = texts(m, 0), texts(m, 1)
    assert any(t.startswith("You draw") and drawn["name"] in t for t in mine)
    assert not any(t.startswith("You draw") for t in theirs[-3:])
    assert any(t == "Player 1 draws 1 card." for t in theirs)


def test_ruling_discards_are_revealed_together_when_the_last_player_commits() -> None:
    """Discard & Draw is simultaneous (DESIGN.md: nothing is revealed until everyone has
    committed): a player's discards stay in their hand, off the pile and out of the log
    until the last player has chosen; then all turn face up together (ruling 17)."""
    m = scenario([[], [], []], [calm(), calm()])
    play(m, {})
    hand = [c["id"] for c in m.view(0)["hand"]]
    before = {seat: (m.view(seat), m.log_for(seat)) for seat in (1, 2, None)}
    m.act(0, {"type": "discard", "cards": hand[:2]})
    for seat in (1, 2, None):
        view, log = m.view(seat), m.log_for(seat)
        assert view["discard_pile"] == before[seat][0]["discard_pile"]
        assert view["players"][0]["hand_size"] == 5
        assert view["players"][0]["committed"] and not view["players"][1]["committed"]
        assert [e["text"] for e in log[len(before[seat][1]):]] == ["Player 1 has chosen what to discard."]
    assert m.view(0)["players"][0]["discarding"] == hand[:2]  # only its owner sees the choice
    assert "discarding" not in m.view(1)["players"][0]
    m.act(1, {"type": "discard", "cards": []})
    assert m.view(None)["discard_pile"] == before[None][0]["discard_pile"]
    m.act(2, {"type": "discard", "cards": []})
    assert m.view(None)["discard_pile"][-2:] == hand[:2]
    assert sum(t.startswith("Player 1 discards") for t in texts(m)) == 1


def test_rule_strategy_deck_reshuffled_when_empty() -> None:
    m = scenario([[], []], [calm()] * 30)
    moved = m.state.deck[:-2]
    m.state.discard.extend(moved)
    del m.state.deck[:-2]
    for _ in range(2):
        play(m, {})
        pass_windows(m)
        for seat in list(m.to_act):
            m.act(seat, {"type": "discard", "cards": [c["id"] for c in m.view(seat)["hand"]]})
    assert any("Strategy deck is reshuffled" in t for t in texts(m))
    total = sum(len(h) for h in m.state.hands) + len(m.state.deck) + len(m.state.discard)
    assert total == 78


def test_rule_three_fighters_one_winner_the_others_are_discarded() -> None:
    """Seed l.258: the highest combined roll wins; the other players lose and are discarded."""
    a, b, c = strategies("combat", "mid", 3)
    for seed in range(1, 12):
        m = scenario([[a], [b], [c]], [calm()], seed=seed)
        m.state.stands = [9, 9]
        play(m, {0: a, 1: b, 2: c})
        pass_windows(m)
        winner = m.state.combat_winner
        assert len(dict(combats(m)[0].rolls)) == 3  # all three roll
        players = m.view(None)["players"]
        assert [p["offspring"] for p in players] == [4 if s == winner else 0 for s in range(3)]
        assert [p["status"] for p in players].count("lost_combat") == 2


def test_ruling_level_up_alone_gets_no_bonus() -> None:
    """Ruling 11/20: a Levelled-Up Strategy with nobody to fight does not fight: no bonus."""
    flashy, card = strategies("flashy", "mid")[0], sneaky("level_up")[0]
    m = scenario([[flashy, card], []], [calm()])
    m.state.stands = [6, 6]
    play(m, {0: flashy}, stop="before_attract")
    m.act(0, {"type": "sneaky", "card": card})
    pass_windows(m)
    assert not combats(m) and m.state.combat_winner == -1
    assert m.view(None)["players"][0]["offspring"] == 3  # its Fitness, blue, no bonus


def test_rule_the_game_ends_at_ten_with_no_more_phases() -> None:
    """Seed l.304: once a player reaches 10 Offspring the game ends, even with Environment cards left."""
    flashy = strategies("flashy", "mid")[0]
    m = scenario([[flashy], []], [calm(), calm(), calm()])
    m.state.offspring[0] = 7
    play(m, {0: flashy})
    assert m.over and m.to_act == [] and m.view(None)["phase"] == "over"
    assert m.view(None)["environment_deck"] == 2
    assert not any(e.kind in ("discard", "draws", "round") for e in m.state.events[-8:])
    assert texts(m)[-1] == "Game over (reached the Offspring goal). Player 1 wins with 10 Offspring!"


def test_rule_a_round_runs_the_five_phases_in_order() -> None:
    """Seed l.92-138: Play & Pay, Survive, Attract, Mating, Discard & Draw; then Play & Pay again."""
    a, b = strategies("combat", "mid", 2)
    m = scenario([[a], [b], []], [calm(), calm()])
    play(m, {0: a, 1: b})
    pass_windows(m)
    keep_all(m)
    wanted = ["round", "reveal", "environment", "combat", "attract", "mating", "discard", "draws", "round"]
    seen = [e.kind for e in m.state.events if e.kind in wanted]
    firsts = [seen.index(kind) for kind in wanted[:-1]]
    assert firsts == sorted(firsts) and seen[-1] == "round"
    assert m.view(None)["phase"] == "play" and m.view(None)["round"] == 2


def test_ruling_played_strategies_are_in_the_reshuffle() -> None:
    """Every Strategy played this round is on the discard pile before anyone draws."""
    cards = strategies("flashy", "low", 4)
    mixed = False
    for seed in range(1, 12):
        m = scenario([[c] for c in cards], [calm()], seed=seed)
        play(m, dict(enumerate(cards)))
        m.state.discard.extend(m.state.deck)  # nothing left to draw: only a reshuffle feeds the draw
        m.state.deck.clear()
        pass_windows(m)
        discarded = list(m.state.discard)
        keep_all(m)
        assert [t for t in texts(m) if "Strategy deck is reshuffled" in t] == [
            "The Strategy deck is reshuffled from its discard pile."]  # once, with every card in it
        drawn = [hand[-1] for hand in m.state.hands]
        assert set(drawn) <= set(discarded + cards)
        mixed |= any(drawn[seat] != cards[seat] and drawn[seat] in cards for seat in range(4))
        total = sum(len(h) for h in m.state.hands) + len(m.state.deck) + len(m.state.discard)
        assert total == 78
    assert mixed


def test_log_combat_and_mating_sentences_name_animals_and_numbers() -> None:
    a, b = strategies("combat", "mid", 2)
    m = scenario([[a], [b], []], [calm()])
    play(m, {0: a, 1: b})
    pass_windows(m)
    w, loser = m.state.combat_winner, 1 - m.state.combat_winner
    win_animal, lose_animal = C.strategies[(a, b)[w]].animal, C.strategies[(a, b)[loser]].animal
    log = texts(m)
    assert any(t.startswith(f"Combat! Player 1's {C.strategies[a].animal} rolls 2 dice: ") for t in log)
    assert (f"Player {w + 1}'s {win_animal} wins combat and earns the combat bonus: it may attract "
            "2 more Females; "
            f"Player {loser + 1}'s {lose_animal} loses and is discarded.") in log
    assert f"Player {w + 1}'s {win_animal} attracts 4 red Females." in log
    assert f"Player {w + 1}'s {win_animal} mates: +4 Offspring (now 4)." in log


def test_log_says_when_the_stand_ran_out() -> None:
    high = strategies("flashy", "high")[0]
    m = scenario([[high], []], [calm()])
    m.state.stands = [3, 2]
    play(m, {0: high})
    animal = C.strategies[high].animal
    assert f"Player 1's {animal} attracts 2 blue Females of the 4 it could: the Stand ran out." in texts(m)


def test_the_end_says_who_tied_and_why_eleven_beats_twelve() -> None:
    """The issue: 12 Offspring lost to 11 with only "the tie was broken by the most Food left"."""
    high, low = strategies("flashy", "high")[0], strategies("flashy", "low")[0]
    m = scenario([[high], [low], []], [calm()])
    m.state.offspring = [8, 9, 9]
    m.state.food = [5, 9, 9]
    m.state.stands = [6, 6]
    play(m, {0: high, 1: low})
    pass_windows(m)
    result = m.view(2)["result"]
    assert result["scores"][:2] == [12, 11] and result["winners"] == [1]
    assert result["tied"] == [0, 1]  # both reached 10 in the same round; seat 2 (9) did not
    assert "Everyone who reaches 10 Offspring in the same round ties" in result["why"]["rule"]
    assert "not how far past it" in result["why"]["rule"]
    assert result["why"]["tie_break"] == "A tie goes to the most Food left."


def test_a_win_without_a_tie_explains_nothing_more() -> None:
    flashy = strategies("flashy", "high")[0]
    m = scenario([[flashy], []], [calm()])
    m.state.offspring = [9, 0]
    play(m, {0: flashy})
    pass_windows(m)
    result = m.view(0)["result"]
    assert result["winners"] == [0] and result["tied"] == [] and "why" not in result


def test_the_view_names_and_explains_every_icon() -> None:
    icons = scenario([[], []], [calm()], offspring_to_win=7).view(None)["icons"]
    assert {k: v["name"] for k, v in icons.items()} == {
        "food": "Food", "fitness": "Fitness", "predator": "Predator", "scarcity": "Female Scarcity",
        "offspring": "Offspring"}
    assert "7 wins" in icons["offspring"]["means"]
    assert "lowest is the most visible" in icons["predator"]["means"]
