"""The supply (seed l.10-11): 40 blocks a colour, 25 bases a player; Hypothesis invariants over random games."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from evogames import Match
from evogames.games.dodo.components import components
from evogames.games.dodo.debrief import capture_line
from evogames.games.dodo.events import Birth
from evogames.games.dodo.state import DodoState, T
from tests.games.dodo.helpers import alive, result, table, to_next_turn

C = components()


def test_ruling_rolled_colour_out_rolls_again() -> None:
    """R 14: a child whose rolled colour has run out rolls again until a colour that is left comes up."""
    rerolled = 0
    for seed in range(1, 12):
        m, (parent, _) = table(2, [(0, "R", "E06"), (1, "G", "E02")], first=0, seed=seed)
        m.state.supply = [1, 0, 5]  # one red for the copy, no yellow: only green can be added
        to_next_turn(m)
        birth = next(e for e in m.state.events if isinstance(e, Birth) and e.parent == parent)
        assert birth.blocks == (0, 2)
        rerolled += len(birth.rolls) > 1
    assert rerolled >= 3


def test_ruling_no_blocks_no_child() -> None:
    """R 14: if the supply cannot build the parent's copy plus one block, no child is born."""
    m, (parent, _) = table(2, [(0, "R", "E06"), (1, "G", "E02")], first=0)
    m.state.supply = [1, 0, 0]
    to_next_turn(m)
    assert alive(m, parent) and m.state.tally[0][T["born"]] == 0
    assert "the mutation blocks ran out" in next(e["text"] for e in m.log if e["kind"] == "no_child")


def test_ruling_no_bases_no_child() -> None:
    """R 14: a player whose 25 bases are all on the board has no child."""
    m, (_parent, _) = table(2, [(0, "R", "E06"), (1, "G", "E02")], first=0)
    m.state.bases[0] = 0
    to_next_turn(m)
    assert m.state.tally[0][T["born"]] == 0 and m.state.tally[0][T["no_child_supply"]] == 1
    assert "has no creature bases left" in next(e["text"] for e in m.log if e["kind"] == "no_child")


def test_ruling_starved_creatures_return_blocks_and_base() -> None:
    """R 14: a starved creature's blocks and base go back to the supply."""
    m, (eater, starver) = table(2, [(0, "G", "E02"), (1, "RRY", "E02")], first=0)
    s: DodoState = m.state
    before_red, bases = s.supply[0], s.bases[1]
    to_next_turn(m)
    assert not alive(m, starver) and alive(m, eater)
    children_red = sum(c.blocks.count(0) for c in s.creatures.values() if c.id != eater)
    assert s.supply[0] == before_red + 2 - children_red and s.bases[1] == bases + 1


def check_invariants(s: DodoState) -> None:
    envs = C.environments
    for pos, env_id in enumerate(s.grid):
        res = envs[env_id].resources
        for k in range(3):
            assert s.covered[pos][k] >= 0 and s.eaten[pos][k] >= 0
            assert s.eaten[pos][k] + s.covered[pos][k] <= res[k], "consumed never exceeds what is available"
        if s.captured_by[pos] >= 0:
            captor = s.creatures[s.captor[pos]]
            assert captor.captured and captor.pos == pos and captor.owner == s.captured_by[pos]
    for k in range(3):
        on_table = sum(c.blocks.count(k) for c in s.creatures.values())
        assert on_table <= C.blocks_per_colour and s.supply[k] >= 0
        assert on_table + s.supply[k] == C.blocks_per_colour, "blocks are conserved"
    for seat in range(s.n):
        mine = sum(1 for c in s.creatures.values() if c.owner == seat)
        assert mine <= C.bases_per_player and s.bases[seat] >= 0
        assert mine + s.bases[seat] == C.bases_per_player, "bases are conserved"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), picks=st.randoms(use_true_random=False))
def test_random_games_keep_the_invariants(seed: int, players: int, picks: Any) -> None:
    m = Match("dodo", players, seed=seed)
    used = [[True] * 3 for _ in range(players)]
    steps = 0
    while not m.over:
        seat = picks.choice(m.to_act)
        m.act(seat, picks.choice(m.legal(seat)))
        check_invariants(m.state)
        for p in range(players):
            assert all(a or not b for a, b in zip(used[p], m.state.tokens[p], strict=True)), "a token never returns"
            used[p] = list(m.state.tokens[p])
        steps += 1
        assert steps < 20_000
    end = result(m)
    assert end["winners"]
    assert m.view(None)["debrief"]["born"] == sum(t[T["born"]] for t in m.state.tally)


def test_the_debrief_tells_this_games_numbers() -> None:
    """The post-game debrief: births, starvation by mutation count and by richness, each capture."""
    m, _ = table(2, [(0, "RY", "E01"), (0, "GG", "E02"), (1, "G", "E06"), (1, "R", "E05")], first=0)
    to_next_turn(m)
    debrief = m.view(None)["debrief"]
    assert debrief["by_mutations"] == [{"mutations": 1, "fed": 2, "starved": 0},
                                       {"mutations": 2, "fed": 2, "starved": 0}]
    assert [c["environment"] for c in debrief["captures"]] == ["Tidal flat", "Alpine meadow"]
    lines = [e["text"] for e in m.log if e["kind"] == "debrief"]
    assert lines == [f"Debrief: {line}" for line in debrief["lines"]]
    assert "Turn 1: Player 1 captured Tidal flat (2 resources) with a creature of 2 mutations" in " ".join(lines)
    assert "Creatures with 2 mutations ate 2 of 2 times (100%)" in " ".join(lines)


def test_the_debrief_says_a_capture_under_famine_fitted_what_was_left_uncovered() -> None:
    capture = {"turn": 3, "seat": 1, "environment": "Salt marsh", "size": 5, "famine": 2, "mutations": 3,
               "blocks": ["R", "G", "G"]}
    assert capture_line(capture) == ("Turn 3: Player 2 captured Salt marsh (5 resources, 2 covered by Famine) "
                                             "with a creature of 3 mutations (R-G-G), an exact fit for the 3 left "
                                             "uncovered.")
    assert capture_line({**capture, "famine": 0}).endswith("(R-G-G), an exact fit.")


def test_stats_count_births_deaths_and_captures_by_size() -> None:
    m, _ = table(2, [(0, "RY", "E01"), (0, "GG", "E02"), (1, "G", "E05")], first=0)
    to_next_turn(m)
    stats: dict[str, Any] = dict(m.stats())
    assert stats["captures_by_environment_size"] == {2: 2}
    assert stats["mutations_at_capture"] == {2: 2} and stats["mutations_at_death"] == {1: 1}
    assert stats["seats"][1]["starved"] == 1 and stats["seats"][0]["captures"] == 2
    assert stats["history"][0]["captures"] == [2, 0]
