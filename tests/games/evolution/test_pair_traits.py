"""Rulebook l.153: the owner decides in which order its pair traits pass food on, and may stop (ruling 10)."""

from __future__ import annotations

import pytest

from evogames.core.errors import IllegalAction
from tests.games.evolution.helpers import animal, beast, feed_phase, food, link, new, state, texts


def _links(m: object, seat: int) -> list[str]:
    return [a["animal"] for a in m.legal(seat) if a["type"] == "link"]  # type: ignore[attr-defined]


def test_l153_player_orders_pairwise_traits() -> None:
    """The issue's table: X talks to Q, P and R (in that order), Q carries a Parasite, 3 tokens in the bank.
    The automatic order fed Q first and starved R; the player feeds P and R instead."""
    m = new()
    x = animal(m, 0)
    q, p, r = animal(m, 0, "parasite"), animal(m, 0), animal(m, 0)
    cards = {other: link(m, "communication", x, other) for other in (q, p, r)}
    feed_phase(m, 3)
    m.act(0, {"type": "take", "animal": x})
    assert m.to_act == [0] and _links(m, 0) == [q, p, r]
    assert {"type": "stop"} in m.legal(0)
    m.act(0, {"type": "link", "card": cards[p], "animal": p})
    m.act(0, {"type": "link", "card": cards[r], "animal": r})
    # the bank is empty: the chain closes by itself, feeding ends, and only Q (which could never be fed) dies
    assert state(m).turn == 2 and state(m).tables[0] == [x, p, r]
    feeding = [t for t in texts(m) if "food bank" in t or t.startswith("Communication")]
    assert feeding == ["Player 1's Dolly takes a red token from the food bank and is fed.",
                       "Communication: Dolly signals Koko, which takes a red token from the food bank and is fed.",
                       "Communication: Dolly signals Balto, which takes a red token from the food bank and is fed."]


def test_l153_a_player_may_decline_a_pair_trait() -> None:
    """The traits say "you can use": stopping leaves the partner unfed and the bank untouched."""
    m = new()
    a, b = animal(m, 0), animal(m, 0)
    link(m, "communication", a, b)
    animal(m, 1, "high_body_weight")
    feed_phase(m, 4)
    m.act(0, {"type": "take", "animal": a})
    m.act(0, {"type": "stop"})
    assert beast(m, b).food == 0 and state(m).bank == 3 and not state(m).chain
    assert texts(m)[-1] == "Player 1 uses no more pair traits now (1 link could still have passed food on)."
    assert m.to_act == [1]  # its eating action is used and it has nothing else to do: the next round


def test_l153_communication_or_cooperation_first_drains_the_bank_or_not() -> None:
    """Communication and Cooperation on one pair: the owner picks which fires first. Communication first takes
    a second red token from the bank (the tactic of starving a rival); Cooperation first leaves it there."""
    banks = {}
    for first in ("communication", "cooperation"):
        m = new()
        a, b = animal(m, 0), animal(m, 0)
        cards = {"communication": link(m, "communication", a, b), "cooperation": link(m, "cooperation", a, b)}
        animal(m, 1, "high_body_weight")
        feed_phase(m, 3)
        m.act(0, {"type": "take", "animal": a})
        assert [x["card"] for x in m.legal(0) if x["type"] == "link"] == [cards["communication"], cards["cooperation"]]
        m.act(0, {"type": "link", "card": cards[first], "animal": b})
        assert beast(m, b).food == 1 and not state(m).chain  # b is fed: the other link has nothing to give
        banks[first] = state(m).bank
    assert banks == {"communication": 1, "cooperation": 2}


def test_ruling_no_pair_choice_when_no_link_can_fire() -> None:
    """The choice opens only when a link can pass food on: an empty bank stops Communication."""
    m = new()
    a, b = animal(m, 0), animal(m, 0)
    link(m, "communication", a, b)
    animal(m, 1, "high_body_weight")
    feed_phase(m, 3)
    m.act(0, {"type": "take", "animal": a})
    m.act(0, {"type": "stop"})
    m.act(1, {"type": "take", "animal": "A3"})
    m.act(0, {"type": "take", "animal": b})  # a is fed and the bank is empty: no link can fire, none is offered
    assert state(m).turn == 2 and texts(m).count("Player 1 uses no more pair traits now (1 link could still have "
                                                "passed food on).") == 1  # the first stop only


def test_ruling_pair_choice_refuses_other_actions_and_bad_links() -> None:
    m = new()
    a, b = animal(m, 0, "high_body_weight"), animal(m, 0)
    card = link(m, "communication", a, b)
    animal(m, 1, "high_body_weight")
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    with pytest.raises(IllegalAction, match="pair traits"):
        m.act(0, {"type": "pass"})
    with pytest.raises(IllegalAction, match="pair traits"):
        m.act(0, {"type": "link", "card": card, "animal": a})  # the token goes from a to b, not back
    with pytest.raises(IllegalAction, match="not Player 2's turn"):
        m.act(1, {"type": "stop"})


def test_ruling_the_scavengers_owner_chooses_out_of_turn() -> None:
    """A rival's scavenger fed by a kill opens its owner's choice; then the hunter's round goes on."""
    m = new()
    hunter = animal(m, 0, "carnivorous")
    animal(m, 0, "high_body_weight")
    prey = animal(m, 1)
    scavenger, friend = animal(m, 1, "scavenger"), animal(m, 1)
    card = link(m, "cooperation", scavenger, friend)
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert prey not in state(m).animals and beast(m, scavenger).blue == 1
    assert m.to_act == [1] and m.legal(1) == [{"type": "link", "card": card, "animal": friend}, {"type": "stop"}]
    m.act(1, {"type": "link", "card": card, "animal": friend})
    assert beast(m, friend).blue == 1 and m.to_act == [0]


def test_ruling_a_kills_second_token_waits_for_the_chain() -> None:
    """The kill's first blue token opens the choice before the second token and the scavenger's arrive."""
    m = new()
    hunter, friend = animal(m, 0, "carnivorous"), animal(m, 0)
    card = link(m, "cooperation", hunter, friend)
    prey = animal(m, 1)
    animal(m, 1, "scavenger")
    animal(m, 1, "high_body_weight")
    feed_phase(m, 3)
    m.act(0, {"type": "attack", "carnivore": hunter, "target": prey})
    assert beast(m, hunter).blue == 1 and beast(m, "A4").blue == 0
    m.act(0, {"type": "link", "card": card, "animal": friend})
    assert beast(m, hunter).blue == 2 and beast(m, friend).blue == 1 and beast(m, "A4").blue == 1


def test_ruling_a_link_waits_in_the_chain_until_its_partner_can_eat() -> None:
    """A symbiont S took a red token but is not yet fed, so its Communication cannot feed its partner H; once a
    Cooperation later in the chain feeds S, that Communication may still fire (the old automatic order had
    passed it by). The rulebook's example: feed the symbiont, then "immediately" a red token for the other."""
    m = new()
    s, h, z = animal(m, 0, "high_body_weight"), animal(m, 0), animal(m, 0)
    to_h = link(m, "communication", s, h)
    to_z = link(m, "communication", s, z)
    back = link(m, "cooperation", z, s)
    link(m, "symbiosis", s, h)
    animal(m, 1, "high_body_weight")
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": s})
    assert m.legal(0)[0] == {"type": "link", "card": to_z, "animal": z}  # H may not eat yet
    m.act(0, {"type": "link", "card": to_z, "animal": z})
    m.act(0, {"type": "link", "card": back, "animal": s})
    assert beast(m, s).food == 2 and m.legal(0)[0] == {"type": "link", "card": to_h, "animal": h}
    m.act(0, {"type": "link", "card": to_h, "animal": h})
    assert beast(m, h).red == 1 and state(m).bank == 2


def test_ruling_pair_choices_are_public_and_cloned() -> None:
    m = new()
    a, b = animal(m, 0), animal(m, 0)
    card = link(m, "cooperation", a, b)
    animal(m, 1, "high_body_weight")
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    seen = m.view(1)
    assert seen["to_act"] == [0] and seen["pair_choice"] == {"seat": 0, "links": [{"card": card, "from": a, "to": b}]}
    copy = state(m).clone()
    m.act(0, {"type": "stop"})
    assert copy.chain == [(a, "red")] and not state(m).chain


def test_log_says_a_token_went_into_fat_tissue() -> None:
    """Issue point 12: a token for a fed animal goes into its Fat Tissue, and the log says so."""
    m = new()
    a, b = animal(m, 0, "fat_tissue", "fat_tissue"), animal(m, 0, "fat_tissue")
    comm, coop = link(m, "communication", a, b), link(m, "cooperation", a, b)
    food(m, a, red=1)
    food(m, b, red=1)
    animal(m, 1, "high_body_weight")
    feed_phase(m, 5)
    m.act(0, {"type": "take", "animal": a})
    m.act(0, {"type": "link", "card": comm, "animal": b})
    m.act(0, {"type": "link", "card": coop, "animal": a})
    assert texts(m)[-3:] == [
        "Player 1's Dolly takes a red token from the food bank; it was already fed, so the token goes into its "
        "Fat Tissue as a fat token.",
        "Communication: Dolly signals Laika, which takes a red token from the food bank; it was already fed, so the "
        "token goes into its Fat Tissue as a fat token.",
        "Cooperation: Laika shares with Dolly, which gets a blue token; it was already fed, so the token goes into its "
        "Fat Tissue as a fat token.",
    ]
    assert beast(m, a).fat == 2 and beast(m, b).fat == 1
