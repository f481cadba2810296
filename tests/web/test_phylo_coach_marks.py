"""Phylo's coach marks ("Coach: 74%" on each space a hint names) on a tablet, a projector and a phone: the tag is
read whole in every space, a narrow edge space too (it was cut to "Coach: 7"; a phone broke "Coac" over "h:"),
inside the space, and the space's dashed ring is no outline (the keyboard's focus ring is the board's only outline:
a hinted space had hidden it).

The real table page draws the board with a hint that names every space of the table (the coach names at most
three; every space is where a tag can land), through the board's own render."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, assert_focus_ready, my_turn_settled, overflow, shoot

DRAW_WITH_HINT = """async (share) => {
    const board = await import('/static/games/phylo/board.js');
    const page = window.evogames.page;
    const ctx = {view: page.view, seat: 0, seats: page.seats, connected: null, hint: [],
                 act: () => {}, redraw: () => {}};
    const root = document.querySelector('#board');
    board.render(root, ctx);
    const spaces = [...root.querySelectorAll('.ph-cell[data-at]')].map((c) => c.dataset.at.split(',').map(Number));
    ctx.hint = spaces.map(([x, y]) => ({action: {type: 'play', at: [x, y]}, label: 'a move', share}));
    board.render(root, ctx);
    return spaces.length;
}"""

CUT_TAGS = """() => [...document.querySelectorAll('.ph-hint-mark')].flatMap((m) => {
    const r = m.getBoundingClientRect(), c = m.closest('.ph-cell').getBoundingClientRect();
    const word = document.createRange();  // "Coach:" on one line (never "Coac" over "h:")
    word.setStart(m.firstChild, 0);
    word.setEnd(m.firstChild, "Coach:".length);
    const lines = new Set([...word.getClientRects()].map((line) => Math.round(line.top))).size;
    const cut = m.scrollWidth > m.clientWidth + 1 || r.left < c.left - 0.5 || r.right > c.right + 0.5
        || r.bottom > c.bottom + 0.5 || lines > 1;
    const at = m.closest('.ph-cell').dataset.at;
    return cut ? [`${at}: ${Math.round(r.width)}x${Math.round(r.height)} in ${Math.round(c.width)}x`
        + `${Math.round(c.height)}, text ${m.scrollWidth} wide, "Coach:" on ${lines} lines`] : [];
})"""


@pytest.mark.parametrize("screen", ["tablet", "projector", "phone"])
def test_every_coach_tag_is_read_whole_inside_its_space(srv: Server, screen: str,
                                                        new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(*VIEWPORTS[screen])
    my_turn_settled(srv, tab, "phylo", seed=11)
    spaces = tab.evaluate(DRAW_WITH_HINT, 0.74)
    tags = tab.locator(".ph-hint-mark")
    expect(tags).to_have_count(spaces)
    assert set(tags.all_inner_texts()) <= {"Coach: 74%", "Coach:\n74%"}
    assert tab.evaluate(CUT_TAGS) == []
    assert tab.evaluate("parseFloat(getComputedStyle(document.querySelector('.ph-hint-mark')).fontSize)") >= 12
    assert_focus_ready(tab, f"phylo coach {screen}")  # no outline on the board but the focus ring
    assert overflow(tab) == 0
    tab.locator(".ph-edge.ph-hinted").first.scroll_into_view_if_needed()
    shoot(tab, f"phylo-coach-marks-{screen}")
