"""Evolution in a real browser: a person's animal is attacked and they answer the defender prompt by clicking.

Two people at one table. Player 1 (a websocket client, tests/web/wsclient.py) grows a carnivore and
attacks; Player 2 (headless Chromium) plays every card by clicking, then defends against the attack:
Running (the die fails), then Mimicry (the attack turns to another animal), then Tail Loss. The deck and
the dice are scripted through the game's own options, so the situation arises the same way every time.
Player 2 plays its whole hand, so its page also shows what an empty hand looks like.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.evolution_script import ATTACKER_HAND, DEFENDER_HAND, DICE, client_acts, play_card
from tests.web.wsclient import Player, create_table


@pytest.fixture
def page(new_tab: Callable[[int, int], Page]) -> Page:
    return new_tab(1366, 900)


def test_a_person_answers_the_defender_prompt_by_clicking(server: Server, page: Page) -> None:
    table = create_table(server.url, [{"kind": "human"}, {"kind": "human"}], game="evolution",
                         options={"deck_order": ATTACKER_HAND + DEFENDER_HAND, "dice": DICE, "first_player": 0})
    attacker = Player(server.ws, table["table_id"], table["seats"][0]["code"])
    try:
        page.goto(server.url + table["seats"][1]["join_url"])
        expect(page.locator("#who")).to_have_text("You are Player 2")
        expect(page.locator(".hand .card")).to_have_count(6)
        expect(page.locator(".hand .empty-hand")).to_have_count(0)

        # Development: Player 1 a carnivore A1; Player 2 A2 (Running, Mimicry, Tail Loss) and A3 (Tail Loss).
        client_acts(attacker, {"type": "animal", "card": "SWM01"})  # A1
        play_card(page, "SWM06", "a new animal (face down)")  # A2
        client_acts(attacker, {"type": "trait", "card": "POC01", "trait": "carnivorous", "animal": "A1"})
        play_card(page, "SWM07", "a new animal (face down)")  # A3
        client_acts(attacker, {"type": "pass"})
        play_card(page, "RUN01", "Running on Laika")
        play_card(page, "MIM01", "Mimicry on Laika")
        play_card(page, "TAL01", "Tail Loss on Laika")
        play_card(page, "TAL02", "Tail Loss on Koko")  # the last card: Player 2 passes by itself
        expect(page.locator(".hand .card")).to_have_count(0)
        expect(page.locator(".hand .empty-hand")).to_have_text("No cards in hand.")
        expect(page.locator(".evo-seat[data-seat='1'] > header")).to_contain_text("hand 0")
        expect(page.locator("#log")).to_contain_text("Food bank: Player 1 rolls 6 + 2 = 8 red tokens.")

        # Feeding: Player 1's carnivore attacks A2, and the page asks Player 2 how A2 defends itself.
        client_acts(attacker, {"type": "attack", "carnivore": "A1", "target": "A2"})
        prompt = page.locator(".prompt.your-turn")
        expect(prompt).to_be_visible()
        expect(prompt.locator(".attack-line")).to_have_text("Attack! Player 1's carnivore Dolly attacks your Laika.")
        expect(page.locator(".animal.hunted")).to_have_attribute("data-animal", "A2")
        expect(prompt.locator(".prompt-title")).to_have_text("Defend your Laika: choose one")
        choices, why = prompt.locator(".defence button"), prompt.locator(".defence .defence-why")
        expect(choices).to_have_text(["Run!", "Mimicry: redirect the attack to Koko",
                                      "Tail Loss: drop Running", "Tail Loss: drop Mimicry",
                                      "Tail Loss: drop Tail Loss", "Do not defend"])
        expect(why).to_have_text([  # each choice says what it does
            "Roll a die: on 4-6 Laika escapes and Dolly's attack is spent; on 1-3 it is caught and you choose again "
            "from its other defences.",
            "Dolly attacks your Koko instead; Koko may then use its own defences. Mimicry works once per attack.",
            "Laika survives without its Running; Dolly gets only 1 blue token.",
            "Laika survives without its Mimicry; Dolly gets only 1 blue token.",
            "Laika survives without its Tail Loss; Dolly gets only 1 blue token.",
            "Laika is eaten: its cards are discarded and Dolly gets 2 blue tokens."])
        run = prompt.get_by_role("button", name="Run!")
        expect(run).to_have_accessible_description(re.compile(r"^Roll a die: on 4-6 Laika escapes"))

        # 1. Run: the scripted die shows 2, A2 is caught, and the page asks again without Running.
        run.click()
        expect(page.locator("#log")).to_contain_text("Player 2's Laika runs: the die shows 2 and does not escape.")
        expect(choices).to_have_text(["Mimicry: redirect the attack to Koko", "Tail Loss: drop Running",
                                      "Tail Loss: drop Mimicry", "Tail Loss: drop Tail Loss", "Do not defend"])

        # 2. Mimicry: the attack turns to A3, whose only defence is its own Tail Loss.
        prompt.get_by_role("button", name="Mimicry: redirect the attack to Koko").click()
        expect(page.locator("#log")).to_contain_text("Mimicry: Player 2's Laika redirects the attack to Koko.")
        expect(prompt.locator(".attack-line")).to_have_text("Attack! Player 1's carnivore Dolly attacks your Koko.")
        expect(page.locator(".animal.hunted")).to_have_attribute("data-animal", "A3")
        expect(choices).to_have_text(["Tail Loss: drop Tail Loss", "Do not defend"])
        expect(why).to_have_text(["Koko survives without its Tail Loss; Dolly gets only 1 blue token.",
                                  "Koko is eaten: its cards are discarded and Dolly gets 2 blue tokens."])

        # 3. Tail Loss: A3 drops the trait and survives; the carnivore gets one blue token.
        prompt.get_by_role("button", name="Tail Loss: drop Tail Loss").click()
        log = page.locator("#log")
        expect(log).to_contain_text("Tail Loss: Player 2's Koko drops Tail Loss and survives.")
        expect(log).to_contain_text("Player 1's Dolly gets a blue token from a lost tail (still hungry).")
        expect(page.locator(".animal.hunted")).to_have_count(0)
        a2, a3 = page.locator(".animal[data-animal='A2']"), page.locator(".animal[data-animal='A3']")
        expect(a2.locator(".trait-chip")).to_have_text(["Running", "Mimicry", "Tail Loss"])
        expect(a3.locator(".trait-chip")).to_have_count(0)
        expect(a3).to_contain_text("no traits")
        expect(page.locator(".animal[data-animal='A1'] .token.blue")).to_have_count(1)
        expect(page.locator(".evo-seat[data-seat='1'] .animal")).to_have_count(2)  # nobody was eaten
        attacker.wait(lambda p: p.view["attack"] is None)  # the server's state agrees with the page
        hunter = next(a for a in attacker.view["players"][0]["animals"] if a["id"] == "A1")
        assert (hunter["blue"], hunter["attacked"]) == (1, True)
        # The attack was Player 1's move this feeding round: now the page asks Player 2 to feed.
        expect(page.locator(".prompt.your-turn .prompt-title")).to_contain_text("Feeding: your round")
        expect(page.get_by_role("button", name="Take a red token for Koko")).to_be_visible()
        expect(page.locator(".hand .empty-hand")).to_have_text("No cards in hand.")  # still empty while feeding
    finally:
        attacker.close()
