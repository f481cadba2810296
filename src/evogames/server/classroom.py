"""The teacher's classroom: set up a class in one step, print its codes, pause, end, and the class debrief.

A class (a period) is its own unit: a name, its tables ("Period 2 · Table 1"), its sheet, its CSV and its
debrief. Tables made in the lobby, solo games and pass and play belong to no class ("other tables"). A class's
tables that were put away (by the teacher or the janitor) still count in its debrief and CSV.

Every door here needs the teacher's key, except the server's own address and
QR codes (which the join pages show on the projector too).
"""

from __future__ import annotations

import asyncio
import io
from functools import lru_cache
from pathlib import Path
from typing import Any

import segno
from fastapi import FastAPI, Query, Request, Response
from fastapi.responses import FileResponse, HTMLResponse

import evogames
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.server.bodies import json_body
from evogames.server.lobby import Lobby, results_csv
from evogames.server.storage import StoredClass
from evogames.server.tables import LiveTable
from evogames.server.teacher import is_teacher, require_teacher

MAX_QR_TEXT = 300
QR_BUILDS = 1  # QR codes built at once (each in a thread: the event loop only waits)


def register(app: FastAPI, lobby: Lobby, key: str, web: Path, refusal: Any) -> None:
    _pages(app, key, web, refusal)
    _public(app)
    _teacher(app, lobby, key)


def _pages(app: FastAPI, key: str, web: Path, refusal: Any) -> None:
    for path, page in (("/teacher/sheet", "sheet.html"), ("/class", "class.html")):
        app.add_api_route(path, _teacher_page(key, web / page, refusal), methods=["GET"], include_in_schema=False)


def _teacher_page(key: str, file: Path, refusal: Any) -> Any:
    async def page(request: Request) -> Response:
        if not is_teacher(request, key):
            return HTMLResponse(refusal(401), status_code=401)
        return FileResponse(file)
    return page


def _public(app: FastAPI) -> None:
    building = asyncio.Semaphore(QR_BUILDS)

    @app.get("/api/server")
    async def server(request: Request) -> dict[str, Any]:
        """The address students' devices use (the machine's network address, not 127.0.0.1)."""
        base = app.state.public_base or str(request.base_url).rstrip("/")
        return {"base": base, "join": f"{base}/join"}

    @app.get("/api/qr")
    async def qr(text: str, request: Request) -> Response:
        """A QR code (SVG) of one of this server's own links, for a phone's camera. Built off the event loop,
        ``QR_BUILDS`` at a time (a build takes tens of milliseconds: a flood of them must not stall the tables)."""
        if not text or len(text) > MAX_QR_TEXT:
            raise IllegalAction(f"A QR code takes 1 to {MAX_QR_TEXT} characters.", ErrorCode.QR_INVALID)
        if not own_link(text, [app.state.public_base, str(request.base_url)]):
            raise IllegalAction("A QR code here is of this server's own links only (its join page, a seat's link).",
                                ErrorCode.QR_INVALID)
        async with building:
            svg = await asyncio.to_thread(_qr_svg, text)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


def own_link(text: str, bases: list[str | None]) -> bool:
    """Whether ``text`` is a link on one of ``bases`` (the address students use, the one this request came to)."""
    return any(text.startswith(base.rstrip("/") + "/") for base in bases if base)


@lru_cache(maxsize=512)
def _qr_svg(text: str) -> bytes:
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False, light="#fff")
    return out.getvalue()


def _teacher(app: FastAPI, lobby: Lobby, key: str) -> None:
    @app.post("/api/classes", status_code=201)
    async def create_class(request: Request, response: Response) -> dict[str, Any]:
        """A class in one step: {game, options, tables, players, people, bot, name, request}; the same
        ``request`` again answers 200 with the class it already made."""
        require_teacher(request, key)
        group, tables, new = await lobby.create_class(await json_body(request))
        if not new:
            response.status_code = 200
        return {"class": class_entry(lobby, group), "tables": tables}

    @app.get("/api/classes")
    async def classes(request: Request) -> dict[str, Any]:
        """Every class, newest first, and how many live tables are outside any class."""
        require_teacher(request, key)
        return class_list(lobby)

    @app.post("/api/classes/{class_id}/hints")
    async def hints(class_id: str, request: Request) -> dict[str, Any]:
        """Switch the coach (a student's Hint) on or off for a class: {"on": true|false}."""
        require_teacher(request, key)
        on = (await json_body(request)).get("on")
        if not isinstance(on, bool):
            raise IllegalAction("Send {\"on\": true} or {\"on\": false}.", ErrorCode.CLASS_INVALID)
        await lobby.set_hints(class_id, on)
        return {"class": class_id, "hints": on}

    @app.post("/api/class/pause")
    async def pause(request: Request) -> dict[str, Any]:
        require_teacher(request, key)
        paused = (await json_body(request)).get("paused")
        if not isinstance(paused, bool):
            raise IllegalAction("Send {\"paused\": true} or {\"paused\": false}.", ErrorCode.CLASS_INVALID)
        await lobby.pause(paused)
        return {"paused": lobby.paused}

    @app.post("/api/tables/{table_id}/end")
    async def end(table_id: str, request: Request) -> dict[str, Any]:
        require_teacher(request, key)
        await lobby.end(table_id)
        return lobby.get(table_id).summary()

    @app.post("/api/tables/{table_id}/archive")
    async def archive(table_id: str, request: Request) -> dict[str, Any]:
        """Put a table away: off the teacher's list, its result still in its class's debrief and CSV."""
        require_teacher(request, key)
        lobby.get(table_id)
        await lobby.archive(table_id)
        return {"archived": table_id}

    @app.get("/api/class/debrief")
    async def debrief(request: Request, game: str | None = None,
                      group: str | None = Query(None, alias="class")) -> dict[str, Any]:
        """One class's tables (or the tables outside any class) side by side, with each game's statistics."""
        require_teacher(request, key)
        chosen = pick_class(lobby, group)
        return class_debrief(lobby, chosen, await chosen_tables(lobby, chosen), game)


OTHER = "other"  # the tables made outside any class: the lobby's, solo games, pass and play


def class_entry(lobby: Lobby, group: StoredClass) -> dict[str, Any]:
    return {"id": group.id, "name": group.name, "game": group.game, "created": group.created,
            "tables": len(lobby.class_tables(group.id)), "hints": group.id not in lobby.hints_off}


def class_list(lobby: Lobby) -> dict[str, Any]:
    newest = sorted(lobby.classes.values(), key=lambda c: -c.created)
    return {"classes": [class_entry(lobby, c) for c in newest], "other": len(lobby.class_tables(None)),
            "paused": lobby.paused}


def pick_class(lobby: Lobby, asked: str | None) -> StoredClass | None:
    """The class asked for; without one, the newest class (None: the tables outside any class)."""
    if asked == OTHER or (asked is None and not lobby.classes):
        return None
    if asked is None:
        return max(lobby.classes.values(), key=lambda c: c.created)
    if asked not in lobby.classes:
        raise IllegalAction("No such class.", ErrorCode.CLASS_UNKNOWN)
    return lobby.classes[asked]


async def chosen_tables(lobby: Lobby, group: StoredClass | None) -> list[LiveTable]:
    """A class's tables, those put away included; or the live tables outside any class."""
    if group is None:
        return lobby.class_tables(None)
    return lobby.class_tables(group.id) + await lobby.put_away_tables(group.id)


def class_debrief(lobby: Lobby, group: StoredClass | None, tables: list[LiveTable],
                  game: str | None) -> dict[str, Any]:
    games = sorted({t.match.game.name for t in tables}, key=lambda g: -sum(t.match.game.name == g for t in tables))
    chosen = game if game in games else (games[0] if games else group.game if group else None)
    about = {"class": None if group is None else class_entry(lobby, group), **class_list(lobby), "games": games}
    if chosen is None:
        return {**about, "game": None, "tables": []}
    mine = [t for t in tables if t.match.game.name == chosen]
    return {**about, "game": chosen, "title": evogames.game(chosen).title,
            "tables": [_table_debrief(t, t.id not in lobby.tables) for t in mine]}


async def results(lobby: Lobby, asked: str | None) -> Response:
    """The results CSV: of one class (``other``: the tables outside any class), or of every live table."""
    if asked is None:
        tables, label = list(lobby.tables.values()), "evogames-results"
    else:
        group = pick_class(lobby, asked)
        tables = await chosen_tables(lobby, group)
        label = "evogames-" + _file_word(group.name if group else "other tables")
    names = {c.id: c.name for c in lobby.classes.values()}
    return Response(results_csv(tables, names), media_type="text/csv",
                    headers={"Content-Disposition": f"attachment; filename={label}.csv"})


def _file_word(name: str) -> str:
    return "-".join("".join(ch if ch.isascii() and ch.isalnum() else " " for ch in name).lower().split()) or "class"


def _table_debrief(table: LiveTable, put_away: bool) -> dict[str, Any]:
    """A table's summary and statistics; one put away unfinished is over where it stood (as if ended)."""
    summary = table.summary()
    ended = summary["ended"] or (put_away and not summary["over"])
    return {**summary, "ended": ended, "archived": put_away,
            "stats": table.match.stats() if table.match.over or ended else None}
