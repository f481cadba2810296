"""What a page must hold on every screen, measured in the real browser.

- ``VIEWPORTS``: a phone, a tablet, a Chromebook and a projector.
- ``overflow``: how far the page scrolls sideways (0 is the goal).
- ``small_targets``: clickable things smaller than 44 x 44 CSS pixels (on a phone); a link inside a
  sentence is exempt, as WCAG 2.5.8 exempts inline targets.
- ``axe_violations``: axe-core's serious and critical findings.
- ``shoot``: a screenshot to look at (kept under /tmp/evogames-shots).
- ``my_turn_settled``: a student's seat against a random bot, open at their turn, the page done redrawing.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

VIEWPORTS = {"phone": (390, 844), "tablet": (820, 1180), "chromebook": (1366, 768), "projector": (1920, 1080)}
SHOTS = Path("/tmp/evogames-shots")
TARGET = 44  # px: the smallest comfortable touch target (WCAG 2.5.5)
CLICKABLE = "button:not([disabled]), a[href], [role=button], input:not([type=hidden]), select, summary, [tabindex='0']"


def overflow(tab: Any) -> int:
    """Pixels the page is wider than the viewport (it would scroll sideways)."""
    return int(tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))


def settled_overflow(tab: Any, seconds: float = 3.0) -> int:
    """``overflow`` once the page has settled: 0 as soon as it is, else what is left after ``seconds`` (a layout
    that overflows for a moment while a busy machine draws it is not a page that scrolls sideways)."""
    return int(tab.evaluate("""(ms) => new Promise((done) => {
        const wide = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;
        const until = performance.now() + ms;
        const look = () => (wide() === 0 || performance.now() > until) ? done(wide()) : setTimeout(look, 100);
        look();
    })""", seconds * 1000))


def wide_elements(tab: Any) -> list[str]:
    """The visible elements that stick out past the right edge (to find what makes a page scroll)."""
    return list(tab.evaluate("""() => {
        const w = document.documentElement.clientWidth, out = [];
        for (const el of document.querySelectorAll('body *')) {
            const r = el.getBoundingClientRect();
            if (r.width && r.right > w + 1 && getComputedStyle(el).position !== 'fixed')
                out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(r.right)}`);
        }
        return out.slice(0, 12);
    }"""))


def small_targets(tab: Any, least: int = TARGET) -> list[str]:
    """Visible clickable elements smaller than ``least`` pixels in either direction."""
    return list(tab.evaluate("""([selector, least]) => {
        const out = [];
        for (const el of document.querySelectorAll(selector)) {
            const r = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            if (!r.width || !r.height || style.visibility === 'hidden') continue;
            // off screen: a skip link until it is focused
            if (r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth) continue;
            if (el.closest('[hidden], details:not([open]) > :not(summary)')) continue;
            // a link inside a sentence is exempt (WCAG 2.5.8 "inline"): its line sets its height
            const parent = el.parentElement;
            if (el.tagName === 'A' && parent && ['P', 'DD', 'LI', 'SPAN', 'TD'].includes(parent.tagName)
                && parent.textContent.trim().length > el.textContent.trim().length + 10) continue;
            if (r.width < least - 0.5 || r.height < least - 0.5) {
                const name = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 30);
                out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
            }
        }
        return out;
    }""", [CLICKABLE, least]))


@cache
def _axe_source() -> str:
    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(tab: Any, impacts: tuple[str, ...] = ("serious", "critical")) -> list[str]:
    """axe-core's findings of these impacts on the page as it is now: 'rule: target' lines."""
    tab.evaluate(_axe_source())
    result = tab.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {', '.join(str(n['target']) for n in v['nodes'][:4])}"
            for v in result["violations"] if v["impact"] in impacts]


def assert_focus_ready(tab: Any, name: str, controls: str = "button") -> None:
    """Every control of the board has a unique ``data-key`` (the shell refocuses it after a redraw), and no
    highlight on the board uses an outline (that is the keyboard focus ring)."""
    keys = tab.evaluate("[...document.querySelectorAll('#board [data-key]')].map((e) => e.dataset.key)")
    assert len(keys) == len(set(keys)), f"{name}: data-keys repeat: {keys}"
    keyless = tab.evaluate("(sel) => [...document.querySelectorAll(sel)].filter((b) => !b.dataset.key)"
                           ".map((b) => b.outerHTML.slice(0, 80))",
                           ", ".join(f"#board {c.strip()}" for c in controls.split(",")))
    assert keyless == [], f"{name}: controls without a data-key (focus is lost at a redraw): {keyless}"
    outlined = tab.evaluate("[...document.querySelectorAll('#board *')].filter((e) => e !== document.activeElement"
                            " && getComputedStyle(e).outlineStyle !== 'none')"
                            ".map((e) => e.className.baseVal ?? e.className)")
    assert outlined == [], f"{name}: an outline that looks like the focus ring: {outlined}"


def first_screenful(tab: Any, selector: str, whole_width: bool = False) -> bool:
    """The element starts in the first screenful of the page as it opens (and, with ``whole_width``,
    in its left half, not off to a side)."""
    side = " && r.left >= 0 && r.left < innerWidth / 2" if whole_width else ""
    return bool(tab.evaluate("(sel) => { const r = document.querySelector(sel)?.getBoundingClientRect();"
                             f" return !!r && r.top >= -2 && r.top < innerHeight - 60{side}; }}", selector))


def played_to_the_end(server: Any, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
    """A table whose seat 0 played at random through the websocket until the game was over."""
    from evogames.core.rng import Rng
    from tests.web.wsclient import Player, create_table, play_humans, settle

    table = create_table(server.url, seats, **body)
    player = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    try:
        play_humans([player], Rng(3), seconds=240)
        settle([player])
        assert player.view["over"]
    finally:
        player.close()
    return table


def my_turn_settled(server: Any, tab: Any, game: str, seed: int | None = None) -> dict[str, Any]:
    """A new table (seat 0 a student's, seat 1 a random bot) opened in ``tab`` at the student's turn, once the
    page has learnt who is connected: no redraw left to replace what a test reads or scrolls to."""
    from playwright.sync_api import expect

    from tests.web.wsclient import create_table

    body = {} if seed is None else {"seed": seed}
    made = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "random"}], game=game, **body)
    tab.goto(f"{server.url}/table/{made['table_id']}?token={made['seats'][0]['code']}")
    expect(tab.locator(".prompt.your-turn")).to_be_visible(timeout=30_000)  # the page waits for us: no redraw
    tab.wait_for_function("window.evogames.page.connected?.has(0)")  # nor one when it learns who is connected
    return made


def shoot(tab: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=False)
    return path
