"""Phylo's board on a phone, a tablet, a Chromebook and a projector (headless Chromium, real server).

For each screen and each scene (a seat at the start with a card selected, a seat and a spectator in
the middle of a game, a seat and a spectator at game over): the page never scrolls sideways, the
grid opens centred on the cards in play, no clickable target is under 44 px on the phone, axe-core
finds nothing serious or critical, and keyboard focus stays on a control after the board redraws.
Then the zoom: Fit shows the whole table, and the spot a reader scrolled to stays put when the board
redraws. The screenshots are kept under /tmp/evogames-shots to look at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from evogames.core.rng import Rng
from tests.web.conftest import Server
from tests.web.pages import act_and_wait
from tests.web.screens import (
    CLICKABLE,
    TARGET,
    VIEWPORTS,
    axe_violations,
    overflow,
    shoot,
    small_targets,
    wide_elements,
)
from tests.web.test_browser_phylo import EXAMPLE, place
from tests.web.wsclient import Player, create_table

SCENES = ("seat-start", "seat-middle", "spectator-middle", "seat-over", "spectator-over")
SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
MIDDLE = 9  # cards on the table (HOMEs included) for the middle of a game


def cards_on_table(view: dict[str, Any]) -> int:
    return sum(len(space["cards"]) for space in view["board"])


def play(srv: Server, table: dict[str, Any], until: Callable[[dict[str, Any]], bool], rng: Rng) -> None:
    """Seat 0 plays (species first, so the table fills up) against the bot until ``until(view)``."""
    me = Player(srv.ws, table["table_id"], table["seats"][0]["code"])
    try:
        for _ in range(2000):
            me.drain()
            if until(me.view):
                return
            if not me.my_turn():
                me.receive(timeout=30)
                continue
            plays = [a for a in me.view["legal"] if a["type"] == "play"]
            me.act(rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(me.view["legal"]))
            me.receive(timeout=30)
        raise AssertionError("the game did not get there")
    finally:
        me.close()


@pytest.fixture(scope="module")
def urls(srv: Server) -> dict[str, str]:
    """The page to open for each scene."""
    srv = srv
    start = create_table(srv.url, SEATS, game="phylo", seed=11, options={"first_player": 1})
    middle = create_table(srv.url, SEATS, game="phylo", seed=12, options={"first_player": 1})
    play(srv, middle, lambda v: cards_on_table(v) >= MIDDLE and v["to_act"] == [0], Rng(12))
    over = create_table(srv.url, SEATS, game="phylo", seed=13, options={"first_player": 1})
    play(srv, over, lambda v: bool(v["over"]), Rng(13))
    return {"seat-start": start["seats"][0]["join_url"],
            "seat-middle": middle["seats"][0]["join_url"], "spectator-middle": middle["spectator_url"],
            "seat-over": over["seats"][0]["join_url"], "spectator-over": over["spectator_url"]}


def centring(tab: Page) -> dict[str, float]:
    """How far the middle of the cards in play is from the middle of the grid's box (px, per axis),
    and the box's size."""
    return dict(tab.evaluate("""() => {
        const box = document.querySelector('.ph-scroll').getBoundingClientRect();
        const rs = [...document.querySelectorAll('.ph-cell.ph-full')].map((c) => c.getBoundingClientRect());
        const mid = (lo, hi) => (Math.min(...lo) + Math.max(...hi)) / 2;
        return {dx: Math.abs(mid(rs.map((r) => r.left), rs.map((r) => r.right)) - (box.left + box.right) / 2),
                dy: Math.abs(mid(rs.map((r) => r.top), rs.map((r) => r.bottom)) - (box.top + box.bottom) / 2),
                width: box.width, height: box.height};
    }"""))


def assert_centred(tab: Page, when: str) -> None:
    off = centring(tab)
    assert off["dx"] <= off["width"] / 4 and off["dy"] <= off["height"] / 4, f"{when}: not centred on the cards: {off}"


def board_checks(tab: Page) -> dict[str, list[str]]:
    """On the board alone (#board; the header, help, log and game-over text are the shell's): targets
    under 44 px, repeated data-keys, buttons without one (focus is lost at a redraw), and outlines
    other than the focused element's (they would look like the focus ring)."""
    found: dict[str, list[str]] = tab.evaluate("""([selector, least]) => {
        const board = document.querySelector('#board');
        const shown = (el) => { const r = el.getBoundingClientRect(); return r.width && r.height; };
        const size = (el) => {
            const r = el.getBoundingClientRect();
            return `${Math.round(r.width)}x${Math.round(r.height)}`;
        };
        const name = (el) => `${el.tagName.toLowerCase()} ${el.dataset.key || el.className}`;
        const small = [...board.querySelectorAll(selector)].filter(shown).filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width < least - 0.5 || r.height < least - 0.5;
        }).map((el) => `${name(el)} ${size(el)}`);
        const keys = [...board.querySelectorAll('[data-key]')].map((el) => el.dataset.key);
        return {small,
            repeated: keys.filter((k, i) => keys.indexOf(k) !== i),
            keyless: [...board.querySelectorAll('button')].filter((b) => !b.dataset.key).map(name),
            outlined: [...board.querySelectorAll('*')].filter((el) => el !== document.activeElement
                && getComputedStyle(el).outlineStyle !== 'none').map(name)};
    }""", [CLICKABLE, TARGET])
    return found


def focused_key(tab: Page) -> str | None:
    key: str | None = tab.evaluate("document.activeElement?.dataset?.key ?? null")
    return key


def open_page(tab: Page, url: str) -> None:
    tab.goto(url)
    expect(tab.locator(".ph-cell.ph-full").first).to_be_visible()
    skip = tab.locator("#name-skip")  # the shell asks a seated player's name once: "Not now"
    if skip.count() and skip.is_visible():
        skip.click()
    tab.wait_for_timeout(200)  # the grid is sized and centred once its stylesheet has arrived


@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_phylo_board_fits_the_screen_opens_on_the_cards_and_passes_axe(
        srv: Server, urls: dict[str, str], new_tab: Callable[[int, int], Page], screen: str,
        scene: str) -> None:
    width, height = VIEWPORTS[screen]
    tab = new_tab(width, height)
    open_page(tab, srv.url + urls[scene])
    if scene.endswith("over"):
        expect(tab.locator("#game-over")).to_be_visible()
    if scene == "seat-start":  # a card selected with the keyboard: its valid spaces light up as buttons
        expect(tab.locator(".prompt.your-turn")).to_have_count(1)
        card = tab.locator("button.card.playable:not(.ph-event)").first
        card.focus()
        tab.keyboard.press("Enter")
        expect(tab.locator("button.ph-target").first).to_be_visible()
        assert focused_key(tab) == card.get_attribute("data-key"), "focus left the selected card"
    shot = shoot(tab, f"phylo-{scene}-{screen}")  # the page as it opens
    tab.locator(".ph-table").evaluate("(table) => table.scrollIntoView({block: 'start'})")
    shoot(tab, f"phylo-{scene}-{screen}-table")  # and the table

    assert overflow(tab) == 0, f"the page scrolls sideways: {wide_elements(tab)} (see {shot})"
    assert_centred(tab, "opened")
    mine = board_checks(tab)
    if screen == "phone":
        assert mine["small"] == [], f"board targets under 44 px (see {shot})"
        assert small_targets(tab) == [], f"targets under 44 px on the page (see {shot})"  # the shell's too
    assert mine["repeated"] == [] and mine["keyless"] == [], mine
    assert mine["outlined"] == [], f"an outline that looks like the focus ring: {mine['outlined']}"
    assert axe_violations(tab) == []

    zoom_in = tab.locator("[data-key='ph-zoom-in']")  # the zoom keeps keyboard focus and the cards centred
    zoom_in.focus()
    tab.keyboard.press("Enter")
    assert focused_key(tab) == "ph-zoom-in"
    assert_centred(tab, "zoomed in")
    assert overflow(tab) == 0, wide_elements(tab)


def test_fit_shows_the_whole_table_and_a_scrolled_spot_stays_put_when_the_board_redraws(
        srv: Server, urls: dict[str, str], new_tab: Callable[[int, int], Page]) -> None:
    tablet = new_tab(*VIEWPORTS["tablet"])
    open_page(tablet, srv.url + urls["seat-over"])
    box = tablet.locator(".ph-scroll")
    assert box.evaluate("(b) => b.scrollHeight > b.clientHeight"), "a tablet opens on part of a whole game's table"
    tablet.locator("[data-key='ph-zoom-fit']").click()
    assert box.evaluate("(b) => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight")
    assert_centred(tablet, "fitted")
    shoot(tablet, "phylo-fit-tablet")

    phone = new_tab(*VIEWPORTS["phone"])  # a phone: Fit goes no smaller than 44 px spaces
    open_page(phone, srv.url + urls["seat-middle"])
    box, level = phone.locator(".ph-scroll"), phone.locator(".ph-zoom-level")
    phone.locator("[data-key='ph-zoom-fit']").click()
    assert board_checks(phone)["small"] == [], "spaces stay 44 px or more when the table is shrunk to fit"
    shoot(phone, "phylo-fit-phone")
    phone.locator("[data-key='ph-zoom-in']").click()
    phone.locator("[data-key='ph-zoom-in']").click()
    zoom = level.inner_text()
    cards, places = phone.locator("button.card.playable:not(.ph-event)"), phone.locator("button.ph-target")
    card = next(cards.nth(i) for i in range(cards.count()) if cards.nth(i).click() or places.count())
    box.evaluate("(b) => { b.scrollLeft = 0; b.scrollTop = 0; }")  # the reader goes to the top left corner
    phone.wait_for_timeout(100)
    corner = box.evaluate("(b) => [b.scrollLeft, b.scrollTop]")
    phone.locator("[data-key='act-cancel']").click()  # the board redraws
    expect(phone.locator(".prompt-title")).to_have_text("Your turn: choose a card")
    assert level.inner_text() == zoom
    assert box.evaluate("(b) => [b.scrollLeft, b.scrollTop]") == corner
    card.click()
    spots = [places.nth(i).get_attribute("data-at") for i in range(places.count())]
    phone.locator("[data-key='act-cancel']").click()
    for _ in range(4):
        phone.locator("[data-key='ph-zoom-in']").click()
    for left, top in ((0, 0), (1, 0), (0, 1), (1, 1)):  # a corner of the table where none of its spaces is seen
        box.evaluate("(b, [x, y]) => { b.scrollLeft = x * b.scrollWidth; b.scrollTop = y * b.scrollHeight; }",
                     [left, top])
        if not any(in_sight(phone, f"[data-at='{at}']") for at in spots):
            break
    else:
        raise AssertionError(f"every corner shows a space the card may go to: {spots}")
    phone.wait_for_timeout(100)
    card.click()  # the card selected again: one of its spaces is scrolled into sight
    assert any(in_sight(phone, f"[data-at='{at}']") for at in spots)


def test_the_worked_example_on_a_phone_event_targets_preview_and_threatened_species(
        server: Server, new_tab: Callable[[int, int], Page]) -> None:
    """The rulebook's example on two phones: an event's targets and preview, then the threatened Horse
    (a dashed, pulsing card) in its owner's reaction turn; each screen fits, has 44 px targets, passes axe."""
    one, two = new_tab(*VIEWPORTS["phone"]), new_tab(*VIEWPORTS["phone"])
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game="phylo", options=EXAMPLE)
    for tab, seat in ((one, 0), (two, 1)):
        open_page(tab, server.url + table["seats"][seat]["join_url"])
    place(one, "Valley Oak", "-1,0")
    place(one, "Indian Plum", "-1,-1")
    place(one, "Horse", "-1,-2")
    place(two, "Sunflower", "2,0")
    place(two, "Eastern Kingbird", "2,-1")
    two.locator("button.card.playable", has_text="Wildfire").click()
    expect(two.locator(".ph-preview")).to_contain_text("On Indian Plum [-1,-1]: discards Indian Plum; threatens Horse")
    assert any(in_sight(two, f"[data-at='{at}']") for at in ("-1,-1", "-1,0", "2,0")), "a target is in sight"
    check_phone(two, "phylo-example-wildfire-phone")
    act_and_wait(two, lambda: two.locator("[data-at='-1,-1']").click())
    expect(one.locator(".ph-threatened")).to_have_count(1)
    one.locator("[data-at='-1,-2']").click()  # the Horse, to move it
    expect(one.locator("button.ph-target").first).to_be_visible()
    check_phone(one, "phylo-example-threatened-phone")


def check_phone(tab: Page, name: str) -> None:
    tab.locator(".ph-table").evaluate("(table) => table.scrollIntoView({block: 'start'})")
    shot = shoot(tab, name)
    assert overflow(tab) == 0, f"{name} scrolls sideways: {wide_elements(tab)}"
    mine = board_checks(tab)
    assert mine["small"] == [] and mine["repeated"] == [] and mine["outlined"] == [], (mine, shot)
    assert axe_violations(tab) == [], shot


def in_sight(tab: Page, selector: str) -> bool:
    """The middle of the element is inside the grid's box (as scrolled now)."""
    return bool(tab.locator(selector).evaluate("""(el) => {
        const b = document.querySelector('.ph-scroll').getBoundingClientRect(), r = el.getBoundingClientRect();
        const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
        return x > b.left && x < b.right && y > b.top && y < b.bottom;
    }"""))


# -- a newcomer on a phone (issue 20, item 12) ---------------------------------------------------

KEY_WORDS = ("urban", "forest", "desert", "freshwater", "grasslands", "tundra", "ocean", "cold", "cool", "warm", "hot",
             "SCALE", "FOODCHAIN", "points", "photosynthetic", "chemosynthetic", "herbivore", "omnivore", "carnivore",
             "MOVE", "FLIGHT", "SPREAD", "POLLINATOR", "INVASIVE", "PARASITE", "Pack hunter", "threatened")


def test_a_newcomer_on_a_phone_taps_open_a_key_to_every_icon_and_sees_the_whole_hand(
        srv: Server, urls: dict[str, str], browser: Any) -> None:
    """On a touch phone: a Key that a tap opens says every icon in words (tooltips never show on touch) and
    stays open when the board redraws; free spaces print no coordinates; the hand wraps, it never scrolls
    sideways; a card tapped in the hand brings the spaces it may go to on screen."""
    context = browser.new_context(viewport=dict(zip(("width", "height"), VIEWPORTS["phone"], strict=True)),
                                  has_touch=True, is_mobile=True)
    try:
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda err: errors.append(str(err)))
        open_page(tab, srv.url + urls["seat-middle"])
        summary = tab.locator(".ph-key-summary")
        size = summary.bounding_box()
        assert size and size["height"] >= TARGET and size["width"] >= TARGET
        expect(tab.locator(".ph-key-body")).to_be_hidden()
        summary.tap()
        body = tab.locator(".ph-key-body")
        expect(body).to_be_visible()
        text = body.inner_text()
        assert [w for w in KEY_WORDS if w not in text] == []
        assert body.locator("svg.ph-icon").count() == 7 + 4 and body.locator(".ph-diet").count() == 5
        shoot(tab, "phylo-key-open-phone")
        cards, lit = tab.locator(".ph-hand button.card.playable:not(.ph-event)"), tab.locator("button.ph-target")
        for i in range(cards.count()):  # the board redraws: the key stays open
            tab.evaluate("window.scrollTo(0, 0)")
            cards.nth(i).tap()
            expect(tab.locator(".prompt-title")).not_to_have_text("Your turn: choose a card")
            if lit.count():
                break
        expect(body).to_be_visible()
        tab.wait_for_function("() => [...document.querySelectorAll('button.ph-target')].some((el) => {"
                              " const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })",
                              timeout=5000)  # the spaces the tapped card may go to come on screen
        shoot(tab, "phylo-card-tapped-phone")

        empty = tab.locator(".ph-empty").evaluate_all("(cells) => cells.map((c) => c.innerText.trim())"
                                                      ".filter((t) => t && !/flooded|urban/.test(t))")
        assert empty == [], f"free spaces print something: {empty[:5]}"
        hand = tab.locator(".ph-hand .cards")
        assert hand.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the hand scrolls sideways"
        rights = hand.locator(".card").evaluate_all("(cards) => cards.map((c) => c.getBoundingClientRect().right)")
        assert rights and max(rights) <= VIEWPORTS["phone"][0], rights
        assert overflow(tab) == 0 and errors == []
    finally:
        context.close()
