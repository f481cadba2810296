"""The FastAPI app: pages, the lobby API, the teacher's doors, and the table websocket."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
from collections.abc import AsyncIterator
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.requests import HTTPConnection

import evogames
from evogames.bots import table_levels
from evogames.core.errors import ErrorCode, IllegalAction
from evogames.core.types import CatalogEntry
from evogames.server import classroom, protocol, replay
from evogames.server.bodies import json_body
from evogames.server.clients import Client
from evogames.server.limits import MAX_PER_ADDRESS, BodyLimit, ConnectionCap
from evogames.server.lobby import Lobby, seat_code
from evogames.server.tables import Duplicate, LiveTable
from evogames.server.teacher import COOKIE, is_teacher, presented, require_teacher, teacher_key

WEB = Path(str(files("evogames") / "web"))
KIT_WEB = Path(str(files("evogames") / "kit" / "web"))  # the web modules a board may import, at /static/kit/
PAGES = {"/": "index.html", "/join": "join.html"}
PAGE_SIZE, PAGE_MOST = 100, 500
LOG = logging.getLogger("evogames.server")


def create_app(db_url: str = "sqlite:///evogames.db", bot_delay: float = 0.6,
               public_base: str | None = None, max_per_address: int = MAX_PER_ADDRESS,
               search_workers: int | None = None) -> FastAPI:
    """The app; ``public_base`` is the address students' devices use (e.g. http://192.168.1.20:8000);
    ``max_per_address``: open websockets and requests in flight one address may hold (the teacher's key lifts it);
    ``search_workers``: processes for the search bots and the coach (default: all cores but one)."""
    lobby = Lobby(db_url, bot_delay, search_workers)
    key = teacher_key(lobby.storage)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lobby.restore()
        quiet_garbage_collector()
        yield
        await lobby.close()

    app = FastAPI(title="evogames", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.lobby = lobby
    app.state.teacher_key = key
    app.state.public_base = public_base
    app.add_middleware(BodyLimit)
    app.add_middleware(ConnectionCap, limit=max_per_address,  # the outermost: refuses before anything is read
                       exempt=lambda scope: is_teacher(HTTPConnection(scope), key))
    _game_boards(app)
    app.mount("/static/kit", StaticFiles(directory=KIT_WEB), name="kit")  # before /static, which would take it
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    _pages(app, key)
    _api(app, lobby, key)
    _teacher_api(app, lobby, key)
    classroom.register(app, lobby, key, WEB, _refusal)
    replay.register(app, lobby, key, WEB)
    _websocket(app, lobby)

    @app.exception_handler(IllegalAction)
    async def refused(_request: Request, err: IllegalAction) -> JSONResponse:
        status = {ErrorCode.TABLE_TOO_MANY: 429, ErrorCode.STORAGE_UNAVAILABLE: 503}.get(err.code, 400)
        return JSONResponse({"error": err.to_dict()}, status_code=status)

    @app.exception_handler(HTTPException)
    async def http_refused(_request: Request, err: HTTPException) -> JSONResponse:
        code = {401: ErrorCode.TEACHER_KEY_NEEDED, 403: ErrorCode.TEACHER_WRONG_KEY, 404: ErrorCode.HTTP_NOT_FOUND,
                405: ErrorCode.HTTP_METHOD, 413: ErrorCode.MESSAGE_TOO_LARGE,
                415: ErrorCode.MESSAGE_CONTENT_TYPE}.get(err.status_code, "http")
        return JSONResponse({"error": {"code": code, "reason": str(err.detail)}}, status_code=err.status_code)

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


def _pages(app: FastAPI, key: str) -> None:
    for path, page in PAGES.items():
        app.add_api_route(path, _page(page), methods=["GET"], include_in_schema=False)
    app.add_api_route("/table/{table_id}", _page("table.html"), methods=["GET"], include_in_schema=False)

    @app.get("/teacher", include_in_schema=False)
    async def teacher(request: Request) -> Response:
        if not is_teacher(request, key):
            status = 403 if presented(request) else 401
            return HTMLResponse(_refusal(status), status_code=status)
        if request.query_params.get("key"):  # keep the key out of the address bar (and off the projector)
            response = RedirectResponse("/teacher", status_code=303)
            response.set_cookie(COOKIE, key, httponly=True, samesite="strict", max_age=30 * 24 * 3600)
            return response
        return FileResponse(WEB / "teacher.html")

    @app.get("/join/{code}", include_in_schema=False)
    async def join(code: str, request: Request) -> Response:
        code = seat_code(code)
        table = request.app.state.lobby.find_code(code)
        if table is None:
            return PlainTextResponse("No seat has that code. Check it with your teacher.", status_code=404)
        return RedirectResponse(f"/table/{table.id}?token={code}")

    @app.post("/api/join", include_in_schema=False)
    async def join_seat(request: Request) -> dict[str, Any]:
        """The join page's door: {"code", "name", "rename"} -> the seat's link and name (see ``Lobby.join_seat``);
        the code travels in the body, so it stays out of the server's log."""
        body = await json_body(request)
        lobby: Lobby = request.app.state.lobby
        return await lobby.join_seat(body.get("code"), body.get("name"), body.get("rename") is True)


def _refusal(status: int) -> str:
    why = ("That teacher's key is not right for this server." if status == 403
           else "This page is for the teacher.")
    return (f"<!doctype html><html lang='en'><meta charset='utf-8'><title>Teacher only · evogames</title>"
            f"<body style='font-family:system-ui;max-width:40rem;margin:3rem auto;padding:0 1rem'>"
            f"<h1>Teacher only</h1><p>{why} Open the teacher's link that <code>evogames serve</code> printed "
            f"when it started, or run <code>evogames teacher-link</code> on the teacher's computer.</p>"
            f"<p><a href='/'>Back to the lobby</a></p></body></html>")


def _page(name: str) -> Any:
    async def page() -> FileResponse:
        return FileResponse(WEB / name)
    return page


def _game_boards(app: FastAPI) -> None:
    """Each game's web board (``games/<name>/web/``) at ``/static/games/<name>/``; others get the generic board."""
    for name in evogames.names():
        folder = evogames.game(name).web_folder
        if folder is not None:
            app.mount(f"/static/games/{name}", StaticFiles(directory=folder), name=f"board-{name}")


@cache
def _package_toml(game: str, name: str) -> dict[str, Any]:
    return evogames.game(game).toml(name)


def _api(app: FastAPI, lobby: Lobby, key: str) -> None:
    @app.get("/api/catalog")
    async def catalog() -> list[CatalogEntry]:
        return evogames.catalog()

    @app.get("/api/bots")
    async def bots() -> list[str]:
        return table_levels()

    @app.get("/api/games/{game}/learning")
    async def learning(game: str) -> dict[str, Any]:
        spec = evogames.game(game)  # unknown game: 400
        data = _package_toml(game, "learning.toml")
        return {"intro": data.get("intro", ""), "questions": data.get("question", []),
                "outcomes": data.get("outcomes", []), "metric_labels": dict(spec.metric_labels)}

    @app.get("/api/games/{game}/help")
    async def game_help(game: str) -> dict[str, Any]:
        """The game's help ("How to play"), from its package: the one source of its rules text."""
        evogames.game(game)
        return {"help": _package_toml(game, "help.toml").get("help", [])}

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        teacher = is_teacher(request, request.app.state.teacher_key)
        body = await json_body(request)
        client = address_of(request)
        if not teacher:
            lobby.check_quota(client)
        return await lobby.create(body, teacher=teacher, client=client)

    @app.get("/api/tables")
    async def listing(request: Request, response: Response, offset: int = 0,
                      limit: int = PAGE_SIZE) -> list[dict[str, Any]]:
        everyone = is_teacher(request, request.app.state.teacher_key)
        page, total = lobby.listing(max(0, offset), max(0, min(limit, PAGE_MOST)), everyone)
        response.headers["X-Total-Count"] = str(total)
        return page

    @app.get("/api/tables/{table_id}")
    async def one(table_id: str) -> dict[str, Any]:
        return lobby.get(table_id).summary()

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> Response:
        """The replay file of a finished game, for the teacher: it holds every hand and the seed (a player
        replays their table through /replay, which shows what a spectator saw)."""
        require_teacher(request, key)
        table = lobby.get(table_id)
        if not table.match.over:
            raise IllegalAction("The record is available when the game is over.", ErrorCode.TABLE_NOT_OVER)
        # the standard library's JSON: it keeps a 255-bit seed exact (orjson stops at 64 bits)
        return Response(json.dumps(table.match.record()), media_type="application/json")


def _teacher_api(app: FastAPI, lobby: Lobby, key: str) -> None:
    @app.get("/api/results.csv")
    async def results(request: Request, group: str | None = Query(None, alias="class")) -> Response:
        """Every live table's results; with ``?class=``, that class's (its tables put away too)."""
        require_teacher(request, key)
        return await classroom.results(lobby, group)

    @app.get("/api/teacher/tables")
    async def teacher_tables(request: Request) -> list[dict[str, Any]]:
        """Every table with its seats' join codes (the teacher's sheet)."""
        require_teacher(request, key)
        return [_with_codes(t) for t in lobby.tables.values()]

    @app.delete("/api/tables/{table_id}")
    async def delete(table_id: str, request: Request) -> dict[str, Any]:
        require_teacher(request, key)
        await lobby.delete(table_id)
        return {"deleted": table_id}

    @app.put("/api/tables/{table_id}/seats/{seat}")
    async def set_seat(table_id: str, seat: int, request: Request) -> dict[str, Any]:
        """Hand a seat to a bot ({"kind": "bot", "bot": "heuristic"}) or back to its person ({"kind": "human"})."""
        require_teacher(request, key)
        return await lobby.set_seat(table_id, seat, await json_body(request))


def _with_codes(table: LiveTable) -> dict[str, Any]:
    summary = dict(table.summary())
    summary["seats"] = [{**s, **({"code": table.seats[i].code, "join_url": f"/table/{table.id}?token="
                                  f"{table.seats[i].code}"} if table.seats[i].code else {})}
                        for i, s in enumerate(summary["seats"])]
    return summary


def _websocket(app: FastAPI, lobby: Lobby) -> None:
    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        table = lobby.tables.get(table_id)
        if table is None:
            await protocol.send(websocket, {"type": "error", "code": ErrorCode.TABLE_UNKNOWN,
                                            "reason": "No such table."})
            await websocket.close(code=4404)
            return
        seat = None
        if token:
            seat = table.seat_for(token.strip().upper()[:20])
            if seat is None:
                await protocol.send(websocket, {"type": "error", "code": ErrorCode.SEAT_BAD_TOKEN,
                                                "reason": "That seat code is not valid for this table."})
                await websocket.close(code=4403)
                return
        if seat is not None:
            _take_seat(table, seat)
        who = "a spectator" if seat is None else f"Player {seat + 1}'s connection"
        client = Client(websocket, seat, label=f"table {table.id}: {who}", address=address_of(websocket),
                        abort=_abort_of(websocket))
        client.start()
        table.join(client)
        try:
            while not client.closed:
                await _answer(lobby, table, client, await _receive_text(websocket))
        except WebSocketDisconnect:
            pass
        finally:
            client.close()


COACHING: set[asyncio.Task[None]] = set()  # hints being worked out (held here so none is collected half-way)


def _ask_coach(lobby: Lobby, table: LiveTable, client: Client, seat: int) -> None:
    """Work out ``seat``'s hint in the pool; its answer (or why not) goes to this connection only. A task of
    its own: the seat's moves are read and answered meanwhile. One hint at a time per device (the client's
    address), and none run once the connection has closed."""
    async def ask() -> None:
        try:
            hint = await table.hint(seat, lobby.hints_on(table), client.address, lambda: not client.closed)
            if hint is not None:
                client.push(hint)
        except IllegalAction as err:
            client.push(protocol.error(err))

    task = asyncio.create_task(ask())
    COACHING.add(task)
    task.add_done_callback(COACHING.discard)


def address_of(connection: HTTPConnection) -> str:
    """The address a request or websocket comes from (a device, for the quotas and the coach), "?" if none."""
    return connection.client.host if connection.client else "?"


REPLACED = 4409  # the seat was opened in a newer window: that one plays, this one stops


def _take_seat(table: LiveTable, seat: int) -> None:
    """The newest window of a seat plays: an older one is told so and closed. (A bot the teacher gave the
    seat to keeps it: the student watches their seat until the teacher gives it back.)"""
    for old in [c for c in table.clients if c.seat == seat]:
        old.send_off({"type": "replaced", "reason": "This seat was opened in another window or device; "
                      "play there. (Reload this page to take the seat back here.)"}, REPLACED)


def _abort_of(websocket: WebSocket) -> Any:
    """The connection's abort (from our uvicorn protocol, see ``limits``), if the server gave one."""
    extension = websocket.scope.get("extensions", {}).get("evogames.abort")
    return extension.get("abort") if isinstance(extension, dict) else None


async def _receive_text(websocket: WebSocket) -> str | None:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return message.get("text")


async def _answer(lobby: Lobby, table: LiveTable, client: Client, text: str | None) -> None:
    if not client.allow():
        if client.should_warn():
            client.push(protocol.slow_down())
        return
    try:
        if text is None:
            raise IllegalAction("Send JSON text, not binary frames.", ErrorCode.MESSAGE_MALFORMED)
        message = protocol.parse(text)
        if message["type"] == "ping":
            client.push({"type": "pong"})
            return
        if message["type"] == "hint":
            if client.seat is None:
                raise IllegalAction("Spectators watch; only seated players ask for a hint.", ErrorCode.SEAT_SPECTATOR)
            _ask_coach(lobby, table, client, client.seat)
            return
        if message["type"] == "name":
            if client.seat is None:
                raise IllegalAction("Spectators watch; only seated players have a name here.", ErrorCode.SEAT_SPECTATOR)
            await lobby.name_seat(table, client.seat, message.get("name"))
            return
        action, version = protocol.action_of(message)
        if client.seat is None:
            raise IllegalAction("Spectators watch; only seated players act.", ErrorCode.SEAT_SPECTATOR)
        claimed = message.get("seat", client.seat)
        if claimed != client.seat:
            raise IllegalAction(f"You sit in seat {client.seat}; you cannot act for another seat.",
                                ErrorCode.SEAT_NOT_YOURS)
        await table.act(client.seat, action, version)
    except Duplicate:
        return  # the same frame twice (a double click): applied once, the copy ignored quietly
    except IllegalAction as err:
        client.push(protocol.error(err))
        if err.code == ErrorCode.ACTION_STALE:
            client.fall_behind()  # the current state follows the refusal
