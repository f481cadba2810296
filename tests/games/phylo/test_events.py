"""Event cards (seed l.17-19, l.52; published effects in reference/phylo.md)."""

from __future__ import annotations

import pytest

from evogames import IllegalAction, Match
from evogames.core.rng import Rng
from evogames.games.phylo.components import components
from evogames.games.phylo.events import Contest
from tests.games.phylo.helpers import at, give, match, oil_spill_the_bluestem, put, spend, texts


def targets(m: Match, seat: int, iid: str) -> set[tuple[int, int]]:
    card = m.state.card_of[iid]
    return {tuple(a["at"]) for a in m.legal(seat)  # type: ignore[misc]
            if a["type"] == "event" and m.state.card_of[a["card"]] == card and "at" in a}


def test_rule_the_box_holds_twenty_event_cards_with_the_published_effects() -> None:
    c = components()
    assert sum(e.copies for e in c.events.values()) >= 20
    names = {e.name for e in c.events.values()}
    assert {"Wildfire", "Tsunami", "Climate Change", "Oil Spill", "Meteorite Crash", "Disease Outbreak",
            "Habitat Loss", "Wind", "Research"} <= names


def test_rule_wildfire_discards_a_forest_or_grassland_plant() -> None:
    m = match()
    put(m, 1, "Big Bluestem", (2, 0))  # grassland plant
    put(m, 1, "Giant Kelp", (1, 1))  # an ocean plant
    put(m, 1, "Horse", (3, 0))  # not a plant
    fire = give(m, 0, "Wildfire")
    assert targets(m, 0, fire) == {(2, 0)}
    m.act(0, {"type": "event", "card": fire, "at": [2, 0]})
    assert at(m, (2, 0)) == [] and m.state.lost[1]["event"] == 1


def test_rule_an_event_is_played_only_on_a_compatible_species() -> None:
    m = match()
    put(m, 1, "Horse", (2, 0))
    fire = give(m, 0, "Wildfire")
    with pytest.raises(IllegalAction, match="Wildfire"):
        m.act(0, {"type": "event", "card": fire, "at": [2, 0]})
    with pytest.raises(IllegalAction):
        m.act(0, {"type": "event", "card": fire, "at": [0, 0]})  # a HOME is no species


def test_rule_water_pollution_and_poaching_pick_their_targets() -> None:
    m = match()
    put(m, 1, "Giant Kelp", (1, 1))
    put(m, 1, "Big Bluestem", (2, 0))
    put(m, 1, "Horse", (3, 0))  # grasslands, scale 7
    put(m, 1, "European Rabbit", (2, -1))  # grasslands, scale 4
    assert targets(m, 0, give(m, 0, "Water Pollution")) == {(1, 1)}
    assert targets(m, 0, give(m, 0, "Illegal Poaching")) == {(3, 0), (2, 0)}  # the grass is scale 7 too


def test_rule_meteorite_crash_takes_what_depends_on_it_at_once() -> None:
    m = match()
    put(m, 1, "Big Bluestem", (2, 0))
    put(m, 1, "European Rabbit", (3, 0))
    put(m, 1, "Gray Wolf", (4, 0))
    crash = give(m, 0, "Meteorite Crash")
    assert (4, 0) not in targets(m, 0, crash)  # FOODCHAIN 1 or 2 only
    m.act(0, {"type": "event", "card": crash, "at": [2, 0]})
    assert at(m, (3, 0)) == [] and at(m, (4, 0)) == []
    assert m.state.lost[1] == {**m.state.lost[1], "event": 1, "cascade": 2}


def test_rule_disease_outbreak_discards_every_card_of_one_species() -> None:
    m = match()
    put(m, 1, "Big Bluestem", (2, 0))
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Bread Wheat", (0, 1))
    m.act(0, {"type": "event", "card": give(m, 0, "Disease Outbreak"), "at": [2, 0]})
    assert at(m, (2, 0)) == [] and at(m, (-1, 0)) == [] and at(m, (0, 1)) == ["Bread Wheat"]


def test_rule_habitat_loss_turns_grassland_into_urban() -> None:
    m = match()
    put(m, 1, "Big Bluestem", (2, 0))
    horse = put(m, 1, "Horse", (3, 0))
    m.act(0, {"type": "event", "card": give(m, 0, "Habitat Loss"), "at": [2, 0]})
    assert at(m, (2, 0)) == ["Big Bluestem"] and m.view(0)["urban"] == [[2, 0]]
    assert horse in m.view(0)["unlinked"]  # the grass there is now urban: no shared terrain


def test_rule_tsunami_floods_two_spaces_and_drowns_what_is_not_ocean() -> None:
    m = match()
    put(m, 1, "Giant Kelp", (2, 0))
    put(m, 1, "Sea Lettuce", (2, 1))
    put(m, 1, "Big Bluestem", (3, 1))
    heron = put(m, 1, "Great Blue Heron", (3, 2))
    wave = give(m, 0, "Tsunami")
    assert (3, 1) in targets(m, 0, wave) and (1, 1) not in targets(m, 0, wave)
    m.act(0, {"type": "event", "card": wave, "at": [3, 1], "also": [3, 2]})
    assert at(m, (3, 1)) == []  # a grass drowns
    assert at(m, (3, 2)) == ["Great Blue Heron"] and heron in m.state.where  # FLIGHT escapes
    assert m.view(0)["flooded"] == [[3, 1], [3, 2]]
    oak = give(m, 0, "Valley Oak")
    with pytest.raises(IllegalAction):
        m.act(0, {"type": "play", "card": oak, "at": [3, 1]})  # only ocean species in a flooded space
    spend(m, 0, 2)
    spend(m, 1, 3)
    assert m.view(0)["flooded"] == []  # the water is gone after the next turn


def test_rule_climate_change_spreads_on_a_contest_once_per_game() -> None:
    spread = kept = 0
    for seed in range(12):
        m = match(seed=seed)
        put(m, 1, "Big Bluestem", (2, 0))
        put(m, 1, "Bread Wheat", (3, 0))
        m.act(0, {"type": "event", "card": give(m, 0, "Climate Change"), "at": [2, 0], "then": [3, 0]})
        assert at(m, (2, 0)) == []
        spread += at(m, (3, 0)) == []
        kept += at(m, (3, 0)) == ["Bread Wheat"]
        (contest,) = [e for e in m.state.events if isinstance(e, Contest)]  # the event's die, the other's
        assert (contest.roll > contest.against) == (at(m, (3, 0)) == [])
        assert any(f"rolls {contest.roll} against {contest.against};" in line for line in texts(m, 0))
        assert m.view(0)["climate_change_used"]
    assert spread and kept
    spend(m, 0, 2)
    second = give(m, 1, "Climate Change")
    with pytest.raises(IllegalAction, match=r"once|already"):
        m.act(1, {"type": "event", "card": second, "at": [-1, 0]})


def test_rule_a_counter_event_cancels_an_event_on_your_species() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    horse = put(m, 0, "Horse", (-1, -1))
    research = give(m, 0, "Research")
    assert not [a for a in m.legal(0) if a["type"] == "event" and a["card"] == research]
    oil_spill_the_bluestem(m)
    assert m.view(0)["threatened"] == [horse]
    m.act(0, {"type": "event", "card": research})
    assert at(m, (-1, 0)) == ["Big Bluestem"] and m.view(0)["unlinked"] == []
    assert m.view(0)["last_event"]["countered"]


def test_rule_scientific_insight_draws_two_cards_a_turn() -> None:
    m = match()
    m.act(0, {"type": "event", "card": give(m, 0, "Scientific Insight")})
    spend(m, 0, 2)
    spend(m, 1, 3)
    assert len(m.state.decks[0]) == 18 - 2


def test_rule_increase_biodiversity_takes_a_species_back_from_the_discard_pile() -> None:
    m = match()
    lost = give(m, 0, "Horse")
    m.act(0, {"type": "discard", "card": lost})
    m.act(0, {"type": "event", "card": give(m, 0, "Increase Biodiversity"), "take": lost})
    assert lost in m.state.hands[0] and lost not in m.state.discards[0]


def test_rule_wind_doubles_spread_and_lets_wind_species_spread() -> None:
    m = match()
    put(m, 0, "Dandelion", (-1, 0))
    put(m, 0, "Big Bluestem", (-6, 0))
    put(m, 0, "Big Bluestem", (-7, 0))
    copy = give(m, 0, "Dandelion")
    assert not [a for a in m.legal(0) if a["type"] == "spread"]
    m.act(0, {"type": "event", "card": give(m, 0, "Wind")})
    reach = {tuple(a["to"]) for a in m.legal(0) if a["type"] == "spread"}
    assert (-5, 0) in reach  # SPREAD 2 doubled: 4 spaces away, next to a compatible grass
    assert (-6, 1) not in reach  # 5 away
    m.act(0, {"type": "spread", "card": copy, "from": [-1, 0], "to": [-1, -1]})
    assert at(m, (-1, -1)) == ["Dandelion"] and m.state.actions_left == 2  # spreading is free


def test_the_view_previews_what_an_event_discards_and_threatens() -> None:
    m = match()
    grass = put(m, 1, "Big Bluestem", (2, 0))
    horse = put(m, 1, "Horse", (3, 0))
    oil = give(m, 0, "Oil Spill")
    view = m.view(0)
    index = view["legal"].index({"type": "event", "card": oil, "at": [2, 0]})
    assert view["previews"][str(index)] == {"removes": [grass], "threatens": [horse]}
    assert at(m, (2, 0)) == ["Big Bluestem"]  # a preview changes nothing
    assert m.view(1)["previews"] == {}  # not Player 2's turn: nothing to preview


def climate_change_table(seed: int = 1) -> Match:
    m = match(seed=seed)
    put(m, 1, "Big Bluestem", (2, 0))
    put(m, 1, "Bread Wheat", (3, 0))
    put(m, 1, "Horse", (3, -1))
    give(m, 0, "Climate Change")
    return m


def test_hidden_information_previews_never_foresee_the_climate_change_contest() -> None:
    m = climate_change_table()
    views = [m.view(seat) for seat in (0, 1, None)]
    for seed in range(2, 40):  # the same table, another future for the dice
        m.state.rng = Rng(seed)
        assert [m.view(seat) for seat in (0, 1, None)] == views


def test_the_preview_of_a_climate_change_shows_both_outcomes_of_its_contest() -> None:
    m = climate_change_table()
    grass, wheat, horse = (m.state.board[p][0] for p in ((2, 0), (3, 0), (3, -1)))
    view = m.view(0)
    card = next(c["id"] for c in view["hand"] if c["name"] == "Climate Change")
    index = view["legal"].index({"type": "event", "card": card, "at": [2, 0], "then": [3, 0]})
    assert view["previews"][str(index)] == {
        "removes": [grass], "threatens": [],
        "if_it_spreads": {"removes": [grass, wheat], "threatens": [horse], "chance": round(15 / 36, 4)}}


def test_views_do_not_depend_on_the_generator_at_any_step_of_a_game() -> None:
    rng = Rng(5)
    for seed in (3, 4):
        m = Match("phylo", 2, seed=seed, options={"call_your_bluff": True})
        while not m.over:
            twin = m.clone()
            twin.state.rng = Rng(seed + 1000)
            assert all(twin.view(s) == m.view(s) for s in (0, 1, None))
            seat = m.to_act[0]
            m.act(seat, rng.choice(m.legal(seat)))
