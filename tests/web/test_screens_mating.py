"""The Mating Game's board on every screen (phone, tablet, Chromebook, projector), measured in Chromium.

As a seated player at the start, as a spectator, and as a seated player after a game played to the end:
nothing scrolls sideways, every target is at least 44 x 44 px on the phone, axe-core finds nothing
serious or critical, the controls carry unique data-keys and no outline of their own (the shell's
focus ring is the only outline), the choice in play is in the first screenful, and the icons are
explained on the board (a legend) with accessible names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from evogames.core.rng import Rng
from tests.games.mating.helpers import calm, pass_windows, play, scenario, strategies
from tests.web.conftest import Server
from tests.web.screens import (
    CLICKABLE,
    TARGET,
    VIEWPORTS,
    _axe_source,
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

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "random"},
         {"kind": "bot", "bot": "heuristic"}]


@pytest.fixture(scope="module")
def fresh(srv: Server) -> dict[str, Any]:
    """A table just dealt: seat 0 (a person) chooses a Strategy."""
    return create_table(srv.url, SEATS, seed=7)


@pytest.fixture(scope="module")
def finished(srv: Server) -> dict[str, Any]:
    """A table played to the end: seat 0 acts at random through the websocket against three bots."""
    return played_to_the_end(srv, SEATS, seed=11)


@pytest.fixture(scope="module")
def midgame(srv: Server) -> dict[str, Any]:
    """A table in round 9 (eight Environments turned since the shuffle), seat 0 to choose a Strategy."""
    table = create_table(srv.url, SEATS, seed=13, options={"offspring_to_win": 100})
    player = Player(srv.ws, table["table_id"], table["seats"][0]["code"])
    try:
        play_humans([player], Rng(5), until=lambda: player.view["round"] >= 9 and player.view["phase"] == "play"
                    and player.my_turn(), seconds=120)
        settle([player], people=(0,))
        table["view"] = player.view
    finally:
        player.close()
    return table


def open_board(tab: Page, url: str) -> None:
    tab.goto(url)
    expect(tab.locator("#board .phase-track")).to_be_visible()  # a state has arrived and is drawn
    tab.wait_for_timeout(400)  # the connected dots arrive with the first poll


def board_only(tab: Page) -> dict[str, Any]:
    """The same measures as tests.web.screens, kept to this board's own part of the page: what sticks out
    of #board (however wide the shell makes it), small targets and axe findings inside #board."""
    found: dict[str, Any] = tab.evaluate("""([selector, least]) => {
        const board = document.querySelector('#board'), edge = board.getBoundingClientRect().right;
        const wide = [...board.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > edge + 1)
            .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
        const small = [...board.querySelectorAll(selector)].filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width && r.height && (r.width < least - 0.5 || r.height < least - 0.5);
        }).map((el) => el.outerHTML.slice(0, 80));
        return {wide, small};
    }""", [CLICKABLE, TARGET])
    tab.evaluate(_axe_source())
    axe = tab.evaluate("async () => (await axe.run({include: ['#board']}, {resultTypes: ['violations']}))"
                       ".violations.filter((v) => ['serious', 'critical'].includes(v.impact))"
                       ".map((v) => `${v.id}: ${v.nodes[0].target}`)")
    found["axe"] = axe
    return found


def check_screen(tab: Page, name: str, device: str) -> None:
    """What every screen must hold: first on the board's own part (#board), then on the whole page
    (the shell's header, log and game-over screen too). The screenshot is kept to look at."""
    shoot(tab, name)
    mine = board_only(tab)
    assert mine["wide"] == [], f"{name}: the board sticks out sideways: {mine['wide']}"
    if device == "phone":
        assert mine["small"] == [], f"{name}: board targets under 44 px: {mine['small']}"
    assert mine["axe"] == [], f"{name}: axe-core on the board: {mine['axe']}"
    assert_focus_ready(tab, name, "button")
    # The whole page, as the classroom issue measures it.
    assert overflow(tab) == 0, f"{name} scrolls sideways: {wide_elements(tab)}"
    if device == "phone":
        assert small_targets(tab) == [], f"{name}: targets under 44 px"
    assert axe_violations(tab) == [], f"{name}: axe-core"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_at_the_start(srv: Server, fresh: dict[str, Any], device: str,
                                      new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + fresh["seats"][0]["join_url"])
    expect(tab.locator(".hand button.card.playable").first).to_be_visible()
    legend = tab.locator(".mt-legend")
    expect(legend).to_contain_text("Fitness")
    expect(legend).to_contain_text("Predator")
    expect(tab.get_by_role("img", name="Fitness").first).to_be_attached()
    expect(tab.get_by_role("img", name="Predator").first).to_be_attached()
    check_screen(tab, f"mating-start-{device}", device)
    assert first_screenful(tab, ".prompt.your-turn"), "the choice in play is below the first screenful"
    assert first_screenful(tab, ".hand .card"), "the hand is below the first screenful"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_spectator(srv: Server, fresh: dict[str, Any], device: str, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + fresh["spectator_url"])
    expect(tab.locator(".hand")).to_have_count(0)
    check_screen(tab, f"mating-spectator-{device}", device)
    assert first_screenful(tab, ".board-row"), "the table is below the first screenful"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_a_seated_player_at_game_over(srv: Server, finished: dict[str, Any], device: str,
                                      new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + finished["seats"][0]["join_url"])
    over = tab.locator("#game-over")
    expect(over).to_contain_text("Game over")
    expect(over.locator(".questions > li").first).to_be_visible()  # the questions have arrived
    expect(over).to_contain_text("Combat / Flashy / Sneaky played")  # the debrief, from view["debrief"]
    expect(over).to_contain_text("Food spent")
    check_screen(tab, f"mating-over-{device}", device)
    assert first_screenful(tab, "#game-over"), "the result is below the first screenful"


@pytest.mark.parametrize("device", list(VIEWPORTS))
def test_the_environments_turned_since_the_shuffle_are_under_the_environment(
        srv: Server, midgame: dict[str, Any], device: str, new_tab: Callable[[int, int], Page]) -> None:
    """Public at a real table (RULINGS 36), so on the board for a player who joins or reloads mid-game."""
    tab = new_tab(*VIEWPORTS[device])
    open_board(tab, srv.url + midgame["seats"][0]["join_url"])
    names = [card["name"] for card in midgame["view"]["environment_turned"]]
    assert len(names) == 8
    line = tab.locator(".environment .env-turned")
    expect(line).to_have_text("Turned since the shuffle: " + ", ".join(names))
    line.scroll_into_view_if_needed()
    check_screen(tab, f"mating-turned-{device}", device)
    size = line.evaluate("(p) => parseFloat(getComputedStyle(p).fontSize)")
    assert size >= 14, f"{device}: the line is {size} px, too small to read"


def test_the_end_explains_why_eleven_offspring_beat_twelve(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    """The issue's game: 12 Offspring lost to 11; the game-over sentences say who tied and by which rule."""
    high, low = strategies("flashy", "high")[0], strategies("flashy", "low")[0]
    m = scenario([[high], [low], []], [calm()])
    m.state.offspring, m.state.food, m.state.stands = [8, 9, 9], [5, 9, 9], [6, 6]
    play(m, {0: high, 1: low})
    pass_windows(m)
    tab = new_tab(*VIEWPORTS["chromebook"])
    tab.goto(srv.url + "/")
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "human"}]
    result = tab.evaluate("async ([view, seats]) => (await import('/static/games/mating/board.js'))"
                          ".results({view, seat: 0, seats})", [m.view(0), seats])
    assert result["headline"] == "Player 2 · bot (heuristic) wins!"
    assert result["sentences"][0] == "The game ended after 1 round: reached 10 Offspring."
    assert result["sentences"][1] == (
        "Tied: You, 12 Offspring, 2 Food left; Player 2 · bot (heuristic), 11 Offspring, 10 Food left. "
        "Everyone who reaches 10 Offspring in the same round ties, however many they have: reaching 10 is what "
        "counts, not how far past it. A tie goes to the most Food left.")


def test_focus_stays_on_the_card_a_keyboard_marks_to_discard(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    """A redraw keeps focus on the control with the same data-key; "marked" is a ring of its own, not an outline."""
    table = create_table(srv.url, SEATS[:2], seed=5)
    tab = new_tab(*VIEWPORTS["phone"])
    open_board(tab, srv.url + table["seats"][0]["join_url"])
    tab.locator("[data-key='act-lunch']").click()
    expect(tab.locator(".prompt.your-turn [data-key='act-discard']")).to_be_visible(timeout=20_000)
    card = tab.locator(".hand button.card.selectable").first
    key = card.get_attribute("data-key")
    card.focus()
    tab.keyboard.press("Enter")
    marked = tab.locator(f"[data-key='{key}']")
    expect(marked).to_have_attribute("aria-pressed", "true")
    assert tab.evaluate("document.activeElement.dataset.key") == key
    assert marked.evaluate("(e) => getComputedStyle(e).boxShadow") != "none"
    tab.keyboard.press("Enter")  # and back
    expect(marked).to_have_attribute("aria-pressed", "false")
    assert tab.evaluate("document.activeElement.dataset.key") == key


def test_the_whole_fact_of_every_card_opens_by_touch(srv: Server, fresh: dict[str, Any], browser: Any) -> None:
    """Issue 20: a card's fact is cut after two lines and its tooltip never opens on a touch screen; a tap on
    "The animals in your hand" shows every fact whole."""
    context = browser.new_context(viewport=dict(zip(("width", "height"), VIEWPORTS["phone"], strict=True)),
                                  has_touch=True)
    try:
        tab = context.new_page()
        open_board(tab, srv.url + fresh["seats"][0]["join_url"])
        facts = [card["fact"] for card in tab.evaluate("window.evogames.page.view.hand")]
        summary = tab.locator(".mt-facts summary")
        summary.tap()
        shown = tab.locator(".mt-facts dd")
        expect(shown.first).to_be_visible()
        assert shown.all_inner_texts() == facts
        tab.wait_for_timeout(4500)  # a poll redraws the board: the facts stay open
        expect(shown.first).to_be_visible()
        shoot(tab, "mating-facts-phone")
    finally:
        context.close()


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_the_header_leaves_the_first_screen_to_the_board(srv: Server, fresh: dict[str, Any], device: str,
                                                         new_tab: Callable[[int, int], Page]) -> None:
    """Issue 20: the phone's header took 26-36% of the first screen; now at most 15% (the same header on
    every board: table.html)."""
    width, height = VIEWPORTS[device]
    tab = new_tab(width, height)
    open_board(tab, srv.url + fresh["seats"][0]["join_url"])
    header = tab.locator(".topbar").bounding_box()
    assert header and header["height"] <= 0.15 * height, header
