"""Phylo's terminal board: the grid with icons, threatened species, the hand, actions in words, the debrief."""

from __future__ import annotations

from rich.console import Console

from evogames import Match
from evogames.games.phylo.terminal import board
from tests.games.phylo.helpers import give, match, oil_spill_the_bluestem, put, spend


def text(view: dict[str, object]) -> str:
    console = Console(record=True, width=140)
    console.print(board.render(view, ["Ana", "Ben"]))
    return console.export_text()


def test_board_draws_the_grid_with_each_cards_icons() -> None:
    m = match()
    put(m, 0, "Valley Oak", (-1, 0))
    put(m, 1, "Horse", (-1, -1))
    out = text(m.view(0))
    assert "HOME P1" in out and "HOME P2" in out
    assert "1:Valley Oak" in out and "2:Horse" in out
    assert "FC1 ☀ s9 2pt" in out and "FG wa·ho" in out and "FC2 ● s7 5pt" in out
    assert "Terrain: U urban" in out and "Your hand" in out
    assert "◇" in out  # free spaces where a card of the hand may go are marked
    assert "◇" not in text(m.view(1))  # not Player 2's turn: nothing to place


def test_board_marks_threatened_species_in_the_reaction_turn() -> None:
    m = match([], ["Oil Spill"])
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-1, -1))
    oil_spill_the_bluestem(m)
    out = text(m.view(0))
    assert "Threatened" in out and "!1:Horse" in out


def test_board_hides_the_other_hand() -> None:
    m = match(["Lion"], ["Tiger"])
    assert "Tiger" not in text(m.view(0)) and "Lion" in text(m.view(0))


def test_actions_read_as_sentences_with_the_events_preview() -> None:
    m = match()
    put(m, 1, "Big Bluestem", (2, 0))
    put(m, 1, "Horse", (3, 0))
    give(m, 0, "Oil Spill")
    view = m.view(0)
    said = [board.describe(view, a) for a in view["legal"]]
    assert any(s.startswith("Play Sugar Maple (FC1 photosynthetic") for s in said)
    assert "Play the event Oil Spill on the Big Bluestem at [2, 0] → discards Big Bluestem; threatens Horse" in said
    assert "Pass (use an action doing nothing)" in said


def test_game_over_shows_the_debrief() -> None:
    m = match()
    put(m, 0, "Big Bluestem", (-1, 0))
    put(m, 0, "Horse", (-1, -1))
    put(m, 0, "Gray Wolf", (-1, -2))
    m.state.last_turn = 1
    spend(m, 0, 3)
    out = text(m.view(0))
    assert "Debrief" in out and "Longest food chain (3): Gray Wolf → Horse → Big Bluestem" in out
    assert "lost 0 species to broken links and cascades" in out


def test_a_four_player_board_draws() -> None:
    m = Match("phylo", 4, seed=2)
    assert "HOME P4" in text(m.view(None))


def test_board_shows_a_bluffs_outcome_left_as_is() -> None:
    m = match(call_your_bluff=True)
    put(m, 1, "Dandelion", (-1, 0))
    put(m, 1, "Brown Rat", (-1, -1))
    m.act(0, {"type": "challenge", "at": [-1, -1], "with": [-1, 0]})
    out = text(m.view(1))
    assert "Bluff called on Brown Rat and Dandelion: nothing can be proved: the link is left as is" in out
    assert "nobody removes a card" in out


def test_a_climate_change_reads_both_outcomes_of_its_contest() -> None:
    from evogames.games.phylo.terminal.describe import describe

    m = match()
    put(m, 1, "Big Bluestem", (2, 0))
    put(m, 1, "Bread Wheat", (3, 0))
    give(m, 0, "Climate Change")
    view = m.view(0)
    spread = next(a for a in view["legal"] if a["type"] == "event" and a.get("then") == [3, 0])
    assert describe(view, spread).endswith("→ if it spreads (15 in 36) discards Big Bluestem, Bread Wheat; "
                                           "if not, discards Big Bluestem; threatens Bread Wheat")
