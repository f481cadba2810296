"""What one seat may see: the whole table, every discard pile, its own hand; never another
hand, a deck's order or what is in a deck (only how many cards it holds).
"""

from __future__ import annotations

from typing import Any, cast

from evogames.core.rng import Rng
from evogames.games.phylo.action_types import EventAction
from evogames.games.phylo.actions import legal
from evogames.games.phylo.components import components
from evogames.games.phylo.debrief import links_per_species, numbers, points_by_diet
from evogames.games.phylo.events import Bluff, Turn
from evogames.games.phylo.rules.effects import CONTEST_WON, EVENTS, climate_change_spreads, play_event
from evogames.games.phylo.rules.grid import SPECIES, near, unlinked, unlinked_among
from evogames.games.phylo.scoring import scores
from evogames.games.phylo.state import LOSSES, PhyloState, Pos, owner


def view(s: PhyloState, seat: int | None) -> dict[str, Any]:
    return view_given_legal(s, seat, legal(s, seat) if seat is not None else [])


def view_given_legal(s: PhyloState, seat: int | None, moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The view, with the seat's legal actions already known (``GameSpec.full_view`` passes its own)."""
    seen = {s.card_of[i] for stack in s.board.values() for i in stack}
    seen |= {s.card_of[i] for pile in s.discards for i in pile}
    if seat is not None:
        seen |= {s.card_of[i] for i in s.hands[seat]}
    last = s.last_event
    cut = sorted(s.board[p][0] for p in unlinked(s))
    points = scores(s)
    dicts = components().card_dicts()
    return {
        "turn": s.turn,
        "player": s.player,
        "actions_left": s.actions_left,
        "event_played": s.event_played,
        "wind": s.wind,
        "pending_bluff": s.pending if s.pending >= 0 else None,
        "board": [_space(s, pos) for pos in sorted(s.board)],
        "flooded": [list(p) for p in sorted(s.flooded)],
        "urban": [list(p) for p in sorted(s.urban)],
        "threatened": [iid for iid in cut if iid in s.threatened],  # checked at the end of their reaction turn
        "threatened_until": {iid: s.threatened[iid] for iid in cut if iid in s.threatened},  # its reaction turn
        "unlinked": cut,
        "hand": [{**dicts[s.card_of[iid]], "id": iid, "card": s.card_of[iid]} for iid in s.hands[seat]]
        if seat is not None else None,
        "players": [_player(s, i, points[i]) for i in range(s.n)],
        "cards": {cid: dicts[cid] for cid in sorted(seen)},
        "last_event": {"event": last["event"], "seat": last["seat"], "turn": last["turn"],
                       "countered": last["countered"]} if last else None,
        "bluff": last_bluff(s),
        "last_turn": s.last_turn or None,
        "climate_change_used": s.climate_change_used,
        "previews": previews(s, moves),
        "history": [list(h) for h in s.history],
        "options": public_options(s.options),
    }


def last_bluff(s: PhyloState) -> dict[str, Any] | None:
    """The bluff called this turn, if any: who called it on which two cards, what the cards proved
    (bluff, real, unproven: left as is), on what evidence, and who may remove a species (None: nobody)."""
    for event in reversed(s.events):
        if isinstance(event, Turn):
            return None
        if isinstance(event, Bluff):
            return {"by": event.seat, "cards": [event.card, event.neighbour], "outcome": event.outcome,
                    "winner": event.winner if event.winner >= 0 else None, "evidence": event.evidence}
    return None


def _space(s: PhyloState, pos: Pos) -> dict[str, Any]:
    return {"at": list(pos), "cards": [{"id": i, "card": s.card_of[i], "owner": owner(i)} for i in s.board[pos]]}


def _player(s: PhyloState, i: int, points: int) -> dict[str, Any]:
    return {"seat": i, "hand_size": len(s.hands[i]), "deck_size": len(s.decks[i]),
            "discard": [{"id": iid, "card": s.card_of[iid]} for iid in s.discards[i]],
            "points": points, "insight": s.insight[i], "lost": dict(s.lost[i])}


Preview = dict[str, Any]


def previews(s: PhyloState, moves: list[dict[str, Any]]) -> dict[str, Preview]:
    """For each legal event action (by its index in ``legal``): the species it discards at once, and
    those it leaves without a link (threatened until their reaction turn). Chance is never foreseen: a
    Climate Change that may spread shows what happens if it does not (``removes``, ``threatens``) and,
    apart, what happens if it does (``if_it_spreads``, with its ``chance``)."""
    out: dict[str, Preview] = {}
    before: set[str] | None = None
    for index, action in enumerate(moves):
        if action["type"] != "event" or "at" not in action:
            continue
        if before is None:
            before = {s.board[p][0] for p in unlinked(s)}
        certain = {k: v for k, v in action.items() if k != "then"}  # no contest: no die is rolled
        twin, record = _trial(s, certain)
        out[str(index)] = _outcome(s, twin, before)
        then = action.get("then")
        if then is not None:
            climate_change_spreads(twin, (then[0], then[1]), record)
            out[str(index)]["if_it_spreads"] = {**_outcome(s, twin, before), "chance": round(CONTEST_WON, 4)}
    return out


def _trial(s: PhyloState, action: dict[str, Any]) -> tuple[PhyloState, dict[str, Any]]:
    """The event played on a sandbox, with no chance in it (the real generator is never used)."""
    twin = s.sandbox()
    twin.rng = Rng(0)
    return twin, play_event(twin, s.player, EVENTS[s.card_of[action["card"]]], cast(EventAction, action))


def _outcome(s: PhyloState, twin: PhyloState, before: set[str]) -> Preview:
    board, other = s.board, twin.board
    changed = {p for p in board.keys() | other.keys() if board.get(p) != other.get(p)}
    # a card gone from the table was in a changed space, and a card still on it that moved is in one too
    kept = {i for p in changed for i in other.get(p, ())}
    gone = sorted(i for p in changed for i in board.get(p, ()) if i not in kept)
    cut = sorted({other[p][0] for p in unlinked_among(twin, _around(s, twin, changed))} - before)
    return {"removes": gone, "threatens": cut}


def _around(s: PhyloState, twin: PhyloState, changed: set[Pos]) -> set[Pos]:
    """The spaces whose links may differ between ``s`` and ``twin`` (``changed``: the spaces whose cards
    differ): a space's links depend only on the cards in it and next to it and on which of those spaces
    are flooded or urban."""
    changed = changed | (s.flooded.keys() ^ twin.flooded.keys()) | (s.urban ^ twin.urban)
    return changed.union(*(near(p) for p in changed))


def _species(s: PhyloState, seat: int) -> int:
    """How many species cards ``seat`` put on the table this game."""
    return sum(card in SPECIES for card in s.plays[seat])


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options as players may see them: a deck list (and so its order) stays secret."""
    shown = dict(options)
    for key in ("deck_p1", "deck_p2", "deck_p3", "deck_p4"):
        if shown.get(key):
            shown[key] = "a deck list"
    return shown


def stats(s: PhyloState) -> dict[str, Any]:
    """Per-seat tallies for the lab: points (and by diet), species lost by cause, cascade sizes."""
    info = numbers(s)
    seats = []
    for i in range(s.n):
        row: dict[str, Any] = {"points": info["scores"][i], "cards_played": len(s.plays[i]),
                               "lost_to_cascades": info["lost_to_cascades"][i],
                               "cascade_loss_rate": round(info["lost_to_cascades"][i] / max(1, _species(s, i)), 4),
                               "links_per_species": links_per_species(s, i)}
        row.update({f"lost_{cause}": s.lost[i][cause] for cause in LOSSES})
        row.update({f"points_{group}": v for group, v in points_by_diet(s)[i].items()})
        seats.append(row)
    return {
        "rounds": s.turn,
        "seats": seats,
        "history": [{"points": h} for h in s.history],
        "cards_played": [list(p) for p in s.plays],
        "cascades": list(s.cleanups),
        "longest_chain": len(info["longest_chain"]),
        "links_per_species": info["links_per_species"],
    }
