"""The game-over score table fits a phone: every column seen at once, a bot's name on at most two lines.

Tough Luck, Dodo's table has five columns ("Player", "Captured", "Creatures left", "Born", "Starved"): on a phone its
roomy padding made it wider than the screen, so the last column scrolled inside the table and "Player 1 · bot
(random)" took three lines. On a narrow screen the cells now take less padding and a heading may wrap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, overflow, shoot
from tests.web.test_class_debrief import make_class, wait_finished

MEASURE = """() => {
    const table = document.querySelector('#game-over table.scores');
    return {
        wide: table.scrollWidth - table.clientWidth,
        names: [...table.querySelectorAll('tbody th')].map((th) => {
            const span = document.createElement('span');
            span.append(...th.childNodes);
            th.append(span);
            const rects = span.getClientRects().length;
            th.append(...span.childNodes);
            span.remove();
            return rects;
        }),
        hint: !document.querySelector('#scores-hint').hidden,
    };
}"""


def test_dodo_s_score_table_fits_every_screen(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    make_class(srv.url, "dodo", tables=1, players=3, name="Scores", bot="random")
    table = wait_finished(srv.url, "dodo", 1)["tables"][0]
    for size, (width, height) in VIEWPORTS.items():
        tab = new_tab(width, height)
        tab.goto(f"{srv.url}/table/{table['table_id']}")
        expect(tab.locator("#game-over table.scores tbody th").first).to_contain_text("Player 1 · bot (random)")
        tab.evaluate("document.querySelector('#game-over table.scores').scrollIntoView({block: 'center'})")
        measured: dict[str, Any] = tab.evaluate(MEASURE)
        shoot(tab, f"score-table-{size}")
        assert overflow(tab) == 0, size
        assert measured["wide"] <= 1, (size, measured)
        assert not measured["hint"], (size, measured)
        assert max(measured["names"]) <= 2, (size, measured)
