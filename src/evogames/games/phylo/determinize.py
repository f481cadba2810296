"""Determinization: a copy of the state that ``seat`` cannot tell from the real one.

What ``seat`` cannot see in Phylo is what the face-down physical cards are: the other
seats' hands and every deck, its own included (their contents and so their order).
The table, every discard pile and its own hand are open to it, and so are the physical
cards' ids (``B07``: seat B's 7th card). ``determinize`` keeps every physical card where
it is and deals the identities of the unseen ones (``card_of``) out again at random.
"""

from __future__ import annotations

from evogames.core.rng import Rng
from evogames.games.phylo.events import Deal, Draw, TakeBack
from evogames.games.phylo.state import PhyloState, physical_cards


def determinize(s: PhyloState, seat: int, rng: Rng) -> PhyloState:
    """A new state, consistent with all that ``seat`` has seen, with everything else resampled.

    Resampled (drawn from ``rng``; ``s`` is never changed): what the physical cards ``seat``
    has not seen are, permuted at random among them. Those are the cards in the other seats'
    hands and in every deck (the other seats' and its own, so each deck's order too), less a
    card an opponent took back into their hand from their discard pile in the open (Increase
    Biodiversity's ``take_back``). One pool for all seats: a card may move from one seat's deck
    to another's hand (the deck themes and deck lists are not followed). Every record of those
    cards follows them: the other seats' own ``deal`` and ``draw`` events (the k-th card a seat
    ever drew is its physical card number k). The future of chance: a new generator
    (``Rng(rng.next64())``) for the Climate Change contests to come.

    Kept: every physical card's place (which ids are in which hand or deck, so every size), every
    card on the table and in the discard piles, ``seat``'s hand, the cards taken back in the
    open, the turn and its actions, threatened species, flooded and urban spaces, the last event,
    the bluffs, the tallies (``lost``, ``cleanups``, ``history``, ``plays``: all public), the
    options and the events ``seat`` may see. The multiset of cards is the same. The seat's view
    (and so its legal actions) is identical. ``card_of`` is a new dict (the original's is shared
    by its clones and never changed).
    """
    d = s.clone()
    d.rng = Rng(rng.next64())
    hidden = _hidden(s, seat)
    cards = sorted(s.card_of[iid] for iid in hidden)  # the multiset, not where the real cards lie
    rng.shuffle(cards)
    card_of = dict(s.card_of)
    card_of.update(zip(hidden, cards, strict=True))
    d.card_of = card_of
    _follow_private_events(s, d, seat)
    return d


def _hidden(s: PhyloState, seat: int) -> list[str]:
    """The physical cards ``seat`` has not seen, in a fixed order (each deck, then the other hands)."""
    taken = _taken_back(s)
    out: list[str] = []
    for other in range(s.n):
        out += s.decks[other]
        if other != seat:
            out += (iid for iid in s.hands[other] if iid not in taken)
    return out


def _taken_back(s: PhyloState) -> set[str]:
    """Physical cards taken back from a discard pile into a hand, in the open (their ids are in the log)."""
    return {e.iid for e in s.events if isinstance(e, TakeBack)}


def _follow_private_events(s: PhyloState, d: PhyloState, seat: int) -> None:
    """The other seats' ``deal`` and ``draw`` events name what ``d`` says they drew. A seat's k-th card
    drawn is its physical card k (decks are dealt in order and never take a card back); where a log
    does not agree with that (a table put together by hand), that seat's events are left as they are."""
    drawn = [0] * s.n
    rewritten: list[list[tuple[int, Deal | Draw]]] = [[] for _ in range(s.n)]
    broken = [False] * s.n
    was, now = s.card_of.get, d.card_of.__getitem__
    most = len(s.card_of)  # more than any seat's physical cards
    for index, e in enumerate(s.events):
        if not isinstance(e, (Deal, Draw)) or e.seat == seat:
            continue  # a deal or draw is seen by its seat alone (``visible_to``)
        other, first = e.seat, drawn[e.seat]
        drawn[other] = first + len(e.cards)
        iids = physical_cards(other, most)[first:drawn[other]]
        if tuple(map(was, iids)) != e.cards:
            broken[other] = True
        elif not broken[other]:
            cards = tuple(map(now, iids))
            rewritten[other].append((index, Deal(e.kind, e.visible_to, other, cards) if isinstance(e, Deal)
                                     else Draw(e.kind, e.visible_to, other, cards)))
    for other, events in enumerate(rewritten):
        if not broken[other]:
            for index, event in events:
                d.events[index] = event
