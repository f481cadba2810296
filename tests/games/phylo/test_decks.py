"""Deck building (seed l.2-4, l.25-28, l.74): 1 HOME + 24 cards; random, themed, or a deck list."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from evogames import IllegalAction, Match
from evogames.games.phylo.components import components
from evogames.games.phylo.rules.decks import DECK_DIR, read_deck_file

C = components()


def deck_of(m: Match, seat: int) -> list[str]:
    """Every card of a seat's deck: hand, deck and table (start of the game)."""
    s = m.state
    return [s.card_of[i] for i in (*s.hands[seat], *s.decks[seat])]


def test_rule_a_deck_is_one_home_and_24_cards() -> None:
    m = Match("phylo", 2, seed=4)
    for seat in range(2):
        assert len(deck_of(m, seat)) == 24
        assert m.state.card_of[f"{'AB'[seat]}00"] in C.homes


def test_rule_random_decks_are_dealt_from_one_box() -> None:
    m = Match("phylo", 4, seed=9)
    dealt = Counter(card for seat in range(4) for card in deck_of(m, seat))
    box = Counter(C.box())
    assert all(dealt[card] <= box[card] for card in dealt)
    assert len({m.state.card_of[f"{x}00"] for x in "ABCD"}) == 4  # four different HOMEs


def test_rule_decks_may_be_themed_by_region() -> None:
    m = Match("phylo", 2, seed=2, options={"decks": "region", "themes": ["Africa", "Oceania"]})
    for seat, region in enumerate(("Africa", "Oceania")):
        species = [C.species[c] for c in deck_of(m, seat) if c in C.species]
        themed = [s for s in species if region in s.continents]
        assert len(themed) >= 15 and len(deck_of(m, seat)) == 24


def test_rule_decks_may_be_themed_by_terrain() -> None:
    m = Match("phylo", 2, seed=2, options={"decks": "terrain", "themes": ["ocean"]})
    species = [C.species[c] for c in deck_of(m, 0) if c in C.species]
    assert sum("ocean" in s.terrains for s in species) == len(species) >= 18
    assert len(deck_of(m, 1)) == 24


def test_ruling_a_theme_that_runs_short_is_topped_up_from_the_box() -> None:
    m = Match("phylo", 4, seed=2, options={"decks": "region", "themes": ["Antarctica"]})
    assert all(len(deck_of(m, seat)) == 24 for seat in range(4))


def test_rule_a_teacher_writes_a_deck_list_file() -> None:
    entries = read_deck_file(DECK_DIR / "polar_seas.txt")
    m = Match("phylo", 2, seed=1, options={"deck_p1": ["@polar_seas"]})
    assert sorted(deck_of(m, 0)) == sorted(c for c in (C.by_name()[e.lower().removeprefix("2x ")] for e in entries)
                                          if c not in C.homes for _ in range(2 if c == "S038" else 1))
    assert m.state.card_of["A00"] == C.by_name()["home: great barrier reef"]


def test_rule_a_deck_list_takes_names_latin_names_ids_and_counts(tmp_path: Path) -> None:
    path = tmp_path / "class.txt"
    path.write_text("# my deck\nHOME: Serengeti\n3x Big Bluestem\nQuercus lobata  # the oak\nS003\n"
                    + "\n".join(["Horse"] * 19) + "\n", encoding="utf-8")
    m = Match("phylo", 2, seed=1, options={"deck_p2": read_deck_file(path)})
    cards = Counter(deck_of(m, 1))
    assert cards[C.by_name()["big bluestem"]] == 3 and cards["S001"] == 1 and cards["S003"] == 1
    assert cards[C.by_name()["horse"]] == 19


def test_rule_bad_deck_lists_are_refused_with_a_sentence() -> None:
    with pytest.raises(IllegalAction, match="no card called 'Unicorn'"):
        Match("phylo", 2, options={"deck_p1": ["Unicorn"]})
    with pytest.raises(IllegalAction, match="a deck has 24"):
        Match("phylo", 2, options={"deck_p1": ["Horse"] * 10})
    with pytest.raises(IllegalAction, match="HOME"):
        Match("phylo", 2, options={"deck_p1": ["HOME: Serengeti", "HOME: Yellowstone", *["Horse"] * 24]})
    with pytest.raises(IllegalAction, match="no deck file"):
        Match("phylo", 2, options={"deck_p1": ["@../../etc/passwd"]})
    with pytest.raises(IllegalAction, match="themes"):
        Match("phylo", 2, options={"decks": "region"})
    with pytest.raises(IllegalAction, match="not a terrain theme"):
        Match("phylo", 2, options={"decks": "terrain", "themes": ["jungle"]})
    with pytest.raises(IllegalAction, match="3 players"):
        Match("phylo", 3, options={"deck_p4": ["@polar_seas"]})


def test_rule_deck_lists_stay_secret_in_the_views() -> None:
    m = Match("phylo", 2, seed=1, options={"deck_p1": ["@polar_seas"], "deal": "fixed"})
    assert m.view(1)["options"]["deck_p1"] == "a deck list"
    assert "polar_seas" not in str(m.view(1)) and "polar_seas" not in str(m.log_for(1))
