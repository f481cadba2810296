"""The turn, phase by phase: development, food bank, feeding, extinction and draw.

``advance`` runs the automatic steps (forced passes, dice, extinction,
dealing) until a seat must choose or the game ends. The turn that starts
with an empty deck is the last; the score comes after its extinction.
"""

from __future__ import annotations

from evogames.games.evolution.components import HAND_SIZE
from evogames.games.evolution.events import PUBLIC, Died, Drew, DrewCount, FoodBank, Leftover, Passed, TurnBegan
from evogames.games.evolution.rules.feeding import can_act
from evogames.games.evolution.rules.food import clear_food, is_fed
from evogames.games.evolution.rules.remove import discard_animal
from evogames.games.evolution.scoring import finish
from evogames.games.evolution.state import DEVELOPMENT, FEEDING, EvolutionState, T

# food bank by player count: (dice, added)
FOOD_BANK = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}


def advance(s: EvolutionState) -> None:
    """Run the game on until a seat has a choice to make (or it is over)."""
    while not s.over and s.attack is None and not s.chain:
        if s.phase == DEVELOPMENT:
            if not _development_step(s):
                return
        elif not _feeding_step(s):
            return


def _development_step(s: EvolutionState) -> bool:
    """False when the current seat must choose; True after an automatic step."""
    if all(s.passed):
        start_feeding(s)
        return True
    seat = s.current
    if s.passed[seat]:
        s.current = (seat + 1) % s.n
        return True
    if not s.hands[seat]:
        s.passed[seat] = True
        s.log(Passed, "pass", PUBLIC, seat, "no_cards")
        return True
    return False


def next_developer(s: EvolutionState) -> None:
    s.current = (s.current + 1) % s.n


def start_feeding(s: EvolutionState) -> None:
    dice, plus = FOOD_BANK[s.options["food_bank_as"] or s.n]
    rolls = [s.roll() for _ in range(dice)]
    s.bank = sum(rolls) + plus
    s.tokens["red"] += s.bank
    s.phase = FEEDING
    s.idle = 0
    s.log(FoodBank, "food_bank", PUBLIC, s.first, tuple(rolls), plus, s.bank)
    begin_round_turn(s, s.first)


def begin_round_turn(s: EvolutionState, seat: int) -> None:
    s.current = seat
    s.main_done = s.busy = False
    s.link_used = set()
    for card in s.tables[seat]:
        s.animals[card].grazed = False


def _feeding_step(s: EvolutionState) -> bool:
    if s.idle >= s.n:
        end_feeding(s)
        return True
    if can_act(s, s.current):
        return False
    end_round_turn(s)
    return True


def end_round_turn(s: EvolutionState) -> None:
    """The current seat's feeding round is over; the next seat's begins."""
    s.idle = 0 if s.busy else s.idle + 1
    begin_round_turn(s, (s.current + 1) % s.n)


def end_feeding(s: EvolutionState) -> None:
    if s.bank:
        s.tokens["gone"] += s.bank
        s.log(Leftover, "leftover", PUBLIC, s.bank)
        s.bank = 0
    extinction(s)
    if s.last_turn or s.turn >= s.options["max_turns"]:
        finish(s)
        return
    draw(s)
    new_turn(s)


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
            else:
                for key, _ in a.traits:
                    s.trait_fate.setdefault(key, [0, 0, 0])[0] += 1
    s.history.append({"animals": [len(t) for t in s.tables],
                      "hand": [len(h) for h in s.hands], "deck": [len(s.deck)] * s.n})


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


def new_turn(s: EvolutionState) -> None:
    """Food off the cards (fat stays), traits turned back, the first player moves clockwise."""
    for a in s.animals.values():
        clear_food(s, a, with_fat=False)
        a.hibernated_last, a.hibernating = a.hibernating, False
        a.attacked = a.pirated = a.grazed = False
    s.turn += 1
    s.first = (s.first + 1) % s.n
    s.last_turn = not s.deck
    s.phase = DEVELOPMENT
    s.passed = [False] * s.n
    s.current = s.first
    s.log(TurnBegan, "turn", PUBLIC, s.turn, s.first, s.last_turn)
