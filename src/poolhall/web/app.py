"""The ASGI app: REST for matches and records, one WebSocket per page, the static page.

``create_app(db_path)`` builds the app; when it starts it opens the SQLite
store and resumes every unfinished match (each becomes a room again, exactly as it was), and serves:

- ``POST /api/matches``: create a match; the answer holds the seats' tokens.
- ``GET /api/matches``, ``GET /api/matches/{id}``: list and fetch.
- ``GET /api/matches/{id}/record``: the versioned record, as a download.
- ``GET /api/matches/{id}/shots/{n}``: one shot with its trajectory (replays).
- ``GET /api/levels``: the computer levels.
- ``WS /ws/matches/{id}``: play or watch (messages in ``protocol.py``).

OpenAPI is published at ``/openapi.json``. docs/web.md describes it all.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import re
import secrets
import unicodedata
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.middleware.trustedhost import TrustedHostMiddleware

from poolhall import __version__
from poolhall.game import MatchError
from poolhall.rules.model import RefereeError
from poolhall.web import apidocs, protocol, rooms
from poolhall.web.connection import Connection
from poolhall.web.guard import BodyLimit, Limits, SecurityHeaders, same_origin
from poolhall.web.hall import Hall, UnknownMatch
from poolhall.web.players import default_level, levels
from poolhall.web.rooms import Room

log = logging.getLogger("poolhall.web")
STATIC = Path(__file__).parent / "static"
MATCH_ID = r"^[A-Za-z0-9_-]{8,32}$"
#: Unicode categories a name loses: controls, format characters (bidi overrides and isolates, zero-width
#: spaces and joiners, the BOM, soft hyphens), line and paragraph separators.
_INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp"})
#: The error answers each route may give besides 422, for the OpenAPI document.
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"description": "no such match (or shot)"}}
CREATE_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "a body that is not JSON"},
    409: {
        "description": "settings that do not fit together (a computer keeping score, an unknown level, "
        'calls: "none" in 14.1, calls contradicting explicit_calls)'
    },
    413: {"description": "a body larger than the server takes (64 KiB)"},
    429: {"description": "too many creates from this client: wait Retry-After seconds"},
    503: {"description": "too many matches in play"},
}
MatchId = Annotated[str, PathParam(pattern=MATCH_ID, description="the id POST /api/matches returned")]
ShotNumber = Annotated[int, PathParam(ge=1, le=100_000)]


# ------------------------------------------------------------------ REST schemas
class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(default="", max_length=40, description="shown to everyone; plain text")
    kind: Literal["person", "computer"] = "person"
    level: str | None = Field(default=None, max_length=40, description="computer level (GET /api/levels)")

    @field_validator("name")
    @classmethod
    def _plain(cls, value: str) -> str:
        """Plain visible text: invisible characters removed (strict str has refused lone surrogates already)."""
        return "".join(ch for ch in value if unicodedata.category(ch) not in _INVISIBLE).strip()


class OptionsIn(BaseModel):
    """RULES.md section 5; anything left out takes the rule sheet's default."""

    model_config = ConfigDict(extra="forbid", strict=True)
    touching: Literal["cue-ball-only", "refereed"] | None = None
    eight_first_open_table: Literal["no-foul", "foul"] | None = None
    eight_off_table_on_break: Literal["loss", "as-pocketed"] | None = None
    spot_jumped_balls: bool | None = None
    break_order: Literal["alternate", "winner", "loser"] | None = None
    explicit_calls: bool | None = None
    calls: Literal["obvious-exempt", "every-shot", "none"] | None = Field(
        default=None, description='call mode (CFG-6 extended): "none" is eight-ball without nominations'
    )
    three_foul_procedure: Literal["rerack", "choice"] | None = None
    near_rail_allowance: Literal["sheet", "strict"] | None = None
    intentional_counts: bool | None = None


class CreateMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["eight-ball", "straight-pool"] = "eight-ball"
    mode: Literal["play", "scorekeeper"] = "play"
    seats: dict[Literal["A", "B"], SeatIn] = Field(default_factory=dict)
    race_to: int = Field(default=1, ge=1, le=25, description="eight-ball: games to win (CFG-11)")
    points_to_win: int = Field(default=150, ge=1, le=1000, description="14.1: points to win (CFG-7)")
    options: OptionsIn = Field(default_factory=OptionsIn)
    table: Literal["9-foot", "8-foot", "7-foot"] = "9-foot"
    seed: int | None = Field(
        default=None, ge=0, le=2**53 - 1, description="for a reproducible match (an integer JavaScript holds exactly)"
    )
    lag_winner: Literal["A", "B"] | None = Field(
        default=None, description="who won the lag on the real table (GEN-12); left out: a seeded coin flip"
    )

    @field_validator("race_to", "points_to_win", "seed", mode="before")
    @classmethod
    def _json_integer(cls, value: Any) -> Any:
        """A JSON integer (101 or 101.0), never true/false or a string."""
        if isinstance(value, bool | str):
            raise ValueError("expected an integer")
        return value


class Created(BaseModel):
    id: str
    tokens: dict[str, str] = Field(description="one secret per seat a person plays: keep it, it acts for the seat")
    seats: dict[str, dict[str, Any]]


class Summary(BaseModel):
    id: str
    game: str
    mode: str
    seats: dict[str, dict[str, Any]]
    version: int
    finished: bool
    created: float
    updated: float
    score: dict[str, int] | None = Field(
        default=None, description="games won (eight-ball) or points (14.1); null when the match is not loaded"
    )
    turn: str | None = Field(default=None, description="the seat the match waits for; null when over or not loaded")
    winner: str | None = Field(default=None, description="the seat that won; null while in play or not loaded")
    table: str = Field(default="9-foot", description="the table's name: 9-foot, 8-foot or 7-foot")


class Listing(BaseModel):
    matches: list[Summary]


class MatchOut(BaseModel):
    version: int
    match: dict[str, Any] = Field(description="the snapshot a page draws (docs/web.md)")


class LevelsOut(BaseModel):
    levels: list[dict[str, str]]
    default: str


def _config(body: CreateMatch) -> dict[str, Any]:
    """The room's settings from a validated request; ``HTTPException`` 409 for what the schema cannot say."""
    known = {level["name"] for level in levels()}
    seats: dict[str, dict[str, Any]] = {}
    for seat in ("A", "B"):
        s = body.seats.get(seat) or SeatIn()  # type: ignore[call-overload]
        if s.kind == "computer":
            if body.mode == "scorekeeper":
                raise HTTPException(409, "a scorekeeper's match is played by people: both seats are persons")
            level = s.level or default_level()
            if level not in known:
                raise HTTPException(409, f"seats.{seat}.level: unknown level {level!r}; see GET /api/levels")
            seats[seat] = {"name": s.name or "Computer", "kind": "computer", "level": level}
        else:  # a person has no level: one sent along is ignored
            seats[seat] = {"name": s.name or f"Player {seat}", "kind": "person"}
    options = {k: v for k, v in body.options.model_dump().items() if v is not None}
    options["race_to"] = body.race_to
    options["points_to_win"] = body.points_to_win
    return {
        "game": body.game,
        "mode": body.mode,
        "seats": seats,
        "options": options,
        "table": body.table,
        "seed": body.seed if body.seed is not None else secrets.randbits(52),
        "lag_winner": body.lag_winner,
    }


def create_app(
    db_path: str | Path, *, thinkers: Literal["process", "thread"] = "process", limits: Limits | None = None
) -> FastAPI:
    """The app on the SQLite file ``db_path`` (created if missing).

    ``thinkers``: where computer seats decide. ``process`` (the default) keeps
    the event loop free while the simulator runs; ``thread`` starts faster (tests).
    ``limits``: the bounds it keeps (``guard.Limits``; the defaults when None).
    """
    limits = limits or Limits()
    hall = Hall(db_path, thinkers, limits)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        resumed = await hall.open()
        if resumed:
            log.info("resumed %d unfinished matches from %s", resumed, db_path)
        yield
        await hall.close()

    app = FastAPI(
        title="poolhall",
        version=__version__,
        description="Eight-ball and 14.1 straight pool: create, list, fetch and watch matches. "
        "Live play is over the WebSocket /ws/matches/{id} (docs/web.md).",
        lifespan=lifespan,
        docs_url=None,  # Swagger UI loads from a CDN; /docs is served from here (apidocs.py)
        redoc_url=None,
    )
    app.state.hall = hall
    app.add_middleware(BodyLimit, limit=limits.max_body_bytes)
    if limits.allowed_hosts is not None:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(limits.allowed_hosts))
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(RequestValidationError)
    async def refused(request: Request, exc: RequestValidationError) -> JSONResponse:
        """422 naming each field and what is wrong, never echoing the input (it may be huge, or not text)."""
        detail = [{"loc": list(e["loc"])[:8], "msg": str(e["msg"])[:200], "type": e["type"]} for e in exc.errors()[:10]]
        return JSONResponse({"detail": detail}, status_code=422)

    async def room_of(match_id: str) -> Room:
        try:
            return await hall.room(match_id)
        except UnknownMatch:
            raise HTTPException(404, f"no match {match_id!r}") from None

    @app.post("/api/matches", status_code=201, response_model=Created, responses=CREATE_ERRORS)
    async def create_match(body: CreateMatch, request: Request) -> Created:
        """Create a match; the answer carries a secret token for each seat a person plays."""
        wait = hall.creates.take(request.client.host if request.client else "")
        if wait:
            raise HTTPException(429, "too many new matches from here: wait a little", {"Retry-After": f"{wait:.0f}"})
        if await hall.in_play() >= limits.max_in_play:
            raise HTTPException(503, "the hall is full: try again later")
        config = _config(body)
        match_id = secrets.token_urlsafe(9)
        try:
            room, tokens = await asyncio.to_thread(rooms.create, match_id, config, hall.store, hall.thinkers)
        except (MatchError, RefereeError) as exc:  # options the rules refuse together; nothing was stored
            raise HTTPException(409, str(exc)) from None
        hall.adopt(room)
        return Created(id=match_id, tokens=tokens, seats=config["seats"])

    @app.get("/api/matches", response_model=Listing)
    async def list_matches() -> Listing:
        """The latest matches, newest first."""
        rows = await asyncio.to_thread(hall.store.listing)
        return Listing(
            matches=[
                Summary(
                    id=i,
                    game=c["game"],
                    mode=c["mode"],
                    seats=c["seats"],
                    table=c.get("table", "9-foot"),
                    version=v,
                    finished=f,
                    created=cr,
                    updated=up,
                    **(hall.rooms[i].summary() if i in hall.rooms else {}),
                )
                for i, cr, up, c, v, f in rows
            ]
        )

    @app.get("/api/matches/{match_id}", response_model=MatchOut, responses=NOT_FOUND)
    async def get_match(match_id: MatchId) -> MatchOut:
        """The match as a page draws it, with its version."""
        room = await room_of(match_id)
        async with room.lock:
            return MatchOut(version=room.version, match=room.snapshot())

    @app.get("/api/matches/{match_id}/record", responses=NOT_FOUND)
    async def get_record(match_id: MatchId) -> JSONResponse:
        """The match record (versioned JSON: every action, every shot, the result), as a file."""
        room = await room_of(match_id)
        async with room.lock:
            record = room.record()
        return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="poolhall-{match_id}.json"'})

    @app.get("/api/matches/{match_id}/shots/{number}", responses=NOT_FOUND)
    async def get_shot(match_id: MatchId, number: ShotNumber) -> dict[str, Any]:
        """One shot: the layout before it, its trajectory and its ruling (for replays)."""
        room = await room_of(match_id)
        async with room.lock:
            shot = room.shot(number)
        if shot is None:
            raise HTTPException(404, f"match {match_id} has no shot {number} with a trajectory")
        return shot

    @app.get("/api/levels", response_model=LevelsOut)
    async def get_levels() -> LevelsOut:
        """The computer levels a seat can have."""
        return LevelsOut(levels=levels(), default=default_level())

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(apidocs.page(app.openapi()))

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    ids = itertools.count(1)

    @app.websocket("/ws/matches/{match_id}")
    async def socket(websocket: WebSocket, match_id: str) -> None:
        if not same_origin(websocket.headers.get("origin"), websocket.headers.get("host")):
            await websocket.close(code=1008)  # before the upgrade: the browser sees HTTP 403
            return
        if hall.sockets >= limits.max_sockets:
            await websocket.close(code=1013)
            return
        hall.sockets += 1
        try:
            await websocket.accept()
            try:
                room = await hall.room(match_id) if re.match(MATCH_ID, match_id) else None
            except UnknownMatch:
                room = None
            if room is None:
                await websocket.send_json(protocol.error_message(0, "no-match", f"no match {match_id[:40]!r}"))
                await websocket.close(code=4404)
                return
            await serve_socket(websocket, room, next(ids), limits.hello_timeout_s)
        finally:
            hall.sockets -= 1

    return app


#: Close codes: the page fell too far behind (it reconnects and resyncs); it never said hello.
CLOSE_BEHIND = 1013
CLOSE_NO_HELLO = 4408


async def serve_socket(websocket: WebSocket, room: Room, ident: int, hello_timeout: float) -> None:
    """Read a page's messages into its room and write the room's messages out, until either side goes.

    Three ways it ends: the page closes; the page says no ``hello`` within
    ``hello_timeout`` seconds; or the page reads too slowly and its bounded
    queue overflows (``Connection.deliver`` closes it), when the socket is
    closed at once so the page reconnects and resyncs instead of waiting for
    messages that will never come.
    """
    conn = Connection(ident)
    room.attach()

    async def writer() -> None:
        while True:
            message = await conn.outbox.get()
            if message is None or not conn.open:
                return
            if isinstance(message, str):  # made once for every page (protocol.event_text)
                await websocket.send_text(message)
            else:
                await websocket.send_json(message)

    async def reader() -> int:
        """Until the page goes (0) or misses its hello (CLOSE_NO_HELLO)."""
        deadline = asyncio.get_running_loop().time() + hello_timeout
        said_hello = False
        while True:
            left = None if said_hello else deadline - asyncio.get_running_loop().time()
            try:
                async with asyncio.timeout(left):  # not wait_for: see the close below
                    raw = await websocket.receive()
            except TimeoutError:
                return CLOSE_NO_HELLO
            except (RuntimeError, WebSocketDisconnect):
                return 0
            if raw["type"] == "websocket.disconnect":
                return 0
            text = raw.get("text")
            try:
                message = protocol.parse(text if text is not None else (raw.get("bytes") or b""))
            except protocol.ProtocolError as exc:
                conn.deliver(protocol.error_message(room.version, exc.code, exc.message))
                continue
            said_hello = said_hello or isinstance(message, protocol.Hello)
            room.submit(conn, message)

    tasks = [asyncio.create_task(writer()), asyncio.create_task(reader()), asyncio.create_task(conn.gone.wait())]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        reading = tasks[1]
        code = 1000
        if reading in done and not reading.cancelled() and reading.exception() is None:
            code = reading.result() or 1000
        elif reading not in done:
            code = CLOSE_BEHIND  # the queue overflowed (or the writer failed): drop the page so it resyncs
    finally:
        conn.close()
        room.leave(conn)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    # asyncio.timeout, not wait_for: in Python 3.11 wait_for runs the close in a task of its own, and when the page
    # is already gone (WebSocketDisconnect) that task, its exception's traceback and wait_for's frame hold each
    # other, and with them this frame, its room and the room's whole match, until a full collection of the
    # cycle collector, which a server runs rarely (hall.GC_THRESHOLDS): under the soak that was the memory
    # that grew (tests/web/test_memory.py).
    with contextlib.suppress(Exception):
        async with asyncio.timeout(5):
            await websocket.close(code=code)
