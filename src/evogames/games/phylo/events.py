"""Log events: one NamedTuple per kind, rendered as sentences a student reads only when asked.

An event is a tuple ``(kind, visible_to, *data)`` with named fields, like every
game's. ``visible_to`` is ``PUBLIC`` (-1, from ``core/events.py``) for everyone, or
the one seat that may see it (the cards it was dealt or drew). Cards are named by
what they are (``S001``), which is public once on the table; a space is an
``(x, y)`` tuple. The rules log with core's ``LoggedState.log``,
``s.log(Play, "play", PUBLIC, seat, ...)``: the class, then its fields, which mypy
checks against the class; the tuple is built in C (``tuple.__new__``), faster than
calling the class (a NamedTuple's constructor is a Python function, and Phylo logs
about three events per action).
``render`` turns one into ``{"kind", "text"}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from evogames.core.text import render_event, who
from evogames.games.phylo.components import components
from evogames.games.phylo.rules.index import Pos as Pos  # (x, y), as the index has it

Cards = tuple[str, ...]  # card ids (what physical cards are), in order


# -- the events, in the order a game logs them ---------------------------------------------------
class Deal(NamedTuple):
    kind: Literal["deal"]
    visible_to: int  # the seat dealt the cards
    seat: int
    cards: Cards


class Setup(NamedTuple):
    kind: Literal["setup"]
    visible_to: int
    players: int
    first: int
    bluff: bool  # Call your bluff is in play


class Turn(NamedTuple):
    kind: Literal["turn"]
    visible_to: int
    seat: int
    turn: int
    due: Cards  # threatened species checked at the end of this turn


class Draw(NamedTuple):
    kind: Literal["draw"]
    visible_to: int  # the seat that drew
    seat: int
    cards: Cards


class Draws(NamedTuple):
    kind: Literal["draws"]
    visible_to: int
    seat: int
    number: int  # how many cards it drew
    left: int  # cards left in the deck


class LastCard(NamedTuple):
    kind: Literal["last_card"]
    visible_to: int
    seat: int
    last_turn: int  # the game ends after this turn


class Play(NamedTuple):
    kind: Literal["play"]
    visible_to: int
    seat: int
    card: str
    at: Pos
    under: bool  # a PARASITE under its host


class Invades(NamedTuple):
    kind: Literal["invades"]
    visible_to: int
    seat: int
    card: str  # the INVASIVE species
    cards: Cards  # what it pushes out
    at: Pos


class Move(NamedTuple):
    kind: Literal["move"]
    visible_to: int
    seat: int
    card: str
    origin: Pos
    destination: Pos


class Spread(NamedTuple):
    kind: Literal["spread"]
    visible_to: int
    seat: int
    card: str
    origin: Pos
    destination: Pos


class EventPlayed(NamedTuple):
    """An event card played (kind ``event``): what it did follows in the next events."""

    kind: Literal["event"]
    visible_to: int
    seat: int
    event: str  # the event card
    at: Pos | None  # its target's space (None: an event with no target)
    target: str | None  # the species there


class Contest(NamedTuple):
    kind: Literal["contest"]
    visible_to: int
    seat: int
    roll: int  # the event's player's die
    against: int  # the other player's die
    spreads: bool


class Countered(NamedTuple):
    kind: Literal["countered"]
    visible_to: int
    seat: int
    event: str  # the event cancelled
    back: Cards  # the cards that came back to the table


class TakeBack(NamedTuple):
    kind: Literal["take_back"]
    visible_to: int
    seat: int
    card: str
    iid: str  # the physical card, known to be in that hand from now on (``determinize`` keeps it)


class Discard(NamedTuple):
    kind: Literal["discard"]
    visible_to: int
    seat: int
    card: str
    draws: int  # how many cards it draws (what the deck had, up to 3)


class Urban(NamedTuple):
    kind: Literal["urban"]
    visible_to: int
    at: Pos


class Flooded(NamedTuple):
    kind: Literal["flooded"]
    visible_to: int
    spaces: tuple[Pos, ...]
    until: int  # the last turn they are ocean


class Insight(NamedTuple):
    kind: Literal["insight"]
    visible_to: int
    seat: int
    already: bool  # the seat already drew 2 a turn


class Wind(NamedTuple):
    kind: Literal["wind"]
    visible_to: int
    seat: int
    already: bool  # SPREAD was already doubled this turn


class Pass(NamedTuple):
    kind: Literal["pass"]
    visible_to: int
    seat: int


class Removed(NamedTuple):
    kind: Literal["removed"]
    visible_to: int
    cards: Cards  # the species and the card under it
    cause: str  # one of state.LOSSES
    at: Pos


class Threatened(NamedTuple):
    kind: Literal["threatened"]
    visible_to: int
    cards: Cards  # the species without a link
    turns: tuple[int, ...]  # for each, the turn at whose end it is checked


class Bluff(NamedTuple):
    kind: Literal["bluff"]
    visible_to: int
    seat: int  # who called it
    card: str  # the challenged species
    neighbour: str  # the species it links with
    outcome: str  # bluff, real, unproven
    winner: int  # who may remove a species (-1: nobody)
    evidence: str  # continents, food_key, producer, no_food_key
    eater: str  # the species that feeds through the link ("" when the continents decide)
    food: str


class Spare(NamedTuple):
    kind: Literal["spare"]
    visible_to: int
    seat: int


class GameOver(NamedTuple):
    kind: Literal["game_over"]
    visible_to: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (Deal | Setup | Turn | Draw | Draws | LastCard | Play | Invades | Move | Spread | EventPlayed | Contest
         | Countered | TakeBack | Discard | Urban | Flooded | Insight | Wind | Pass | Removed | Threatened | Bluff
         | Spare | GameOver)


# -- sentences -------------------------------------------------------------------------------------
CAUSE = {"event": "by the event", "links": "it had no compatible link left", "cascade": "in the cascade",
         "bluff": "by the bluff's winner", "invaded": "pushed out by an INVASIVE species"}


def name(card_id: str) -> str:
    c = components()
    card = c.species.get(card_id) or c.events.get(card_id) or c.homes.get(card_id)
    return card.name if card else card_id


def at(pos: Any) -> str:
    return f"[{pos[0]}, {pos[1]}]" if pos is not None else ""


def _cards(iids: tuple[str, ...]) -> str:
    return ", ".join(name(i) for i in iids) or "nothing"


def _deal(e: Deal) -> str:
    return f"You are dealt {_cards(e.cards)}."


def _setup(e: Setup) -> str:
    return (f"A {e.players}-player game of Phylo begins; the HOMEs are on the table. {who(e.first)} goes first"
            + (" (Call your bluff is in play)." if e.bluff else "."))


def _turn(e: Turn) -> str:
    due = (f" ({_cards(e.due)}, threatened, {'is' if len(e.due) == 1 else 'are'} removed at the end of this turn "
           "unless relinked)." if e.due else ".")
    return f"Turn {e.turn}: {who(e.seat)}'s turn{due}"


def _draw(e: Draw) -> str:
    return f"You draw {_cards(e.cards)}."


def _draws(e: Draws) -> str:
    return f"{who(e.seat)} draws {e.number} card{'s' if e.number != 1 else ''} ({e.left} left in the deck)."


def _last_card(e: LastCard) -> str:
    return f"{who(e.seat)} has drawn the last card of their deck: the game ends after turn {e.last_turn}."


def _play(e: Play) -> str:
    return f"{who(e.seat)} plays {name(e.card)}{' under the host' if e.under else ''} at {at(e.at)}."


def _invades(e: Invades) -> str:
    return f"{name(e.card)} (INVASIVE) takes over the space of {_cards(e.cards)} at {at(e.at)}."


def _move(e: Move) -> str:
    return f"{who(e.seat)} moves {name(e.card)} from {at(e.origin)} to {at(e.destination)}."


def _spread(e: Spread) -> str:
    return f"{who(e.seat)} spreads {name(e.card)} from {at(e.origin)} to {at(e.destination)} (no action used)."


def _event(e: EventPlayed) -> str:
    """What was played, and on what; what it did follows in the next lines (never the card's nominal text)."""
    card = components().events[e.event]
    target = f" on {name(e.target or '')} at {at(e.at)}" if e.at is not None else ""
    return f"{who(e.seat)} plays the event {card.name}{target}."


def _contest(e: Contest) -> str:
    return (f"Climate Change contest: {who(e.seat)} rolls {e.roll} against {e.against}; "
            + ("it spreads." if e.spreads else "it does not spread."))


def _countered(e: Countered) -> str:
    return f"{who(e.seat)} cancels {name(e.event)}" + (f": {_cards(e.back)} come back." if e.back else ".")


def _take_back(e: TakeBack) -> str:
    return f"{who(e.seat)} takes {name(e.card)} back from the discard pile."


def _discard(e: Discard) -> str:
    """The draw that follows is the next sentence ("Player 1 draws 3 cards (N left in the deck).")."""
    return f"{who(e.seat)} discards {name(e.card)}."


def _urban(e: Urban) -> str:
    return f"The grassland at {at(e.at)} is urban for the rest of the game."


def _flooded(e: Flooded) -> str:
    return f"{' and '.join(at(p) for p in e.spaces)} are ocean until the end of turn {e.until}."


def _insight(e: Insight) -> str:
    if e.already:
        return f"{who(e.seat)} already draws 2 cards a turn: nothing changes."
    return f"{who(e.seat)} draws 2 cards at the start of each of their turns from now on."


def _wind(e: Wind) -> str:
    if e.already:
        return "SPREAD was already doubled this turn: nothing changes."
    return "SPREAD is doubled, and species whose SPREAD needs WIND may spread, for the rest of this turn."


def _pass(e: Pass) -> str:
    return f"{who(e.seat)} passes an action."


def _removed(e: Removed) -> str:
    return f"{_cards(e.cards)} at {at(e.at)} {'is' if len(e.cards) == 1 else 'are'} discarded ({CAUSE[e.cause]})."


def _threatened(e: Threatened) -> str:
    by_turn: dict[int, list[str]] = {}
    for card, turn in zip(e.cards, e.turns, strict=True):
        by_turn.setdefault(turn, []).append(name(card))
    when = "; ".join(f"{', '.join(names)} at the end of turn {turn}" for turn, names in sorted(by_turn.items()))
    return (f"Threatened (no compatible link): {_cards(e.cards)}. Each is removed at the end of its owner's "
            f"reaction turn unless it finds a link: {when}.")


def _bluff(e: Bluff) -> str:
    real = e.outcome == "real"
    found = {
        "continents": "they share no continent, so they never meet in nature",
        "food_key": f"{name(e.eater)} {'eats' if real else 'does not eat'} "
                    f"{'the likes of ' if real else ''}{name(e.food)} (its food key)",
        "producer": f"they share a continent, and {name(e.eater)} makes its own food",
        "no_food_key": f"they share a continent, but nothing on the cards says what {name(e.eater)} eats",
    }[e.evidence]
    if e.outcome == "unproven":
        return (f"{who(e.seat)} calls a bluff on {name(e.card)} and {name(e.neighbour)}: {found}. Nothing can be "
                "proved, so the link is left as is and nobody removes a card.")
    verdict = "the bluff is called" if e.outcome == "bluff" else "the link is real"
    return (f"{who(e.seat)} calls a bluff on {name(e.card)} and {name(e.neighbour)}: {found}; {verdict}. "
            f"{who(e.winner)} wins and may remove a species.")


def _spare(e: Spare) -> str:
    return f"{who(e.seat)} removes nothing."


def _game_over(e: GameOver) -> str:
    points = ", ".join(f"{who(i)} {p}" for i, p in enumerate(e.scores))
    winners = " and ".join(who(w) for w in e.winners)
    return f"Game over: {points} points. {winners} {'wins' if len(e.winners) == 1 else 'tie'}!"


TEXT: dict[str, Callable[[Any], str]] = {
    "deal": _deal,
    "setup": _setup,
    "turn": _turn,
    "draw": _draw,
    "draws": _draws,
    "last_card": _last_card,
    "play": _play,
    "invades": _invades,
    "move": _move,
    "spread": _spread,
    "event": _event,
    "contest": _contest,
    "countered": _countered,
    "take_back": _take_back,
    "discard": _discard,
    "urban": _urban,
    "flooded": _flooded,
    "insight": _insight,
    "wind": _wind,
    "pass": _pass,
    "removed": _removed,
    "threatened": _threatened,
    "bluff": _bluff,
    "spare": _spare,
    "game_over": _game_over,
}


def render(event: Event, seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it (``visible_to`` -1 or ``seat``), else None."""
    return render_event(TEXT, event, seat)
