"""What one seat may see. Almost everything in Adapt or Die is on the table:
creatures are shown face up, NICHE cards come from habitats on the board and the
ADAPTATION cards lie face up. Hidden: the order of the face-down HABITAT MAT,
randomizer and creature piles (and a scripted pile's order in the options).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from evogames.core.text import plural
from evogames.games.adapt.components import FEATURE_NAMES, FEATURES, KINDS, components
from evogames.games.adapt.events import why_ended
from evogames.games.adapt.flow import CHOOSE, EXIT, phase
from evogames.games.adapt.options import OPTIONS
from evogames.games.adapt.rules.board import boards
from evogames.games.adapt.rules.scorecard import (
    EXTINCTION_ABOVE,
    HIGHEST,
    LOWEST,
    MAX_FEATURE_SCORE,
    MISSING_NICHE,
    SETS,
    STEPS,
)
from evogames.games.adapt.scoring import habitats_of, player_scorecard
from evogames.games.adapt.state import TALLIES, AdaptState

SCRIPTED = ("creature_order", "habitat_order", "randomizer_order")
# how the scorecard counts, as the boards say it under a player's scorecard
SCORECARD_NOTES = {
    False: "Only habitats whose NICHE card you hold count; your cards on a feature are applied in the order "
           "giving the lowest total; each score is at most {cap}.",
    True: "Every shared habitat counts; your cards on a feature are applied in the order winning you the "
          "most habitats; each score is at most {cap}.",
}


def view(s: AdaptState, seat: int | None) -> dict[str, Any]:
    return {
        "phase": phase(s),
        "turn": s.turn + 1,
        "round": s.turn // s.n + 1,
        "active": s.active,
        "roll": s.roll,
        "hand": _hand(s, seat) if seat is not None else None,
        "goal": s.goal,
        "board": board_dict(s.board),
        "positions": list(s.pos),
        "mats": [_mat(s, place, hid) for place, hid in s.mats.items()],
        "players": [_player(s, i) for i in range(s.n)],
        "adaptation_pile": list(s.adapt_pile),
        "niche_pile": dict(s.niche_pile),
        "mat_pile": len(s.deck),
        "creatures_to_choose": list(s.creature_pile) if s.step == CHOOSE else [],
        "pending": {"habitat": s.pending, "held": s.pending in s.niches[s.active]} if s.step == EXIT else None,
        "offer": _offer(s),
        "shared": list(s.shared),
        "history": list(s.history),
        "catalog": catalog(),
        "facts": facts(s),
        "options": public_options(s.options),
        "scorecard_note": SCORECARD_NOTES[bool(s.options["shared_habitats"])].format(cap=MAX_FEATURE_SCORE),
        "ending": ending_text(s),
    }


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options as players may see them: scripted piles say how many cards, not which order."""
    shown = dict(options)
    for name in SCRIPTED:
        if shown.get(name):
            shown[name] = f"{len(shown[name])} cards scripted"
    return shown


def _hand(s: AdaptState, seat: int) -> dict[str, Any]:
    return {"creature": s.creatures[seat], "niches": habitats_of(s, seat), "adaptations": list(s.adapts[seat])}


def _player(s: AdaptState, i: int) -> dict[str, Any]:
    card = player_scorecard(s, i) if s.creatures[i] else None
    return {
        "seat": i,
        "creature": s.creatures[i],
        "position": s.pos[i],
        "niches": habitats_of(s, i),
        "adaptations": list(s.adapts[i]),
        "scorecard": card,
        "unfit_text": unfit_text(s, card) if card else None,
    }


def unfit_text(s: AdaptState, card: dict[str, Any]) -> str:
    """What a player's unfit score counts now, in words (none yet: it says why, not a perfect 0)."""
    shared = bool(s.options["shared_habitats"])
    counted = len(card["habitats"])
    if not counted and not card["missing"]:
        if shared:
            return ("Unfit now: nothing to score yet, no habitat is shared yet (everyone is scored in each "
                    "habitat once it is selected).")
        return ("Unfit now: nothing to score yet, no NICHE card yet (a player is scored only in the habitats "
                "whose NICHE card they hold).")
    text = f"Unfit{'' if s.over else ' now'}: {card['total']}"
    if counted:
        text += f" in {plural(counted, 'shared habitat' if shared else 'habitat')}"
    text += " (lower is better)"
    if card["missing"]:
        gap = (f"{card['missing']} habitat{'s' * (card['missing'] != 1)} never selected" if shared
               else plural(card["missing"], "missing NICHE card"))
        text += f"; {gap} counts {MISSING_NICHE}" if card["missing"] == 1 else f"; {gap} count {MISSING_NICHE} each"
    if s.options["scoring"] == "extinction":
        text += f"; {plural(card['extinctions'], 'extinction')}"
    return text + "."


def ending_text(s: AdaptState) -> str | None:
    """When and why the game ended (None while it goes on)."""
    if not s.over or not s.outcome:
        return None
    missing = [player_scorecard(s, i)["missing"] for i in range(s.n)]
    why = why_ended(s.outcome["reason"], s.outcome["rounds"], s.goal, bool(s.options["shared_habitats"]),
                    s.options["scoring"], missing)
    if s.outcome["reason"] == "complete":
        return f"The game ended after round {s.outcome['rounds']}: {why}."
    return f"The game ended {why}."


def _mat(s: AdaptState, place: str, hid: str) -> dict[str, Any]:
    return {"place": place, "habitat": hid, "pressures": list(s.pressures[hid])}


def _offer(s: AdaptState) -> dict[str, Any] | None:
    if s.offer is None:
        return None
    to, kind, give, take = s.offer
    return {"from": s.active, "to": to, "kind": kind, "give": give, "take": take}


@cache
def board_dict(name: str) -> dict[str, Any]:
    """The board graph: spaces as [id, x, y, place or null], each link once as [a, b]."""
    b = boards()[name]
    return {
        "name": b.name, "title": b.title, "start": b.start,
        "nodes": [[n, b.xy[n][0], b.xy[n][1], b.exits.get(n)] for n in b.links],
        "edges": [[n, m] for n in b.links for m in b.links[n] if n < m],
        "places": [[p, x, y] for p, (x, y) in b.places.items()],
    }


@cache
def catalog() -> dict[str, Any]:
    """The box without its facts, for the boards and the standalone scoring app."""
    c = components()
    return {
        "features": list(FEATURES), "feature_names": list(FEATURE_NAMES), "kinds": list(KINDS),
        "max_feature_score": MAX_FEATURE_SCORE, "extinction_above": EXTINCTION_ABOVE,
        "values": [LOWEST, HIGHEST], "steps": dict(STEPS), "sets": dict(SETS),
        "max_habitats": next(o.maximum for o in OPTIONS if o.name == "habitats_per_player"),
        "habitats": {h.id: {"number": h.number, "name": h.name, "place": h.place, "niche": h.niche,
                            "fixed": [list(f) for f in h.fixed], "blanks": list(h.blanks)}
                     for h in c.habitats.values()},
        "creatures": {cr.id: {"name": cr.name, "organism": cr.organism, "home": cr.home,
                              "features": list(cr.features)} for cr in c.creatures.values()},
        "adaptations": {a.id: {"feature": a.feature, "kind": a.kind, "name": a.name, "organism": a.organism}
                        for a in c.adaptations.values()},
    }


def facts(s: AdaptState) -> dict[str, str]:
    """The true fact on each card on the table: placed habitats, creatures, held adaptations."""
    c = components()
    out = {h: c.habitats[h].fact for h in s.mats.values()}
    out.update({cr: c.creatures[cr].fact for cr in s.creatures if cr})
    out.update({a: c.adaptations[a].fact for held in s.adapts for a in held})
    if s.step == CHOOSE:
        out.update({cr: c.creatures[cr].fact for cr in s.creature_pile})
    return out


def stats(s: AdaptState) -> dict[str, Any]:
    """Per-seat tallies for the lab, each seat's kind of creature, and the round-by-round fit."""
    creatures = components().creatures
    out = s.outcome or {}
    seats = []
    for seat in range(s.n):
        row: dict[str, Any] = dict(zip(TALLIES, s.tally[seat], strict=True))
        row["unfit"] = out.get("unfit", [0] * s.n)[seat]
        row["extinctions"] = out.get("extinctions", [0] * s.n)[seat]
        row["adaptations"] = len(s.adapts[seat])
        row["generic"] = int(not creatures[s.creatures[seat]].home) if s.creatures[seat] else 0
        seats.append(row)
    return {
        "rounds": -(-s.turn // s.n),
        "seats": seats,
        "kinds": [creatures[c].name if c else "" for c in s.creatures],
        "creatures": list(s.creatures),
        "cards_played": [list(s.adapts[seat]) for seat in range(s.n)],
        "history": list(s.history),
    }
