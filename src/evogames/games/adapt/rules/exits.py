"""What a player does with the NICHE card of the habitat their bug exited at.

Not yet held (a copy is taken from the NICHE pile):
- ``{"type": "keep"}``: keep it (only with fewer NICHE cards than the goal);
- ``{"type": "exchange", "niche": "H03", "adaptation": "A07"}``: return a NICHE card
  they hold (and an ADAPTATION card: every returned NICHE takes one with it) and keep this one;
- ``{"type": "give", "to": 2}``: force it on a player with fewer NICHE cards than the goal
  who does not hold it.
Already held (returning to a habitat is the way to discard):
- ``{"type": "exchange", "niche": "H03", "adaptation": "A07"}``: return a different NICHE card
  (and an ADAPTATION card), as if exchanging;
- ``{"type": "give", "to": 2, "adaptation": "A07"}``: force the held card on someone else
  (returning an ADAPTATION card so the counts stay equal).
Whoever selected or was given a NICHE card then selects an ADAPTATION card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.types import Action
from evogames.games.adapt.events import NicheGiven, NicheReturned, NicheTaken
from evogames.games.adapt.state import AdaptState, T

if TYPE_CHECKING:
    from evogames.games.adapt.action_types import AdaptAction, Exchange, ExitAction, Give


def receivers(s: AdaptState, seat: int, habitat: str) -> list[int]:
    """Players who may be given this NICHE card: fewer than the goal, not holding it."""
    return [q for q in range(s.n)
            if q != seat and len(s.niches[q]) < s.goal and habitat not in s.niches[q]]


def _returns(s: AdaptState, seat: int, habitat: str) -> list[tuple[str, str | None]]:
    """(NICHE, ADAPTATION) pairs the player may return; no adaptation only if they have none."""
    adapts: list[str | None] = list(s.adapts[seat]) or [None]
    return [(n, a) for n in s.niches[seat] if n != habitat for a in adapts]


def exit_choices(s: AdaptState, seat: int) -> list[AdaptAction]:
    habitat = s.pending
    held = habitat in s.niches[seat]
    out: list[AdaptAction] = []
    if not held and len(s.niches[seat]) < s.goal:
        out.append({"type": "keep"})
    for niche, adaptation in _returns(s, seat, habitat):
        out.append(_with({"type": "exchange", "niche": niche}, adaptation))
    returnable: list[str | None] = list(s.adapts[seat]) or [None]
    for q in receivers(s, seat, habitat):
        if held:
            out.extend(_with({"type": "give", "to": q}, a) for a in returnable)
        else:
            out.append({"type": "give", "to": q})
    return out


def _with(action: Exchange | Give, adaptation: str | None) -> Exchange | Give:
    if adaptation is not None:
        action["adaptation"] = adaptation
    return action


def check_exit(s: AdaptState, seat: int, action: Action) -> None:
    """Raise IllegalAction unless ``action`` is one of the player's choices."""
    if action in exit_choices(s, seat):
        return
    habitat, kind = s.pending, action.get("type")
    held = habitat in s.niches[seat]
    if kind == "keep":
        why = ("You already hold this NICHE card: return a different one or give it away."
               if held else f"You already have {s.goal} NICHE cards: exchange this one or give it away.")
    elif kind == "exchange":
        why = ("Exchange names a NICHE card you hold (not this habitat's) and, if you have any, "
               "one of your ADAPTATION cards to return with it.")
    elif kind == "give":
        ok = receivers(s, seat, habitat)
        why = (f"You can give this NICHE card only to a player with fewer than {s.goal} who does not "
               f"hold it ({', '.join(f'Player {q + 1}' for q in ok) or 'nobody can take it now'})"
               + ("; giving a card you held also returns one of your ADAPTATION cards." if held else "."))
    else:
        why = "Your bug is at a habitat: keep, exchange or give its NICHE card."
    raise IllegalAction(why, ErrorCode.ACTION_INVALID_MOVE)


def apply_exit(s: AdaptState, seat: int, action: ExitAction) -> list[int]:
    """Apply a checked exit choice; return the seats that now select an ADAPTATION card."""
    habitat = s.pending
    held = habitat in s.niches[seat]
    if action["type"] == "exchange":
        return_niche(s, seat, action["niche"], action.get("adaptation"))
        if held:
            return []
        _take(s, seat, habitat)
        s.tally[seat][T["exchanges"]] += 1
        return [seat]
    if action["type"] == "give":
        to = action["to"]
        if held:
            s.niches[seat].remove(habitat)
            _return_adaptation(s, seat, action.get("adaptation"))
            s.niches[to].append(habitat)
        else:
            s.niche_pile[habitat] -= 1
            s.niches[to].append(habitat)
        s.tally[seat][T["niches_forced"]] += 1
        s.tally[to][T["niches_received"]] += 1
        s.log(NicheGiven, "give", PUBLIC, seat, to, habitat, action.get("adaptation") or "")
        return [to]
    _take(s, seat, habitat)
    return [seat]


def _take(s: AdaptState, seat: int, habitat: str) -> None:
    s.niche_pile[habitat] -= 1
    s.niches[seat].append(habitat)
    s.tally[seat][T["niches_taken"]] += 1
    s.log(NicheTaken, "niche", PUBLIC, seat, habitat)


def return_niche(s: AdaptState, seat: int, niche: str, adaptation: str | None) -> None:
    """A NICHE card goes back to the pile, and one ADAPTATION card with it."""
    s.niches[seat].remove(niche)
    s.niche_pile[niche] += 1
    s.tally[seat][T["niches_returned"]] += 1
    s.log(NicheReturned, "return", PUBLIC, seat, niche, adaptation or "")
    _return_adaptation(s, seat, adaptation)


def _return_adaptation(s: AdaptState, seat: int, adaptation: str | None) -> None:
    if adaptation:
        s.adapts[seat].remove(adaptation)
        s.adapt_pile.append(adaptation)
        s.adapt_pile.sort()
