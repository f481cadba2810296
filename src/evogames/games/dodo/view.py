"""What a seat sees: everything (Tough Luck, Dodo has no hidden information), its legal actions,
and its own tray ("hand": its tokens, the Active Player token, its place in turn order).
"""

from __future__ import annotations

from typing import Any

from evogames.games.dodo.actions import legal, to_act
from evogames.games.dodo.components import COLOURS, TOKENS, components
from evogames.games.dodo.moves import available
from evogames.games.dodo.state import TALLIES, Creature, DodoState

PHASE = {"place": "setup", "token": "token", "migrate": "migration", "order": "consumption", "over": "over"}


def view(s: DodoState, seat: int | None) -> dict[str, Any]:
    return {
        "game": "dodo",
        "seat": seat,
        "turn": s.turn,
        "phase": PHASE[s.step],
        "migration_round": s.migration_round if s.step == "migrate" else None,
        "active": s.active,
        "to_act": to_act(s),
        "legal": legal(s, seat) if seat is not None else [],
        "pending": _pending(s),
        "tied": list(s.choices),
        "hand": _tray(s, seat) if seat is not None else None,
        "grid": {"rows": s.rows, "cols": s.cols},
        "environments": [_environment(s, pos) for pos in range(len(s.grid))],
        "creatures": [_creature(s, c) for c in s.creatures.values()],
        "players": [_player(s, i) for i in range(s.n)],
        "supply": dict(zip(COLOURS, s.supply, strict=True)),
        "die": [COLOURS[k] for k in components().die_faces],
        "history": [dict(h) for h in s.history],
        "options": dict(s.options),
        "over": s.over,
        "result": dict(s.outcome) if s.outcome else None,
    }


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


def _tray(s: DodoState, seat: int) -> dict[str, Any]:
    return {
        "tokens": {t: s.tokens[seat][k] for k, t in enumerate(TOKENS)},
        "active_player_token": s.active == seat,
        "turn_order": s.distance(seat) + 1,
        "to_place": [c.id for c in s.creatures.values() if c.owner == seat and c.pos < 0],
        "bases_left": s.bases[seat],
    }


def _environment(s: DodoState, pos: int) -> dict[str, Any]:
    env = components().environments[s.grid[pos]]
    captured = s.captured_by[pos]
    return {
        "id": env.id, "name": env.name, "fact": env.fact, "pos": pos,
        "row": pos // s.cols, "col": pos % s.cols, "size": env.size,
        "resources": dict(zip(COLOURS, env.resources, strict=True)),
        "covered": dict(zip(COLOURS, s.covered[pos], strict=True)),
        "eaten": dict(zip(COLOURS, s.eaten[pos], strict=True)),
        "available": dict(zip(COLOURS, available(s, pos), strict=True)),
        "captured_by": captured if captured >= 0 else None,
        "captor": s.captor[pos] if captured >= 0 else None,
        "neighbours": [s.grid[p] for p in s.neighbours[pos]],
    }


def _creature(s: DodoState, c: Creature) -> dict[str, Any]:
    return {
        "id": c.id, "owner": c.owner, "environment": s.grid[c.pos] if c.pos >= 0 else None,
        "mutations": [COLOURS[k] for k in c.blocks], "captured": c.captured,
        "advantage": c.id in s.advantage, "migrated": c.id in s.migrated,
        "relocated": c.id in s.relocated, "fed": c.id in s.fed,
    }


def _player(s: DodoState, i: int) -> dict[str, Any]:
    return {
        "seat": i, "colour": components().player_colours[i],
        "tokens": {t: s.tokens[i][k] for k, t in enumerate(TOKENS)},
        "captures": s.captures(i), "creatures": len(s.on_board(i)), "bases_left": s.bases[i],
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
