"""Evolution in a real browser: the attacker's page and a spectator's page while the defender decides.

The same scripted table as tests/web/test_browser_evolution_defence.py, seen from the other side:
Player 1 (headless Chromium) grows a carnivore and attacks by clicking; Player 2 (a websocket client)
defends; a spectator (another browser, no seat code) watches. While Player 2 chooses, both pages say
whom the table waits for and show no defence buttons; the spectator sees no card of any hand and no
face-down card. Player 2 runs (the scripted die shows 2: caught), then does not defend, and both pages
show the kill.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.evolution_script import ATTACKER_HAND, DEFENDER_HAND, DICE, client_acts, play_card
from tests.web.pages import act_and_wait
from tests.web.wsclient import Player, create_table

CARD_ID = re.compile(r"\b[A-Z]{3}\d{2}\b")  # a card's id, e.g. SWM06
WAITING = "Waiting for Player 2 to choose a defence for Laika…"


@pytest.fixture
def tabs(new_tab: Callable[[int, int], Page]) -> tuple[Page, Page]:
    return new_tab(1366, 900), new_tab(1366, 900)


def test_the_attacker_and_a_spectator_watch_the_defender_decide(server: Server, tabs: tuple[Page, Page]) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game="evolution",
                         options={"deck_order": ATTACKER_HAND + DEFENDER_HAND, "dice": DICE, "first_player": 0})
    hunter, watcher = tabs
    defender = Player(server.ws, table["table_id"], table["seats"][1]["code"])
    try:
        hunter.goto(server.url + table["seats"][0]["join_url"])
        watcher.goto(server.url + table["spectator_url"])
        expect(hunter.locator("#who")).to_have_text("You are Player 1")
        expect(watcher.locator("#who")).to_have_text("Watching (spectator)")

        # Development: Player 1 clicks a carnivore A1; Player 2 A2 (Running, Mimicry, Tail Loss), A3 (Tail Loss).
        play_card(hunter, "SWM01", "a new animal (face down)")  # A1
        client_acts(defender, {"type": "animal", "card": "SWM06"})  # A2
        play_card(hunter, "POC01", "Carnivorous on Dolly")
        client_acts(defender, {"type": "animal", "card": "SWM07"})  # A3
        act_and_wait(hunter, hunter.get_by_role("button", name="Pass (play no more cards this turn)").click)
        for card, trait, animal in [("RUN01", "running", "A2"), ("MIM01", "mimicry", "A2"),
                                    ("TAL01", "tail_loss", "A2"), ("TAL02", "tail_loss", "A3")]:
            client_acts(defender, {"type": "trait", "card": card, "trait": trait, "animal": animal})

        # Feeding: Player 1 hunts with A1 and clicks "Attack" on A2.
        expect(hunter.locator(".prompt.your-turn .prompt-title")).to_contain_text("Feeding: your round")
        hunter.get_by_role("button", name="Hunt with carnivore Dolly…").click()
        act_and_wait(hunter, hunter.locator(".animal[data-animal='A2'] [data-key='attack-A2']").click)
        defender.wait(lambda p: p.view["attack"] is not None and p.my_turn())

        # While Player 2 decides: both pages show the attack and whom the table waits for, and offer nothing.
        for tab, hunter_words in [(hunter, "Your carnivore"), (watcher, "Player 1's carnivore")]:
            prompt = tab.locator("#prompt")
            expect(prompt.locator(".attack-line")).to_have_text(
                f"Attack! {hunter_words} Dolly attacks Player 2's Laika.")
            expect(prompt.locator(".prompt-title")).to_have_text(WAITING)
            expect(prompt).not_to_have_class(re.compile(r"\byour-turn\b"))
            expect(prompt.locator("button")).to_have_count(0)  # no defence (or any other) buttons
            expect(tab.locator(".defence, .animal-actions")).to_have_count(0)
            expect(tab.locator(".animal.hunted")).to_have_attribute("data-animal", "A2")
            expect(tab.locator(".animal.hunting")).to_have_attribute("data-animal", "A1")
            expect(tab.locator(".evo-seat[data-seat='1'] .acting-badge")).to_have_text("choosing…")
            expect(tab.locator(".evo-seat[data-seat='0'] .acting-badge")).to_have_count(0)
            expect(tab.locator("#log")).to_contain_text("Player 1's carnivore Dolly attacks Player 2's Laika!")
            expect(tab.locator(".evo-seat[data-seat='0'] > header")).to_contain_text("hand 4")
            expect(tab.locator(".evo-seat[data-seat='1'] > header")).to_contain_text("hand 0")
        # The attacker sees its own hand and its own face-down card (by its trait), nothing of Player 2's.
        expect(hunter.locator(".hand .card")).to_have_count(4)
        expect(hunter.locator(".hand .empty-hand")).to_have_count(0)
        expect(hunter.locator(".animal[data-animal='A1'] header")).to_have_text("Dollyyour card: Swimming")
        hunter_sees = str(hunter.locator("body").text_content())
        assert "SWM06" not in hunter_sees and "SWM07" not in hunter_sees
        # The spectator sees no hand at all (not even an "empty" one) and no card id anywhere on the page.
        expect(watcher.locator(".hand, .card, .empty-hand")).to_have_count(0)
        expect(watcher.locator("#log")).not_to_contain_text("You are dealt")
        watcher_sees = str(watcher.locator("body").text_content())
        assert not CARD_ID.findall(watcher_sees), CARD_ID.findall(watcher_sees)

        # Player 2 runs: the scripted die shows 2, A2 is caught, and the table still waits for Player 2.
        client_acts(defender, {"type": "run"})
        for tab in tabs:
            expect(tab.locator("#log")).to_contain_text("Player 2's Laika runs: the die shows 2 and does not escape.")
            expect(tab.locator("#prompt .prompt-title")).to_have_text(WAITING)
            expect(tab.locator("#prompt button")).to_have_count(0)

        # Player 2 does not defend: A2 is eaten, A1 gets two blue tokens and is fed, and it is Player 2's round.
        client_acts(defender, {"type": "yield"})
        for tab in tabs:
            log = tab.locator("#log")
            expect(log).to_contain_text("Player 2 does not defend Laika.")
            expect(log).to_contain_text("Player 1's carnivore Dolly eats Player 2's Laika.")
            expect(log.locator("li", has_text="Player 1's Dolly gets a blue token from its kill")).to_have_text(
                ["Player 1's Dolly gets a blue token from its kill (still hungry).",
                 "Player 1's Dolly gets a blue token from its kill and is fed."])
            expect(tab.locator(".attack-line, .animal.hunted, .animal.hunting")).to_have_count(0)
            expect(tab.locator("#prompt .prompt-title")).to_have_text("Waiting for Player 2…")
            expect(tab.locator(".evo-seat[data-seat='1'] .animal")).to_have_count(1)
            expect(tab.locator(".animal[data-animal='A2']")).to_have_count(0)
            expect(tab.locator(".evo-seat[data-seat='1'] > header")).to_contain_text("discard 4")  # A2 and its 3 traits
            a1 = tab.locator(".animal[data-animal='A1']")
            expect(a1.locator(".token.blue")).to_have_count(2)
            expect(a1.locator(".badges")).to_contain_text("fed")
            expect(a1.locator(".badges")).to_contain_text("has attacked")
        expect(watcher.locator(".hand, .card")).to_have_count(0)
        expect(hunter.locator(".hand .card")).to_have_count(4)
        assert defender.view["attack"] is None and defender.my_turn()  # the server agrees with the pages
    finally:
        defender.close()
