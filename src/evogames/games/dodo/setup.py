"""Set-up: the grid of environments, three single-mutation creatures each, the first active player."""

from __future__ import annotations

from typing import Any

from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.events import PUBLIC
from evogames.core.rng import Rng
from evogames.games.dodo.components import COLOURS, CREATURES_AT_START, components
from evogames.games.dodo.events import Setup
from evogames.games.dodo.state import Creature, DodoState


def grid_shape(players: int) -> tuple[int, int]:
    """2 x 3 for two players, 3 x 3 for three or four (rows, columns)."""
    return (2, 3) if players == 2 else (3, 3)


def new_state(players: int, seed: int, options: dict[str, Any]) -> DodoState:
    s = DodoState(players, options, Rng(seed))
    box = components()
    s.rows, s.cols = grid_shape(players)
    s.grid = tuple(_environments(s.rng, s.rows * s.cols, options["environments"]))
    s.neighbours = tuple(_neighbours(pos, s.rows, s.cols) for pos in range(len(s.grid)))
    s.captured_by = [-1] * len(s.grid)
    s.captor = [-1] * len(s.grid)
    s.covered = [[0, 0, 0] for _ in s.grid]
    s.eaten = [[0, 0, 0] for _ in s.grid]
    s.eaters = [[] for _ in s.grid]
    s.supply = [box.blocks_per_colour - players] * len(COLOURS)
    s.bases = [box.bases_per_player - CREATURES_AT_START] * players
    for seat in range(players):
        for colour in range(CREATURES_AT_START):
            s.creatures[s.next_id] = Creature(s.next_id, seat, (colour,))
            s.next_id += 1
    s.active = _first_player(s.rng, players, options["first_player"])
    s.order = s.seat_order() * CREATURES_AT_START
    s.log(Setup, "setup", PUBLIC, players, s.rows, s.cols, s.grid, s.active)
    return s


def _environments(rng: Rng, count: int, scripted: list[str]) -> list[str]:
    known = components().environments
    if not scripted:
        box = list(known)
        rng.shuffle(box)
        return box[:count]
    if len(scripted) != count:
        raise IllegalAction(f"environments: this grid needs {count} environment ids, not {len(scripted)}.",
                            ErrorCode.OPTION_INVALID)
    for env in scripted:
        if env not in known:
            raise IllegalAction(f"environments: {env} is not an environment card (E01-E18).", ErrorCode.OPTION_INVALID)
    if len(set(scripted)) != count:
        raise IllegalAction("environments: the box holds one card of each environment.", ErrorCode.OPTION_INVALID)
    return list(scripted)


def _first_player(rng: Rng, players: int, chosen: int) -> int:
    if chosen >= players:
        raise IllegalAction(f"first_player: there is no seat {chosen} in a {players}-player game.",
                            ErrorCode.OPTION_INVALID)
    return rng.below(players) if chosen < 0 else chosen


def _neighbours(pos: int, rows: int, cols: int) -> tuple[int, ...]:
    """Grid positions sharing an edge with ``pos`` (reading order)."""
    r, c = divmod(pos, cols)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            out.append((r + dr) * cols + c + dc)
    return tuple(out)
