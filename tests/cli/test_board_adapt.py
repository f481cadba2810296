"""Adapt or Die's terminal board: the octagon with bugs and mats, the creatures, the
seed's scorecard layout, actions in words, the debrief."""

from __future__ import annotations

from rich.console import Console

from evogames import Match
from evogames.core.rng import Rng
from evogames.games.adapt.terminal import board
from tests.games.adapt.helpers import game, visit


def text(view: dict[str, object], labels: list[str] | None = None) -> str:
    console = Console(record=True, width=140)
    console.print(board.render(view, labels or ["Ana", "Ben", "Cy"]))
    return console.export_text()


def test_board_draws_the_octagon_bugs_and_placed_habitats() -> None:
    m = game(3, habitats=["H05"], randomizer_order=["R12"])
    visit(m, "H05")
    out = text(m.view(0))
    assert "[5]" in out and out.count("[?]") == 7  # the deep slope's mat, 7 empty places
    assert "23" in board.board_text(m.view(0)).plain  # bugs 2 and 3 still share the centre
    assert "Deep continental slope (Suruga Bay, Japan)" in out
    assert "Ana exits at Habitat 5 Deep continental slope" in out


def test_board_shows_the_creatures_and_the_scorecard_in_the_seeds_layout() -> None:
    m = game(3, habitats=["H05"], randomizer_order=["R12"])
    visit(m, "H05")
    m.act(0, {"type": "keep"})
    m.act(0, {"type": "adapt", "card": "A11"})
    out = text(m.view(0))
    assert "Cave cricket" in out and "Atlantic ghost crab" in out and "5 2 2 1 5" in out
    for heading in ("Feature", "start", "Adapt", "end", "H5 SP", "Score", "Total"):
        assert heading in out
    assert "LEG LENGTH" in out and "ANTENNAE" in out and "+ SIZE" in out


def test_actions_read_as_sentences() -> None:
    m = game(3, habitats=["H05"])
    m.state.roll = 4
    said = [board.describe(m.view(0), a) for a in m.legal(0)]
    assert "move to E3 and exit: a new HABITAT MAT" in said and "move your bug to S01 (near exit E0)" in said
    visit(m, "H05")
    said = [board.describe(m.view(0), a) for a in m.legal(0)]
    assert "keep the NICHE card" in said and "force this NICHE card on Player 2" in said


def test_game_over_shows_the_debrief() -> None:
    m = Match("adapt", 3, seed=4, options={"max_rounds": 5})
    rng = Rng(4)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, rng.choice(m.legal(seat)))
    out = text(m.view(0))
    assert "game over" in out and "GENERIC with the same habitats" in out
