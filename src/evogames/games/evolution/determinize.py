"""Determinization: a copy of the state that ``seat`` cannot tell from the real one.

What ``seat`` cannot see in Evolution is which card lies where among the hidden places:
the other seats' hands, the face-down cards of the other seats' animals (on the table,
and those of their dead animals now in their discard piles), and the deck (its cards
and its order). ``determinize`` deals the cards of those places out again at random
among the same places, and gives the copy a new future of dice and shuffles.
"""

from __future__ import annotations

from evogames.core.rng import Rng
from evogames.games.evolution.events import Dealt, Drew, PairPlayed, TailLost, TraitPlayed
from evogames.games.evolution.state import EvolutionState

PRIVATE_CARDS = (Dealt, Drew)  # the cards a seat was dealt or drew, seen by it alone
PUBLIC_CARD = (TraitPlayed, PairPlayed, TailLost)  # public events naming a card played (or dropped) face up


def determinize(s: EvolutionState, seat: int, rng: Rng) -> EvolutionState:
    """A new state, consistent with all that ``seat`` has seen, with everything else resampled.

    Resampled (drawn from ``rng``; ``s`` is never changed): the cards ``seat`` has not seen are
    permuted at random among the places that hold them, i.e. the other seats' hands, the face-down
    cards of the other seats' animals, the face-down cards of their dead animals in their discard
    piles, and the deck (so its order too). Every record of those cards follows them: the other
    seats' own ``deal`` and ``draw`` events and ``plays`` (their cards played, for the lab). The
    future of chance: a new generator (``Rng(rng.next64())``), and a demonstration's scripted dice
    still to come are dropped, so later dice come from the new generator.

    Kept: every size (each hand, pile, the deck), every card ``seat`` has seen (its hand, its
    animals' cards, its discard pile, all cards played face up as traits or pair traits, on the
    table or since discarded), the table (animals, traits, tokens, links, the attack and the
    open chain of pair traits), the phase, the turn, the events ``seat`` may see and the options.
    The multiset of cards is the same. The seat's view (and so its legal actions) is identical.
    """
    d = s.clone()
    mapping = _shuffled(_hidden(d, seat), rng)
    d.rng = Rng(rng.next64())
    d.scripted = []
    if not mapping:
        return d
    d.deck = [mapping.get(c, c) for c in d.deck]
    for other in range(d.n):
        if other == seat:
            continue
        for cards in (d.hands, d.discards, d.plays):
            cards[other] = [mapping.get(c, c) for c in cards[other]]
        for animal in d.tables[other]:
            a = d.animals[animal]
            a.card = mapping.get(a.card, a.card)
    for i, e in enumerate(d.events):
        if isinstance(e, PRIVATE_CARDS) and e.visible_to != seat:
            d.events[i] = e._replace(cards=tuple(mapping.get(c, c) for c in e.cards))
    return d


def _hidden(s: EvolutionState, seat: int) -> list[str]:
    """The cards ``seat`` has not seen, in a fixed order (the places that hold them, in turn)."""
    seen = _seen(s, seat)
    places = [*s.deck]
    for other in range(s.n):
        if other != seat:
            places += s.hands[other]
            places += (s.animals[a].card for a in s.tables[other])
            places += s.discards[other]
    return [c for c in places if c not in seen]


def _seen(s: EvolutionState, seat: int) -> set[str]:
    """Every card ``seat`` has seen: its own, and every card played face up."""
    seen = set(s.hands[seat]) | set(s.discards[seat])
    seen.update(s.animals[a].card for a in s.tables[seat])
    seen.update(card for a in s.animals.values() for _, card in a.traits)
    seen.update(x.card for x in s.links)
    for e in s.events:
        if isinstance(e, PUBLIC_CARD):
            seen.add(e.card)
        elif isinstance(e, PRIVATE_CARDS) and e.visible_to == seat:
            seen.update(e.cards)
    return seen


def _shuffled(cards: list[str], rng: Rng) -> dict[str, str]:
    """Each hidden card -> the card that takes its place (a random permutation of ``cards``)."""
    order = sorted(cards)  # what the seat knows is the multiset: the real places must not steer the deal
    rng.shuffle(order)
    return dict(zip(cards, order, strict=True))
