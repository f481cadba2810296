"""A student's seat the teacher handed to a bot stays the student's in every result (newcomer walkthrough, item 1).

While the game goes on the bot plays it (``kind`` bot, ``stands_in``). Once the game is over, or the teacher ended
it, the seat is the student's: the results CSV says ``kind`` human with ``held_by_bot`` the bot's level (``bot`` is
left for a bot's own seat), and the seats every page names (summary, board, replay) say ``kind`` human, with the
student's name and ``held_by_bot``, so the game-over line credits "Zoe", not "Zoe (bot)".
"""

from __future__ import annotations

import asyncio
import csv
import io
from pathlib import Path
from typing import Any

from evogames.core.rng import Rng
from evogames.server.lobby import Lobby, results_csv
from evogames.server.tables import LiveTable
from tests.web.wsclient import run_async

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]


async def play_out(table: LiveTable, rng: Rng) -> None:
    """The people's seats act at random and the bots play theirs, to the end of the game."""
    for _ in range(5000):
        if table.match.over:
            return
        people = [s for s in table.match.to_act if s not in table.bots]
        if people:
            seat = people[0]
            legal = table.match.legal(seat)
            await table.act(seat, legal[rng.below(len(legal))], table.version)
        await asyncio.sleep(0.001)
    raise AssertionError("the game did not end")


def rows(table: LiveTable) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(results_csv([table]))))


async def handed_then(tmp_path: Path, finish: bool) -> tuple[LiveTable, dict[str, Any], list[dict[str, str]],
                                                             list[dict[str, str]]]:
    """A table whose seat 0 (Zoe) the teacher gave to a bot; its rows while playing, then when over (or ended)."""
    lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 0.0)
    try:
        made = await lobby.create({"game": "mating", "seats": SEATS})
        table = lobby.get(made["table_id"])
        await lobby.name_seat(table, 0, "Zoe")
        await lobby.name_seat(table, 1, "Ravi")
        await lobby.set_seat(table.id, 0, {"kind": "bot", "bot": "heuristic"})
        playing = rows(table)
        if finish:
            await play_out(table, Rng(3))
        else:
            await lobby.end(table.id)
        return table, table.summary(), playing, rows(table)
    finally:
        await lobby.close()


def test_a_finished_game_credits_the_student_whose_seat_a_bot_held(tmp_path: Path) -> None:
    table, summary, playing, done = run_async(handed_then(tmp_path, finish=True))
    assert playing[0]["kind"] == "human" and playing[0]["held_by_bot"] == "heuristic" and playing[0]["bot"] == ""
    zoe, ravi, bot = done
    assert (zoe["player"], zoe["kind"], zoe["bot"], zoe["held_by_bot"]) == ("Zoe", "human", "", "heuristic")
    assert (ravi["kind"], ravi["held_by_bot"]) == ("human", "")
    assert (bot["kind"], bot["bot"], bot["held_by_bot"]) == ("bot", "random", "")
    seat = summary["seats"][0]
    assert seat["kind"] == "human" and seat["name"] == "Zoe" and seat["held_by_bot"] == "heuristic"
    assert "stands_in" not in seat and "bot" not in seat, "the board names her 'Zoe', not 'Zoe (bot)'"
    assert table.public_seats()[0] == {"seat": 0, "kind": "human", "name": "Zoe", "held_by_bot": "heuristic"}
    assert summary["seats"][2]["kind"] == "bot", "a bot's own seat stays a bot's"


def test_an_ended_table_credits_the_student_too(tmp_path: Path) -> None:
    table, summary, _playing, done = run_async(handed_then(tmp_path, finish=False))
    assert table.ended and not table.match.over
    assert (done[0]["kind"], done[0]["held_by_bot"]) == ("human", "heuristic")
    assert summary["seats"][0]["kind"] == "human" and summary["seats"][0]["held_by_bot"] == "heuristic"


def test_while_the_game_goes_on_the_bot_plays_the_seat(tmp_path: Path) -> None:
    async def live() -> dict[str, Any]:
        lobby = Lobby(f"sqlite:///{tmp_path / 'evogames.db'}", 10.0)  # the bot waits: nothing moves meanwhile
        try:
            made = await lobby.create({"game": "mating", "seats": SEATS})
            return await lobby.set_seat(made["table_id"], 0, {"kind": "bot", "bot": "heuristic"})
        finally:
            await lobby.close()

    seat = run_async(live())["seats"][0]
    assert seat["kind"] == "bot" and seat["stands_in"] is True and seat["bot"] == "heuristic"
