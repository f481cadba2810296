"""Log events as sentences a student reads, rendered only when asked.

An event is a tuple ``(kind, visible_to, *data)``; ``visible_to`` is -1 for
everyone or the one seat that may see it (the cards it was dealt or drew).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.text import plural as _plural
from evogames.core.text import render_event, who
from evogames.games.evolution.components import components

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


def _take(e: tuple[Any, ...]) -> str:
    return f"{who(e[2])}'s {animal(e[3])} takes a red token from the food bank{_landed(e[4], e[5])}."


def _food_bank(e: tuple[Any, ...]) -> str:
    rolls = "+".join(map(str, e[3]))
    plus = f" + {e[4]}" if e[4] else ""
    return f"Food bank: {who(e[2])} rolls {rolls}{plus} = {_plural(e[5], 'red token')}."


def _blue(e: tuple[Any, ...]) -> str:
    why = {"kill": "from its kill", "tail": "from a lost tail", "scavenger": "as a scavenger"}[e[4]]
    return f"{who(e[2])}'s {animal(e[3])} gets a blue token {why}{_landed(e[5], e[6])}."


def _communication(e: tuple[Any, ...]) -> str:
    return (f"Communication: {animal(e[3])} signals {animal(e[4])}, which takes a red token from the food bank"
            f"{_landed(e[5], e[6])}.")


def _cooperation(e: tuple[Any, ...]) -> str:
    return f"Cooperation: {animal(e[3])} shares with {animal(e[4])}, which gets a blue token{_landed(e[5], e[6])}."


def _pairs_stop(e: tuple[Any, ...]) -> str:
    return (f"{who(e[2])} uses no more pair traits now "
            f"({_plural(e[3], 'link')} could still have passed food on).")


def _eaten(e: tuple[Any, ...]) -> str:
    poison = " It was Poisonous: the carnivore is poisoned (a poisoned animal dies at extinction)." if e[6] else ""
    return f"{who(e[2])}'s carnivore {animal(e[3])} eats {who(e[4])}'s {animal(e[5])}.{poison}"


def _run(e: tuple[Any, ...]) -> str:
    result = "and escapes! The carnivore's attack is spent." if e[4] >= 4 else "and does not escape."
    return f"{who(e[2])}'s {animal(e[3])} runs: the die shows {e[4]} {result}"


def _dies(e: tuple[Any, ...]) -> str:
    why = {"starved": "was not fed and dies out", "poisoned": "was poisoned by its prey and dies"}[e[4]]
    return f"Extinction: {who(e[2])}'s {animal(e[3])} {why}."


def _turn(e: tuple[Any, ...]) -> str:
    last = " The deck is empty: this is the LAST turn." if e[4] else ""
    return f"Turn {e[2]} begins with {who(e[3])}: development phase.{last}"


def _game_over(e: tuple[Any, ...]) -> str:
    tie = {None: "", "discard": ", tie broken by the larger discard pile", "die": ", tie broken by a die"}[e[4]]
    points = ", ".join(f"{who(i)} {p}" for i, p in enumerate(e[5]))
    return f"Game over. {who(e[2])} wins with {e[3]} points{tie} ({points})."


def _pass(e: tuple[Any, ...]) -> str:
    return f"{who(e[2])} passes" + (" (no cards left)." if e[3] == "no_cards" else ".")


TEXT: dict[str, Callable[[tuple[Any, ...]], str]] = {
    "deal": lambda e: f"You are dealt {_cards(e[2])}.",
    "setup": lambda e: f"A {e[2]}-player game with {_plural(e[3], 'deck')} begins; {who(e[4])} starts.",
    "turn": _turn,
    "rolls": lambda e: "Die rolls: " + ", ".join(f"{who(s)} {r}" for s, r in e[2]) + ".",
    "animal": lambda e: f"{who(e[2])} plays a new animal, {animal(e[3])}.",
    "trait": lambda e: f"{who(e[2])} adds {trait(e[4])} to {animal(e[5])}.",
    "pair": lambda e: f"{who(e[2])} joins {animal(e[5])} and {animal(e[6])} with {trait(e[4])}.",
    "pass": _pass,
    "food_bank": _food_bank,
    "take": _take,
    "blue": _blue,
    "communication": _communication,
    "cooperation": _cooperation,
    "pairs_stop": _pairs_stop,
    "fat": lambda e: f"{who(e[2])}'s {animal(e[3])} turns {_plural(e[4], 'fat token')} into food.",
    "graze": lambda e: f"{who(e[2])}'s {animal(e[3])} grazes: a red token is destroyed ({e[4]} left).",
    "piracy": lambda e: (f"Piracy! {who(e[2])}'s {animal(e[3])} steals a {e[6]} token "
                         f"from {who(e[4])}'s {animal(e[5])}."),
    "hibernate": lambda e: f"{who(e[2])}'s {animal(e[3])} hibernates: it counts as fed this turn.",
    "attack": lambda e: f"{who(e[2])}'s carnivore {animal(e[3])} attacks {who(e[4])}'s {animal(e[5])}!",
    "run": _run,
    "mimic": lambda e: f"Mimicry: {who(e[2])}'s {animal(e[3])} redirects the attack to {animal(e[4])}.",
    "tail": lambda e: f"Tail Loss: {who(e[2])}'s {animal(e[3])} drops {card(e[4])} and survives.",
    "yield": lambda e: f"{who(e[2])} does not defend {animal(e[3])}.",
    "eaten": _eaten,
    "leftover": lambda e: f"{_plural(e[2], 'red token')} left in the food bank are set aside.",
    "dies": _dies,
    "draw": lambda e: f"You draw {_cards(e[2])}.",
    "draws": lambda e: f"{who(e[2])} draws {_plural(e[3], 'card')}.",
    "game_over": _game_over,
}


def render(event: tuple[Any, ...], seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it, else None."""
    return render_event(TEXT, event, seat)
