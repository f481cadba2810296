"""Set-up, extinction and draw, the last turn, the score and its tie-breaks."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogames import IllegalAction, Match
from evogames.core.data import DataFileError
from evogames.games.evolution.components import CARDS_FILE, components, load_components
from evogames.games.evolution.flow import ORDER, ROUND, draw, extinction, phase
from evogames.games.evolution.scoring import finish, scores
from tests.games.evolution.helpers import all_cards, animal, beast, feed_phase, food, link, new, state, texts

C = components()


def test_rule_the_deck_has_84_cards_of_20_types() -> None:
    deck = C.deck()
    assert len(deck) == 84 and len(set(deck)) == 84 and len(C.types) == 20
    assert sum(1 for c in deck if c.startswith("SWM")) == 8
    assert all(t.count == 4 for t in C.types.values() if t.code != "SWM")
    assert {t for ty in C.types.values() for t in ty.traits} == set(C.traits)


def test_ruling_poisonous_shares_a_card_with_carnivorous() -> None:
    assert C.types["POC"].traits == ("poisonous", "carnivorous")
    assert sum(t.count for t in C.types.values() if "carnivorous" in t.traits) == 24


def test_rule_food_modifiers_are_carnivorous_1_high_body_weight_1_parasite_2() -> None:
    food = {k: t.food for k, t in C.traits.items() if t.food}
    assert food == {"carnivorous": 1, "high_body_weight": 1, "parasite": 2}
    assert {k for k, t in C.traits.items() if t.pair} == {"symbiosis", "communication", "cooperation"}


def test_a_broken_card_file_names_the_file_and_the_card(tmp_path: Path) -> None:
    """The loader is core/data.py's: every error is a DataFileError naming the file, and the card where there is one."""
    text = CARDS_FILE.read_text(encoding="utf-8")
    bad = tmp_path / "cards.toml"
    broken = {
        r"cards\.toml: card #\d+ \(PIR\): traits must be.*flying": ('traits = ["piracy"]', 'traits = ["flying"]'),
        r"cards\.toml: trait #1 \(carnivorous\): food modifier": ("food = 1", "food = 7"),
        r"cards\.toml: trait #1 \(carnivorous\): 'pair' must be a bool": ("pair = false", 'pair = "no"'),
        r"cards\.toml: card #\d+ \(PIR\): missing field\(s\) count": ('code = "PIR"\ntraits = ["piracy"]\ncount = 4',
                                                                'code = "PIR"\ntraits = ["piracy"]'),
        r"cards\.toml: card #2 \(SWM\): duplicate code SWM": ('code = "RUN"', 'code = "SWM"'),
        r"cards\.toml: trait #2 \(carnivorous\): duplicate key": ('key = "high_body_weight"', 'key = "carnivorous"'),
        r"cards\.toml: the deck holds 20 card types and 84 cards": ("count = 8", "count = 7"),
        r"cards\.toml: unknown section.*species": ("\n[[trait]]\n", "\n[[species]]\n"),
        r"cards\.toml: cannot read": ("\n[[trait]]\n", "\n[[trait]\n"),
    }
    for message, (was, now) in broken.items():
        assert was in text, was
        bad.write_text(text.replace(was, now, 1), encoding="utf-8")
        with pytest.raises(DataFileError, match=message):
            load_components(bad)
    with pytest.raises(DataFileError, match=r"missing\.toml: cannot read"):
        load_components(tmp_path / "missing.toml")


def test_rule_each_player_gets_six_cards() -> None:
    m = new(players=4)
    assert [len(h) for h in state(m).hands] == [6, 6, 6, 6] and len(state(m).deck) == 84 - 24


@pytest.mark.parametrize(("players", "cards"), [(2, 84), (4, 84), (5, 168), (8, 168)])
def test_rule_two_decks_are_mixed_for_five_to_eight_players(players: int, cards: int) -> None:
    m = new(players=players)
    assert len(all_cards(state(m))) == cards


def test_rule_the_highest_die_starts() -> None:
    m = Match("evolution", 3, seed=1, options={"dice": ["2", "5", "5", "1", "3"]})
    assert state(m).first == 2 and m.to_act == [2]  # 5 and 5 tie, roll again: 1 against 3


def test_bad_scripts_are_refused() -> None:
    with pytest.raises(IllegalAction, match="dice"):
        Match("evolution", 2, options={"dice": ["7"]})
    with pytest.raises(IllegalAction, match="deck_order"):
        Match("evolution", 2, options={"deck_order": ["SWM01", "SWM01"]})
    with pytest.raises(IllegalAction, match="first_player"):
        Match("evolution", 2, options={"first_player": 5})


def test_rule_unfed_animals_die_with_their_traits_and_pair_traits() -> None:
    m = new()
    fed, hungry = animal(m, 0), animal(m, 0, "running")
    card = link(m, "cooperation", fed, hungry)
    food(m, fed, red=1)
    feed_phase(m, 0)
    s = state(m)
    assert fed in s.animals and hungry not in s.animals and not s.links
    assert card in s.discards[0] and len(s.discards[0]) == 3


def test_ruling_cards_of_a_dead_animal_go_to_its_owners_pile() -> None:
    m = new()
    host = animal(m, 1, "parasite")
    feed_phase(m, 0)
    assert host not in state(m).animals and len(state(m).discards[1]) == 2 and not state(m).discards[0]


def test_rule_draw_one_plus_surviving_animals_one_at_a_time() -> None:
    m = new(players=3)
    s = state(m)
    for _ in range(2):
        food(m, animal(m, 1), red=1)
    top = list(reversed(s.deck))[:7]
    hands = [list(h) for h in s.hands]
    extinction(s)
    draw(s)
    assert [len(h) - len(b) for h, b in zip(s.hands, hands, strict=True)] == [1, 3, 1]
    assert s.hands[0][-1] == top[0] and s.hands[1][6:] == [top[1], top[3], top[4]] and s.hands[2][-1] == top[2]


def test_rule_six_cards_for_a_player_with_no_animals_and_no_hand() -> None:
    m = new()
    s = state(m)
    s.deck[:0] = s.hands[1]
    s.hands[1] = []
    draw(s)
    assert len(s.hands[1]) == 6 and len(s.hands[0]) == 7


def test_rule_fewer_cards_when_the_deck_runs_out() -> None:
    m = new()
    s = state(m)
    s.discards[0] += s.deck[:-1]
    del s.deck[:-1]
    draw(s)
    assert len(s.hands[0]) == 7 and len(s.hands[1]) == 6 and not s.deck


def test_rule_food_is_removed_but_fat_stays_and_first_player_moves_clockwise() -> None:
    m = new()
    a = animal(m, 0, "fat_tissue")
    food(m, a, red=1, fat=1)
    feed_phase(m, 0)
    assert beast(m, a).food == 0 and beast(m, a).fat == 1
    assert state(m).first == 1 and m.to_act == [1] and phase(state(m)) == "development"


def test_the_turn_is_a_step_table_of_the_rulebooks_phases() -> None:
    """flow.py runs the turn on core/flow.py's Round: the state holds the step's index; the view names the phase."""
    assert ORDER == ("development", "food_bank", "feeding", "extinction", "end_check", "draw", "new_turn")
    m = new()
    s = state(m)
    assert ROUND.current(s) == "development" and m.view(0)["phase"] == m.view(None)["phase"] == "development"
    animal(m, 0)
    animal(m, 1)
    s.scripted = [3]
    for seat in range(2):
        m.act(seat, {"type": "pass"})
    assert ROUND.current(s) == "feeding" and m.view(1)["phase"] == "feeding" and s.bank == 5
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, m.legal(seat)[-1])
    assert s.over and phase(s) == "over" and m.view(0)["phase"] == "over"


def test_ruling_the_turn_starting_with_an_empty_deck_is_last() -> None:
    m = new()
    s = state(m)
    s.discards[0] += s.deck
    s.deck.clear()
    feed_phase(m, 0)
    assert s.last_turn and s.turn == 2 and any("LAST turn" in t for t in texts(m))
    while not m.over:
        m.act(m.to_act[0], {"type": "pass"})
    assert s.turn == 2 and m.result is not None and m.result["reason"] == "deck_out"


def test_rule_score_two_per_animal_one_per_trait_and_food_modifiers() -> None:
    m = new()
    animal(m, 0, "carnivorous", "swimming")          # 2 + (1+1) + 1 = 5
    animal(m, 0, "high_body_weight", "fat_tissue")   # 2 + (1+1) + 1 = 5
    host = animal(m, 1, "parasite")                   # 2 + 1 + 2 = 5 for the host's owner
    a, b = animal(m, 1), animal(m, 1)                 # 2 + 2 + a pair trait once = 5
    link(m, "cooperation", a, b)
    assert scores(state(m)) == [10, 10]
    del host


def test_rule_a_tie_goes_to_the_bigger_discard_pile() -> None:
    m = new()
    s = state(m)
    animal(m, 0)
    animal(m, 1)
    s.discards[1].append(s.deck.pop())
    finish(s)
    assert m.result is not None and m.result["winners"] == [1] and m.result["tie_break"] == "discard"


def test_rule_then_a_die() -> None:
    m = new()
    s = state(m)
    s.scripted = [2, 6]
    finish(s)
    assert m.result is not None and m.result["winners"] == [1] and m.result["tie_break"] == "die"


def test_rule_the_game_ends_after_the_last_turns_extinction() -> None:
    m = new()
    s = state(m)
    s.last_turn = True
    survivor, starving = animal(m, 0), animal(m, 1)
    food(m, survivor, red=1)
    feed_phase(m, 0)
    assert m.over and m.result is not None and m.result["scores"] == [2, 0] and m.result["winners"] == [0]
    assert starving not in s.animals


def test_the_food_bank_as_variant_rolls_fewer_dice() -> None:
    m = new(players=4, food_bank_as=2, dice=["3"])
    for seat in range(4):
        m.act(seat, {"type": "pass"})
    assert any("rolls 3 + 2 = 5 red tokens" in t for t in texts(m))
    with pytest.raises(IllegalAction, match="food_bank_as"):
        new(food_bank_as=1)


def test_the_view_teaches_every_trait_and_the_lab_numbers_come_at_the_end() -> None:
    m = new()
    view = m.view(0)
    assert set(view["traits"]) == set(C.traits) and view["debrief"] is None
    assert all(t["text"] and t["organism"] and t["fact"] for t in view["traits"].values())
    s = state(m)
    food(m, animal(m, 0, "carnivorous"), red=2)
    s.last_turn = True
    feed_phase(m, 0)
    lab = m.view(None)["debrief"]
    assert lab["traits"]["carnivorous"] == {"survived": 1, "starved": 0, "eaten": 0}
    stats = m.stats()
    assert stats["seats"][0]["survival_rate"] == 0.0 and stats["seats"][0]["animals_survived"] == 1
    assert stats["history"][-1]["animals"] == [1, 0]


def test_rule_the_deck_running_out_in_the_draw_makes_the_next_turn_the_last() -> None:
    """Seed l.105, l.113: a short deal empties the deck; the next turn is the last, then the score."""
    m = new()
    s = state(m)
    s.discards[0] += s.deck[:-1]
    del s.deck[:-1]
    feed_phase(m, 0)
    assert not s.deck and s.turn == 2 and s.last_turn and not m.over
    assert [len(h) for h in s.hands] == [7, 6]  # one card left: the first player's
    while not m.over:
        m.act(m.to_act[0], {"type": "pass"})
    assert s.turn == 2 and m.result is not None and m.result["reason"] == "deck_out"
