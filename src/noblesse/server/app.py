"""The FastAPI application: lobby and table pages, the JSON API and the WebSocket.

Seat URLs carry the seat's secret token; a wrong or missing token gets 403 and
changes nothing. Spectators have their own URLs and see only public information.

WebSocket protocol (``/ws/tables/{id}/seats/{seat}?token=…`` or ``/ws/tables/{id}/watch``):
the server sends ``{"type": "state", ...}`` (see ``tables.build_message``) first, then
after every change ``{"type": "change", ...}``, what changed since (``server.changes``);
``{"type": "presence", "connected": [...]}`` when a seat's player comes or goes, and ``{"type": "error", "code", "message": {"en", "zh-TW"}}`` for a refused request
(the same shape as every HTTP error); a client sends ``{"type": "act", "action":
"play:trip"}``, ``{"type": "undo"}`` or ``{"type": "sync"}`` (resend everything).
A connection that falls behind is closed with 4000 (reconnect and resync); one over a
connection limit with 4029 after an error message; a message over the size limit with
1009; one sending more messages than its rate allows with 1008. Every limit is a setting (``server.settings``).
"""

from __future__ import annotations

import asyncio
import logging
import mimetypes
import os
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import orjson
from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from noblesse import games
from noblesse.agents import KINDS, LEVELS
from noblesse.core import rules_page
from noblesse.server import collector
from noblesse.server.cluster import Alone, RedisBus
from noblesse.server.connections import (
    CLOSE_LIMIT,
    CLOSE_POLICY,
    CLOSE_TOO_BIG,
    Bucket,
    Outbox,
)
from noblesse.server.deals import record_lines
from noblesse.server.guard import Guard, too_deep
from noblesse.server.policies import PREFIX
from noblesse.server.protocol import WRITE_NOW
from noblesse.server.settings import Settings
from noblesse.server.store import DEFAULT_URL, Store
from noblesse.server.tables import (
    ERROR_KINDS,
    STORE_AWAY,
    Connection,
    Table,
    TableError,
    TableManager,
    dumps,
)

log = logging.getLogger("noblesse.server")

WEB = Path(__file__).resolve().parent.parent / "web"
mimetypes.add_type("text/javascript", ".mjs")  # vendored ES modules, on any system's MIME table


# ``noblesse serve``'s own options in the environment, for deployment tools and for the
# worker processes ``serve --workers N`` starts (``app_from_env``).
ENV_DB, ENV_REDIS, ENV_REDIS_PREFIX, ENV_BOT_DELAY = (
    "NOBLESSE_DB",
    "NOBLESSE_REDIS",
    "NOBLESSE_REDIS_PREFIX",
    "NOBLESSE_BOT_DELAY",
)


def app_from_env() -> FastAPI:
    """The application as each worker of ``noblesse serve --workers N`` makes it: the store
    from ``NOBLESSE_DB``, Redis from ``NOBLESSE_REDIS`` (and ``NOBLESSE_REDIS_PREFIX``),
    the bot delay from ``NOBLESSE_BOT_DELAY``, the limits from ``NOBLESSE_<LIMIT>``."""
    return create_app(
        os.environ.get(ENV_DB, DEFAULT_URL),
        float(os.environ.get(ENV_BOT_DELAY, "0.6")),
        Settings.from_env(),
        own_process=True,
        redis_url=os.environ.get(ENV_REDIS) or None,
        redis_prefix=os.environ.get(ENV_REDIS_PREFIX) or "noblesse",
    )


class NewTable(BaseModel):
    game: str
    seats: list[str] = Field(min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None
    names: list[str] = Field(default_factory=list)
    bot_speed: Any = None  # "fast", "normal" (None) or "slow": checked by the manager


class BotSpeedChange(BaseModel):
    speed: Any = None


class Rematch(BaseModel):
    seat: int | None = None
    token: str | None = None
    host: str | None = None


class SeatToBot(BaseModel):
    kind: str = "greedy"


def create_app(
    db_url: str = DEFAULT_URL,
    bot_delay: float = 0.6,
    settings: Settings | None = None,
    own_process: bool = False,
    redis_url: str | None = None,
    redis_prefix: str = "noblesse",
) -> FastAPI:
    """The application; ``own_process``: it is the only one in its process (``noblesse
    serve``), which may then keep the garbage collector to what is new (``server.collector``);
    ``redis_url``: it is one of several processes serving the tables of one store, which
    share news, presence and bot leases through that Redis (``server.cluster``)."""
    settings = settings or Settings.from_env()
    store = Store(db_url)
    bus = RedisBus(redis_url, redis_prefix) if redis_url else Alone()
    manager = TableManager(store, bot_delay, settings, bus)

    @asynccontextmanager
    async def lifespan(app: FastAPI):  # noqa: ANN202
        await manager.restore_all()
        await manager.start()
        keeper = None
        if own_process and settings.gc_young_seconds:
            collector.tune()
            keeper = asyncio.get_running_loop().create_task(
                collector.keep(settings.gc_young_seconds, settings.gc_sweep_seconds)
            )
        yield
        if keeper:
            keeper.cancel()
            collector.untune()
        await manager.shutdown()
        store.close()

    # No /docs page: it would load scripts from elsewhere, which the pages' policy forbids.
    app = FastAPI(title="noblesse", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.manager = manager
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    app.add_middleware(Guard, settings=settings)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(
            ".".join(str(p) for p in e.get("loc", ())) + ": " + e.get("msg", "")
            for e in exc.errors()
        )[:500]
        return JSONResponse(
            {
                "type": "error",
                "code": "bad_request",
                "message": {
                    "en": f"The request is not valid: {where}",
                    "zh-TW": "請求的格式不正確。",
                },
            },
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        kind = ERROR_KINDS.get(exc.status_code, "bad_request")
        en = {
            404: "There is nothing at this address.",
            405: "This address does not take that method.",
        }.get(exc.status_code, str(exc.detail))
        zh = {404: "這個網址沒有內容。", 405: "這個網址不接受這種請求方法。"}.get(
            exc.status_code, str(exc.detail)
        )
        return JSONResponse(
            {"type": "error", "code": kind, "message": {"en": en, "zh-TW": zh}},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        headers = {"Retry-After": "60"} if exc.code == 429 else None
        return JSONResponse(exc.payload(), status_code=exc.code, headers=headers)

    @app.exception_handler(OperationalError)
    async def store_away(_request: Request, exc: OperationalError) -> JSONResponse:
        log.warning("the store cannot be reached: %s", exc.orig or exc)
        refusal = TableError(*STORE_AWAY, 503)
        return JSONResponse(refusal.payload(), status_code=503, headers={"Retry-After": "5"})

    def address(conn: Request | WebSocket) -> str:
        return conn.client.host if conn.client else ""

    def json_response(text: str) -> Response:
        return Response(text, media_type="application/json")

    # The games, their options and the bot levels: the same for the life of the process,
    # so encoded once (every lobby load asks for it).
    levels = [
        {"id": name, "about": {"en": level.en, "zh-TW": level.zh}} for name, level in LEVELS.items()
    ]
    games_text = dumps(
        [
            {
                "id": game.id,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": game.options_schema(),
                "bots": list(KINDS),
                "levels": levels,
                # the trained policies this server seats at the game (Settings.policies)
                "policies": [
                    {
                        "id": f"{PREFIX}{name}",
                        "name": name,
                        "about": {
                            "en": "A policy trained for this game, chosen by whoever "
                            "runs this server.",
                            "zh-TW": "為這個遊戲訓練的策略，由這個伺服器的管理者選定。",
                        },
                    }
                    for name in manager.policies.for_game(game.id)
                ],
                "option_labels": game.option_labels(),
            }
            for game in games.all()
        ]
    )

    # -------------------------------------------------------------- pages
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules_html(game_id: str) -> FileResponse:
        return FileResponse(WEB / "rules.html")

    # -------------------------------------------------------------- API
    @app.get("/api/games")
    async def list_games() -> Response:
        return json_response(games_text)

    @app.get("/api/games/{game_id}/catalog")
    async def catalog(game_id: str) -> dict[str, Any]:
        try:
            game = games.get(game_id)
        except KeyError:
            raise TableError(
                f"unknown game '{game_id[:40]}'", f"未知的遊戲「{game_id[:40]}」", 404
            ) from None
        return game.catalog()

    @app.get("/api/games/{game_id}/rules")
    async def rules(game_id: str) -> dict[str, Any]:
        """The game's rules page: prose, every card, house rules, options (``core.rules_page``)."""
        try:
            game = games.get(game_id)
        except KeyError:
            raise TableError(
                f"unknown game '{game_id[:40]}'", f"未知的遊戲「{game_id[:40]}」", 404
            ) from None
        return rules_page.build(game)

    @app.post("/api/tables", status_code=201)
    async def create_table(body: NewTable, request: Request) -> dict[str, Any]:
        table, tokens, host = await manager.create(
            body.game,
            body.seats,
            body.options,
            body.seed,
            body.names,
            address(request),
            bot_speed=body.bot_speed,
        )
        return {
            "id": table.id,
            "game": table.game.id,
            "host_token": host,
            "seats": [
                {
                    "seat": i,
                    "kind": s["kind"],
                    "token": tokens[i],
                    "open": bool(s.get("open")),
                    "link": f"/table/{table.id}?seat={i}&token={tokens[i]}" if tokens[i] else None,
                }
                for i, s in enumerate(table.meta.seats)
            ],
            "watch_link": f"/table/{table.id}",
            "host_link": f"/table/{table.id}?host={host}",
            "commitment": table.meta.commitment,  # the deal, fixed now, revealed at the end
            "bot_speed": table.meta.bot_speed.value,
        }

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: Rematch, request: Request) -> dict[str, Any]:
        """The rematch of a finished table, asked for by one of its people (their seat and
        token, or the host's token): its id and the asker's link to it (the same token)."""
        table = await manager.get(table_id)
        new = await manager.rematch(table, body.seat, body.token, body.host, address(request))
        if body.host is not None:
            link = f"/table/{new}?host={body.host}"
        else:
            link = f"/table/{new}?seat={body.seat}&token={body.token}"
        return {"id": new, "link": link, "watch_link": f"/table/{new}"}

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        rows = await asyncio.get_running_loop().run_in_executor(None, store.summaries)
        return {
            "open": [r for r in rows if r["status"] == "playing"],
            "finished": [r for r in rows if r["status"] == "finished"],
        }

    @app.get("/api/tables/{table_id}/seats/{seat}")
    async def seat_state(table_id: str, seat: int, token: str | None = Query(None)) -> Response:
        table = await manager.get(table_id)
        manager.seat_for_token(table, seat, token)
        async with table.lock:  # never show an action before it is committed
            return json_response(manager.text(table, seat))

    @app.get("/api/tables/{table_id}/watch")
    async def watch_state(table_id: str) -> Response:
        table = await manager.get(table_id)
        async with table.lock:
            return json_response(manager.text(table, None))

    @app.get("/api/tables/{table_id}/options")
    async def table_options(table_id: str) -> dict[str, Any]:
        """The game of a table and the options it was created with (public from the start),
        every option of the game with its value at this table, for the rules page."""
        table = await manager.get(table_id)
        schema = table.game.options_schema()
        return {
            "table": table.id,
            "game": table.game.id,
            "options": {**schema, **table.meta.options},
        }

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def seat_to_bot(
        table_id: str, seat: int, body: SeatToBot, host: str | None = Query(None)
    ) -> dict[str, Any]:
        table = await manager.get(table_id)
        manager.check_host(table, host)
        kind = await manager.hand_to_bot(table, seat, body.kind)
        return {"seat": seat, "kind": kind}

    @app.post("/api/tables/{table_id}/bot_speed")
    async def set_bot_speed(
        table_id: str, body: BotSpeedChange, host: str | None = Query(None)
    ) -> dict[str, Any]:
        """The host changes how long the table's bots wait before acting."""
        table = await manager.get(table_id)
        manager.check_host(table, host)
        speed = await manager.set_bot_speed(table, body.speed)
        return {"bot_speed": speed.value}

    @app.post("/api/tables/{table_id}/seats/{seat}/join")
    async def join_seat(table_id: str, seat: int) -> dict[str, Any]:
        """Take an open seat: its token and link, given to this caller only."""
        table = await manager.get(table_id)
        token = await manager.join(table, seat)
        return {
            "seat": seat,
            "token": token,
            "link": f"/table/{table.id}?seat={seat}&token={token}",
        }

    @app.get("/api/tables/{table_id}/replay")
    async def replay_step(table_id: str, step: int = Query(0, ge=0)) -> Response:
        """The table as a spectator saw it after ``step`` actions (finished games)."""
        table = await manager.get(table_id)
        if table.meta.status != "finished":
            raise TableError(
                "Only finished games can be watched again.", "只有已完成的牌局可以重播。", 409
            )
        return json_response(await manager.replay_text(table, step))

    @app.get("/api/tables/{table_id}/record")
    async def game_record(table_id: str) -> Response:
        """A finished table's game record (``core.record`` JSON Lines: the seed, salt and
        commitment in the header), as a download that ``noblesse verify`` checks."""
        table = await manager.get(table_id)
        async with table.lock:
            if not table.game.is_over(table.state):
                raise TableError(
                    "The record is available once the game is over.",
                    "牌局結束後才能下載紀錄。",
                    409,
                )
            body = "\n".join(record_lines(table.meta, table.actions)) + "\n"
        name = f"{table.game.id}-{table.id}.jsonl"
        return Response(
            body,
            media_type="application/x-ndjson; charset=utf-8",
            headers={"Content-Disposition": f"attachment; filename={name}"},
        )

    # -------------------------------------------------------------- live
    @app.websocket("/ws/tables/{table_id}/seats/{seat}")
    async def seat_socket(
        websocket: WebSocket, table_id: str, seat: int, token: str | None = Query(None)
    ) -> None:
        try:
            table = await manager.get(table_id)
            manager.seat_for_token(table, seat, token)
        except TableError:
            await websocket.close(code=CLOSE_POLICY)  # before accept: the client gets HTTP 403
            return
        await _serve(websocket, table, seat)

    @app.websocket("/ws/tables/{table_id}/watch")
    async def watch_socket(websocket: WebSocket, table_id: str) -> None:
        try:
            table = await manager.get(table_id)
        except TableError:
            await websocket.close(code=CLOSE_POLICY)
            return
        await _serve(websocket, table, None)

    async def _serve(websocket: WebSocket, table: Table, seat: int | None) -> None:
        await websocket.accept()
        outbox = Outbox(
            websocket.send_text,
            lambda code, reason: websocket.close(code=code, reason=reason),
            settings.outbox,
            settings.send_timeout,
            (websocket.scope.get("extensions") or {}).get(WRITE_NOW, {}).get("send_text"),
        )
        conn = Connection(
            seat,
            outbox,
            address(websocket),
            syncs=Bucket(settings.syncs_per_second, max(5.0, 5 * settings.syncs_per_second)),
            messages=Bucket(
                settings.messages_per_second, max(60.0, 3 * settings.messages_per_second)
            ),
        )
        try:
            table = await manager.connect(table, conn)
        except TableError as exc:  # over a connection limit: say why, then close
            outbox.put(dumps(exc.payload()))
            await outbox.drain()
            outbox.shut(CLOSE_LIMIT, "busy")
            await outbox.finish()
            return
        receiving = asyncio.ensure_future(_receive(websocket, table, conn, outbox))
        closing = asyncio.ensure_future(outbox.closed.wait())
        try:
            await asyncio.wait({receiving, closing}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            receiving.cancel()
            closing.cancel()
            outbox.shut(1006, "gone")  # stop its writer (the socket is closed or closing)
            await manager.disconnect(table, conn)
            await outbox.finish()

    async def _receive(
        websocket: WebSocket, table: Table, conn: Connection, outbox: Outbox
    ) -> None:
        """Read the client's messages until it leaves (or is closed); ``outbox``: the
        connection's."""
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            raw = frame.get("text")
            size = len(raw) if raw is not None else len(frame.get("bytes") or b"")
            if settings.max_message and size > settings.max_message:
                outbox.shut(CLOSE_TOO_BIG, "message too big")
                return
            if not conn.messages.take():  # a flood: answering each message would feed it
                outbox.shut(CLOSE_POLICY, "too many messages")
                return
            try:
                if raw is None:  # a binary frame: refuse it rather than drop the socket
                    raise TableError("Messages must be JSON text.", "訊息必須是JSON文字。")
                await _handle(table, conn, raw)
            except TableError as exc:
                conn.put(dumps(exc.payload()))
            if outbox.closed.is_set():
                return
            await asyncio.sleep(0)  # let its writer send the answer before the next message

    async def _handle(table: Table, conn: Connection, raw: str) -> None:
        if too_deep(raw, settings.max_json_depth):
            raise TableError(
                f"That message is nested deeper than {settings.max_json_depth} levels.",
                f"訊息的巢狀超過{settings.max_json_depth}層。",
            )
        try:
            msg = orjson.loads(raw)
        except orjson.JSONDecodeError:
            raise TableError("That message is not valid JSON.", "訊息不是有效的JSON。") from None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            raise TableError("A message needs a 'type'.", "訊息必須是含有類型欄位的JSON物件。")
        kind = msg["type"]
        if conn.seat is not None and conn not in table.connections:
            # no longer registered for the seat: it may not see the hand either
            raise TableError("This seat is no longer yours.", "這個座位已不屬於你。", 403)
        if kind == "sync":
            if not conn.syncs.take():
                raise TableError(
                    "Asked for everything again too often; wait a moment.",
                    "要求重新傳送太頻繁了，請稍候。",
                    429,
                )
            await manager.resend(table, conn)
            return
        if conn.seat is None:
            raise TableError("Spectators cannot act.", "旁觀者不能行動。", 403)
        if kind == "act":
            await manager.act(table, conn.seat, msg.get("action"))
        elif kind == "undo":
            await manager.undo(table, conn.seat)
        else:
            raise TableError(
                f"Unknown message type '{kind[:40]}'.", f"未知的訊息類型「{kind[:40]}」。"
            )

    return app
