"""The class debrief's numbers say what they count (newcomer walkthrough, item 3, on the projector).

- Two tables' leaders (7 and 9) are not "Leading score when ended 8": the fact says it is the mean of the leading
  scores and shows each.
- A yes/no measure nobody had ("generic creature (1: yes)") is not "Generic: 0 a player, winners 0" beside a
  question about GENERIC: it says "no GENERIC creature in these games".
- The winners' final score (the result) and a history measure's last value (the end of the last full round, which a
  game ending mid-round does not reach) are labelled as what they count, so 14 and 15 do not seem to disagree.
- Adapt or Die's running score (the unfit score) ranks the leaders of an ended table lowest first.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Server


def phylo_table(n: int, scores: list[int]) -> dict[str, Any]:
    """A Phylo table the teacher ended in turn 4, as the class debrief's data has it."""
    return {"table_id": f"t{n}", "name": f"Period 2 · Table {n}", "game": "phylo", "players": 2, "created": n,
            "seats": [{"seat": 0, "kind": "human", "name": f"Student {n}", "connected": False},
                      {"seat": 1, "kind": "bot", "bot": "easy", "name": None, "connected": False}],
            "round": 4, "round_word": "turn", "over": False, "ended": True, "archived": False, "result": None,
            "scores": scores, "score_label": "Points", "lower_is_better": False, "version": 8, "paused": False,
            "class_id": "c2", "stats": {"rounds": 4, "history": [{"points": scores}], "seats": [
                {"points": s} for s in scores], "kinds": ["a", "b"]}}


def adapt_table(n: int, unfit: list[int], generic: list[int], history: list[int],
                ended: bool = False) -> dict[str, Any]:
    """An Adapt or Die table (unfit scores: lower is better), finished (or ended) after 21 rounds."""
    result = None if ended else {"scores": unfit, "winners": [unfit.index(min(unfit))], "rounds": 21,
                                 "lower_is_better": True, "reason": "complete"}
    return {"table_id": f"a{n}", "name": f"Period 3 · Table {n}", "game": "adapt", "players": 3, "created": n,
            "seats": [{"seat": i, "kind": "human", "name": name, "connected": False}
                      for i, name in enumerate(("Zoe", "Maya", "Sam"))],
            "round": 21, "round_word": "round", "over": not ended, "ended": ended, "archived": False,
            "result": result, "scores": unfit, "score_label": "Unfit", "lower_is_better": True, "version": 90,
            "paused": False, "class_id": "c3",
            "stats": {"rounds": 21, "history": [{"unfit": [u - 1 for u in history]}, {"unfit": history}],
                      "seats": [{"generic": g, "unfit": u} for g, u in zip(generic, unfit, strict=True)],
                      "kinds": ["Atlantic ghost crab", "Cave cricket", "Mound building termite"]}}


def show(new_tab: Callable[[int, int], Page], srv: Server, data: dict[str, Any]) -> Page:
    tab = new_tab(1920, 1080)
    tab.goto(f"{srv.url}/teacher?key={srv.teacher_key()}")

    def answer(route: Route) -> None:
        route.fulfill(status=200, content_type="application/json", body=json.dumps(data))

    tab.route("**/api/class/debrief*", answer)
    tab.goto(f"{srv.url}/class")
    tab.wait_for_selector(".table-card")
    return tab


def about(game: str, tables: list[dict[str, Any]], title: str) -> dict[str, Any]:
    return {"class": {"id": "c", "name": "Period", "game": game}, "classes": [], "other": 0, "games": [game],
            "game": game, "title": title, "tables": tables}


def test_two_tables_leading_scores_are_a_mean_and_each_is_shown(
        new_tab: Callable[[int, int], Page], srv: Server) -> None:
    tab = show(new_tab, srv, about("phylo", [phylo_table(1, [7, 6]), phylo_table(2, [5, 9])], "Phylo"))
    fact = tab.locator(".fact", has_text="when ended").filter(has_text="leading score")
    expect(fact.locator("dt")).to_have_text("Mean of the leading scores when ended")
    expect(fact.locator(".big")).to_have_text("8")
    expect(fact.locator(".fact-note")).to_contain_text("each leader: 7 and 9")
    expect(tab.locator(".class-box")).to_contain_text("Leading scores when ended 7 and 9 (mean 8)")


def test_adapt_says_no_generic_creature_and_labels_final_and_last_round_numbers(
        new_tab: Callable[[int, int], Page], srv: Server) -> None:
    tab = show(new_tab, srv, about("adapt", [adapt_table(1, [14, 23, 20], [0, 0, 0], [15, 18, 20])],
                                   "Adapt or Die"))
    generic = tab.locator(".q-facts li", has_text="Generic").first
    expect(generic).to_have_text("Generic: no GENERIC creature in these games")
    expect(tab.locator(".fact", has_text="final score").locator("dt")).to_have_text("Winner's final score")
    box = tab.locator(".class-box")
    expect(box).to_contain_text("Winner's final score 14, everyone's mean 19")
    expect(box).to_contain_text("Unfit, end of the last full round: 17.7 a player, winners 15")
    expect(tab.locator(".table-card th", has_text="Unfit")).to_have_text("Unfit (low wins)")


def test_an_ended_adapt_table_leads_with_the_lowest_unfit_score(
        new_tab: Callable[[int, int], Page], srv: Server) -> None:
    tab = show(new_tab, srv, about("adapt", [adapt_table(1, [14, 23, 20], [1, 0, 0], [15, 18, 20], ended=True)],
                                   "Adapt or Die"))
    card = tab.locator(".table-card")
    expect(card.locator("tr.leader")).to_have_count(1)
    expect(card.locator("tr.leader")).to_contain_text("Zoe")


def test_yes_no_measures_in_words(new_tab: Callable[[int, int], Page], srv: Server) -> None:
    tab = new_tab(800, 600)
    tab.goto(srv.url + "/")
    out = tab.evaluate("""async () => {
        const p = await import('/static/js/pooled.js');
        const table = (flags, winners) => ({over: true, seats: [], result: {scores: flags, winners},
            stats: {rounds: 1, seats: flags.map((g, i) => ({generic: g, unfit: 10 + i})), history: []}});
        const none = [table([0, 0, 0], [0])], some = [table([1, 0, 0], [0]), table([0, 1], [0])];
        return {
            none: p.yesNo(none, 'generic'), some: p.yesNo(some, 'generic'), counts: p.yesNo(some, 'unfit'),
            noneText: p.yesNoText(p.yesNo(none, 'generic'), 'generic', {generic: 'GENERIC creature (1: yes)'}),
            bare: p.yesNoText(p.yesNo(none, 'generic'), 'generic'),
            someText: p.yesNoText(p.yesNo(some, 'generic'), 'generic'),
            each: p.classFacts(some).winningScores,
        };
    }""")
    assert out["none"] == {"yes": 0, "seats": 3, "winnersYes": 0, "winners": 1}
    assert out["some"] == {"yes": 2, "seats": 5, "winnersYes": 1, "winners": 2}
    assert out["counts"] is None, "a measure that counts is not a yes/no"
    assert out["noneText"] == "no GENERIC creature in these games"
    assert out["bare"] == "no generic in these games"
    assert out["someText"] == "2 of 5 players, winners 1 of 2"
    assert out["each"] == [1, 0]
