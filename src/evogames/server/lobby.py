"""The lobby: every table of the session, created, restored and listed."""

from __future__ import annotations

import csv
import io
import logging
import secrets
from collections.abc import Iterable
from typing import Any

import evogames
from evogames.core.errors import IllegalAction
from evogames.core.match import Match
from evogames.server.seats import parse_seats
from evogames.server.storage import Storage, StoredTable
from evogames.server.tables import LiveTable, from_stored, now, round_of, scores_of

LOG = logging.getLogger("evogames.server")


class Lobby:
    def __init__(self, db_url: str, bot_delay: float) -> None:
        self.storage = Storage(db_url)
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self.broken: dict[str, str] = {}

    def restore(self) -> None:
        """Replay every stored table; bots pick up where they were.

        A table whose record no longer replays (say, after its card file was
        edited) is left out with a warning instead of stopping the server.
        """
        for row in self.storage.load_all():
            try:
                table = from_stored(row, self.storage, self.bot_delay)
            except (IllegalAction, KeyError, TypeError, ValueError) as err:
                LOG.warning("table %s (%s) cannot be restored: %s", row.id, row.name, err)
                self.broken[row.id] = str(err)
                continue
            self.tables[table.id] = table
            table.wake_bots()

    async def create(self, body: dict[str, Any]) -> dict[str, Any]:
        game = evogames.game(str(body.get("game", "mating")))
        seats = parse_seats(body.get("seats"), game.min_players, game.max_players)
        seed = body.get("seed", secrets.randbits(31))
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise IllegalAction("Options must be an object of name: value.", "option/invalid")
        match = Match(game, len(seats), seed, options)  # validates seed and options
        table_id = "t_" + secrets.token_hex(4)
        name = str(body.get("name") or f"Table {len(self.tables) + 1}")[:200]
        row = StoredTable(table_id, name, game.name, len(seats), seed, match.options,
                          [s.to_row() for s in seats], now(), [])
        self.storage.create_table(row)  # on the loop: names stay unique, and it is rare
        table = LiveTable(table_id, name, match, seats, row.created, self.storage, self.bot_delay)
        self.tables[table_id] = table
        table.wake_bots()
        return {
            "table_id": table_id, "name": name, "game": game.name, "spectator_url": f"/table/{table_id}",
            "seats": [{**s.public(i), **({"code": s.code, "join_url": f"/table/{table_id}?token={s.code}"}
                                         if s.code else {})} for i, s in enumerate(seats)],
        }

    def get(self, table_id: str) -> LiveTable:
        if table_id not in self.tables:
            raise IllegalAction("No such table.", "table/unknown")
        return self.tables[table_id]

    def find_code(self, code: str) -> LiveTable | None:
        return next((t for t in self.tables.values() if t.seat_for(code) is not None), None)

    async def close(self) -> None:
        for table in self.tables.values():
            await table.close()
        self.storage.close()


CSV_FIELDS = ["table_id", "name", "game", "seat", "kind", "bot", "score", "food", "winner", "over", "rounds"]


def results_csv(tables: Iterable[LiveTable]) -> str:
    """One row per seat of every table, finished or not."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS)
    writer.writeheader()
    for table in tables:
        result = table.match.result or {}
        view = table.match.view(None)
        scores = scores_of(view, table.match.result)
        for seat, info in enumerate(table.seats):
            player = view["players"][seat] if len(view.get("players", [])) > seat else {}
            writer.writerow({
                "table_id": table.id, "name": table.name, "game": table.match.game.name, "seat": seat,
                "kind": info.kind, "bot": info.bot or "", "score": _blank(scores[seat] if scores else None),
                "food": player.get("food", ""), "winner": int(seat in result.get("winners", [])),
                "over": int(table.match.over), "rounds": _blank(round_of(view)),
            })
    return out.getvalue()


def _blank(value: Any) -> Any:
    return "" if value is None else value
