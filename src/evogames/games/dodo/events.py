"""Log events: one NamedTuple per kind, rendered as sentences a student reads only when asked.

An event is a tuple ``(kind, visible_to, *data)`` with named fields, like every
game's. ``visible_to`` is -1 for an event everyone sees, else the one seat that
sees it; in Tough Luck, Dodo everything that happens is public, so it is always
``PUBLIC`` (from ``core/events.py``). The rules log events with core's
``LoggedState.log``, ``s.log(Eat, "eat", PUBLIC, ...)``: the class, then its fields,
which mypy checks against the class; ``render`` turns one into ``{"kind", "text"}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

from evogames.core.text import render_event, who
from evogames.games.dodo.components import COLOURS, MIGRATION_ROUNDS, components

Blocks = tuple[int, ...]  # colour indices, in the order the blocks were added


# -- the events, in the order a game logs them ----------------------------------
class Setup(NamedTuple):
    kind: Literal["setup"]
    visible_to: int
    players: int
    rows: int
    cols: int
    grid: tuple[str, ...]  # environment card ids in reading order
    first: int  # the seat holding the Active Player token


class Place(NamedTuple):
    kind: Literal["place"]
    visible_to: int
    seat: int
    creature: int
    blocks: Blocks
    environment: str


class Turn(NamedTuple):
    kind: Literal["turn"]
    visible_to: int
    turn: int
    active: int


class Pass(NamedTuple):
    kind: Literal["pass"]
    visible_to: int
    seat: int
    step: str  # "token" or "migrate"
    migration_round: int


class Advantage(NamedTuple):
    kind: Literal["advantage"]
    visible_to: int
    seat: int
    creature: int
    blocks: Blocks
    environment: str


class Famine(NamedTuple):
    kind: Literal["famine"]
    visible_to: int
    seat: int
    environment: str
    resources: tuple[str, ...]  # the two colours covered


class Relocation(NamedTuple):
    kind: Literal["relocation"]
    visible_to: int
    seat: int  # who played the token
    creature: int
    owner: int
    blocks: Blocks
    origin: str
    destination: str


class Migration(NamedTuple):
    kind: Literal["migration"]
    visible_to: int
    number: int  # the migration round, 1 to MIGRATION_ROUNDS


class Migrate(NamedTuple):
    kind: Literal["migrate"]
    visible_to: int
    seat: int
    creature: int
    blocks: Blocks
    origin: str
    destination: str


class Consumption(NamedTuple):
    kind: Literal["consumption"]
    visible_to: int
    turn: int


class EatFirst(NamedTuple):
    kind: Literal["eat_first"]
    visible_to: int
    seat: int
    creature: int


class Eat(NamedTuple):
    kind: Literal["eat"]
    visible_to: int
    owner: int
    creature: int
    blocks: Blocks
    environment: str
    advantage: bool  # it ate first by Competitive Advantage


class Starve(NamedTuple):
    kind: Literal["starve"]
    visible_to: int
    owner: int
    creature: int
    blocks: Blocks
    environment: str
    available: tuple[int, ...]  # what was left there (red, yellow, green)


class Capture(NamedTuple):
    kind: Literal["capture"]
    visible_to: int
    owner: int
    creature: int
    blocks: Blocks
    environment: str
    covered: tuple[int, ...]  # squares covered by Famine (red, yellow, green)
    turn: int


class NoChild(NamedTuple):
    kind: Literal["no_child"]
    visible_to: int
    owner: int
    parent: int
    missing: str  # "bases" or "blocks"


class Birth(NamedTuple):
    kind: Literal["birth"]
    visible_to: int
    owner: int
    parent: int
    child: int
    blocks: Blocks  # the child's: the parent's and the rolled colour
    rolls: tuple[int, ...]  # the die's faces, rerolled while a colour had run out
    environment: str


class PassToken(NamedTuple):
    kind: Literal["pass_token"]
    visible_to: int
    active: int


class GameOver(NamedTuple):
    kind: Literal["game_over"]
    visible_to: int
    end: str  # "captures", "extinction" or "turn_limit"
    winners: tuple[int, ...]
    tie_break: str | None
    scores: tuple[int, ...]
    creatures: tuple[int, ...]  # on the board at the end, captors included


class Debrief(NamedTuple):
    kind: Literal["debrief"]
    visible_to: int
    line: str


Event = (Setup | Place | Turn | Pass | Advantage | Famine | Relocation | Migration | Migrate | Consumption
         | EatFirst | Eat | Starve | Capture | NoChild | Birth | PassToken | GameOver | Debrief)


# -- sentences -------------------------------------------------------------------
STEP = {"token": "plays no token", "migrate": "moves no creature"}
TIE = {None: "", "creatures": ", tie broken by creatures on the board"}


def env_name(env_id: str) -> str:
    return components().environments[env_id].name


def blocks(colours: tuple[int, ...]) -> str:
    return "+".join(COLOURS[k] for k in colours)


def creature(owner: int, cid: int, colours: tuple[int, ...]) -> str:
    return f"{who(owner)}'s creature #{cid} ({blocks(colours)})"


def _counts(left: tuple[int, ...]) -> str:
    parts = [f"{n} {COLOURS[k]}" for k, n in enumerate(left) if n]
    return ", ".join(parts) or "nothing"


def _setup(e: Setup) -> str:
    names = ", ".join(env_name(x) for x in e.grid)
    return (f"A {e.players}-player game on a {e.rows} x {e.cols} grid: {names}. "
            f"{who(e.first)} takes the Active Player token and places first.")


def _place(e: Place) -> str:
    return f"{who(e.seat)} places creature #{e.creature} ({blocks(e.blocks)}) in {env_name(e.environment)}."


def _turn(e: Turn) -> str:
    return f"Turn {e.turn}: {who(e.active)} holds the Active Player token. Token Phase."


def _pass(e: Pass) -> str:
    where = f" in migration round {e.migration_round}." if e.step == "migrate" else "."
    return f"{who(e.seat)} {STEP.get(e.step, 'passes')}{where}"


def _advantage(e: Advantage) -> str:
    return (f"{who(e.seat)} plays Competitive Advantage under creature #{e.creature} ({blocks(e.blocks)}) "
            f"in {env_name(e.environment)}: it will have first pick of the resources there this turn.")


def _famine(e: Famine) -> str:
    covered = " and ".join(e.resources)
    return f"{who(e.seat)} plays Famine on {env_name(e.environment)}: {covered} are covered this turn."


def _relocation(e: Relocation) -> str:
    return (f"{who(e.seat)} Relocates {creature(e.owner, e.creature, e.blocks)} from {env_name(e.origin)} "
            f"to {env_name(e.destination)}.")


def _migration(e: Migration) -> str:
    return f"Migration, round {e.number} of {MIGRATION_ROUNDS}."


def _migrate(e: Migrate) -> str:
    return (f"{who(e.seat)} migrates creature #{e.creature} ({blocks(e.blocks)}) from {env_name(e.origin)} "
            f"to {env_name(e.destination)}.")


def _consumption(e: Consumption) -> str:
    return "Consumption: in each environment, Competitive Advantage first, then the most mutations."


def _eat_first(e: EatFirst) -> str:
    return f"{who(e.seat)} lets creature #{e.creature} eat first."


def _eat(e: Eat) -> str:
    how = " (Competitive Advantage)." if e.advantage else "."
    return f"{creature(e.owner, e.creature, e.blocks)} eats in {env_name(e.environment)}{how}"


def _starve(e: Starve) -> str:
    return (f"{creature(e.owner, e.creature, e.blocks)} finds only {_counts(e.available)} in "
            f"{env_name(e.environment)} and starves.")


def _capture(e: Capture) -> str:
    famine = " (even under Famine)" if any(e.covered) else ""
    return (f"Capture! {creature(e.owner, e.creature, e.blocks)} ate every available resource of "
            f"{env_name(e.environment)}{famine}: {who(e.owner)} captures it; the card is flipped and the creature "
            "stays on it.")


def _no_child(e: NoChild) -> str:
    what = f"{who(e.owner)} has no creature bases left" if e.missing == "bases" else "the mutation blocks ran out"
    return f"Creature #{e.parent} of {who(e.owner)} ate but has no child: {what}."


def _birth(e: Birth) -> str:
    faces = components().die_faces
    rolls = ", then ".join(f"{r} ({COLOURS[faces[r - 1]]})" for r in e.rolls)
    again = " (that colour had run out, so the die was rolled again)" if len(e.rolls) > 1 else ""
    return (f"{creature(e.owner, e.parent, e.blocks[:-1])} has a child #{e.child} in {env_name(e.environment)}: "
            f"the die shows {rolls}{again}, so the child has {blocks(e.blocks)}.")


def _pass_token(e: PassToken) -> str:
    return f"The Active Player token passes to {who(e.active)}."


def _extinction(creatures: tuple[int, ...]) -> str:
    """No creature left in play: say whether captors still sit on their environments."""
    captors = sum(creatures)
    if not captors:
        return "every creature has starved"
    return (f"no creature is left in play (the others starved; {captors} "
            f"{'sits' if captors == 1 else 'sit'} on captured environments)")


def _game_over(e: GameOver) -> str:
    why = {"captures": "a player has captured two environments", "extinction": _extinction(e.creatures),
           "turn_limit": "the turn limit is reached"}[e.end]
    names = " and ".join(who(x) for x in e.winners)
    verb = "wins" if len(e.winners) == 1 else "share the win"
    return f"Game over: {why}. {names} {verb} with {e.scores[e.winners[0]]} captured environment(s){TIE[e.tie_break]}."


def _debrief(e: Debrief) -> str:
    return f"Debrief: {e.line}"


TEXT: dict[str, Callable[[Any], str]] = {
    "setup": _setup,
    "place": _place,
    "turn": _turn,
    "pass": _pass,
    "advantage": _advantage,
    "famine": _famine,
    "relocation": _relocation,
    "migration": _migration,
    "migrate": _migrate,
    "consumption": _consumption,
    "eat_first": _eat_first,
    "eat": _eat,
    "starve": _starve,
    "capture": _capture,
    "no_child": _no_child,
    "birth": _birth,
    "pass_token": _pass_token,
    "game_over": _game_over,
    "debrief": _debrief,
}


def render(event: Event, seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it (every event of this game is public)."""
    return render_event(TEXT, event, seat)
