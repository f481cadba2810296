"""Compatibility (seed l.14, l.31-42): where species may be played, INVASIVE and PARASITE, two per space."""

from __future__ import annotations

import pytest

from evogames import IllegalAction
from tests.games.phylo.helpers import at, give, match, places, put, texts


def test_rule_the_table_is_an_unbounded_grid() -> None:
    m = match()
    for x in range(-1, -31, -1):
        put(m, 0, "Big Bluestem", (x, 0))
    oak = give(m, 0, "Valley Oak")
    assert (-31, 0) in places(m, 0, oak) and (-30, 5) not in places(m, 0, oak)
    m.act(0, {"type": "play", "card": oak, "at": [-31, 0]})
    assert at(m, (-31, 0)) == ["Valley Oak"]


def test_rule_a_species_is_played_next_to_a_card_already_on_the_table() -> None:
    m = match()
    oak = give(m, 0, "Valley Oak")
    with pytest.raises(IllegalAction, match="next to a card"):
        m.act(0, {"type": "play", "card": oak, "at": [5, 5]})


def test_rule_a_link_needs_a_shared_terrain_and_a_shared_climate() -> None:
    m = match()
    put(m, 1, "Sunflower", (2, 0))  # grasslands; warm, hot
    willow = give(m, 0, "Arctic Willow")  # tundra; cold
    assert (3, 0) not in places(m, 0, willow)  # only the Sunflower there: no shared terrain
    bluestem = give(m, 0, "Big Bluestem")  # grasslands; cool, warm
    assert (3, 0) in places(m, 0, bluestem)
    put(m, 1, "Reindeer Lichen", (2, 2))  # tundra, forest; cold, cool
    trout = give(m, 0, "Giant Kelp")  # ocean; cold, cool: shares climate, not terrain
    assert (3, 2) not in places(m, 0, trout)


def test_rule_foodchain_1_links_to_any_card_with_terrain_and_climate() -> None:
    m = match()
    put(m, 1, "Horse", (-1, -5))  # grasslands; cool, warm
    sunflower = give(m, 0, "Sunflower")
    assert (-1, -6) in places(m, 0, sunflower)  # a plant may stand next to the herbivore


def test_rule_foodchain_n_links_to_foodchain_n_minus_1() -> None:
    m = match()
    put(m, 1, "House Mouse", (-1, -5))  # FOODCHAIN 2, scale 4, urban/grasslands
    put(m, 1, "American Crow", (5, -5))  # FOODCHAIN 3
    owl = give(m, 0, "Barn Owl")  # FOODCHAIN 3, scale 5
    spots = places(m, 0, owl)
    assert (-1, -6) in spots
    assert (5, -6) not in spots  # FOODCHAIN 3 does not eat FOODCHAIN 3


def test_rule_omnivores_may_link_to_a_producer() -> None:
    m = match()
    put(m, 1, "Reindeer Lichen", (-1, -5))  # FOODCHAIN 1, tundra/forest, cold/cool
    bear = give(m, 0, "Brown Bear")  # omnivore FOODCHAIN 3
    wolf = give(m, 0, "Gray Wolf")  # carnivore FOODCHAIN 3
    assert (-1, -6) in places(m, 0, bear)
    assert (-1, -6) not in places(m, 0, wolf)


def test_rule_a_carnivorous_link_needs_a_larger_scale() -> None:
    m = match()
    put(m, 1, "House Mouse", (-1, -5))  # scale 4
    put(m, 1, "White-tailed Deer", (5, -5))  # scale 7
    owl = give(m, 0, "Barn Owl")  # scale 5
    assert (-1, -6) in places(m, 0, owl)
    assert (5, -6) not in places(m, 0, owl)
    put(m, 1, "Monarch", (9, -5))  # scale 4, FOODCHAIN 2
    robin = give(m, 0, "American Robin")  # scale 4 omnivore: eating meat needs a larger scale
    assert (9, -6) not in places(m, 0, robin)


def test_rule_card_text_may_exempt_from_the_scale_rule() -> None:
    m = match()
    put(m, 1, "Moose", (-1, -5))  # scale 8
    wolf = give(m, 0, "Gray Wolf")  # scale 7, pack hunter
    assert (-1, -6) in places(m, 0, wolf)


def test_rule_herbivores_feed_on_larger_plants() -> None:
    m = match()
    put(m, 1, "Sunflower", (-1, -5))  # scale 7
    monarch = give(m, 0, "Monarch")  # scale 4
    assert (-1, -6) in places(m, 0, monarch)


def test_rule_home_takes_any_foodchain_1_species_whatever_its_habitat() -> None:
    m = match()
    kelp = give(m, 0, "Giant Kelp")  # ocean, cold/cool
    horse = give(m, 0, "Horse")
    assert (-1, 0) in places(m, 0, kelp)
    assert (-1, 0) not in places(m, 0, horse)


def test_rule_at_most_two_species_in_a_space() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-2, 0))
    tick = give(m, 1, "Blacklegged Tick")
    oak = give(m, 0, "Valley Oak")
    with pytest.raises(IllegalAction, match="taken"):
        m.act(0, {"type": "play", "card": oak, "at": [-2, 0]})
    m.state.player = 1
    m.act(1, {"type": "play", "card": tick, "at": [-2, 0]})
    assert at(m, (-2, 0)) == ["Horse", "Blacklegged Tick"]
    second = give(m, 1, "Blacklegged Tick")
    with pytest.raises(IllegalAction, match="PARASITE"):
        m.act(1, {"type": "play", "card": second, "at": [-2, 0]})


def test_rule_invasive_is_played_on_top_and_discards_the_card_below() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    horse = put(m, 1, "Horse", (-2, 0))
    rabbit = give(m, 0, "European Rabbit")  # INVASIVE, FOODCHAIN 2, grasslands
    assert (-2, 0) in places(m, 0, rabbit)
    m.act(0, {"type": "play", "card": rabbit, "at": [-2, 0]})
    assert at(m, (-2, 0)) == ["European Rabbit"]
    assert horse in m.state.discards[1] and m.state.lost[1]["invaded"] == 1


def test_rule_invasive_then_gives_its_space_its_own_terrain_and_climate() -> None:
    m = match()
    put(m, 0, "Valley Oak", (-1, 0))  # forest, grasslands; warm, hot
    horse = put(m, 1, "Horse", (-2, 0))  # grasslands: eats the oak
    assert horse not in m.view(0)["unlinked"]
    kudzu = give(m, 0, "Kudzu")  # INVASIVE, forest and urban only
    m.act(0, {"type": "play", "card": kudzu, "at": [-1, 0]})
    assert at(m, (-1, 0)) == ["Kudzu"]
    assert horse in m.view(0)["unlinked"]  # no grassland in that space any more


def test_rule_invasive_needs_the_same_foodchain_as_the_card_it_replaces() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    rabbit = give(m, 0, "European Rabbit")
    assert (-1, 0) not in places(m, 0, rabbit)
    with pytest.raises(IllegalAction, match="INVASIVE"):
        m.act(0, {"type": "play", "card": rabbit, "at": [-1, 0]})


def test_rule_parasite_is_placed_below_a_compatible_host() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-2, 0))
    tick = give(m, 0, "Blacklegged Tick")  # hosts: mammals and birds
    spots = places(m, 0, tick)
    assert spots == {(-2, 0)}  # not on the grass, not on an empty space
    with pytest.raises(IllegalAction, match="PARASITE"):
        m.act(0, {"type": "play", "card": tick, "at": [-3, 0]})
    m.act(0, {"type": "play", "card": tick, "at": [-2, 0]})
    assert at(m, (-2, 0)) == ["Horse", "Blacklegged Tick"]


def test_rule_parasite_gives_no_terrain_or_food_to_its_space() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Roe Deer", (-2, 0))  # FOODCHAIN 2
    put(m, 0, "Blacklegged Tick", (-2, 0), under=True)  # FOODCHAIN 3, scale 3
    lynx = give(m, 1, "Eurasian Lynx")  # FOODCHAIN 4 would eat a FOODCHAIN 3 on top
    m.state.player = 1
    assert (-3, 0) not in places(m, 1, lynx)


def test_rule_a_parasite_goes_with_its_host() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 1, "Horse", (-2, 0))
    tick = put(m, 0, "Blacklegged Tick", (-2, 0), under=True)
    oil = give(m, 0, "Oil Spill")
    m.act(0, {"type": "event", "card": oil, "at": [-2, 0]})
    assert at(m, (-2, 0)) == [] and tick in m.state.discards[0]


def test_l42_a_free_living_parasite_can_be_played_like_a_normal_species() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-2, 0))
    put(m, 0, "Buff-tailed Bumblebee", (-1, -1))
    cowbird = give(m, 0, "Brown-headed Cowbird")  # a brood parasite: the adult forages for itself
    spots = places(m, 0, cowbird)
    assert (-1, -2) in spots  # alone, next to a bee it may eat
    assert (-1, 1) in spots  # alone, next to the grass it may eat
    assert (-2, 0) not in spots  # a Horse is no host of a cowbird
    m.act(0, {"type": "play", "card": cowbird, "at": [-1, -2]})
    assert at(m, (-1, -2)) == ["Brown-headed Cowbird"]
    assert "plays Brown-headed Cowbird at [-1, -2]" in texts(m)[-1]


def test_l42_a_free_living_parasite_alone_needs_a_link_like_any_species() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    cowbird = give(m, 0, "Brown-headed Cowbird")
    with pytest.raises(IllegalAction, match="no compatible link"):
        m.act(0, {"type": "play", "card": cowbird, "at": [0, -1]})  # a HOME feeds no bird
    m.act(0, {"type": "play", "card": cowbird, "at": [-1, -1]})
    assert m.view(0)["unlinked"] == []


def test_l42_a_parasite_that_needs_a_host_is_never_played_alone() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Valley Oak", (-2, 0))
    mistletoe = give(m, 0, "European Mistletoe")  # an obligate hemiparasite
    assert places(m, 0, mistletoe) == {(-2, 0)}
    with pytest.raises(IllegalAction, match="needs a host"):
        m.act(0, {"type": "play", "card": mistletoe, "at": [-3, 0]})
