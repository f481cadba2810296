"""Components and set-up (seed l.7-33): the box, the grid, the starting creatures, the tokens."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from evogames import IllegalAction, Match
from evogames.core.data import DataFileError
from evogames.games.dodo.components import DATA_FILE, components, load_components
from tests.games.dodo.helpers import GRID2, placed

C = components()


def test_rule_box_holds_18_environments_120_blocks_100_bases_12_tokens() -> None:
    """Seed l.9-14: 18 environment cards, 40 blocks of each colour, 25 bases per colour, 3 tokens each."""
    assert len(C.environments) == 18
    assert C.blocks_per_colour == 40 and C.bases_per_player == 25
    assert len(C.player_colours) == 4 and len(C.tokens) == 3
    m = Match("dodo", 4, seed=1)
    supply = m.view(None)["supply"]
    assert supply == {"red": 36, "yellow": 36, "green": 36}  # 4 players' starting blocks are out
    assert [p["bases_left"] for p in m.view(None)["players"]] == [22] * 4


def test_every_environment_is_a_real_biome_with_a_fact_and_varied_resources() -> None:
    sizes = {e.size for e in C.environments.values()}
    mixes = {e.resources for e in C.environments.values()}
    assert min(sizes) >= 2 and len(sizes) >= 5 and len(mixes) == 18
    for env in C.environments.values():
        assert env.name and env.fact.endswith(".") and len(env.fact) > 30
    totals = [sum(e.resources[k] for e in C.environments.values()) for k in range(3)]
    assert max(totals) - min(totals) <= 6, "no colour is much rarer than another in the box"


def test_ruling_die_faces_map_to_colours() -> None:
    """R 16: faces 1-2 red, 3-4 yellow, 5-6 green (components.toml [die])."""
    assert C.die_faces == (0, 0, 1, 1, 2, 2)
    assert Match("dodo", 2, seed=1).view(None)["die"] == ["red", "red", "yellow", "yellow", "green", "green"]


def test_ruling_base_colours_are_the_boxs_orange() -> None:
    """R 1: the components list orange, the set-up text brown: the box wins."""
    assert C.player_colours == ("white", "orange", "pink", "blue")
    assert [p["colour"] for p in Match("dodo", 3, seed=1).view(None)["players"]] == ["white", "orange", "pink"]


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    text = DATA_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "components.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_broken_data_file_names_the_file_and_the_card(tmp_path: Path) -> None:
    """core/data.py's DataFileError: the file's path, then the card by its place and id."""
    file = re.escape(str(tmp_path / "components.toml"))
    with pytest.raises(DataFileError, match=file + r": environment #3 \(E03\): unknown field\(s\) wings"):
        load_components(_broken(tmp_path, 'id = "E03"', 'id = "E03"\nwings = 3'))
    with pytest.raises(DataFileError, match=file + r": environment #5 \(E05\): 'red' must be a whole number"):
        load_components(_broken(tmp_path, 'name = "Hydrothermal vent"\nred = 3',
                                'name = "Hydrothermal vent"\nred = "lots"'))
    with pytest.raises(DataFileError, match=r"environment #2 \(E02\): an environment needs at least 2"):
        load_components(_broken(tmp_path, "green = 2\nfact = \"Alpine", "green = 1\nfact = \"Alpine"))
    with pytest.raises(DataFileError, match=r"environment #4 \(E03\): the id E03 is used twice"):
        load_components(_broken(tmp_path, 'id = "E04"', 'id = "E03"'))
    with pytest.raises(DataFileError, match=r"token #2 \(famine\): missing field\(s\) text"):
        load_components(_broken(tmp_path, 'text = "Cover two resources of one environment: nobody may consume them '
                                'this turn."\n', ''))
    with pytest.raises(DataFileError, match=r"player #2 \(None\): unknown field\(s\) color"):
        load_components(_broken(tmp_path, 'colour = "orange"', 'color = "orange"'))
    with pytest.raises(DataFileError, match=file + r": \[die\]: face 'purple'"):
        load_components(_broken(tmp_path, '"green", "green"]', '"green", "purple"]'))
    with pytest.raises(DataFileError, match=file + r": \[\[environment\]\]: the box holds 19 environments, the file"):
        load_components(_broken(tmp_path, "environments_in_box = 18", "environments_in_box = 19"))
    with pytest.raises(DataFileError, match=file + r": \[box\]: 'blocks_per_colour' must be at most 5,000, not 70,000"):
        load_components(_broken(tmp_path, "blocks_per_colour = 40", "blocks_per_colour = 70000"))
    with pytest.raises(DataFileError, match=r"\[box\]: 'bases_per_player' must be at most 5,000, not 5,001"):
        load_components(_broken(tmp_path, "bases_per_player = 25", "bases_per_player = 5001"))


def test_a_data_file_with_an_unknown_section_or_unreadable_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match=r"unknown section\(s\) \['wilderness'\]"):
        load_components(_broken(tmp_path, "[box]", "[wilderness]\nx = 1\n\n[box]"))
    with pytest.raises(DataFileError, match=re.escape(str(tmp_path / "missing.toml")) + ": cannot read"):
        load_components(tmp_path / "missing.toml")
    assert issubclass(DataFileError, ValueError)


def test_rule_two_players_play_a_2x3_grid_of_random_environments() -> None:
    """Seed l.24: for 2 players, 6 random environments in a 2 x 3 grid."""
    grids = set()
    for seed in range(6):
        v = Match("dodo", 2, seed=seed).view(None)
        assert v["grid"] == {"rows": 2, "cols": 3} and len(v["environments"]) == 6
        ids = [e["id"] for e in v["environments"]]
        assert len(set(ids)) == 6 and set(ids) <= set(C.environments)
        grids.add(tuple(ids))
    assert len(grids) == 6


def test_rule_three_or_four_players_play_a_3x3_grid() -> None:
    """Seed l.24: for 3-4 players, 9 random environments in a 3 x 3 grid; edges define neighbours."""
    for players in (3, 4):
        v = Match("dodo", players, seed=2).view(None)
        assert v["grid"] == {"rows": 3, "cols": 3} and len(v["environments"]) == 9
        centre = v["environments"][4]
        assert len(centre["neighbours"]) == 4 and len(v["environments"][0]["neighbours"]) == 2


def test_rule_each_player_starts_with_three_single_mutation_creatures_of_different_colours() -> None:
    """Seed l.29: three creatures, one mutation block each, each a different colour."""
    v = Match("dodo", 4, seed=3).view(None)
    for seat in range(4):
        mine = [c["mutations"] for c in v["creatures"] if c["owner"] == seat]
        assert sorted(mine) == [["green"], ["red"], ["yellow"]]


def test_rule_each_player_starts_with_three_face_up_tokens() -> None:
    """Seed l.30: Competitive Advantage, Famine and Relocation, face up."""
    m = Match("dodo", 3, seed=1)
    for seat in range(3):
        assert m.view(seat)["hand"]["tokens"] == {"advantage": True, "famine": True, "relocation": True}


def test_ruling_first_player_is_drawn_at_random() -> None:
    """R 2: 'by whatever method you like': a seeded draw, or the first_player option."""
    firsts = {Match("dodo", 4, seed=s).view(None)["active"] for s in range(20)}
    assert firsts == {0, 1, 2, 3}
    assert Match("dodo", 4, seed=9, options={"first_player": 2}).view(None)["active"] == 2
    with pytest.raises(IllegalAction, match="no seat 3"):
        Match("dodo", 2, seed=1, options={"first_player": 3})


def test_rule_creatures_are_placed_one_at_a_time_clockwise_from_the_active_player() -> None:
    """Seed l.33: starting with the active player, clockwise, one creature each until all are in play."""
    m = Match("dodo", 3, seed=4, options={"first_player": 1})
    order = []
    while m.view(None)["phase"] == "setup":
        seat = m.to_act[0]
        order.append(seat)
        m.act(seat, m.legal(seat)[0])
    assert order == [1, 2, 0] * 3
    assert all(c["environment"] for c in m.view(None)["creatures"])


def test_rule_any_number_of_creatures_may_share_an_environment() -> None:
    """Seed l.33: every creature may be placed in the same environment."""
    m = placed(2, GRID2)
    assert {c["environment"] for c in m.view(None)["creatures"]} == {"E01"}
    assert len(m.view(None)["creatures"]) == 6


def test_placing_a_creature_that_is_not_yours_is_refused() -> None:
    m = Match("dodo", 2, seed=1, options={"first_player": 0, "environments": GRID2})
    before = m.view(None)
    with pytest.raises(IllegalAction, match="Creature 4 cannot be chosen"):
        m.act(0, {"type": "place", "creature": 4, "environment": "E01"})
    with pytest.raises(IllegalAction, match="no environment 'E18'"):
        m.act(0, {"type": "place", "creature": 1, "environment": "E18"})
    assert m.view(None) == before


def test_scripted_grid_is_checked() -> None:
    for bad, why in ((["E01"], "needs 6"), (["E01"] * 6, "one card of each"), ([*GRID2[:5], "E99"], "E99")):
        with pytest.raises(IllegalAction, match=why):
            Match("dodo", 2, seed=1, options={"environments": bad})


def test_the_hand_is_the_seats_own_tray() -> None:
    m = Match("dodo", 4, seed=5, options={"first_player": 2})
    hand = m.view(2)["hand"]
    assert hand["active_player_token"] and hand["turn_order"] == 1 and len(hand["to_place"]) == 3
    assert m.view(1)["hand"]["turn_order"] == 4 and m.view(None)["hand"] is None
    assert Counter(e["id"] for e in m.view(None)["environments"]).most_common(1)[0][1] == 1
