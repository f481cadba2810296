"""Every game's debrief numbers agree with each other over seeded bot games (issue 20, item 9).

A number in the debrief counts things (animals, creatures, species, Offspring) once each: nothing
survives that was not born, no trait's survivors outnumber the survivors, and what the debrief says
was left at the end is what the final spectator view shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from evogames import Match, game
from evogames.bots.base import make_bot
from evogames.core.registry import names
from evogames.games.adapt.rules.scorecard import EXTINCTION_ABOVE
from evogames.games.dodo.components import CREATURES_AT_START
from evogames.sim.play import play_game
from tests.games.evolution import helpers as evo

SEEDS = range(6)
PLAYERS = {"mating": 4, "evolution": 4, "phylo": 3, "dodo": 4, "adapt": 4}
Check = Callable[[Match, dict[str, Any]], None]


def finished(name: str, seed: int, bot: str) -> Match:
    n = PLAYERS[name]
    return play_game(Match(name, n, seed=seed), [make_bot(bot, name) for _ in range(n)], seed)


def check_evolution(m: Match, d: dict[str, Any]) -> None:
    view = m.view(None)
    alive = [p["animals"] for p in view["players"]]
    for seat, row in enumerate(d["seats"]):
        died = row["animals_starved"] + row["animals_eaten"] + row["animals_poisoned"]
        assert row["animals_survived"] == len(alive[seat]), "survived = alive at the end of the game"
        assert row["animals_born"] == row["animals_survived"] + died, f"seat {seat}: every animal born is counted once"
    born = sum(row["animals_born"] for row in d["seats"])
    survivors = sum(len(a) for a in alive)
    for key, fate in d["traits"].items():
        carriers = sum(any(t["trait"] == key for t in a["traits"]) for seat in alive for a in seat)
        assert fate["survived"] == carriers, f"{key}: survivors are the living animals carrying it"
        assert fate["survived"] <= survivors, f"{key}: more survivors than animals alive"
        assert fate["survived"] + fate["starved"] + fate["eaten"] <= born, f"{key}: more carriers than animals born"


def check_dodo(m: Match, d: dict[str, Any]) -> None:
    assert d["started"] == CREATURES_AT_START * m.players
    assert d["at_end"] == len(m.view(None)["creatures"]), "left at the end = the creatures a spectator sees"
    assert d["started"] + d["born"] == d["starved"] + d["at_end"], "every creature is counted once"
    meals = sum(row["starved"] for row in d["by_mutations"])
    assert meals == d["starved"], "the starved by mutations add up to the starved"
    assert sum(row["starved"] for row in d["by_richness"]) == d["starved"]


def check_mating(m: Match, d: dict[str, Any]) -> None:
    assert d["offspring"] == m.result["scores"], "the Offspring in the debrief are the scores"
    for row in d["seats"]:
        assert row["combats_won"] <= row["combats_fought"]


def check_phylo(m: Match, d: dict[str, Any]) -> None:
    assert d["scores"] == m.result["scores"]
    assert d["largest_cascade"] == max(d["cascades"], default=0)
    on_board = {c["id"] for stack in m.view(None)["board"] for c in stack["cards"]}
    assert {x["id"] for x in d["longest_chain"]} <= on_board, "the longest chain is made of cards on the table"
    assert len({x["id"] for x in d["longest_chain"]}) == len(d["longest_chain"]), "a chain counts each species once"
    for seat, lost in enumerate(d["lost"]):
        assert d["lost_to_cascades"][seat] == lost["links"] + lost["cascade"]


def check_adapt(m: Match, d: dict[str, Any]) -> None:
    for p in d["players"]:
        assert p["unfit"] == m.result["unfit"][p["seat"]]
        assert p["saved_by_adaptations"] == p["unfit_without_adaptations"] - p["unfit"]
        totals = p["habitat_totals"]
        over = sum(t > EXTINCTION_ABOVE for t in totals.values())
        assert over <= p["extinctions"] <= over + max(0, m.state.goal - len(totals))
        if totals:
            assert totals[p["best_habitat"]] <= totals[p["worst_habitat"]]


CHECKS: dict[str, Check] = {"evolution": check_evolution, "dodo": check_dodo, "mating": check_mating,
                            "phylo": check_phylo, "adapt": check_adapt}


def test_every_registered_game_with_a_debrief_is_checked() -> None:
    """Every game the package ships (the tests' toy game aside) has its numbers checked here."""
    assert {n for n in names() if game(n).package.startswith("evogames.")} == set(CHECKS)


@pytest.mark.parametrize("bot", ["heuristic", "random"])
@pytest.mark.parametrize("name", sorted(CHECKS))
def test_debrief_numbers_are_consistent(name: str, bot: str) -> None:
    for seed in SEEDS:
        m = finished(name, seed, bot)
        d = m.game.debrief(m.state)
        assert d is not None
        CHECKS[name](m, d)


def test_evolution_survival_by_trait_counts_each_animal_once() -> None:
    """The issue's report: "22 animals were born, 6 survived. Fat Tissue 71% of 21": a trait card was counted
    at every extinction phase the animal lived through, and once per card."""
    for seed in SEEDS:
        m = finished("evolution", seed, "heuristic")
        d = m.game.debrief(m.state)
        assert d is not None
        survivors = sum(row["animals_survived"] for row in d["seats"])
        assert all(f["survived"] <= survivors for f in d["traits"].values())


def test_an_animal_with_two_fat_tissue_cards_counts_once() -> None:
    """Survival by trait counts animals: one that starves with two Fat Tissue cards is one starved Fat Tissue
    animal (it was two), and one alive at the end is one survivor."""
    m = evo.new()
    evo.animal(m, 0, "fat_tissue", "fat_tissue")
    evo.food(m, evo.animal(m, 1, "fat_tissue"), red=1)
    evo.state(m).last_turn = True
    evo.feed_phase(m, 0)
    assert m.over
    assert m.view(None)["debrief"]["traits"]["fat_tissue"] == {"survived": 1, "starved": 1, "eaten": 0}
