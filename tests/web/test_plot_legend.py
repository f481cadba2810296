"""A plot's legend names every line whole: "Player 2 · bot (hard)", never "Player 2 · bot…".

The game-over plots (kit/web/plot.js) shared one row among all the seats, so four bots' names were cut to
"Player 1 · b…" and a class could not tell which line was whose. Now the legend takes as many names a row as the
longest lets whole, in more rows when needed (the plot grows at the top); short names stay on one row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import VIEWPORTS, overflow, shoot
from tests.web.test_class_debrief import make_class, wait_finished

LONG = ["Player 1 · bot (hard)", "Player 2 · bot (expert)", "Player 3 · bot (medium)", "Player 4 · bot (easy)"]

DRAW = """async (labels) => {
    const {linePlot} = await import('/static/kit/plot.js');
    const svg = linePlot({title: 'Offspring', xLabel: 'Round', yLabel: 'Offspring',
                          series: labels.map((label, i) => ({label, values: [0, i, 2 * i, 3 * i]}))});
    document.body.replaceChildren(svg);
    svg.style.width = '560px';
    const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {
        texts: [...svg.querySelectorAll('text.legend')].map((t) => t.textContent),
        boxes: [...svg.querySelectorAll('text.legend')].map(box),
        svg: box(svg),
        height: svg.viewBox.baseVal.height,
        gridTop: Math.min(...[...svg.querySelectorAll('line.grid')].map((l) => l.getBoundingClientRect().top)),
    };
}"""


PLAIN = '<!doctype html><html><head><link rel="stylesheet" href="/static/css/app.css"></head><body></body></html>'


def plain_page(tab: Page, url: str) -> None:
    """A page of the app's own style and no script of its own: the lobby's page would go on filling its lists
    (every 5 s) after the drawing replaced them, and fail on the missing element."""
    tab.route(url + "/plot-only", lambda route: route.fulfill(body=PLAIN, content_type="text/html"))
    tab.goto(url + "/plot-only")


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def drawn(tab: Page, labels: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = tab.evaluate(DRAW, labels)
    return out


def assert_legible(out: dict[str, Any], labels: list[str]) -> None:
    assert out["texts"] == labels, "every name whole"
    boxes = out["boxes"]
    for i, a in enumerate(boxes):
        assert a[2] <= out["svg"][2] + 0.5, f"{labels[i]!r} runs past the plot's right edge"
        assert a[3] <= out["gridTop"], f"{labels[i]!r} sits on the plot"
        for j in range(i):
            assert not overlaps(a, boxes[j]), f"{labels[i]!r} covers {labels[j]!r}"


def test_four_long_names_are_whole_in_two_rows(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(900, 700)
    plain_page(tab, srv.url)
    out = drawn(tab, LONG)
    assert_legible(out, LONG)
    assert out["height"] == 320, "one more row, the plot 20 px taller"
    six = [f"Player {n} · bot (expert)" for n in range(1, 7)]
    assert_legible(drawn(tab, six), six)


def test_short_names_keep_one_row(srv: Server, new_tab: Callable[[int, int], Page]) -> None:
    tab = new_tab(900, 700)
    plain_page(tab, srv.url)
    names = ["Ann", "Bo", "Player 3", "Cy"]
    out = drawn(tab, names)
    assert_legible(out, names)
    assert out["height"] == 300
    assert len({round(b[1]) for b in out["boxes"]}) == 1, "one row"


def test_a_finished_dodo_table_names_each_line_whole_at_every_size(srv: Server,
                                                                   new_tab: Callable[[int, int], Page]) -> None:
    make_class(srv.url, "dodo", tables=1, players=3, name="Legend", bot="random")
    table = wait_finished(srv.url, "dodo", 1)["tables"][0]
    names = [f"Player {n} · bot (random)" for n in (1, 2, 3)]
    for size, (width, height) in VIEWPORTS.items():
        tab = new_tab(width, height)
        tab.goto(f"{srv.url}/table/{table['table_id']}")
        legend = tab.locator("#game-over .plot text.legend")
        expect(legend.first).to_be_visible()
        assert legend.all_text_contents()[:3] == names
        assert overflow(tab) == 0
        tab.evaluate("document.querySelector('#game-over .plot')?.scrollIntoView({block: 'center'})")
        shoot(tab, f"plot-legend-{size}")
