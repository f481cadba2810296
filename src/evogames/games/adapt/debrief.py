"""After the game: fit and adaptation in this game's numbers.

For each player: the unfit score of the creature as dealt (no adaptations), what
the ADAPTATION cards saved, what GENERIC would have scored in the same habitats
with the same cards, and the habitats that fitted best and worst.
"""

from __future__ import annotations

from typing import Any

from evogames.games.adapt.components import components
from evogames.games.adapt.rules.scorecard import best_orders, scorecard
from evogames.games.adapt.scoring import card_kinds, habitats_of, player_scorecard
from evogames.games.adapt.state import AdaptState

GENERIC = (3, 3, 3, 3, 3)


def debrief(s: AdaptState) -> dict[str, Any] | None:
    """The debrief once the game is over (the spec's ``debrief`` slot); None before."""
    return numbers(s) if s.over else None


def numbers(s: AdaptState) -> dict[str, Any]:
    players = [_player(s, seat) for seat in range(s.n)]
    return {"players": players, "lines": _lines(players)}


def _player(s: AdaptState, seat: int) -> dict[str, Any]:
    c = components()
    creature = c.creatures[s.creatures[seat]]
    held = [(h, s.pressures[h]) for h in habitats_of(s, seat) if h in s.pressures]
    pressures = [p for _, p in held]
    extinction = s.options["scoring"] == "extinction"
    card = player_scorecard(s, seat)
    missing = card["missing"]
    bare = scorecard(creature.features, [()] * 5, held, missing)
    generic = scorecard(GENERIC, best_orders(GENERIC, card_kinds(s, seat), pressures, extinction), held, missing)
    totals = dict(zip(card["habitats"], card["habitat_totals"], strict=True))
    return {
        "seat": seat,
        "creature": creature.id,
        "home": creature.home,
        "home_held": bool(creature.home) and creature.home in totals,
        "unfit": card["total"],
        "unfit_without_adaptations": bare["total"],
        "saved_by_adaptations": bare["total"] - card["total"],
        "generic_unfit": generic["total"],
        "extinctions": card["extinctions"],
        "best_habitat": min(totals, key=lambda h: totals[h]) if totals else "",
        "worst_habitat": max(totals, key=lambda h: totals[h]) if totals else "",
        "habitat_totals": totals,
    }


def _lines(players: list[dict[str, Any]]) -> list[str]:
    """A few sentences a student reads: what fit and adaptation did in this game."""
    c = components()
    out = []
    for p in players:
        name = c.creatures[p["creature"]].name
        who = f"Player {p['seat'] + 1} ({name})"
        home = " It held its home habitat." if p["home_held"] else ""
        out.append(f"{who}: unfit {p['unfit_without_adaptations']} as dealt, {p['unfit']} after its "
                   f"adaptations ({_change(p['saved_by_adaptations'])}); GENERIC with the same habitats and "
                   f"cards would score {p['generic_unfit']}.{home}")
    specialists = [p for p in players if p["home"]]
    if specialists:
        beat = sum(p["unfit"] < p["generic_unfit"] for p in specialists)
        out.append(f"{beat} of {len(specialists)} specialist creatures fitted their habitats better than "
                   "GENERIC would have: a specialist wins big at home and loses far from it.")
    saved = sum(p["saved_by_adaptations"] for p in players)
    moved = "lowered" if saved >= 0 else "raised"
    out.append(f"Adaptations {moved} the table's unfit score by {abs(saved)} in all: selection pressures "
               "changed the creatures, one feature at a time.")
    return out


def _change(saved: int) -> str:
    """What the adaptations did to one unfit score, as it happened."""
    if saved > 0:
        return f"saved {saved}"
    return "no change" if saved == 0 else f"cost {-saved}"
