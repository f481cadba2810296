"""What the cards teach must hold: each species' SCALE follows the size key from a typical adult's size,
its FOODCHAIN and diet let it eat what its card says it eats, and a pack hunter prints its exemption from
the scale rule (RULINGS.md 19 and 20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evogames.core.data import DataFileError
from evogames.games.phylo.components import Species, components, load_components
from evogames.games.phylo.rules.cards import PACK_HUNTER_TEXT, scales_for
from evogames.games.phylo.rules.grid import eats, plays_alone
from evogames.games.phylo.terminal.cards import one_line
from tests.games.phylo.helpers import give, match, places, put

C = components()
CARDS = Path(__file__).parents[3] / "src/evogames/games/phylo/data/cards.toml"
SORTS = {"plants and algae (producers)": lambda d: d.producer, "animals": lambda d: d.kingdom == "Animalia"}


def named_food(c: Species, sort: str) -> list[Species]:
    """The cards of one sort that ``c``'s food key (``eats``) holds."""
    return [d for d in C.species.values()
            if d is not c and SORTS[sort](d) and {d.kingdom, d.phylum, d.klass, d.genus} & set(c.eats)]


def test_ruling_19_every_species_may_eat_the_sorts_of_food_its_card_names() -> None:
    """A card naming plants or animals it eats can eat at least one card of each sort under the rules
    (a PARASITE that needs a host feeds through its host, not a link)."""
    wrong = []
    for c in C.species.values():
        if not c.eats or not plays_alone(c):
            continue
        for sort in SORTS:
            food = named_food(c, sort)
            if food and not any(eats(c, d) for d in food):
                wrong.append(f"{c.id} {c.name} (FOODCHAIN {c.foodchain} {c.diet}, scale {c.scale}): {sort}")
    assert not wrong, wrong


def test_ruling_19_the_eastern_kingbird_eats_the_insects_its_card_names() -> None:
    kingbird, bee = (C.species[C.by_name()[n]] for n in ("eastern kingbird", "western honey bee"))
    assert "Insecta" in kingbird.eats and kingbird.foodchain == 3 and eats(kingbird, bee)


def test_ruling_19_every_scale_follows_the_size_key() -> None:
    wrong = [f"{s.id} {s.name}: {s.size_m} m is scale {scales_for(s.size_m)}, not {s.scale}"
             for s in C.species.values() if s.scale not in scales_for(s.size_m)]
    assert not wrong, wrong


@pytest.mark.parametrize(("name", "scale"), [("snowshoe hare", 5), ("antarctic krill", 4), ("red mangrove", 8),
                                             ("silver birch", 9), ("moso bamboo", 9), ("polar bear", 7),
                                             ("north american beaver", 6), ("eastern grey squirrel", 5)])
def test_ruling_19_the_cards_the_biology_check_found_follow_the_key(name: str, scale: int) -> None:
    assert C.species[C.by_name()[name]].scale == scale


def test_ruling_19_the_size_key_puts_a_boundary_size_in_both_scales() -> None:
    assert scales_for(0.45) == (5,) and scales_for(0.06) == (4,) and scales_for(3) == (7, 8)
    assert scales_for(1e-6) == (1,) and scales_for(85) == (10,)


def test_ruling_19_a_scale_against_the_size_key_is_refused_with_a_sentence(tmp_path: Path) -> None:
    text = CARDS.read_text(encoding="utf-8")
    hare = text.index('name = "Snowshoe Hare"')
    bad = tmp_path / "cards.toml"
    bad.write_text(text[:hare] + text[hare:].replace("scale = 5", "scale = 4", 1), encoding="utf-8")
    with pytest.raises(DataFileError, match=r"Snowshoe Hare.*scale 4 but a typical adult of 0.45 m is scale 5"):
        load_components(bad)


def test_ruling_20_pack_hunters_print_their_exemption_from_the_scale_rule() -> None:
    hunters = {s.name for s in C.species.values() if s.pack_hunter}
    assert hunters == {"Gray Wolf", "Orca", "Lion", "Spotted Hyena"}
    for s in C.species.values():
        assert s.text == (PACK_HUNTER_TEXT if s.pack_hunter else "")
        assert C.card_dict(s.id)["text"] == s.text  # what the view's cards (and so the boards) print
        assert ("Pack hunter: may eat larger prey" in one_line(C.card_dict(s.id))) == s.pack_hunter  # the terminal


def test_ruling_20_the_printed_exemption_is_what_lets_a_pack_hunter_eat_larger_prey() -> None:
    m = match()
    put(m, 1, "Moose", (-1, -5))  # scale 8, FOODCHAIN 2
    assert C.species[C.by_name()["gray wolf"]].scale < 8
    assert (-1, -6) in places(m, 0, give(m, 0, "Gray Wolf"))  # pack hunter: the card's text exempts it
    assert (-1, -6) not in places(m, 0, give(m, 0, "Tiger"))  # the same scale and food chain, no such text
    assert "Pack hunter" in m.view(0)["cards"][C.by_name()["gray wolf"]]["text"]
