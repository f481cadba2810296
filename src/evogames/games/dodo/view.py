"""What a seat sees: everything (Tough Luck, Dodo has no hidden information), its legal actions,
and its own tray ("hand": its tokens, the Active Player token, its place in turn order).
"""

from __future__ import annotations

from typing import Any, Final

from evogames.games.dodo.components import (
    CAPTURES_TO_END,
    COLOURS,
    CREATURES_AT_START,
    MIGRATION_ROUNDS,
    TOKENS,
    Components,
    Counts,
    components,
)
from evogames.games.dodo.flow import MIGRATION, phase
from evogames.games.dodo.rules.targets import available
from evogames.games.dodo.state import TALLIES, Creature, DodoState


def view(s: DodoState, seat: int | None) -> dict[str, Any]:
    box = components()
    fed = set(s.fed)
    on_board = [0] * s.n
    for c in s.creatures.values():
        if c.pos >= 0:
            on_board[c.owner] += 1
    return {
        "turn": s.turn,
        "phase": phase(s),
        "migration_round": s.migration_round if s.step == MIGRATION and not s.over else None,
        "active": s.active,
        "pending": _pending(s),
        "tied": list(s.choices),
        "hand": _tray(s, seat) if seat is not None else None,
        "grid": {"rows": s.rows, "cols": s.cols},
        "environments": [_environment(s, pos, card) for pos, card in enumerate(_cards(s, box))],
        "creatures": [_creature(s, c, fed) for c in s.creatures.values()],
        "players": [_player(s, i, box, on_board[i]) for i in range(s.n)],
        "supply": _colours(s.supply),
        "die": [COLOURS[k] for k in box.die_faces],
        "tokens": {t.id: {"name": t.name, "text": t.text} for t in box.tokens.values()},
        "rules": {"migration_rounds": MIGRATION_ROUNDS, "creatures_at_start": CREATURES_AT_START,
                  "captures_to_end": CAPTURES_TO_END},
        "history": [dict(h) for h in s.history],
        "options": dict(s.options),
    }


def _colours(counts: list[int]) -> dict[str, int]:
    """Three counts (red, yellow, green) by colour name."""
    return {"red": counts[0], "yellow": counts[1], "green": counts[2]}


def _printed(res: Counts) -> dict[str, int]:
    """An environment card's printed resources by colour name (``_colours`` of a tuple)."""
    red, yellow, green = res
    return {"red": red, "yellow": yellow, "green": green}


def _pending(s: DodoState) -> dict[str, Any] | None:
    if not s.pending:
        return None
    kind = s.pending[0]
    out: dict[str, Any] = {"kind": kind, "seat": s.order[0] if s.order else None}
    if kind == "famine" and len(s.pending) > 1:
        out["environment"] = s.grid[s.pending[1]]
    elif kind in ("relocation", "migrate") and len(s.pending) > 1:
        out["creature"] = s.pending[1]
    return out


def _tokens(up: list[bool]) -> dict[str, bool]:
    return {TOKENS[0]: up[0], TOKENS[1]: up[1], TOKENS[2]: up[2]}


def _tray(s: DodoState, seat: int) -> dict[str, Any]:
    return {
        "tokens": _tokens(s.tokens[seat]),
        "active_player_token": s.active == seat,
        "turn_order": s.distance(seat) + 1,
        "to_place": [c.id for c in s.creatures.values() if c.owner == seat and c.pos < 0],
        "bases_left": s.bases[seat],
    }


#: one grid's environments: for each position, its dict less the parts that change (``_environment`` copies it and
#: fills them in), its printed resources and its neighbours' ids; by (grid, columns, neighbours), the few last grids
Card = tuple[dict[str, Any], Counts, list[str]]
_CARDS: dict[tuple[object, ...], list[Card]] = {}
_CARDS_KEPT: Final = 256


def _cards(s: DodoState, box: Components) -> list[Card]:
    key = (s.grid, s.cols, s.neighbours)
    cards = _CARDS.get(key)
    if cards is None:
        if len(_CARDS) >= _CARDS_KEPT:
            _CARDS.clear()
        cards = _CARDS[key] = [_card(s, pos, box) for pos in range(len(s.grid))]
    return cards


def _card(s: DodoState, pos: int, box: Components) -> Card:
    env = box.environments[s.grid[pos]]
    res = env.resources
    template: dict[str, Any] = {
        "id": env.id, "name": env.name, "fact": env.fact, "pos": pos,
        "row": pos // s.cols, "col": pos % s.cols, "size": res[0] + res[1] + res[2],
        "resources": None, "covered": None, "eaten": None, "available": None,
        "captured_by": None, "captor": None, "neighbours": None,
    }
    return template, res, [s.grid[p] for p in s.neighbours[pos]]


def _environment(s: DodoState, pos: int, card: Card) -> dict[str, Any]:
    """The environment at ``pos``: a copy of its card's dict (the keys keep their order) with the changing parts,
    and fresh dicts and lists (a view shares nothing with another)."""
    template, res, neighbours = card
    out = template.copy()
    out["resources"] = _printed(res)
    out["covered"] = _colours(s.covered[pos])
    out["eaten"] = _colours(s.eaten[pos])
    out["available"] = _colours(available(s, pos))
    captured = s.captured_by[pos]
    if captured >= 0:
        out["captured_by"] = captured
        out["captor"] = s.captor[pos]
    out["neighbours"] = list(neighbours)
    return out


def _creature(s: DodoState, c: Creature, fed: set[int]) -> dict[str, Any]:
    cid = c.id
    return {
        "id": cid, "owner": c.owner, "environment": s.grid[c.pos] if c.pos >= 0 else None,
        "mutations": [COLOURS[k] for k in c.blocks], "captured": c.captured,
        "advantage": cid in s.advantage, "migrated": cid in s.migrated,
        "relocated": cid in s.relocated, "fed": cid in fed,
    }


def _player(s: DodoState, i: int, box: Components, creatures: int) -> dict[str, Any]:
    return {
        "seat": i, "colour": box.player_colours[i],
        "tokens": _tokens(s.tokens[i]),
        "captures": s.captures(i), "creatures": creatures, "bases_left": s.bases[i],
    }


def stats(s: DodoState) -> dict[str, Any]:
    """Per-seat tallies, the per-turn history, and the game's mutation and capture counts."""
    seats = []
    for seat, t in enumerate(s.tally):
        row = dict(zip(TALLIES, t, strict=True))
        row["creatures_at_end"] = len(s.on_board(seat))
        seats.append(row)
    return {
        "rounds": s.turn,
        "seats": seats,
        "history": [dict(h) for h in s.history],
        "kinds": [_kind(row) for row in seats],
        "mutations_at_death": dict(sorted(s.death_mutations.items())),
        "mutations_at_capture": dict(sorted(s.capture_mutations.items())),
        "captures_by_environment_size": dict(sorted(s.captures_by_size.items())),
        "environment_sizes": sorted(components().environments[e].size for e in s.grid),
    }


def _kind(row: dict[str, int]) -> str:
    """A seat's main style: the tokens it leaned on (a seat that used none is "none")."""
    used = [t for t in TOKENS if row[f"{t}_used"]]
    return "+".join(used) if used else "none"
