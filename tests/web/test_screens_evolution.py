"""Evolution's board on every screen (phone, tablet, Chromebook, projector), measured in Chromium.

As a seated player at the start, in the middle of a game (animals, traits and tokens on the table, the
player's feeding round), as a spectator of that table, and as a seated player after a game played to the
end: nothing scrolls sideways, every target is at least 44 x 44 px on the phone, axe-core finds nothing
serious or critical, the controls carry unique data-keys and no outline of their own (the shell's focus
ring is the only outline), and the cards in play are in the first screenful. The readability the
classroom issue asked for: hand cards show trait names and a one-line rule (no catalogue code), animals
carry a name a student can say aloud, and a tap on a trait opens its full rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from evogames.core.rng import Rng
from tests.web.conftest import Server
from tests.web.screens import (
    VIEWPORTS,
    assert_focus_ready,
    axe_violations,
    first_screenful,
    overflow,
    played_to_the_end,
    shoot,
    small_targets,
    wide_elements,
)
from tests.web.wsclient import Player, create_table, play_humans, settle

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"}]
CARD_ID = re.compile(r"\b[A-Z]{3}\d{2}\b")  # a catalogue code, e.g. HBF02
ANIMAL_ID = re.compile(r"\bA\d+\b")  # an engine id, e.g. A12


@pytest.fixture(scope="module")
def fresh(srv: Server) -> dict[str, Any]:
    """A table just dealt: seat 0 (a person) starts the development phase."""
    return create_table(srv.url, SEATS, game="evolution", seed=7, options={"first_player": 0})


def _busy_feeding(p: Player) -> bool:
    """Seat 0's feeding round with animals on every side of the table."""
    v = p.view
    return (v["phase"] == "feeding" and p.my_turn() and not v["attack"] and not v["pair_choice"]
            and v["turn"] >= 2 and all(len(q["animals"]) >= 2 for q in v["players"]))


@pytest.fixture(scope="module")
def midgame(srv: Server) -> dict[str, Any]:
    """A table where seat 0 acted at random until its feeding round with animals all over the table."""
    table = create_table(srv.url, SEATS, game="evolution", seed=5, options={"first_player": 0})
    player = Player(srv.ws, table["table_id"], table["seats"][0]["code"])
    try:
        play_humans([player], Rng(4), until=lambda: _busy_feeding(player), seconds=120)
        settle([player], people=(0,))
        assert _busy_feeding(player), "the random game ended before a busy feeding round"
    finally:
        player.close()
    return table


@pytest.fixture(scope="module")
def finished(srv: Server) -> dict[str, Any]:
    """A table played to the end: seat 0 acts at random through the websocket against two bots."""
    return played_to_the_end(srv, SEATS, game="evolution", seed=11)


def open_board(tab: Page, url: str) -> None:
    tab.goto(url)
    expect(tab.locator("#board .phase-track")).to_be_visible()
    expect(tab.locator("#status")).to_have_text("Connected")
    tab.wait_for_timeout(400)  # the connected dots arrive with the first poll, the links a frame later
    skip = tab.locator("#name-skip")
    if skip.count() and skip.is_visible():  # the shell asks a seated player's name once; a student says "Not now"
        skip.click()
        tab.wait_for_timeout(100)


def check_screen(tab: Page, name: str, device: str) -> None:
    """What every screen must hold; the screenshot is kept to look at."""
    shoot(tab, name)
    assert overflow(tab) == 0, f"{name} scrolls sideways: {wide_elements(tab)}"
    if device == "phone":
        small = board_targets(tab, small_targets(tab))
        assert small == [], f"{name}: targets under 44 px on the board: {small}"
    assert axe_violations(tab) == [], f"{name}: axe-core"
    assert_focus_ready(tab, name, 'button, [tabindex="0"], summary')


def board_targets(tab: Page, small: list[str]) -> list[str]:
    """The small targets inside the board (the rest belong to the page's shell, checked by shell_targets)."""
    outside = set(small_targets_outside_board(tab))
    return [t for t in small if t not in outside]


def small_targets_outside_board(tab: Page) -> list[str]:
    tab.evaluate("document.querySelector('#board').setAttribute('hidden', '')")
    try:
        return small_targets(tab)
    finally:
        tab.evaluate("document.querySelector('#board').removeAttribute('hidden')")


def shell_targets(tab: Page, name: str, device: str) -> None:
    """Last: the targets of the page around the board (table.html, gameover.js) on the phone."""
    if device == "phone":
        small = small_targets_outside_board(tab)
        assert small == [], f"{name}: targets under 44 px outside the board (the table page's shell): {small}"


def board_text(tab: Page) -> str:
    return str(tab.locator("#board").inner_text())


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_at_the_start(srv: Server, fresh: dict[str, Any], device: str,
                                      new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + fresh["seats"][0]["join_url"])
    cards = tab.locator(".hand button.card.playable")
    expect(cards).to_have_count(6)
    # each card names its traits with a one-line rule, and no catalogue code
    expect(cards.first.locator(".trait-line").first).not_to_be_empty()
    assert not CARD_ID.findall(str(tab.locator(".hand").inner_text())), "a catalogue code on a hand card"
    check_screen(tab, f"evolution-start-{device}", device)
    assert first_screenful(tab, ".prompt.your-turn", whole_width=True), "the choice is below the first screenful"
    assert first_screenful(tab, ".hand .card", whole_width=True), "the hand is below the first screenful"
    shell_targets(tab, f"evolution-start-{device}", device)



@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_in_the_feeding_phase(srv: Server, midgame: dict[str, Any], device: str,
                                              new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + midgame["seats"][0]["join_url"])
    expect(tab.locator(".prompt.your-turn")).to_be_visible()
    animals = tab.locator(".evo-seat .animal")
    assert animals.count() >= 6
    # every animal has a sayable name; no engine id (A12) is shown on the board
    names = [n.strip() for n in animals.locator(".animal-name").all_inner_texts()]
    assert len(names) == animals.count() and len(set(names)) == len(names) and all(names), names
    assert not ANIMAL_ID.findall(board_text(tab)), ANIMAL_ID.findall(board_text(tab))
    check_screen(tab, f"evolution-feeding-{device}", device)
    assert first_screenful(tab, ".prompt.your-turn", whole_width=True), "the choice is below the first screenful"
    # a tap on a trait opens its full rule (nothing hovers on a tablet), and closes again
    chip = tab.locator(".evo-seat .animal .trait-chip").first
    chip.click()
    rule = tab.locator(".trait-pop")
    expect(rule).to_be_visible()
    expect(rule).to_contain_text("In nature:")
    assert overflow(tab) == 0, f"the open rule scrolls sideways: {wide_elements(tab)}"
    assert axe_violations(tab) == [], "axe-core with a rule open"
    shoot(tab, f"evolution-feeding-rule-{device}")
    tab.keyboard.press("Escape")
    expect(rule).to_have_count(0)
    expect(chip).to_be_focused()  # focus stays where the player was
    expect(chip).to_have_attribute("aria-expanded", "false")
    shell_targets(tab, f"evolution-feeding-{device}", device)



@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_spectator(srv: Server, midgame: dict[str, Any], device: str, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + midgame["spectator_url"])
    expect(tab.locator(".hand")).to_have_count(0)
    expect(tab.locator(".evo-seat .animal").first).to_be_visible()
    assert not CARD_ID.findall(board_text(tab)), "a spectator sees a card's code"
    check_screen(tab, f"evolution-spectator-{device}", device)
    assert first_screenful(tab, ".evo-seat .animal", whole_width=True), "the animals are below the first screenful"
    shell_targets(tab, f"evolution-spectator-{device}", device)



@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_at_game_over(srv: Server, finished: dict[str, Any], device: str,
                                      new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + finished["seats"][0]["join_url"])
    over = tab.locator("#game-over")
    expect(over).to_contain_text("Game over")
    expect(over.locator(".questions > li").first).to_be_visible()
    check_screen(tab, f"evolution-over-{device}", device)
    assert first_screenful(tab, "#game-over", whole_width=True), "the result is below the first screenful"
    shell_targets(tab, f"evolution-over-{device}", device)


def test_the_rule_sheet_leaves_the_prompt_readable(srv: Server, midgame: dict[str, Any],
                                                  new_tab: Callable[[int, int], Page]) -> None:
    """Issue 20: on a phone the (i) sheet opened over the prompt. Opened now, the page scrolls the prompt above it."""
    tab = new_tab(*VIEWPORTS["phone"])
    open_board(tab, srv.url + midgame["seats"][0]["join_url"])
    tab.locator(".evo-seat .animal .trait-chip").first.click()
    expect(tab.locator(".trait-pop")).to_be_visible()
    tab.wait_for_timeout(200)
    prompt, pop = (tab.locator(sel).bounding_box() for sel in ("#prompt", ".trait-pop"))
    assert prompt and pop
    assert prompt["y"] >= 0 and prompt["y"] + prompt["height"] <= pop["y"], (prompt, pop)  # whole, above the sheet
    shoot(tab, "evolution-rule-sheet-phone")  # kept to look at
    shoot(tab, "evolution-rule-over-prompt-phone")


def test_the_rule_sheet_closes_when_the_game_ends(srv: Server, finished: dict[str, Any],
                                                  new_tab: Callable[[int, int], Page]) -> None:
    """Issue 20: a sheet open at the last move stayed over the game-over screen. The board module draws the last
    state before the end with a rule open, then the end: the sheet is gone."""
    tab = new_tab(*VIEWPORTS["phone"])
    open_board(tab, srv.url + finished["seats"][0]["join_url"])
    left = tab.evaluate("""async () => {
        const board = await import('/static/games/evolution/board.js');
        const view = window.evogames.page.view, root = document.createElement('div');
        document.body.append(root);
        const ctx = (v) => ({view: v, seat: 0, seats: window.evogames.page.seats, connected: null, act: () => {},
                            redraw: () => board.render(root, ctx(before))});
        const before = {...view, over: false, result: null};
        board.render(root, ctx(before));
        root.querySelector('.trait-chip').click();
        const opened = root.querySelectorAll('.trait-pop').length;
        board.render(root, ctx(view));
        return [opened, root.querySelectorAll('.trait-pop').length];
    }""")
    assert left == [1, 0]


@pytest.mark.parametrize("device", ["phone", "projector"])
def test_a_wide_score_table_shows_every_column_without_scrolling(srv: Server, finished: dict[str, Any], device: str,
                                                                 new_tab: Callable[[int, int], Page]) -> None:
    """Issue 20: the 7-column game-over table scrolled sideways on a phone with no hint (then a line said so). Now,
    too wide as a table, it shows one block a player with each number after its column's name: nothing to swipe.
    A projector keeps the table."""
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + finished["seats"][0]["join_url"])
    table = tab.locator("#game-over .scores")
    expect(table).to_be_visible()
    expect(table).to_have_class(re.compile(r"\bstacked\b") if device == "phone" else re.compile(r"^scores$"))
    assert not tab.evaluate("(t) => t.scrollWidth > t.clientWidth + 1", table.element_handle())
    expect(tab.locator("#scores-hint")).to_be_hidden()
    if device == "phone":
        cell = table.locator("tbody tr").first.locator("td").first
        expect(cell).to_be_visible()
        heading = tab.evaluate("(t) => t.querySelectorAll('thead th')[1].textContent", table.element_handle())
        expect(cell).to_have_attribute("data-label", heading)
        assert tab.evaluate("(td) => getComputedStyle(td, '::before').content", cell.element_handle()) != "none"
        table.scroll_into_view_if_needed()
        shoot(tab, "evolution-over-stacked-phone")
