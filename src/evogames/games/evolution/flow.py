"""The turn, phase by phase: development, food bank, feeding, extinction and draw.

``ORDER`` names the steps, ``STEPS`` gives each its function, and
``ROUND = Round(ORDER, STEPS)`` (``core/flow.py``) runs them: ``advance`` runs
the automatic steps (forced passes, dice, extinction, dealing) until a seat
must choose or the game ends. A step returns True when it is finished, False
while it waits for a seat; a turn never jumps (the last step, ``new_turn``, is
followed by the next turn's ``development``). Inside development and feeding
the seats take turns clockwise: the actions move the turn on
(``next_developer``, ``end_round_turn``), the steps skip a seat with nothing
to do. An attack waiting for its defender, or an open chain of pair traits,
holds the feeding step until it is answered. The turn that starts with an
empty deck is the last; the score comes after its extinction (``end_check``).
"""

from __future__ import annotations

from collections.abc import Callable

from evogames.core.events import PUBLIC
from evogames.core.flow import Round
from evogames.games.evolution.components import HAND_SIZE
from evogames.games.evolution.events import Died, Drew, DrewCount, FoodBank, Leftover, Passed, TurnBegan
from evogames.games.evolution.rules.feeding import can_act
from evogames.games.evolution.rules.food import clear_food, is_fed
from evogames.games.evolution.rules.remove import discard_animal
from evogames.games.evolution.scoring import finish
from evogames.games.evolution.state import EvolutionState, T

# food bank by player count: (dice, added)
FOOD_BANK = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}


# -- Development -----------------------------------------------------------
def step_development(s: EvolutionState) -> bool:
    """One card at a time, clockwise, until everyone has passed: wait for the current seat;
    a seat that has passed is skipped, one with no cards left passes."""
    while not all(s.passed):
        seat = s.current
        if s.passed[seat]:
            s.current = (seat + 1) % s.n
        elif not s.hands[seat]:
            s.passed[seat] = True
            s.log(Passed, "pass", PUBLIC, seat, "no_cards")
        else:
            return False
    return True


def next_developer(s: EvolutionState) -> None:
    s.current = (s.current + 1) % s.n


# -- Food bank -------------------------------------------------------------
def step_food_bank(s: EvolutionState) -> bool:
    """Dice by player count (or as ``food_bank_as`` players) make the red tokens; the first player feeds first."""
    dice, plus = FOOD_BANK[s.options["food_bank_as"] or s.n]
    rolls = [s.roll() for _ in range(dice)]
    s.bank = sum(rolls) + plus
    s.tokens["red"] += s.bank
    s.idle = 0
    s.log(FoodBank, "food_bank", PUBLIC, s.first, tuple(rolls), plus, s.bank)
    begin_round_turn(s, s.first)
    return True


def begin_round_turn(s: EvolutionState, seat: int) -> None:
    s.current = seat
    s.main_done = s.busy = False
    s.link_used = set()
    for card in s.tables[seat]:
        s.animals[card].grazed = False


# -- Feeding ---------------------------------------------------------------
def step_feeding(s: EvolutionState) -> bool:
    """Feeding rounds clockwise until every seat in a row has done nothing; then the leftover red tokens go.

    Waits while an attack or a chain of pair traits is open, and while the current seat can act."""
    while s.attack is None and not s.chain:
        if s.idle >= s.n:
            _leftover(s)
            return True
        if can_act(s, s.current):
            return False
        end_round_turn(s)
    return False


def end_round_turn(s: EvolutionState) -> None:
    """The current seat's feeding round is over; the next seat's begins."""
    s.idle = 0 if s.busy else s.idle + 1
    begin_round_turn(s, (s.current + 1) % s.n)


def _leftover(s: EvolutionState) -> None:
    if s.bank:
        s.tokens["gone"] += s.bank
        s.log(Leftover, "leftover", PUBLIC, s.bank)
        s.bank = 0


# -- Extinction and draw ---------------------------------------------------
def step_extinction(s: EvolutionState) -> bool:
    extinction(s)
    return True


def extinction(s: EvolutionState) -> None:
    """Every animal not fed (and every poisoned carnivore) dies, with its cards."""
    for seat in s.order(s.first):
        for card in list(s.tables[seat]):
            a = s.animals[card]
            if a.poisoned or not is_fed(a):
                fate = "poisoned" if a.poisoned else "starved"
                s.tally[seat][T["animals_poisoned" if a.poisoned else "animals_starved"]] += 1
                s.log(Died, "dies", PUBLIC, seat, a.id, fate)
                discard_animal(s, a, fate)
    s.history.append({"animals": [len(t) for t in s.tables],
                      "hand": [len(h) for h in s.hands], "deck": [len(s.deck)] * s.n})


def step_end_check(s: EvolutionState) -> bool:
    """After the last turn's extinction (or the turn limit's), the score: the game is over."""
    if s.last_turn or s.turn >= s.options["max_turns"]:
        finish(s)
    return True


def step_draw(s: EvolutionState) -> bool:
    draw(s)
    return True


def draw(s: EvolutionState) -> None:
    """1 + surviving animals each (6 with no animals and no hand), one at a time in turn order."""
    due = [HAND_SIZE if not s.tables[i] and not s.hands[i] else 1 + len(s.tables[i]) for i in range(s.n)]
    got: list[list[str]] = [[] for _ in range(s.n)]
    while s.deck and any(due):
        for seat in s.order(s.first):
            if due[seat] and s.deck:
                got[seat].append(s.deck.pop())
                due[seat] -= 1
    for seat in s.order(s.first):
        s.hands[seat] += got[seat]
        s.log(Drew, "draw", seat, tuple(got[seat]))
        s.log(DrewCount, "draws", PUBLIC, seat, len(got[seat]))


def step_new_turn(s: EvolutionState) -> bool:
    new_turn(s)
    return True


def new_turn(s: EvolutionState) -> None:
    """Food off the cards (fat stays), traits turned back, the first player moves clockwise."""
    for a in s.animals.values():
        clear_food(s, a, with_fat=False)
        a.hibernated_last, a.hibernating = a.hibernating, False
        a.attacked = a.pirated = a.grazed = False
    s.turn += 1
    s.first = (s.first + 1) % s.n
    s.last_turn = not s.deck
    s.passed = [False] * s.n
    s.current = s.first
    s.log(TurnBegan, "turn", PUBLIC, s.turn, s.first, s.last_turn)


ORDER = ("development", "food_bank", "feeding", "extinction", "end_check", "draw", "new_turn")

STEPS: dict[str, Callable[[EvolutionState], bool]] = {
    "development": step_development,
    "food_bank": step_food_bank,
    "feeding": step_feeding,
    "extinction": step_extinction,
    "end_check": step_end_check,
    "draw": step_draw,
    "new_turn": step_new_turn,
}

ROUND = Round(ORDER, STEPS)
#: run automatic steps until a seat must choose or the game is over
advance = ROUND.advance

#: the index of the development step (the actions ask whether the game is in it)
DEVELOPMENT = ROUND.index["development"]
#: the phase each step belongs to, as the view names it (the food bank begins the feeding phase; the view
#: says "over" once the game is over, whichever step it stopped in)
PHASES = tuple("development" if name == "development" else "feeding" for name in ORDER)


def phase(s: EvolutionState) -> str:
    """The phase ``s`` is in, by name: development, feeding or over."""
    return "over" if s.over else PHASES[s.step]
