"""Adapt or Die in a real browser (headless Chromium) against a real server.

A person plays a whole game against two heuristic bots by clicking the
highlighted spaces and the prompt's buttons, watches the live scorecard, uses
the scoring app on its own (the seed's sample bug gives its numbers), and sees
the debrief on fit and adaptation.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.pages import act_and_wait
from tests.web.screens import shoot
from tests.web.wsclient import create_table


@pytest.fixture
def tab(new_tab: Callable[[int, int], Page]) -> Page:
    return new_tab(1400, 1000)


def take_a_turn_step(tab: Page) -> None:
    """Exit at a habitat whose NICHE you lack, keep it, take the best adaptation, end the turn."""
    prompt = tab.locator("#prompt")
    held = tab.locator(".ad-player.mine .ad-chip.niche").all_inner_texts()
    exits = prompt.locator("button[data-key^='exit-E']")
    wanted = [exits.nth(i) for i in range(exits.count())
              if not any(name in exits.nth(i).inner_text() for name in held)]
    buttons = [prompt.locator(f"button[data-key^='{key}']").first
               for key in ("exit-choice-0", "adapt-", "choose-", "end-turn", "decline")
               if prompt.locator(f"button[data-key^='{key}']").count()]
    target = (wanted + buttons + [tab.locator(".ad-target").first])[0]
    act_and_wait(tab, target.click)


def prompt_says_no_exit(tab: Page) -> int:
    """1 if this is a roll with no exit in reach, and its prompt says so in a whole sentence (no "lead to:" with
    nothing after it, as it said), else 0."""
    prompt = tab.locator("#prompt")
    if "move your bug" not in prompt.inner_text() or prompt.locator("button[data-key^='exit-E']").count():
        return 0
    words = " ".join(prompt.inner_text().split())
    assert "no exit is in reach" in words and not words.endswith(":"), words
    return 1


def test_a_person_plays_a_whole_game_with_the_scorecard_and_sees_the_debrief(server: Server, tab: Page) -> None:
    bot = {"kind": "bot", "bot": "heuristic"}
    table = create_table(server.url, [{"kind": "human"}, bot, bot], game="adapt", options={"max_rounds": 30})
    tab.goto(server.url + table["seats"][0]["join_url"])
    expect(tab.locator("#who")).to_have_text("You are Player 1")
    expect(tab.locator(".ad-mat.empty")).to_have_count(8)  # the octagon's eight empty places
    expect(tab.locator(".ad-scorecard").first).to_contain_text("LEG LENGTH")
    deadline, steps, saw_scores, stranded = time.time() + 150, 0, False, 0
    while not tab.locator("#game-over").count():
        assert time.time() < deadline, "the game did not end in time"
        if not tab.locator(".prompt.your-turn").count():
            tab.wait_for_timeout(30)
            continue
        stranded += prompt_says_no_exit(tab)
        take_a_turn_step(tab)
        steps += 1
        saw_scores = saw_scores or tab.locator(".ad-live th", has_text="Habitat").count() > 0
    assert steps > 3 and saw_scores  # the live scorecard grew a column per habitat held
    assert stranded, "no roll left the bug without an exit in reach: the prompt's words for it went untested"
    expect(tab.locator("#log")).to_contain_text("every player has their NICHE cards")  # a complete game
    expect(tab.locator("#game-over")).to_contain_text("Saved by adaptations")
    expect(tab.locator("#game-over")).to_contain_text("GENERIC with the same habitats")
    expect(tab.locator(".ad-mat-g").first).to_be_visible()
    # each mat names its habitat whole, on up to two lines inside the mat ("Salt marsh mu…" was cut with room to spare)
    names = tab.evaluate("""[...document.querySelectorAll('.ad-mat-g')].map((g) => {
        const box = g.querySelector('rect.ad-mat').getBBox(), text = g.querySelector('.ad-mat-name');
        const t = text.getBBox();
        return [text.textContent, t.x >= box.x && t.x + t.width <= box.x + box.width];
    })""")
    assert names and all("…" not in name and inside for name, inside in names), names
    tab.locator(".ad-mat-g").first.scroll_into_view_if_needed()
    shoot(tab, "adapt-mats")


def test_the_scoring_app_works_on_its_own(server: Server, tab: Page) -> None:
    """The seed's sample bug (3 1 4 5 2) in two of its habitats, scored in the app."""
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="adapt")
    tab.goto(server.url + table["seats"][0]["join_url"])
    tab.locator(".ad-app-box > summary").click()
    app = tab.locator(".ad-app")
    app.locator("[data-key='app-clear']").click()
    app.locator("[data-key='app-creature']").select_option("C16")  # GENERIC: 3 3 3 3 3
    app.locator("[data-key='app-add-habitat']").select_option("H01")  # cave: eyes 1, antennae 5 fixed
    for j, value in enumerate((5, 1, 3)):  # blanks: leg length, segments, size
        blank = app.locator(f"[data-key='app-blank-0-{j}']")
        for _ in range(5):  # a redraw (a view arriving) may replace the input between fill and change
            blank.fill(str(value))
            blank.dispatch_event("change")
            tab.wait_for_timeout(50)
            if blank.input_value() == str(value):
                break
    expect(app.locator(".ad-grand")).to_have_text("8")  # 2+2+0+2+2
    app.locator("[data-key='app-add-card']").select_option("A18")  # - EYES: 3 -> 2
    expect(app.locator(".ad-grand")).to_have_text("7")
    app.locator("[data-key='app-add-card']").select_option("A16")  # + EYES: the order now matters at the ends
    expect(app.locator("caption")).to_contain_text("Unfit score:")
    assert app.locator("[data-key='order-3']").count() == 1


def test_the_help_and_the_scorecard_note_come_from_the_package(server: Server, tab: Page) -> None:
    """No rules text in adapt.js: the help is games/adapt/help.toml, the scorecard's note the view's."""
    table = create_table(server.url, [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], game="adapt",
                         options={"shared_habitats": True})
    tab.goto(server.url + table["seats"][0]["join_url"])
    expect(tab.locator(".ad-live")).to_contain_text("Every shared habitat counts")
    tab.locator("#help > summary").click()
    help_body = tab.locator("#help-body")
    expect(help_body.locator("dt")).to_have_count(6)
    expect(help_body).to_contain_text("force it on a player with fewer than 4 who does not hold it")
