"""Communication and Cooperation: the owner decides in which order its pair traits pass food on, or stops.

Rulebook l.153: "You decide in which order to use your pairwise traits to get food tokens for them";
the traits say the owner "can use" them, so none is forced. An animal that gets a token (``food.trigger``)
joins the open chain. While a link of the chain can fire, its owner chooses (ruling 10):
``{"type": "link", "card": <the pair-trait card>, "animal": <the animal that gets the token>}`` or
``{"type": "stop"}``. Communication fires from an animal that took a red token from the food bank and lets
its partner take one too (while the bank has one); Cooperation fires from an animal that got any token and
gives its partner a blue token. Each link works once in each seat's feeding round; the partner must be able
to take food. Steps waiting for the chain (a kill's second token, its scavenger's) run when it closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.evolution.events import LinkFired, PairsStopped
from evogames.games.evolution.rules.food import BLUE, RED, can_receive, give_blue, is_fed, put, scavenge, trigger
from evogames.games.evolution.state import EvolutionState, Link, T

if TYPE_CHECKING:
    from evogames.games.evolution.action_types import LinkAction, PairAction


def chooser(s: EvolutionState) -> int:
    """The seat whose pair traits the open chain is about."""
    return s.animals[s.chain[0][0]].owner


def choices(s: EvolutionState) -> list[PairAction]:
    """The links that can fire now, as actions, in the order the links were played from each animal that got
    a token (the first is the old automatic order, the bots' default); then ``stop``. Empty: no choice."""
    out: list[PairAction] = []
    for source, colour in s.chain:
        for link in s.links:
            if link.card in s.link_used or source not in (link.a, link.b):
                continue
            action: LinkAction = {"type": "link", "card": link.card, "animal": link.other(source)}
            if _can_fire(s, link, colour, action["animal"]) and action not in out:
                out.append(action)
    if out:
        out.append({"type": "stop"})
    return out


def _can_fire(s: EvolutionState, link: Link, colour: str, partner: str) -> bool:
    if not can_receive(s, s.animals[partner]):
        return False
    if link.trait == "communication":
        return colour == RED and s.bank > 0
    return link.trait == "cooperation"


def choose(s: EvolutionState, seat: int, action: Action) -> None:
    """Apply the owner's choice: fire one link, or stop the chain."""
    if action not in choices(s):  # past this, mypy reads ``action`` as one of the typed choices
        raise IllegalAction("Choose one of the pair traits that can pass food on now, or stop.",
                            ErrorCode.ACTION_INVALID_MOVE)
    if action["type"] == "stop":
        s.log(PairsStopped, "pairs_stop", PUBLIC, seat, len(choices(s)) - 1)
        s.chain.clear()
        return
    link = next(x for x in s.links if x.card == action["card"])
    _fire(s, link, link.other(action["animal"]), action["animal"])


def _fire(s: EvolutionState, link: Link, source: str, target: str) -> None:
    partner = s.animals[target]
    s.link_used.add(link.card)
    if link.trait == "communication":
        s.bank -= 1
        where = put(s, partner, RED)
        s.tally[partner.owner][T["red_taken"]] += 1
    else:
        s.tokens["blue"] += 1
        where = put(s, partner, BLUE)
        s.tally[partner.owner][T["blue_gained"]] += 1
    s.log(LinkFired, link.trait, PUBLIC, partner.owner, source, partner.id, where, is_fed(partner))
    trigger(s, partner, RED if link.trait == "communication" else BLUE)


def settle(s: EvolutionState) -> None:
    """Close a chain with no link left to fire; run the waiting steps until a choice is open or none is left."""
    while True:
        if s.chain:
            if choices(s):
                return
            s.chain.clear()
        if not s.after:
            return
        _step(s, s.after.pop(0))


def _step(s: EvolutionState, step: tuple[Any, ...]) -> None:
    if step[0] == "blue":
        hunter = s.animals.get(step[1])
        if hunter is not None:
            give_blue(s, hunter, step[2])
    else:
        scavenge(s, step[1])
