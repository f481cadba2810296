"""Log events: one NamedTuple per kind, and the sentences a student reads, rendered only when asked.

An event is still a tuple ``(kind, visible_to, *data)``, so ``core.text.render_event`` and anything
that reads it by position keep working; its fields have names (``event.seat``,
``event.animal``...). ``visible_to`` is ``PUBLIC`` (-1, from ``core/events.py``) for everyone, or the
one seat that may see it (the cards it was dealt or drew). The rules log with core's ``EventLog.log``,
``s.log(Took, "take", PUBLIC, seat, ...)``: the class, then its fields, which mypy checks against the
class; the tuple is built in C (``tuple.__new__``), three times as fast as calling the class (a
NamedTuple's constructor is a Python function, and Evolution logs about 1.6 events per action).
``EVENTS`` pairs each kind with its class (Communication and Cooperation share ``LinkFired``); the
tests check every logged event against it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from evogames.core.text import plural as _plural
from evogames.core.text import render_event, who
from evogames.games.evolution.components import components


class Dealt(NamedTuple):
    kind: str  # "deal": the six cards a seat is dealt at the start (seen by it alone)
    visible_to: int  # the seat
    cards: tuple[str, ...]


class Setup(NamedTuple):
    kind: str  # "setup"
    visible_to: int
    players: int
    decks: int
    first: int  # the first player's seat


class TurnBegan(NamedTuple):
    kind: str  # "turn"
    visible_to: int
    turn: int
    first: int
    last: bool  # the deck is empty: the last turn


class Rolled(NamedTuple):
    kind: str  # "rolls": everyone tied rolls a die (the first player, a tie-break)
    visible_to: int
    rolls: tuple[tuple[int, int], ...]  # (seat, face)


class AnimalPlayed(NamedTuple):
    kind: str  # "animal": a card face down as a new animal
    visible_to: int
    seat: int
    animal: str


class TraitPlayed(NamedTuple):
    kind: str  # "trait"
    visible_to: int
    seat: int
    card: str  # face up from now on
    trait: str
    animal: str


class PairPlayed(NamedTuple):
    kind: str  # "pair": a pair trait joining two animals
    visible_to: int
    seat: int
    card: str
    trait: str
    animal: str
    other: str


class Passed(NamedTuple):
    kind: str  # "pass" (development)
    visible_to: int
    seat: int
    why: str  # "chose" or "no_cards"


class FoodBank(NamedTuple):
    kind: str  # "food_bank"
    visible_to: int
    seat: int  # the first player, who rolls
    rolls: tuple[int, ...]
    plus: int
    bank: int


class Took(NamedTuple):
    kind: str  # "take": a red token from the food bank
    visible_to: int
    seat: int
    animal: str
    where: str  # "food" or "fat"
    fed: bool


class GotBlue(NamedTuple):
    kind: str  # "blue"
    visible_to: int
    seat: int
    animal: str
    cause: str  # "kill", "tail" or "scavenger"
    where: str
    fed: bool


class LinkFired(NamedTuple):
    kind: str  # "communication" or "cooperation": a pair trait passes food on
    visible_to: int
    seat: int  # the partner's owner
    source: str
    animal: str  # the partner, which gets the token
    where: str
    fed: bool


class PairsStopped(NamedTuple):
    kind: str  # "pairs_stop"
    visible_to: int
    seat: int
    left: int  # links that could still have fired


class FatUsed(NamedTuple):
    kind: str  # "fat"
    visible_to: int
    seat: int
    animal: str
    fat: int  # fat tokens turned into food


class Grazed(NamedTuple):
    kind: str  # "graze"
    visible_to: int
    seat: int
    animal: str
    left: int  # red tokens left in the bank


class Pirated(NamedTuple):
    kind: str  # "piracy"
    visible_to: int
    seat: int
    pirate: str
    victim_seat: int
    victim: str
    colour: str  # "red" or "blue"


class Hibernated(NamedTuple):
    kind: str  # "hibernate"
    visible_to: int
    seat: int
    animal: str


class Attacked(NamedTuple):
    kind: str  # "attack"
    visible_to: int
    seat: int
    carnivore: str
    defender: int
    target: str


class Ran(NamedTuple):
    kind: str  # "run": Running's die
    visible_to: int
    seat: int  # the defender
    animal: str
    roll: int


class Mimicked(NamedTuple):
    kind: str  # "mimic"
    visible_to: int
    seat: int
    animal: str
    to: str  # the animal the attack goes to


class TailLost(NamedTuple):
    kind: str  # "tail"
    visible_to: int
    seat: int
    animal: str
    card: str  # the trait card dropped


class Yielded(NamedTuple):
    kind: str  # "yield": no defence
    visible_to: int
    seat: int
    animal: str


class Eaten(NamedTuple):
    kind: str  # "eaten"
    visible_to: int
    seat: int  # the carnivore's owner
    carnivore: str
    prey_seat: int
    prey: str
    poisonous: bool


class Leftover(NamedTuple):
    kind: str  # "leftover": red tokens set aside after feeding
    visible_to: int
    red: int  # red tokens


class Died(NamedTuple):
    kind: str  # "dies": at extinction
    visible_to: int
    seat: int
    animal: str
    fate: str  # "starved" or "poisoned"


class Drew(NamedTuple):
    kind: str  # "draw": the cards a seat drew (seen by it alone)
    visible_to: int  # the seat
    cards: tuple[str, ...]


class DrewCount(NamedTuple):
    kind: str  # "draws": how many cards a seat drew (public)
    visible_to: int
    seat: int
    number: int


class GameOver(NamedTuple):
    kind: str  # "game_over"
    visible_to: int
    winner: int
    points: int
    tie_break: str | None  # None, "discard" or "die"
    scores: tuple[int, ...]


Event = (Dealt | Setup | TurnBegan | Rolled | AnimalPlayed | TraitPlayed | PairPlayed | Passed | FoodBank | Took
         | GotBlue | LinkFired | PairsStopped | FatUsed | Grazed | Pirated | Hibernated | Attacked | Ran | Mimicked
         | TailLost | Yielded | Eaten | Leftover | Died | Drew | DrewCount | GameOver)
EVENTS: dict[str, type[Event]] = {
    "deal": Dealt, "setup": Setup, "turn": TurnBegan, "rolls": Rolled, "animal": AnimalPlayed, "trait": TraitPlayed,
    "pair": PairPlayed, "pass": Passed, "food_bank": FoodBank, "take": Took, "blue": GotBlue,
    "communication": LinkFired, "cooperation": LinkFired, "pairs_stop": PairsStopped, "fat": FatUsed,
    "graze": Grazed, "piracy": Pirated, "hibernate": Hibernated, "attack": Attacked, "run": Ran, "mimic": Mimicked,
    "tail": TailLost, "yield": Yielded, "eaten": Eaten, "leftover": Leftover, "dies": Died, "draw": Drew,
    "draws": DrewCount, "game_over": GameOver,
}

# Each animal's name on the board and in the log: a famous real animal's name, given in the order the
# animals were played (A1 is Dolly, A2 Laika...), so it is stable for the game and needs no record of
# its own; past the list a number follows ("Dolly 2"). The engine's ids (A1...) stay in actions and records.
ANIMAL_NAMES = (
    "Dolly", "Laika", "Koko", "Balto", "Togo", "Hachiko", "Knut", "Keiko", "Kanzi", "Alex", "Washoe", "Jumbo",
    "Clara", "Hans", "Bobby", "Wojtek", "Belka", "Strelka", "Martha", "George", "Jonathan", "Inky", "Paul", "Phil",
    "Smokey", "Sue", "Lucy", "Felicette", "Chaser", "Betty", "Wisdom", "Migaloo", "Tama", "Simon", "Zarafa",
    "Ruby", "Owen", "Mzee", "Rico", "Nim", "Snowflake", "Pickles", "Hoover", "Moko", "Humphrey", "Ham",
)


def animal(animal_id: str) -> str:
    """The name students say for the animal with this engine id ("A1" -> "Dolly"); unique in a game."""
    digits = animal_id[1:]
    if not (animal_id[:1] == "A" and digits.isdigit() and int(digits) > 0):
        return animal_id
    rank, index = divmod(int(digits) - 1, len(ANIMAL_NAMES))
    return ANIMAL_NAMES[index] + (f" {rank + 1}" if rank else "")


def trait(key: str) -> str:
    return components().traits[key].name


def card(card_id: str) -> str:
    """A card as students read it: the traits it shows ("Grazing / Fat Tissue"), never its catalogue code."""
    return " / ".join(trait(t) for t in components().card_traits(card_id))


def _cards(ids: tuple[str, ...]) -> str:
    return ", ".join(card(i) for i in ids) or "no cards"


def _landed(where: str, fed: bool) -> str:
    """Where a token went: food (and whether the animal is now fed), or a fat token in its Fat Tissue."""
    if where == "fat":
        return "; it was already fed, so the token goes into its Fat Tissue as a fat token"
    return " and is fed" if fed else " (still hungry)"


def _take(e: Took) -> str:
    return f"{who(e.seat)}'s {animal(e.animal)} takes a red token from the food bank{_landed(e.where, e.fed)}."


def _food_bank(e: FoodBank) -> str:
    rolls = "+".join(map(str, e.rolls))
    plus = f" + {e.plus}" if e.plus else ""
    return f"Food bank: {who(e.seat)} rolls {rolls}{plus} = {_plural(e.bank, 'red token')}."


def _blue(e: GotBlue) -> str:
    why = {"kill": "from its kill", "tail": "from a lost tail", "scavenger": "as a scavenger"}[e.cause]
    return f"{who(e.seat)}'s {animal(e.animal)} gets a blue token {why}{_landed(e.where, e.fed)}."


def _communication(e: LinkFired) -> str:
    return (f"Communication: {animal(e.source)} signals {animal(e.animal)}, which takes a red token from the "
            f"food bank{_landed(e.where, e.fed)}.")


def _cooperation(e: LinkFired) -> str:
    return (f"Cooperation: {animal(e.source)} shares with {animal(e.animal)}, which gets a blue token"
            f"{_landed(e.where, e.fed)}.")


def _pairs_stop(e: PairsStopped) -> str:
    return (f"{who(e.seat)} uses no more pair traits now "
            f"({_plural(e.left, 'link')} could still have passed food on).")


def _eaten(e: Eaten) -> str:
    poison = (" It was Poisonous: the carnivore is poisoned (a poisoned animal dies at extinction)."
              if e.poisonous else "")
    return f"{who(e.seat)}'s carnivore {animal(e.carnivore)} eats {who(e.prey_seat)}'s {animal(e.prey)}.{poison}"


def _run(e: Ran) -> str:
    result = "and escapes! The carnivore's attack is spent." if e.roll >= 4 else "and does not escape."
    return f"{who(e.seat)}'s {animal(e.animal)} runs: the die shows {e.roll} {result}"


def _dies(e: Died) -> str:
    why = {"starved": "was not fed and dies out", "poisoned": "was poisoned by its prey and dies"}[e.fate]
    return f"Extinction: {who(e.seat)}'s {animal(e.animal)} {why}."


def _turn(e: TurnBegan) -> str:
    last = " The deck is empty: this is the LAST turn." if e.last else ""
    return f"Turn {e.turn} begins with {who(e.first)}: development phase.{last}"


def _game_over(e: GameOver) -> str:
    ties = {None: "", "discard": ", tie broken by the larger discard pile", "die": ", tie broken by a die"}
    points = ", ".join(f"{who(i)} {p}" for i, p in enumerate(e.scores))
    return f"Game over. {who(e.winner)} wins with {e.points} points{ties[e.tie_break]} ({points})."


def _pass(e: Passed) -> str:
    return f"{who(e.seat)} passes" + (" (no cards left)." if e.why == "no_cards" else ".")


TEXT: dict[str, Callable[[Any], str]] = {
    "deal": lambda e: f"You are dealt {_cards(e.cards)}.",
    "setup": lambda e: f"A {e.players}-player game with {_plural(e.decks, 'deck')} begins; {who(e.first)} starts.",
    "turn": _turn,
    "rolls": lambda e: "Die rolls: " + ", ".join(f"{who(s)} {r}" for s, r in e.rolls) + ".",
    "animal": lambda e: f"{who(e.seat)} plays a new animal, {animal(e.animal)}.",
    "trait": lambda e: f"{who(e.seat)} adds {trait(e.trait)} to {animal(e.animal)}.",
    "pair": lambda e: f"{who(e.seat)} joins {animal(e.animal)} and {animal(e.other)} with {trait(e.trait)}.",
    "pass": _pass,
    "food_bank": _food_bank,
    "take": _take,
    "blue": _blue,
    "communication": _communication,
    "cooperation": _cooperation,
    "pairs_stop": _pairs_stop,
    "fat": lambda e: f"{who(e.seat)}'s {animal(e.animal)} turns {_plural(e.fat, 'fat token')} into food.",
    "graze": lambda e: f"{who(e.seat)}'s {animal(e.animal)} grazes: a red token is destroyed ({e.left} left).",
    "piracy": lambda e: (f"Piracy! {who(e.seat)}'s {animal(e.pirate)} steals a {e.colour} token "
                         f"from {who(e.victim_seat)}'s {animal(e.victim)}."),
    "hibernate": lambda e: f"{who(e.seat)}'s {animal(e.animal)} hibernates: it counts as fed this turn.",
    "attack": lambda e: (f"{who(e.seat)}'s carnivore {animal(e.carnivore)} attacks {who(e.defender)}'s "
                         f"{animal(e.target)}!"),
    "run": _run,
    "mimic": lambda e: f"Mimicry: {who(e.seat)}'s {animal(e.animal)} redirects the attack to {animal(e.to)}.",
    "tail": lambda e: f"Tail Loss: {who(e.seat)}'s {animal(e.animal)} drops {card(e.card)} and survives.",
    "yield": lambda e: f"{who(e.seat)} does not defend {animal(e.animal)}.",
    "eaten": _eaten,
    "leftover": lambda e: f"{_plural(e.red, 'red token')} left in the food bank are set aside.",
    "dies": _dies,
    "draw": lambda e: f"You draw {_cards(e.cards)}.",
    "draws": lambda e: f"{who(e.seat)} draws {_plural(e.number, 'card')}.",
    "game_over": _game_over,
}


def render(event: Event, seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it, else None."""
    return render_event(TEXT, event, seat)
