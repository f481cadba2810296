"""A scripted Evolution table for the browser tests: who holds what, the dice, and two ways to act.

Player 1 (seat 0) grows a carnivore and attacks Player 2 (seat 1); the deck and the dice come through
the game's own options, so the attack arises the same way every time.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.web.wsclient import Player

# The top of the deck: six cards for Player 1 (seat 0), then six for Player 2 (seat 1).
ATTACKER_HAND = ["POC01", "SWM01", "SWM02", "SWM03", "SWM04", "SWM05"]
DEFENDER_HAND = ["RUN01", "MIM01", "TAL01", "TAL02", "SWM06", "SWM07"]
# The food bank's die (6 + 2 = 8 red tokens), then Running's die: 2, so the runner is caught.
DICE = ["6", "2"]


def client_acts(player: Player, action: dict[str, Any]) -> None:
    """A websocket player waits for its turn, acts, and checks the server took the action."""
    player.wait(lambda p: p.my_turn())
    version = player.state["version"]
    player.act(action)
    reply = player.receive()
    while reply["type"] == "state" and reply["version"] <= version:
        reply = player.receive()
    assert reply["type"] == "state", reply


def play_card(tab: Page, card: str, as_what: str) -> None:
    """Click a card in the hand, then how to play it; wait until the card has left the hand."""
    expect(tab.locator(".prompt.your-turn")).to_be_visible()
    tab.locator(f".hand button.card[data-card='{card}']").click()
    tab.get_by_role("button", name=as_what, exact=True).click()
    expect(tab.locator(f".hand [data-card='{card}']")).to_have_count(0)
