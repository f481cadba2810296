"""The FastAPI app: pages, the lobby API, the teacher's CSV, and the table websocket."""

from __future__ import annotations

import contextlib
import gc
import tomllib
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles

import evogames
from evogames.bots import bot_names
from evogames.core.errors import IllegalAction
from evogames.server import protocol
from evogames.server.lobby import Lobby, results_csv
from evogames.server.tables import Client

WEB = Path(str(files("evogames") / "web"))
PAGES = {"/": "index.html", "/teacher": "teacher.html", "/join": "join.html"}


def create_app(db_url: str = "sqlite:///evogames.db", bot_delay: float = 0.6) -> FastAPI:
    lobby = Lobby(db_url, bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lobby.restore()
        quiet_garbage_collector()
        yield
        await lobby.close()

    app = FastAPI(title="evogames", lifespan=lifespan)
    app.state.lobby = lobby
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    _pages(app)
    _api(app, lobby)
    _websocket(app, lobby)

    @app.exception_handler(IllegalAction)
    async def refused(_request: Request, err: IllegalAction) -> JSONResponse:
        return JSONResponse({"error": err.to_dict()}, status_code=400)

    return app


def quiet_garbage_collector() -> None:
    """Keep full garbage collections from stalling every table.

    The tables' states are long-lived and nearly free of reference cycles
    (reference counting frees them), but each full collection walks them all:
    with a hundred tables that froze the event loop for a quarter of a second
    (the round trip's p99 in benchmarks/bench_server.py). Objects alive at
    start-up are frozen out of collection, and full collections are rare."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


def _pages(app: FastAPI) -> None:
    for path, page in PAGES.items():
        app.add_api_route(path, _page(page), methods=["GET"], include_in_schema=False)
    app.add_api_route("/table/{table_id}", _page("table.html"), methods=["GET"], include_in_schema=False)

    @app.get("/join/{code}", include_in_schema=False)
    async def join(code: str, request: Request) -> Response:
        table = request.app.state.lobby.find_code(code.strip().upper())
        if table is None:
            return PlainTextResponse("No seat has that code. Check it with your teacher.", status_code=404)
        return RedirectResponse(f"/table/{table.id}?token={code.strip().upper()}")


def _page(name: str) -> Any:
    async def page() -> FileResponse:
        return FileResponse(WEB / name)
    return page


def _api(app: FastAPI, lobby: Lobby) -> None:
    @app.get("/api/catalog")
    async def catalog() -> list[dict[str, Any]]:
        return evogames.catalog()

    @app.get("/api/bots")
    async def bots() -> list[str]:
        return bot_names()

    @app.get("/api/games/{game}/learning")
    async def learning(game: str) -> dict[str, Any]:
        evogames.game(game)  # unknown game: 400
        path = Path(str(files("evogames.games") / game / "learning.toml"))
        if not path.exists():
            return {"intro": "", "questions": [], "outcomes": []}
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        return {"intro": data.get("intro", ""), "questions": data.get("question", []),
                "outcomes": data.get("outcomes", [])}

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        try:
            body = await request.json()
        except ValueError as err:
            raise IllegalAction("The request body must be JSON.", "message/malformed") from err
        if not isinstance(body, dict):
            raise IllegalAction("The request body must be a JSON object.", "message/malformed")
        return await lobby.create(body)

    @app.get("/api/tables")
    async def listing() -> list[dict[str, Any]]:
        return [t.summary() for t in lobby.tables.values()]

    @app.get("/api/tables/{table_id}")
    async def one(table_id: str) -> dict[str, Any]:
        return lobby.get(table_id).summary()

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        """The replay file of a finished game (open games keep their secrets)."""
        table = lobby.get(table_id)
        if not table.match.over:
            raise IllegalAction("The record is available when the game is over.", "table/not_over")
        return table.match.record()

    @app.get("/api/results.csv")
    async def results() -> Response:
        return Response(results_csv(lobby.tables.values()), media_type="text/csv",
                        headers={"Content-Disposition": "attachment; filename=evogames-results.csv"})


def _websocket(app: FastAPI, lobby: Lobby) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        table = lobby.tables.get(table_id)
        if table is None:
            await protocol.send(websocket, {"type": "error", "code": "table/unknown", "reason": "No such table."})
            await websocket.close(code=4404)
            return
        seat = None
        if token:
            seat = table.seat_for(token.strip().upper())
            if seat is None:
                await protocol.send(websocket, {"type": "error", "code": "seat/bad_token",
                                                "reason": "That seat code is not valid for this table."})
                await websocket.close(code=4403)
                return
        client = Client(websocket, seat)
        await table.welcome(client)
        try:
            while True:
                await _answer(table, client, await _receive_text(websocket))
        except WebSocketDisconnect:
            pass
        finally:
            table.clients.discard(client)


async def _receive_text(websocket: WebSocket) -> str | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text")


async def _answer(table: Any, client: Client, text: str | None) -> None:
    try:
        if text is None:
            raise IllegalAction("Send JSON text, not binary frames.", "message/malformed")
        message = protocol.parse(text)
        if message["type"] == "ping":
            await protocol.send(client.socket, {"type": "pong"})
            return
        action, version = protocol.action_of(message)
        if client.seat is None:
            raise IllegalAction("Spectators watch; only seated players act.", "seat/spectator")
        claimed = message.get("seat", client.seat)
        if claimed != client.seat:
            raise IllegalAction(f"You sit in seat {client.seat}; you cannot act for seat {claimed}.", "seat/not_yours")
        await table.act(client.seat, action, version)
    except IllegalAction as err:
        await protocol.send(client.socket, protocol.error(err))
        if err.code == "action/stale":
            await table.send_state(client)

