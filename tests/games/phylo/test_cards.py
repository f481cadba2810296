"""The card data (reference/phylo.md): fields, the points formula, the box, a broken file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from evogames.core.data import DataFileError
from evogames.games.phylo.components import CONTINENTS, TERRAINS, components, load_components, points_for

C = components()
CARDS = Path(__file__).parents[3] / "src/evogames/games/phylo/data/cards.toml"


def test_rule_the_box_has_100_species_over_every_terrain_and_climate() -> None:
    assert len(C.species) >= 100
    assert {t for s in C.species.values() for t in s.terrains} == set(TERRAINS)
    assert {c for s in C.species.values() for c in s.climates} == {"cold", "cool", "warm", "hot"}
    assert {c for s in C.species.values() for c in s.continents} == set(CONTINENTS)
    assert len(C.homes) >= 4


def test_rule_species_cards_carry_every_published_field() -> None:
    for s in C.species.values():
        assert re.fullmatch(r"[A-Z][a-z]+ (× )?[a-z]+( [a-z]+)?", s.latin), s.latin
        assert s.kingdom and s.phylum and s.klass and s.fact.endswith(".")
        assert 1 <= len(s.terrains) <= 3 and s.climates and s.continents
        assert 1 <= s.scale <= 10 and 1 <= s.foodchain <= 5
        assert s.producer == (s.foodchain == 1)


def test_rule_points_follow_the_published_formula() -> None:
    assert points_for("carnivore", 1, 1, ()) == 9
    assert points_for("herbivore", 2, 2, ("MOVE 2",)) == 4  # the Moose
    assert points_for("carnivore", 3, 3, ("MOVE 2",)) == 5  # the Gray Wolf
    assert points_for("photosynthetic", 2, 2, ("SPREAD 3", "INVASIVE")) == 0
    for s in C.species.values():
        assert s.points == points_for(s.diet, len(s.terrains), len(s.climates), s.keywords)


def test_rule_published_cards_keep_their_published_values() -> None:
    names = C.by_name()
    moose, monarch, horse = (C.species[names[n]] for n in ("moose", "monarch", "horse"))
    assert (moose.scale, moose.diet, moose.foodchain, moose.move, moose.climates) == (8, "herbivore", 2, 2,
                                                                                      ("cold", "cool"))
    assert (monarch.scale, monarch.pollinator, monarch.move) == (4, True, 2)
    assert (horse.scale, horse.foodchain, horse.climates) == (7, 2, ("cool", "warm"))
    plum = C.species[names["indian plum"]]
    assert (plum.scale, plum.spread, plum.spread_needs) == (8, 1, "pollinator")


def test_rule_keywords_invasive_and_parasite_appear_in_the_box() -> None:
    assert sum(s.invasive for s in C.species.values()) >= 8
    assert sum(s.parasite for s in C.species.values()) >= 5
    assert all(s.hosts for s in C.species.values() if s.parasite)
    assert any(s.pollinator for s in C.species.values()) and any(s.flight for s in C.species.values())


def test_a_broken_card_file_names_the_file_and_the_card(tmp_path: Path) -> None:
    text = CARDS.read_text(encoding="utf-8")
    bad = tmp_path / "cards.toml"
    bad.write_text(text.replace('name = "Valley Oak"\nlatin = "Quercus lobata"',
                                'name = "Valley Oak"\nlatin = "Quercus lobata"\nwings = 2', 1), encoding="utf-8")
    with pytest.raises(DataFileError, match=r"cards\.toml.*S001.*Valley Oak.*wings"):
        load_components(bad)
    bad.write_text(text.replace("points = 2\ncontinents = [\"North America\"]", "points = 5\ncontinents = "
                                "[\"North America\"]", 1), encoding="utf-8")
    with pytest.raises(DataFileError, match="formula"):
        load_components(bad)
    bad.write_text(text.replace('terrains = ["forest", "grasslands"]', 'terrains = ["jungle"]', 1),
                   encoding="utf-8")
    with pytest.raises(DataFileError, match=r"Valley Oak.*jungle"):
        load_components(bad)
    bad.write_text("[[species]]\nid = 3\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="species #1"):
        load_components(bad)
    bad.write_text("not toml [", encoding="utf-8")
    with pytest.raises(DataFileError, match="cannot read"):
        load_components(bad)


def test_every_kind_of_card_error_names_the_file_and_the_card(tmp_path: Path) -> None:
    """components.py raises core/data.py's DataFileError, naming the file and the card by its label."""
    text = CARDS.read_text(encoding="utf-8")
    bad = tmp_path / "cards.toml"
    cases = [
        ('id = "H02"', 'id = "H01"', r"cards\.toml: card home #2 \(H01, HOME: Serengeti\): duplicate id H01"),
        ('fact = "Yellowstone', 'wings = 1\nfact = "Yellowstone', r"cards\.toml: card home #1 \(H01, .*wings"),
        ('effect = "discard"', 'effect = "drought"', r"cards\.toml: card event #1 \(E01, Wildfire\): effect must be"),
        ('target = { kingdoms = ["Plantae"], terrains', 'target = { kingdoms = "Plantae", terrains',
         r"cards\.toml: card event #1 \(E01, Wildfire\) target: 'kingdoms' must be a list"),
        ('target = { kingdoms = ["Plantae"], terrains', 'target = { min_scale = "big", terrains',
         r"cards\.toml: card event #1 \(E01, Wildfire\) target: 'min_scale' must be a whole number"),
        ('name = "Valley Oak"', 'name = 7', r"cards\.toml: card species #1 \(S001, 7\): 'name' must be non-empty"),
        ("[[home]]", "[[homes]]", r"cards\.toml: unknown section\(s\) \['homes'\]"),
    ]
    for old, new, message in cases:
        assert old in text, old
        bad.write_text(text.replace(old, new, 1), encoding="utf-8")
        with pytest.raises(DataFileError, match=message):
            load_components(bad)
    with pytest.raises(DataFileError, match=r"missing\.toml: cannot read"):
        load_components(tmp_path / "missing.toml")
    assert issubclass(DataFileError, ValueError)


def test_the_box_needs_enough_cards(tmp_path: Path) -> None:
    text = CARDS.read_text(encoding="utf-8")
    short = tmp_path / "cards.toml"
    short.write_text(text.split("[[species]]\nid = \"S100\"")[0], encoding="utf-8")
    with pytest.raises(DataFileError, match="100\\+ species"):
        load_components(short)


def test_l42_the_card_data_say_which_parasites_may_also_live_without_a_host_and_why() -> None:
    parasites = {s.name: s for s in C.species.values() if s.parasite}
    assert all(len(s.free_living_why) > 40 for s in parasites.values())  # the biology, on every PARASITE
    free = {name for name, s in parasites.items() if s.free_living}
    assert {"Brown-headed Cowbird", "Common Cuckoo"} <= free  # brood parasites: the adults live free
    assert not free & {"European Mistletoe", "Blacklegged Tick", "Malaria Parasite", "Zombie-ant Fungus"}
    assert not any(s.free_living or s.free_living_why for s in C.species.values() if not s.parasite)
