"""Seats: who sits where (a person or a bot) and the secret code of each human seat."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from evogames.bots import table_levels
from evogames.core.errors import ErrorCode, IllegalAction

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: easy to read aloud
CODE_LENGTH = 10


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


@dataclass
class Seat:
    """One seat: ``kind`` human or bot; a human seat's ``code`` is its secret token."""

    kind: str
    bot: str | None = None
    code: str | None = None
    name: str | None = None  # what the student typed when joining (plain text, bounded)

    def to_row(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "code": self.code, "name": self.name}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Seat:
        return cls(row["kind"], row.get("bot"), row.get("code"), row.get("name"))

    @property
    def owner(self) -> str:
        """Whose seat it is: "human" for a person's (it has a code, even while a bot holds it), else "bot"."""
        return "human" if self.code else self.kind

    @property
    def held_by_bot(self) -> str | None:
        """The level of the bot holding a person's seat for them (the teacher handed it over), else None."""
        return self.bot if self.kind == "bot" and self.code else None

    def public(self, seat: int, settled: bool = False) -> dict[str, Any]:
        """The seat as everyone sees it. While the game goes on, a bot holding a person's seat plays it
        (``kind`` bot, ``stands_in``); once it is ``settled`` (over, or ended by the teacher) the seat is the
        person's in every result and name (``kind`` human) and ``held_by_bot`` says a bot held it at the end."""
        held = self.held_by_bot
        if settled and held:
            return {"seat": seat, "kind": "human", "name": self.name, "held_by_bot": held}
        out: dict[str, Any] = {"seat": seat, "kind": self.kind, "name": self.name}
        if self.bot:
            out["bot"] = self.bot
        if held:
            out["stands_in"] = True  # a bot keeps a person's seat until they come back
        return out


def parse_seats(raw: Any, min_players: int, max_players: int) -> list[Seat]:
    """The lobby's seat list, checked: 'human' or 'bot' with a known bot."""
    if not isinstance(raw, list) or not min_players <= len(raw) <= max_players:
        raise IllegalAction(f"Choose {min_players} to {max_players} seats.", ErrorCode.TABLE_SEATS)
    seats = []
    for index, entry in enumerate(raw):
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if kind == "human":
            seats.append(Seat("human", code=new_code()))
        elif kind == "bot":
            bot = entry.get("bot", "heuristic")
            if bot not in table_levels():
                raise IllegalAction(f"Seat {index + 1}: unknown bot {bot!r} ({', '.join(table_levels())}).",
                                    ErrorCode.TABLE_SEATS)
            seats.append(Seat("bot", bot=bot))
        else:
            raise IllegalAction(f"Seat {index + 1} must be 'human' or 'bot'.", ErrorCode.TABLE_SEATS)
    return seats
