"""Log events: one NamedTuple per kind, and the sentences a student reads, rendered only when asked.

An event is still a tuple ``(kind, visible_to, *data)`` (``core.text.render_event`` reads
the first two by position), and its fields have names (``event.seat``, ``event.habitat``...).
In Adapt or Die everything that happens is public, so ``visible_to`` is always ``PUBLIC`` (-1,
from ``core.events``). The rules log events as every game does, ``s.log(Rolled, "roll", PUBLIC,
seat, roll)`` (``core.events.EventLog``): mypy checks the fields against the class, and the tuple
is built in C; the kind is spelled out in the call (``EVENTS`` pairs each kind with its class, and
the tests check every logged event against it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from evogames.core.text import plural, render_event, who
from evogames.games.adapt.components import FEATURE_NAMES, components
from evogames.games.adapt.rules.scorecard import MISSING_NICHE


class Setup(NamedTuple):
    kind: str  # "setup"
    visible_to: int
    players: int
    board: str  # "single" or "double"
    goal: int  # NICHE cards each (shared habitats: habitats selected)
    shared: bool  # the shared-habitats variant


class PlayerNote(NamedTuple):
    kind: str  # "player_note": a table outside the rulebook's 3-5 players
    visible_to: int
    players: int


class ChooseCreatures(NamedTuple):
    kind: str  # "choose_creatures": the variant where players choose their creatures
    visible_to: int


class CreaturePlayed(NamedTuple):
    kind: str  # "creature": dealt or chosen
    visible_to: int
    seat: int
    creature: str


class Rolled(NamedTuple):
    kind: str  # "roll"
    visible_to: int
    seat: int
    roll: int


class BugMoved(NamedTuple):
    kind: str  # "move"
    visible_to: int
    seat: int
    to: str  # a space
    place: str  # the side exited at, "" if none


class MatTurned(NamedTuple):
    kind: str  # "mat"
    visible_to: int
    seat: int
    habitat: str
    place: str
    randomizer: str  # the randomizer card filling its blanks, "" if none was left


class NoMat(NamedTuple):
    kind: str  # "no_mat": the HABITAT MAT pile is empty
    visible_to: int
    seat: int


class NoNicheLeft(NamedTuple):
    kind: str  # "no_niche_left"
    visible_to: int
    seat: int
    habitat: str


class NothingToDo(NamedTuple):
    kind: str  # "nothing_to_do": holds the NICHE card, can neither return another nor give it
    visible_to: int
    seat: int
    habitat: str


class NicheTaken(NamedTuple):
    kind: str  # "niche"
    visible_to: int
    seat: int
    habitat: str


class NicheReturned(NamedTuple):
    kind: str  # "return"
    visible_to: int
    seat: int
    habitat: str
    adaptation: str  # returned with it, "" if the player had none


class NicheGiven(NamedTuple):
    kind: str  # "give"
    visible_to: int
    seat: int
    to: int
    habitat: str
    adaptation: str  # returned by a giver who held the card, else ""


class HabitatShared(NamedTuple):
    kind: str  # "shared": the shared-habitats variant
    visible_to: int
    seat: int
    habitat: str
    selecting: tuple[int, ...]  # the seats that select an ADAPTATION card (as many as the pile allows)
    clockwise: tuple[int, ...]  # every seat, clockwise from the selector


class AlreadyShared(NamedTuple):
    kind: str  # "already_shared"
    visible_to: int
    seat: int
    habitat: str


class AdaptationSelected(NamedTuple):
    kind: str  # "adaptation"
    visible_to: int
    seat: int
    card: str


class NoAdaptationLeft(NamedTuple):
    kind: str  # "no_adaptation_left"
    visible_to: int
    seats: tuple[int, ...]  # who would have selected one


class TradeOffered(NamedTuple):
    kind: str  # "offer"
    visible_to: int
    seat: int
    to: int
    give: str
    take: str


class TradeAnswered(NamedTuple):
    kind: str  # "answer"
    visible_to: int
    seat: int  # the offered player, who answers
    offerer: int
    accepted: bool
    give: str  # what the offerer gives
    take: str  # what the offerer takes


class TurnEnded(NamedTuple):
    kind: str  # "end_turn"
    visible_to: int
    seat: int


class GameOver(NamedTuple):
    kind: str  # "game_over"
    visible_to: int
    reason: str  # "complete" or "turn_limit"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    scoring: str  # "unfit" or "extinction"
    shared: bool
    rounds: int
    goal: int
    missing: tuple[int, ...]  # NICHE cards (or shared habitats) missing, per seat


Event = (Setup | PlayerNote | ChooseCreatures | CreaturePlayed | Rolled | BugMoved | MatTurned | NoMat
         | NoNicheLeft | NothingToDo | NicheTaken | NicheReturned | NicheGiven | HabitatShared | AlreadyShared
         | AdaptationSelected | NoAdaptationLeft | TradeOffered | TradeAnswered | TurnEnded | GameOver)
EVENTS: dict[str, type[Event]] = {
    "setup": Setup, "player_note": PlayerNote, "choose_creatures": ChooseCreatures, "creature": CreaturePlayed,
    "roll": Rolled, "move": BugMoved, "mat": MatTurned, "no_mat": NoMat, "no_niche_left": NoNicheLeft,
    "nothing_to_do": NothingToDo, "niche": NicheTaken, "return": NicheReturned, "give": NicheGiven,
    "shared": HabitatShared, "already_shared": AlreadyShared, "adaptation": AdaptationSelected,
    "no_adaptation_left": NoAdaptationLeft, "offer": TradeOffered, "answer": TradeAnswered,
    "end_turn": TurnEnded, "game_over": GameOver,
}


def habitat(hid: str) -> str:
    h = components().habitats[hid]
    return f"Habitat {h.number} ({h.name})"


def niche(hid: str) -> str:
    h = components().habitats[hid]
    return f"the NICHE card of Habitat {h.number} ({h.niche})"


def adaptation(aid: str) -> str:
    a = components().adaptations[aid]
    return f"{a.kind} {FEATURE_NAMES[a.feature]} ({a.name}, {a.organism})"


def creature(cid: str) -> str:
    c = components().creatures[cid]
    if not c.home:
        return "the GENERIC creature (3 in every feature, no home habitat)"
    return f"the {c.name} (home: {habitat(c.home)})"


def seats(group: tuple[int, ...] | list[int] | list[str]) -> str:
    """Seats (or phrases) joined: "Player 1, Player 2 and Player 3"."""
    names = [who(seat) if isinstance(seat, int) else seat for seat in group]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _mat(e: MatTurned) -> str:
    h = components().habitats[e.habitat]
    text = f"{who(e.seat)} turns over a new HABITAT MAT: {habitat(e.habitat)}, {h.place}."
    if not e.randomizer:
        return text + " No randomizer card is left: its blanks are 3, 3, 3."
    r = components().randomizers[e.randomizer]
    return text + f" The randomizer card '{r.name}' fills its blanks with {', '.join(map(str, r.values))}."


def _returned(e: NicheReturned) -> str:
    if not e.adaptation:
        return f"{who(e.seat)} returns {niche(e.habitat)} to the NICHE pile."
    return f"{who(e.seat)} returns {niche(e.habitat)} and {adaptation(e.adaptation)} to their piles."


def _give(e: NicheGiven) -> str:
    extra = f" (returning {adaptation(e.adaptation)} to the ADAPTATION pile)" if e.adaptation else ""
    return f"{who(e.seat)} forces {niche(e.habitat)} on {who(e.to)}{extra}."


def _shared(e: HabitatShared) -> str:
    """Everyone receives the habitat; as many select an ADAPTATION card as the pile allows."""
    text = f"{who(e.seat)} selects {habitat(e.habitat)}: everyone receives it"
    selecting = list(e.selecting)
    if not selecting:
        return text + "; the ADAPTATION pile is empty, so nobody selects an adaptation."
    if len(selecting) == len(e.clockwise):
        return text + f" and selects an ADAPTATION card, clockwise from {who(e.seat)}."
    return text + f"; only {plural(len(selecting), 'ADAPTATION card')} left: {seats(selecting)} select."


def _answer(e: TradeAnswered) -> str:
    if e.accepted:
        return (f"{who(e.seat)} accepts: {who(e.offerer)} and {who(e.seat)} swap {_card(e.give)} "
                f"and {_card(e.take)}.")
    return f"{who(e.seat)} declines the trade."


def _card(cid: str) -> str:
    return niche(cid) if cid.startswith("H") else adaptation(cid)


def why_ended(reason: str, rounds: int, goal: int, shared: bool, scoring: str, missing: list[int]) -> str:
    """When and why the game ended, as the log and the game-over screen say it."""
    if reason == "complete":
        return "every shared habitat is selected" if shared else "every player has their NICHE cards"
    limit = f"at the round limit, after round {rounds} (a safety limit set for this table, not in the rulebook)"
    if shared:
        selected = goal - max(missing, default=0)
        return (f"{limit}, before {goal} habitats were selected: only the {plural(selected, 'habitat')} selected "
                f"{'is' if selected == 1 else 'are'} played for")
    cost = "as an extinction" if scoring == "extinction" else f"{MISSING_NICHE} (the worst fit)"
    return (f"{limit}, before every player held {plural(goal, 'NICHE card')}: {_lacking(missing)}, "
            f"and each missing NICHE card counts {cost}")


def _lacking(missing: list[int]) -> str:
    """Who lacks how many NICHE cards: "Player 1 lacks 2 and Player 3 lacks 1", "Player 1 and Player 2 lack 1 each"."""
    short = [seat for seat, n in enumerate(missing) if n]
    if len(short) > 1 and len({missing[seat] for seat in short}) == 1:
        return f"{seats(short)} lack {missing[short[0]]} each"
    return seats([f"{who(seat)} lacks {missing[seat]}" for seat in short])


def _game_over(e: GameOver) -> str:
    reason = why_ended(e.reason, e.rounds, e.goal, e.shared, e.scoring, list(e.missing))
    names = seats(e.winners)
    best = e.scores[e.winners[0]]
    if e.shared:
        how = f"the best fit in the most habitats ({plural(best, 'habitat')})"
    elif e.scoring == "extinction":
        how = f"the fewest extinctions ({best})"
    else:
        how = f"the lowest unfit score ({best})"
    if e.reason == "complete":
        return f"Game over ({reason}). {names} {'wins' if len(e.winners) == 1 else 'win'} with {how}!"
    return f"Game over {reason}. {names} {'wins' if len(e.winners) == 1 else 'win'} with {how}!"


def _setup(e: Setup) -> str:
    board = "one board (8 places)" if e.board == "single" else "the double board (12 places)"
    if e.shared:
        return (f"A {e.players}-player game of Adapt or Die on {board}, sharing habitats: the game ends when "
                f"{e.goal} habitats are selected, and everyone receives each one.")
    return f"A {e.players}-player game of Adapt or Die on {board}: each player needs {e.goal} NICHE cards."


def _no_adaptation_left(e: NoAdaptationLeft) -> str:
    return (f"The ADAPTATION pile is empty: {seats(e.seats)} "
            f"{'selects' if len(e.seats) == 1 else 'select'} no adaptation.")


TEXT: dict[str, Callable[[Any], str]] = {
    "setup": _setup,
    "player_note": lambda e: f"Note: the rulebook designs Adapt or Die for 3-5 players; this {e.players}-player "
    "game follows the same rules.",
    "choose_creatures": lambda e: "Each player in turn chooses a creature (variant).",
    "creature": lambda e: f"{who(e.seat)} plays {creature(e.creature)}.",
    "roll": lambda e: f"{who(e.seat)} rolls {e.roll}.",
    "move": lambda e: f"{who(e.seat)} moves the bug to {e.to}" + (" and exits at a side." if e.place else "."),
    "mat": _mat,
    "no_mat": lambda e: "No HABITAT MAT is left to place here.",
    "no_niche_left": lambda e: f"No copy of {niche(e.habitat)} is left in the NICHE pile.",
    "nothing_to_do": lambda e: f"{who(e.seat)} already holds {niche(e.habitat)} and can neither return another "
    "NICHE card nor give it away.",
    "niche": lambda e: f"{who(e.seat)} takes {niche(e.habitat)}.",
    "return": _returned,
    "give": _give,
    "shared": _shared,
    "already_shared": lambda e: f"{habitat(e.habitat)} is already everyone's habitat.",
    "adaptation": lambda e: f"{who(e.seat)} selects the ADAPTATION card {adaptation(e.card)}.",
    "no_adaptation_left": _no_adaptation_left,
    "offer": lambda e: f"{who(e.seat)} offers {who(e.to)} a trade: {_card(e.give)} for {_card(e.take)}.",
    "answer": _answer,
    "end_turn": lambda e: f"{who(e.seat)} ends the turn.",
    "game_over": _game_over,
}


def render(event: Event, seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it, else None."""
    return render_event(TEXT, event, seat)
