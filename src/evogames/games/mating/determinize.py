"""Determinization: a copy of the state that ``seat`` cannot tell from the real one."""

from __future__ import annotations

from collections.abc import Callable

from evogames.core.rng import Rng
from evogames.core.types import Action
from evogames.games.mating.components import components
from evogames.games.mating.events import Deal, Draw, EnvironmentTurned
from evogames.games.mating.flow import ORDER
from evogames.games.mating.setup import MARKER, marker_box
from evogames.games.mating.state import MatingState

#: the events only one seat sees: the cards it was dealt or drew
PRIVATE = (Deal, Draw)


def determinize(s: MatingState, seat: int, rng: Rng) -> MatingState:
    """A fresh copy of ``s`` (``s`` itself is never changed) that ``seat`` cannot tell from it.

    Resampled (with ``rng``), everything ``seat`` has not seen:

    - **the other seats' hands and the Strategy deck**: the cards in them are pooled,
      shuffled and dealt again, each hand keeping its size and the deck its length
      (which cards are in the pool is known: the box minus ``seat``'s hand, the
      discard pile and the Strategies on the table);
    - **face-down choices already made by others**: in Play & Pay, a seat that has
      committed gets a choice drawn uniformly from what its new hand allows (an
      affordable combat/flashy Strategy, or Out to Lunch); in Discard & Draw, a seat
      that has committed gets a random subset of its new hand;
    - **the Environment deck's order**: shuffled, except a custom deck in fixed order
      (its order is public); the sudden-death card (Variant 4) is taken out, gets a new
      Environment from the box it is drawn from, and goes back at a random place that
      is still below the top ``sudden_death_safe`` cards of the deck as it was set up;
    - **the other seats' private log entries** (the cards they were dealt or drew):
      every card still in that seat's hand is replaced by the card now at its place in
      the new hand, so the log never names a real hidden card (cards since played or
      discarded were seen by everyone and stay);
    - **the future of the RNG**: the copy gets ``Rng(rng.next64())``, so the dice and
      shuffles to come differ.

    Kept exactly: ``seat``'s own hand (in its order), its own face-down choices, every
    public number (Food, Offspring, Females, Stands, flags, status, the round, the step,
    who is to act), the Strategies on the table once revealed, the discard piles, the
    Environment in play, the history, tallies and plays, the options, and every event
    ``seat`` or a spectator sees. So ``view(copy, seat) == view(s, seat)``, and
    ``legal(copy, seat) == legal(s, seat)``, and every card of the box is still in
    exactly one place: the Environments turned since the shuffle (the view's
    ``environment_turned``, ruling 36) are kept, so the reshuffled deck is the game's
    cards less them.
    """
    d = s.clone()
    others = [j for j in range(d.n) if j != seat]
    old_hands = {j: d.hands[j] for j in others}
    _deal_again(d, others, rng)
    _choose_again(d, others, rng)
    _rewrite_private_events(d, old_hands)
    _shuffle_environments(d, rng)
    d.rng = Rng(rng.next64())
    return d


def pooled(d: MatingState, others: list[int], rng: Rng) -> list[str]:
    """The deck and the ``others``' hands in one pile, shuffled (what the seat cannot tell apart)."""
    pool = list(d.deck)
    for j in others:
        pool.extend(d.hands[j])
    pool.sort()  # what the seat knows is the multiset: the real order must not steer the deal
    rng.shuffle(pool)
    return pool


def _deal_again(d: MatingState, others: list[int], rng: Rng) -> None:
    """Pool the other hands and the deck, shuffle, deal each hand its size again."""
    pool = pooled(d, others, rng)
    for j in others:
        size = len(d.hands[j])
        d.hands[j], pool = pool[:size], pool[size:]
    d.deck = pool


def _choose_again(d: MatingState, others: list[int], rng: Rng) -> None:
    """New face-down choices for the others who have made one this step."""
    step = ORDER[d.step]
    if step == "play":
        strategies = components().strategies
        for j in others:
            if d.choice[j] is not None:
                options = ["", *(c for c in d.hands[j] if c in strategies and strategies[c].food <= d.food[j])]
                d.choice[j] = rng.choice(options)
    elif step == "discard" and d.entered:
        for j in others:
            if d.hands[j] and not d.pending[j]:
                d.discarding[j] = tuple(c for c in d.hands[j] if rng.below(2))


def recommit(d: MatingState, seat: int, policy: Callable[[MatingState, int], Action]) -> None:
    """In a determinized ``d``: the others' face-down choices of this step chosen again, each as
    ``policy(d, other)`` would from that seat's own (resampled) hand, instead of drawn uniformly.

    A search that models its rivals by a policy then meets rivals who committed before it the way it
    meets those who choose after it. The choice is made as if the rival had not chosen yet, so its
    view has no choice of its own; ``d`` is changed in place and nothing is logged."""
    step = ORDER[d.step]
    for j in range(d.n):
        if j == seat:
            continue
        if step == "play" and d.choice[j] is not None:
            d.choice[j] = None
            action = policy(d, j)
            d.choice[j] = str(action.get("card", "")) if action["type"] == "play" else ""
        elif step == "discard" and d.entered and d.hands[j] and not d.pending[j]:
            d.pending[j] = True
            action = policy(d, j)
            d.pending[j] = False
            d.discarding[j] = tuple(action.get("cards", ()))


def _rewrite_private_events(d: MatingState, old_hands: dict[int, list[str]]) -> None:
    """Each other seat's private events name its new hand's cards where they named its old hand's.

    Walked from the newest event back, so a card's last arrival in the hand is the one
    rewritten (an earlier arrival was followed by a public play or discard)."""
    swap = {j: dict(zip(old, d.hands[j], strict=True)) for j, old in old_hands.items() if old}
    if not swap:
        return
    events = d.events
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if not isinstance(event, PRIVATE) or event.visible_to not in swap:
            continue
        mapping = swap[event.visible_to]
        if any(c in mapping for c in event.cards):
            events[index] = event._replace(cards=tuple(mapping.pop(c) if c in mapping else c for c in event.cards))


def _shuffle_environments(d: MatingState, rng: Rng) -> None:
    """A new Environment order (a fixed custom order stays) and a new sudden-death card."""
    markers = [c for c in d.env_deck if c.startswith(MARKER)]
    rest = [c for c in d.env_deck if not c.startswith(MARKER)]
    options = d.options
    if options["environment"] != "custom" or options["environment_order"] == "shuffled":
        rest.sort()
        rng.shuffle(rest)
    if markers:
        drawn = sum(1 for event in d.events if isinstance(event, EnvironmentTurned))
        size = len(rest) + drawn  # the deck at set-up, before the marker went in
        highest = min(max(0, size - options["sudden_death_safe"]), len(rest))
        rest.insert(rng.below(highest + 1), MARKER + rng.choice(marker_box(options["environment"])))
    d.env_deck = rest
