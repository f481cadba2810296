"""The teacher's classroom: set up a class in one step, print its codes, pause, end, and the class debrief.

Every door here needs the teacher's key, except the server's own address and
QR codes (which the join pages show on the projector too).
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path
from typing import Any

import segno
from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse, HTMLResponse

import evogames
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.server.bodies import json_body
from evogames.server.lobby import Lobby
from evogames.server.tables import LiveTable
from evogames.server.teacher import is_teacher, require_teacher

MAX_QR_TEXT = 300


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
    @app.get("/api/server")
    async def server(request: Request) -> dict[str, Any]:
        """The address students' devices use (the machine's network address, not 127.0.0.1)."""
        base = app.state.public_base or str(request.base_url).rstrip("/")
        return {"base": base, "join": f"{base}/join"}

    @app.get("/api/qr")
    async def qr(text: str) -> Response:
        """A QR code (SVG) of a link, for a phone's camera."""
        if not text or len(text) > MAX_QR_TEXT:
            raise IllegalAction(f"A QR code takes 1 to {MAX_QR_TEXT} characters.", ErrorCode.QR_INVALID)
        return Response(_qr_svg(text), media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


@lru_cache(maxsize=512)
def _qr_svg(text: str) -> bytes:
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False, light="#fff")
    return out.getvalue()


def _teacher(app: FastAPI, lobby: Lobby, key: str) -> None:
    @app.post("/api/classes", status_code=201)
    async def create_class(request: Request) -> dict[str, Any]:
        """A class in one step: {game, options, tables, players, people, bot, name}."""
        require_teacher(request, key)
        return {"tables": await lobby.create_class(await json_body(request))}

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

    @app.get("/api/class/debrief")
    async def debrief(request: Request, game: str | None = None) -> dict[str, Any]:
        """Every table of one game side by side, with each game's statistics, for the class debrief."""
        require_teacher(request, key)
        return class_debrief(lobby, game)


def class_debrief(lobby: Lobby, game: str | None) -> dict[str, Any]:
    tables = list(lobby.tables.values())
    games = sorted({t.match.game.name for t in tables}, key=lambda g: -sum(t.match.game.name == g for t in tables))
    chosen = game or (games[0] if games else None)
    if chosen is None:
        return {"game": None, "games": [], "tables": []}
    spec = evogames.game(chosen)
    mine = [t for t in tables if t.match.game.name == chosen]
    return {"game": chosen, "title": spec.title, "games": games, "paused": lobby.paused,
            "tables": [_table_debrief(t) for t in mine]}


def _table_debrief(table: LiveTable) -> dict[str, Any]:
    summary = table.summary()
    return {**summary, "stats": table.match.stats() if table.match.over or table.ended else None}
