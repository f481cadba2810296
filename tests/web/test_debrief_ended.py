"""The class debrief when the teacher ended the tables at the bell (the likeliest end of a lesson).

A class of bots-only tables of The Mating Game, every table ended by the teacher after a few rounds: the debrief
shows the numbers as they stood when ended (where the tables stood, who was leading, their kinds and measures),
each labelled so, and calls nobody a winner. The pooling helpers keep ended tables apart from finished ones.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.screens import axe_violations, overflow, wide_elements
from tests.web.test_class_debrief import debrief, make_class, open_class
from tests.web.wsclient import teacher

TABLES = 3


@pytest.fixture
def slow_server(tmp_path: Path) -> Iterator[Server]:
    """Bots that take 0.2 s a move: a Mating Game lasts long enough to be ended in its second round."""
    server = Server(f"sqlite:///{tmp_path / 'evogames.db'}", tmp_path / "server.log", bot_delay=0.2).start()
    yield server
    server.stop()


def ended_at_the_bell(base: str, least_round: int = 2) -> list[dict[str, Any]]:
    """A class of bots-only tables, each ended by the teacher once it reached ``least_round``."""
    made = make_class(base, tables=TABLES, players=3, name="Period 5")
    left = {t["table_id"] for t in made}
    deadline = time.time() + 60
    while left:
        assert time.time() < deadline, "the tables never reached their second round"
        for t in httpx.get(base + "/api/teacher/tables", headers=teacher(base), timeout=10).json():
            if t["table_id"] in left and (t["round"] or 0) >= least_round:
                answer = httpx.post(f"{base}/api/tables/{t['table_id']}/end", headers=teacher(base), timeout=10)
                assert answer.status_code == 200, answer.text
                left.discard(t["table_id"])
        time.sleep(0.1)
    tables: list[dict[str, Any]] = debrief(base)["tables"]
    assert all(t["ended"] and not t["over"] and t["stats"] for t in tables), "a table finished before the bell"
    return tables


def leaders(t: dict[str, Any]) -> list[int]:
    """The seats ahead on the running score (higher is better in The Mating Game); none when every seat ties."""
    best = max(t["scores"])
    ahead = [seat for seat, score in enumerate(t["scores"]) if score == best]
    return [] if len(ahead) == len(t["scores"]) else ahead


def test_a_class_ended_at_the_bell_shows_its_numbers_as_they_stood(
        new_tab: Callable[[int, int], Page], slow_server: Server) -> None:
    tables = ended_at_the_bell(slow_server.url)
    rounds = sorted(t["round"] for t in tables)
    tab = open_class(new_tab, slow_server, 1366, 768, wait=".class-plots svg")
    facts = tab.locator(".fact-grid")
    expect(facts.locator(".fact", has_text="Tables finished").locator(".big")).to_have_text(f"0 of {TABLES}")
    stood = facts.locator(".fact", has_text="Ended tables stood at")
    expect(stood.locator(".big")).to_have_text(f"Round {rounds[0]}" if rounds[0] == rounds[-1]
                                               else f"Rounds {rounds[0]} to {rounds[-1]}")
    expect(stood.locator(".fact-note")).to_have_text(f"{TABLES} tables ended by you")
    # nothing of a finished game: no winner, no "won most", no rounds a game
    for finished_only in ("final score", "Won most", "Rounds a game"):
        expect(facts.locator(".fact", has_text=finished_only)).to_have_count(0)
    expect(tab.locator(".table-card .won:not(.leading)")).to_have_count(0)
    expect(tab.locator("#won-title")).to_have_count(0)
    # who was ahead at each table, marked as leading when ended
    for t in tables:
        card = tab.locator(".table-card", has=tab.get_by_role("heading", name=t["name"], exact=True))
        ahead = leaders(t)
        expect(card.locator("tr.leader")).to_have_count(len(ahead))
        for seat in ahead:
            expect(card.locator("tbody tr").nth(seat)).to_contain_text("leading when ended")
        expect(card.locator(".card-state")).to_contain_text(f"Ended in round {t['round']} by you")
    ahead_anywhere = sum(len(leaders(t)) for t in tables)
    if ahead_anywhere:
        scores = [t["scores"][seat] for t in tables for seat in leaders(t)]
        lead = facts.locator(".fact", has_text=re.compile(r"[Ll]eading scores? when ended"))
        expect(lead.locator(".fact-note")).to_contain_text("as they stood when ended")
        assert abs(float(lead.locator(".big").inner_text()) - sum(scores) / len(scores)) < 0.051
        expect(facts.locator(".fact", has_text="Leading most when ended")).to_have_count(1)
        section = tab.locator("section.leading")
        expect(section.get_by_role("heading", name="Who was leading when you ended the tables")).to_be_visible()
        expect(section.locator(".counted")).to_contain_text(f"As they stood when ended: {TABLES} tables ended by you, "
                                                            f"{3 * TABLES} players")
        texts = section.locator(".kinds .won-text").all_inner_texts()
        assert sum(int(text.split(" of ")[0]) for text in texts) == ahead_anywhere
        assert sum(int(text.split(" of ")[1].split()[0]) for text in texts) == 3 * TABLES
        legend = tab.locator(".class-plots svg.plot").first.locator("text.legend")
        expect(legend).to_have_text(["Class mean", "Leading when ended"])
        expect(tab.locator(".class-questions .q-facts").first).to_contain_text("(when ended)")
    expect(tab.locator(".class-box")).to_contain_text(f"{TABLES} tables ended by you, at round")
    expect(tab.locator(".class-box")).not_to_contain_text("Winners")
    expect(tab.locator("#rounds-title")).to_have_text("Round by round: the class's mean")
    expect(tab.locator("#rounds-title + p")).to_contain_text("as they stood when ended")
    expect(tab.locator("#status")).to_contain_text("Every table has finished or was ended")
    assert overflow(tab) == 0, wide_elements(tab)
    assert axe_violations(tab) == []


def test_the_pooling_helpers_keep_ended_tables_apart(new_tab: Callable[[int, int], Page], server: Server) -> None:
    tab = new_tab(800, 600)
    tab.goto(server.url + "/")
    out = tab.evaluate("""async () => {
        const p = await import('/static/js/pooled.js');
        const seats = (n) => Array.from({length: n}, (_, seat) => ({seat, kind: 'bot'}));
        const finished = {over: true, ended: false, seats: seats(2), round_word: 'round', scores: [3, 1],
            result: {scores: [3, 1], winners: [0], rounds: 5}, stats: {rounds: 5, history: [], seats: []}};
        const ended = {over: false, ended: true, seats: seats(3), round_word: 'round', round: 3, scores: [2, 4, 4],
            result: null, stats: {rounds: 3, history: [{food: [1, 2, 3]}], seats: [{a: 1}, {a: 2}, {a: 3}]}};
        const tied = {...ended, scores: [1, 1, 1]};
        const adapt = {...ended, scores: [null, null, null]};
        const phylo = {over: true, round_word: 'turn', seats: seats(2), result: {rounds: 4, turns: 8, winners: [1]},
            stats: {rounds: 8}};
        const dodo = {over: true, round_word: 'turn', seats: seats(3), result: {rounds: 16, winners: [0]},
            stats: {rounds: 16}};
        const bell = p.asEnded(ended);
        return {
            early: p.endedEarly([finished, ended, {...ended, stats: null}]).length,
            leaders: [p.leaders(ended), p.leaders(ended, true), p.leaders(tied), p.leaders(adapt)],
            bell: bell.result,
            facts: (({rounds, winningScore, score, winners}) => ({rounds, winningScore, score, winners}))(
                p.classFacts([bell])),
            unchanged: p.classFacts([finished, ended]).rounds,
            rounds: [p.roundsOf(finished), p.roundsOf(phylo), p.roundsOf(dodo), p.roundsOf(bell)],
            progress: [finished, ended, phylo, {...ended, ended: false, round_word: 'turn', round: 7}]
                .map(p.progressText),
            heading: [p.roundHeading([phylo, dodo, finished]), p.roundHeading([finished])],
            step: p.stepWord([{...phylo, stats: {rounds: 8, history: [{}, {}]}}]),
            said: p.questionFacts('How much food?', [bell], 4, p.AT_THE_BELL),
            nobodyAhead: p.questionFacts('How much food for combat?', [p.asEnded({...adapt, stats: {...adapt.stats,
                kinds: ['a', 'a', 'b']}})], 4, p.AT_THE_BELL),
        };
    }""")
    assert out["early"] == 1
    assert out["leaders"] == [[1, 2], [0], [], []]
    assert out["bell"] == {"scores": [2, 4, 4], "winners": [1, 2], "rounds": 3, "turns": 3, "lower_is_better": False}
    assert out["facts"] == {"rounds": {"mean": 3, "low": 3, "high": 3, "count": 1}, "winningScore": 4,
                            "score": 10 / 3, "winners": 2}
    assert out["unchanged"]["count"] == 1  # a finished table's rounds never take an ended one's
    assert out["rounds"] == [5, 8, 16, 3]
    assert out["progress"] == ["Finished after 5 rounds", "Ended in round 3", "Finished after 8 turns", "Turn 7"]
    assert out["heading"] == ["Turn", "Round"]
    assert out["step"] == "Turn"
    label = "Food, end of the last full round (when ended)"
    assert out["said"] == [{"label": label, "text": "2 a player, leading 2.5"}]
    # a game with no running score: nobody was leading, so no "leading" number and no "0 of 2 led"
    assert out["nobodyAhead"] == [{"label": label, "text": "2 a player"}]
