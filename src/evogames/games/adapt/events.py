"""Log events as sentences a student reads, rendered only when asked.

An event is a tuple ``(kind, visible_to, *data)``; in Adapt or Die everything
that happens is public, so ``visible_to`` is always -1.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evogames.core.text import plural, render_event, who
from evogames.games.adapt.components import FEATURE_NAMES, components
from evogames.games.adapt.rules.scorecard import MISSING_NICHE


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


def _mat(e: tuple[Any, ...]) -> str:
    h = components().habitats[e[3]]
    text = f"{who(e[2])} turns over a new HABITAT MAT: {habitat(e[3])}, {h.place}."
    if not e[5]:
        return text + " No randomizer card is left: its blanks are 3, 3, 3."
    r = components().randomizers[e[5]]
    return text + f" The randomizer card '{r.name}' fills its blanks with {', '.join(map(str, r.values))}."


def _returned(e: tuple[Any, ...]) -> str:
    if not e[4]:
        return f"{who(e[2])} returns {niche(e[3])} to the NICHE pile."
    return f"{who(e[2])} returns {niche(e[3])} and {adaptation(e[4])} to their piles."


def _give(e: tuple[Any, ...]) -> str:
    extra = f" (returning {adaptation(e[5])} to the ADAPTATION pile)" if e[5] else ""
    return f"{who(e[2])} forces {niche(e[4])} on {who(e[3])}{extra}."


def _shared(e: tuple[Any, ...]) -> str:
    """Everyone receives the habitat; as many select an ADAPTATION card as the pile allows."""
    text = f"{who(e[2])} selects {habitat(e[3])}: everyone receives it"
    selecting = list(e[4])
    if not selecting:
        return text + "; the ADAPTATION pile is empty, so nobody selects an adaptation."
    if len(selecting) == len(e[5]):
        return text + f" and selects an ADAPTATION card, clockwise from {who(e[2])}."
    return text + f"; only {plural(len(selecting), 'ADAPTATION card')} left: {seats(selecting)} select."


def _answer(e: tuple[Any, ...]) -> str:
    if e[4]:
        return f"{who(e[2])} accepts: {who(e[3])} and {who(e[2])} swap {_card(e[5])} and {_card(e[6])}."
    return f"{who(e[2])} declines the trade."


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


def _game_over(e: tuple[Any, ...]) -> str:
    """(reason, winners, scores, scoring, shared, rounds, goal, missing NICHE cards per seat)"""
    reason = why_ended(e[2], e[7], e[8], e[6], e[5], list(e[9]))
    names = seats(e[3])
    if e[6]:
        how = f"the best fit in the most habitats ({plural(e[4][e[3][0]], 'habitat')})"
    elif e[5] == "extinction":
        how = f"the fewest extinctions ({e[4][e[3][0]]})"
    else:
        how = f"the lowest unfit score ({e[4][e[3][0]]})"
    if e[2] == "complete":
        return f"Game over ({reason}). {names} {'wins' if len(e[3]) == 1 else 'win'} with {how}!"
    return f"Game over {reason}. {names} {'wins' if len(e[3]) == 1 else 'win'} with {how}!"


def _setup(e: tuple[Any, ...]) -> str:
    board = "one board (8 places)" if e[3] == "single" else "the double board (12 places)"
    if e[5]:
        return (f"A {e[2]}-player game of Adapt or Die on {board}, sharing habitats: the game ends when "
                f"{e[4]} habitats are selected, and everyone receives each one.")
    return f"A {e[2]}-player game of Adapt or Die on {board}: each player needs {e[4]} NICHE cards."


TEXT: dict[str, Callable[[tuple[Any, ...]], str]] = {
    "setup": _setup,
    "player_note": lambda e: f"Note: the rulebook designs Adapt or Die for 3-5 players; this {e[2]}-player "
    "game follows the same rules.",
    "choose_creatures": lambda e: "Each player in turn chooses a creature (variant).",
    "creature": lambda e: f"{who(e[2])} plays {creature(e[3])}.",
    "roll": lambda e: f"{who(e[2])} rolls {e[3]}.",
    "move": lambda e: f"{who(e[2])} moves the bug to {e[3]}" + (" and exits at a side." if e[4] else "."),
    "mat": _mat,
    "no_mat": lambda e: "No HABITAT MAT is left to place here.",
    "no_niche_left": lambda e: f"No copy of {niche(e[3])} is left in the NICHE pile.",
    "nothing_to_do": lambda e: f"{who(e[2])} already holds {niche(e[3])} and can neither return another "
    "NICHE card nor give it away.",
    "niche": lambda e: f"{who(e[2])} takes {niche(e[3])}.",
    "return": _returned,
    "give": _give,
    "shared": _shared,
    "already_shared": lambda e: f"{habitat(e[3])} is already everyone's habitat.",
    "adaptation": lambda e: f"{who(e[2])} selects the ADAPTATION card {adaptation(e[3])}.",
    "no_adaptation_left": lambda e: f"The ADAPTATION pile is empty: {seats(e[2])} "
    f"{'selects' if len(e[2]) == 1 else 'select'} no adaptation.",
    "offer": lambda e: f"{who(e[2])} offers {who(e[3])} a trade: {_card(e[4])} for {_card(e[5])}.",
    "answer": _answer,
    "end_turn": lambda e: f"{who(e[2])} ends the turn.",
    "game_over": _game_over,
}


def render(event: tuple[Any, ...], seat: int | None) -> dict[str, Any] | None:
    """The event as ``{"kind", "text"}`` if ``seat`` may see it, else None."""
    return render_event(TEXT, event, seat)
