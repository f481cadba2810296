"""Log events as sentences a student reads, rendered only when asked.

An event is a tuple ``(kind, *data)``; everything in this game is public.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.text import who
from evogames.games.dodo.components import COLOURS, components
from evogames.games.dodo.flow import MIGRATION_ROUNDS

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


def _setup(e: tuple[Any, ...]) -> str:
    names = ", ".join(env_name(x) for x in e[4])
    return (f"A {e[1]}-player game on a {e[2]} x {e[3]} grid: {names}. "
            f"{who(e[5])} takes the Active Player token and places first.")


def _capture(e: tuple[Any, ...]) -> str:
    famine = " (even under Famine)" if any(e[5]) else ""
    return (f"Capture! {creature(e[1], e[2], e[3])} ate every available resource of {env_name(e[4])}{famine}: "
            f"{who(e[1])} captures it; the card is flipped and the creature stays on it.")


def _birth(e: tuple[Any, ...]) -> str:
    faces = components().die_faces
    rolls = ", then ".join(f"{r} ({COLOURS[faces[r - 1]]})" for r in e[5])
    again = " (that colour had run out, so the die was rolled again)" if len(e[5]) > 1 else ""
    return (f"{creature(e[1], e[2], e[4][:-1])} has a child #{e[3]} in {env_name(e[6])}: the die shows "
            f"{rolls}{again}, so the child has {blocks(e[4])}.")


def _no_child(e: tuple[Any, ...]) -> str:
    what = f"{who(e[1])} has no creature bases left" if e[3] == "bases" else "the mutation blocks ran out"
    return f"Creature #{e[2]} of {who(e[1])} ate but has no child: {what}."


def _extinction(creatures: tuple[int, ...]) -> str:
    """No creature left in play: say whether captors still sit on their environments."""
    captors = sum(creatures)
    if not captors:
        return "every creature has starved"
    return (f"no creature is left in play (the others starved; {captors} "
            f"{'sits' if captors == 1 else 'sit'} on captured environments)")


def _game_over(e: tuple[Any, ...]) -> str:
    why = {"captures": "a player has captured two environments", "extinction": _extinction(e[5]),
           "turn_limit": "the turn limit is reached"}[e[1]]
    names = " and ".join(who(x) for x in e[2])
    verb = "wins" if len(e[2]) == 1 else "share the win"
    return f"Game over: {why}. {names} {verb} with {e[4][e[2][0]]} captured environment(s){TIE[e[3]]}."


TEXT: dict[str, Callable[[tuple[Any, ...]], str]] = {
    "setup": _setup,
    "place": lambda e: f"{who(e[1])} places creature #{e[2]} ({blocks(e[3])}) in {env_name(e[4])}.",
    "turn": lambda e: f"Turn {e[1]}: {who(e[2])} holds the Active Player token. Token Phase.",
    "pass": lambda e: f"{who(e[1])} {STEP.get(e[2], 'passes')}"
    + (f" in migration round {e[3]}." if e[2] == "migrate" else "."),
    "advantage": lambda e: f"{who(e[1])} plays Competitive Advantage under creature #{e[2]} ({blocks(e[3])}) "
    f"in {env_name(e[4])}: it will have first pick of the resources there this turn.",
    "famine": lambda e: f"{who(e[1])} plays Famine on {env_name(e[2])}: {' and '.join(e[3])} are covered "
    "this turn.",
    "relocation": lambda e: f"{who(e[1])} Relocates {creature(e[3], e[2], e[4])} from {env_name(e[5])} "
    f"to {env_name(e[6])}.",
    "migration": lambda e: f"Migration, round {e[1]} of {MIGRATION_ROUNDS}.",
    "migrate": lambda e: f"{who(e[1])} migrates creature #{e[2]} ({blocks(e[3])}) from {env_name(e[4])} "
    f"to {env_name(e[5])}.",
    "consumption": lambda e: "Consumption: in each environment, Competitive Advantage first, then the most "
    "mutations.",
    "eat_first": lambda e: f"{who(e[1])} lets creature #{e[2]} eat first.",
    "eat": lambda e: f"{creature(e[1], e[2], e[3])} eats in {env_name(e[4])}"
    + (" (Competitive Advantage)." if e[5] else "."),
    "starve": lambda e: f"{creature(e[1], e[2], e[3])} finds only {_counts(e[5])} in {env_name(e[4])} "
    "and starves.",
    "capture": _capture,
    "birth": _birth,
    "no_child": _no_child,
    "pass_token": lambda e: f"The Active Player token passes to {who(e[1])}.",
    "game_over": _game_over,
    "debrief": lambda e: f"Debrief: {e[1]}",
}


def render(event: tuple[Any, ...], seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}``; every event of this game is public."""
    return {"kind": event[0], "text": TEXT[event[0]](event)}
