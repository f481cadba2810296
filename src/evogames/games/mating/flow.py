"""The round, step by step: Play & Pay, Survive, Attract, Mating, the win check,
Discard & Draw; sneaky windows between the phases.

``ORDER`` names the steps, ``STEPS`` gives each its function, and
``ROUND = Round(ORDER, STEPS)`` (``core/flow.py``) runs them: ``advance`` runs
automatic steps until a seat must choose or the game ends. A step returns True
when it is finished, False while it waits for a seat (a Mating Game round never
jumps: every step is followed by the next in ``ORDER``, the last by the first).
"""

from __future__ import annotations

from collections.abc import Callable

from evogames.core.events import PUBLIC
from evogames.core.flow import Round
from evogames.games.mating.components import ESCAPE_COST, HAND_SIZE, components
from evogames.games.mating.events import (
    Discard,
    Draw,
    Draws,
    Eaten,
    EnvironmentTurned,
    Escape,
    Food,
    Hunted,
    Lunch,
    Mating,
    NoPrey,
    Reshuffle,
    Reveal,
    Scarcity,
    SuddenDeath,
)
from evogames.games.mating.events import Round as NewRound
from evogames.games.mating.rules.attract import attract_females, resolve_combat
from evogames.games.mating.rules.dice import rank_by_dice
from evogames.games.mating.rules.sneaky import WINDOW_TIMING, may_be_asked
from evogames.games.mating.scoring import check_end
from evogames.games.mating.setup import MARKER
from evogames.games.mating.state import (
    EATEN,
    HIDDEN,
    HUNTED,
    IN_PLAY,
    NO_FOOD_LOSS,
    NONE,
    MatingState,
    T,
)


# -- Play & Pay ------------------------------------------------------------
def step_play(s: MatingState) -> bool:
    """Everyone places a card face down (simultaneous); wait until all have."""
    return None not in s.choice


def step_reveal(s: MatingState) -> bool:
    """All Strategies turn face up together and are paid for."""
    strategies = components().strategies
    for seat, card_id in enumerate(s.choice):
        if not card_id:
            s.status[seat] = NONE
            s.tally[seat][T["out_to_lunch"]] += 1
            s.log(Lunch, "lunch", PUBLIC, seat)
            continue
        card = strategies[card_id]
        s.hands[seat].remove(card_id)
        s.food[seat] -= card.food
        s.played[seat] = card_id
        s.plays[seat].append(card_id)
        s.status[seat] = IN_PLAY
        s.tally[seat][T[f"{card.type}_played"]] += 1
        s.tally[seat][T["food_spent"]] += card.food
        s.log(Reveal, "reveal", PUBLIC, seat, card_id)
    return True


# -- sneaky windows --------------------------------------------------------
def _window(name: str) -> Callable[[MatingState], bool]:
    timing = WINDOW_TIMING[name]

    def step(s: MatingState) -> bool:
        if not s.entered:
            s.entered = True
            s.window = [(s.first + i) % s.n for i in range(s.n)]
        while s.window and not may_be_asked(s, s.window[0], timing):
            s.window.pop(0)
        return not s.window

    return step


# -- Survive ---------------------------------------------------------------
def step_environment(s: MatingState) -> bool:
    """Turn over the Environment; every player gains (or loses) its Food."""
    if s.env:
        s.env_discard.append(s.env)
    if not s.env_deck:
        _refill_environment(s)
    card_id = s.env_deck.pop()
    if card_id.startswith(MARKER):
        card_id = card_id[1:]
        s.marker_drawn = True
        s.log(SuddenDeath, "sudden_death", PUBLIC, card_id)
    s.env = card_id
    env = components().environments[card_id]
    s.log(EnvironmentTurned, "environment", PUBLIC, card_id)
    protected = []
    changes = []
    for seat in range(s.n):
        delta = env.food
        if delta < 0 and s.flags[seat] & NO_FOOD_LOSS:
            delta = 0
            protected.append(seat)
        before = s.food[seat]
        s.food[seat] = max(0, before + delta)
        changes.append(s.food[seat] - before)
    s.log(Food, "food", PUBLIC, env.food, tuple(protected), tuple(s.food), tuple(changes))
    return True


def _refill_environment(s: MatingState) -> None:
    s.env_deck = list(reversed(s.env_discard))
    s.env_discard = []
    if s.options["environment"] != "custom" or s.options["environment_order"] == "shuffled":
        s.rng.shuffle(s.env_deck)
    s.log(Reshuffle, "reshuffle", PUBLIC, "Environment")


def step_predation(s: MatingState) -> bool:
    """Each Predator catches the most visible Strategy (lowest Predator value)."""
    if not s.entered:
        s.entered = True
        env = components().environments[s.env or ""]
        s.predators_left = env.predators if s.options["predation"] else 0
    while s.target < 0 and s.predators_left > 0:
        s.predators_left -= 1
        prey = _most_visible(s)
        if prey < 0:
            s.log(NoPrey, "no_prey", PUBLIC)
            s.predators_left = 0
        elif s.food[prey] >= ESCAPE_COST:
            s.target = prey
        else:
            eat(s, prey)
    return s.target < 0


def _most_visible(s: MatingState) -> int:
    strategies = components().strategies
    prey = [seat for seat in range(s.n)
            if s.status[seat] == IN_PLAY and not s.flags[seat] & (HIDDEN | HUNTED)]
    if not prey:
        return -1
    lowest = min(strategies[s.played[seat] or ""].predator for seat in prey)
    tied = [seat for seat in prey if strategies[s.played[seat] or ""].predator == lowest]
    seat = rank_by_dice(s, tied, "predator")[-1] if len(tied) > 1 else tied[0]
    s.flags[seat] |= HUNTED
    s.log(Hunted, "hunted", PUBLIC, seat, s.played[seat])
    return seat


def eat(s: MatingState, seat: int) -> None:
    s.status[seat] = EATEN
    s.tally[seat][T["times_eaten"]] += 1
    s.log(Eaten, "eaten", PUBLIC, seat, s.played[seat])
    s.target = -1


def escape(s: MatingState, seat: int) -> None:
    s.food[seat] -= ESCAPE_COST
    s.tally[seat][T["escapes"]] += 1
    s.tally[seat][T["food_spent"]] += ESCAPE_COST
    s.log(Escape, "escape", PUBLIC, seat, ESCAPE_COST, s.played[seat], s.food[seat])
    s.target = -1


def step_scarcity(s: MatingState) -> bool:
    """Female Scarcity: remove that many Females from each Stand."""
    env = components().environments[s.env or ""]
    if env.scarcity and s.options["female_scarcity"]:
        removed = tuple(min(x, env.scarcity) for x in s.stands)
        s.stands = [x - r for x, r in zip(s.stands, removed, strict=True)]
        s.log(Scarcity, "scarcity", PUBLIC, env.scarcity, s.stands[0], s.stands[1], removed)
    return True


# -- Attract and Mating ----------------------------------------------------
def step_combat(s: MatingState) -> bool:
    resolve_combat(s)
    return True


def step_attract(s: MatingState) -> bool:
    attract_females(s)
    return True


def step_mating(s: MatingState) -> bool:
    """One Offspring for each Female attracted."""
    for seat in range(s.n):
        if s.females[seat]:
            s.gained[seat] += s.females[seat]
            s.offspring[seat] += s.females[seat]
            s.log(Mating, "mating", PUBLIC, seat, s.females[seat], s.offspring[seat], s.played[seat])
    return True


def step_win_check(s: MatingState) -> bool:
    """After Mating: 10 Offspring wins (ties: Food, then a die); the variants' ends."""
    s.history.append((tuple(s.food), tuple(s.offspring)))
    check_end(s)
    return True


# -- Discard & Draw --------------------------------------------------------
def step_discard(s: MatingState) -> bool:
    """Everyone may discard any Strategy cards (simultaneous): each choice stays hidden
    until the last player has chosen, then all discards turn face up together."""
    if not s.entered:
        s.entered = True
        s.pending = [bool(hand) for hand in s.hands]
        s.discarding = [()] * s.n
    if any(s.pending):
        return False
    reveal_discards(s)
    return True


def reveal_discards(s: MatingState) -> None:
    """The chosen discards leave the hands and go face up on the pile, seat by seat."""
    for seat in range(s.n):
        if not s.hands[seat]:
            continue
        for card in s.discarding[seat]:
            s.hands[seat].remove(card)
            s.discard.append(card)
        s.log(Discard, "discard", PUBLIC, seat, s.discarding[seat])
    s.discarding = [()] * s.n


def step_draw(s: MatingState) -> bool:
    """Draw to five (Out-to-Lunch kept), refill the Stands, clear the table.

    Every Strategy played this round is on the discard pile before anyone draws,
    so a reshuffle in the middle of the draw includes all of them."""
    for card_id in s.played:
        if card_id:
            s.discard.append(card_id)
    for seat in range(s.n):
        _draw_to_hand_size(s, seat)
    s.stands = [s.n + 1, s.n + 1]
    s.choice = [None] * s.n
    s.played = [None] * s.n
    s.status = [NONE] * s.n
    s.flags = [0] * s.n
    s.females = [0] * s.n
    s.gained = [0] * s.n
    s.combat, s.combat_winner = False, -1
    s.round += 1
    s.first = (s.first + 1) % s.n
    s.log(NewRound, "round", PUBLIC, s.round)
    return True


def _draw_to_hand_size(s: MatingState, seat: int) -> None:
    drawn = []
    while len(s.hands[seat]) < HAND_SIZE:
        if not s.deck:
            if not s.discard:
                break
            s.deck, s.discard = s.discard, []
            s.rng.shuffle(s.deck)
            s.log(Reshuffle, "reshuffle", PUBLIC, "Strategy")
        card = s.deck.pop()
        s.hands[seat].append(card)
        drawn.append(card)
    if drawn:
        s.log(Draw, "draw", seat, tuple(drawn))
        s.log(Draws, "draws", PUBLIC, seat, len(drawn))


ORDER = (
    "play", "reveal", "window_survive", "environment", "predation", "scarcity",
    "window_attract", "combat", "window_combat", "attract", "window_mating", "mating",
    "window_end", "win_check", "discard", "draw",
)

STEPS: dict[str, Callable[[MatingState], bool]] = {
    "play": step_play,
    "reveal": step_reveal,
    "environment": step_environment,
    "predation": step_predation,
    "scarcity": step_scarcity,
    "combat": step_combat,
    "attract": step_attract,
    "mating": step_mating,
    "win_check": step_win_check,
    "discard": step_discard,
    "draw": step_draw,
    **{name: _window(name) for name in WINDOW_TIMING},
}

ROUND = Round(ORDER, STEPS)
#: run automatic steps until a seat must choose or the game is over
advance = ROUND.advance
