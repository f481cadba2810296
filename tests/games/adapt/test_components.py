"""The box and the board: counts, ranges, real facts, a data file that breaks is named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from evogames.core.data import DataFileError
from evogames.games.adapt.components import CARDS_FILE, FEATURES, NICHE_COPIES, load_components
from evogames.games.adapt.rules.board import BOARD_FILE, load_boards
from tests.games.adapt.helpers import SINGLE, C


def test_rule_box_holds_16_habitats_80_niches_16_creatures_25_adaptations() -> None:
    assert len(C.habitats) == 16
    assert sum(C.niche_pile().values()) == 80 and set(C.niche_pile().values()) == {NICHE_COPIES}
    assert len(C.creatures) == 16
    assert len(C.adaptations) == 25
    assert len({h.number for h in C.habitats.values()}) == 16


def test_rule_each_creature_fits_its_home_habitat_perfectly_and_generic_has_none() -> None:
    homes = [c.home for c in C.creatures.values() if c.home]
    assert len(homes) == len(set(homes)) == 15
    generic = [c for c in C.creatures.values() if not c.home]
    assert [c.name for c in generic] == ["GENERIC"]
    for creature in C.creatures.values():
        assert all(1 <= v <= 5 for v in creature.features) and len(creature.features) == 5
        if creature.home:
            for feature, value in C.habitats[creature.home].fixed:
                assert creature.features[feature] == value


def test_rule_habitat_mat_fixes_two_pressures_and_randomizer_fills_three_blanks_in_order() -> None:
    cave = C.habitats["H01"]  # eyes 1, antennae 5 fixed
    assert cave.fixed == ((3, 1), (4, 5))
    assert cave.blanks == (0, 1, 2)  # leg length, segments, size: in the features' order
    assert cave.pressures((2, 4, 1)) == (2, 4, 1, 1, 5)
    for h in C.habitats.values():
        assert len(h.fixed) == 2 and len(h.blanks) == 3
    assert all(len(r.values) == 3 and all(1 <= v <= 5 for v in r.values) for r in C.randomizers.values())


def test_rule_adaptation_cards_change_one_feature_each() -> None:
    kinds = sorted(a.kind for a in C.adaptations.values())
    assert set(kinds) == {"+", "++", "-", "--", "+3"}
    per_feature = [sum(a.feature == f for a in C.adaptations.values()) for f in range(len(FEATURES))]
    assert per_feature == [5, 5, 5, 5, 5]


def test_every_card_is_a_real_thing_with_a_fact() -> None:
    cards = [*C.habitats.values(), *C.creatures.values(), *C.adaptations.values(), *C.randomizers.values()]
    assert all(len(card.fact) > 30 and card.fact.endswith(".") for card in cards)
    assert all(h.place and h.niche for h in C.habitats.values())


def test_rule_board_is_an_octagon_4_steps_to_each_side_and_between_sides() -> None:
    assert len(SINGLE.exits) == 8
    for i in range(8):
        assert f"E{i}" in SINGLE.within("C", 4) and f"E{i}" not in SINGLE.within("C", 3)
        assert f"E{(i + 1) % 8}" in SINGLE.within(f"E{i}", 4)
        assert f"E{(i + 1) % 8}" not in SINGLE.within(f"E{i}", 3)


def test_ruling_double_board_has_12_places_two_shared_by_two_exits() -> None:
    double = load_boards()["double"]
    assert len(set(double.exits.values())) == 12
    shared = [p for p in set(double.exits.values()) if list(double.exits.values()).count(p) == 2]
    assert sorted(shared) == ["N", "S"]
    assert "BC" in double.within("AE2", 6)  # the touching sides are a walkway between the boards


def _broken(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "names"), [
    ('features = { leg_length = 5, segments = 2, size = 2, eyes = 1, antennae = 5 }',
     'features = { leg_length = 5, segments = 2, size = 2, eyes = 1, antennae = 4 }', "C01"),
    ('kind = "++"\nname = "Stilt legs"', 'kind = "+++"\nname = "Stilt legs"', "A02"),
    ('values = [2, 4, 1]', 'values = [2, 4, 7]', "R01"),
    ('fixed = { eyes = 1, antennae = 5 }', 'fixed = { eyes = 1 }', "H01"),
    ('fixed = { eyes = 1, antennae = 5 }', 'fixed = { eyes = 1, tail = 5 }', "H01"),
])
def test_a_broken_card_file_names_the_file_and_the_card(tmp_path: Path, old: str, new: str, names: str) -> None:
    path = _broken(tmp_path, CARDS_FILE, old, new)
    with pytest.raises(DataFileError) as err:
        load_components(path)
    assert str(path) in str(err.value) and names in str(err.value)


def test_a_card_missing_from_the_box_is_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, CARDS_FILE, '[[randomizer]]\nid = "R16"', '[[randomizer_x]]\nid = "R16"')
    with pytest.raises(DataFileError, match="unknown section"):
        load_components(path)


def test_a_broken_board_file_names_the_file_and_the_space(tmp_path: Path) -> None:
    path = _broken(tmp_path, BOARD_FILE, '{ id = "S01", kind = "path", x = 0.0, y = -1.0, links = ["C", "S02"] }',
                   '{ id = "S01", kind = "path", x = 0.0, y = -1.0, links = ["C"] }')
    with pytest.raises(DataFileError) as err:
        load_boards(path)
    assert str(path) in str(err.value) and "S0" in str(err.value)
    path = _broken(tmp_path, BOARD_FILE, 'links = ["S02", "E0"]', 'links = ["S02", "R01"]')
    with pytest.raises(DataFileError, match=r"two-way|4 steps"):
        load_boards(path)
    path = _broken(tmp_path, BOARD_FILE, '{ id = "S02", kind = "path", x = 0.0, y = -2.0,',
                   '{ id = "S02", kind = "path", x = "north", y = -2.0,')
    with pytest.raises(DataFileError, match=r"board single: space S02: needs numbers x and y") as err:
        load_boards(path)
    assert str(path) in str(err.value)


@pytest.mark.parametrize(("source", "load"), [(CARDS_FILE, load_components), (BOARD_FILE, load_boards)])
def test_an_unreadable_or_unknown_data_file_is_a_data_file_error_naming_it(tmp_path: Path, source: Path,
                                                                          load: Any) -> None:
    missing = tmp_path / source.name
    with pytest.raises(DataFileError, match="cannot read") as err:
        load(missing)
    assert str(missing) in str(err.value)
    missing.write_text(source.read_text(encoding="utf-8") + "\n[[extra]]\nid = 1\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"unknown section\(s\) \['extra'\]"):
        load(missing)


def test_ruling_16_randomizer_cards_outside_the_121_one_for_each_mat() -> None:
    # R 24: the rulebook's 121 cards are 80 NICHE + 16 CREATURE + 25 ADAPTATION; the
    # randomizer cards come on top, one laid on each mat, so they never run out
    assert sum(C.niche_pile().values()) + len(C.creatures) + len(C.adaptations) == 121
    assert len(C.randomizers) == len(C.habitats) == 16
    assert len({r.values for r in C.randomizers.values()}) == 16  # every card changes the habitats differently


def test_ruling_the_adaptation_deck_is_5_kinds_for_each_of_the_5_features() -> None:
    # R 26: the rulebook shows +, ++, - and +3 (l.107-110); "--" completes the deck: 5 x 5 = 25
    for feature in range(len(FEATURES)):
        kinds = sorted(a.kind for a in C.adaptations.values() if a.feature == feature)
        assert kinds == sorted(["+", "++", "-", "--", "+3"])


def test_ruling_our_mats_12_3_7_15_6_and_2_print_the_sample_scorecards_pressures() -> None:
    # R 29: the sample scorecard (l.105-110) shows Habitats 12, 3, 7, 15, 6 and 2; our mats of
    # those numbers print the same two pressures, and a randomizer card in the box fills the
    # three blanks with the sample's numbers; the sample's bug (3 1 4 5 2) is a creature of the box
    sample = {12: (4, 3, 5, 1, 2), 3: (3, 4, 5, 2, 1), 7: (5, 4, 1, 3, 2), 15: (3, 1, 4, 2, 5),
              6: (2, 5, 4, 3, 1), 2: (1, 2, 4, 5, 3)}
    by_number = {h.number: h for h in C.habitats.values()}
    places = [(n, f) for n, sp in sample.items() for f, v in by_number[n].fixed if sp[f] == v]
    assert len(places) == 12  # every printed pressure agrees
    fills = {r.values for r in C.randomizers.values()}
    for number, sp in sample.items():
        assert tuple(sp[f] for f in by_number[number].blanks) in fills
    assert (3, 1, 4, 5, 2) in {c.features for c in C.creatures.values()}
