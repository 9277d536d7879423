"""``poolhall bench web``: the server's latency, from a shot sent over a WebSocket to its trajectory received.

It starts the app on 127.0.0.1 in its own process, as ``poolhall serve`` runs it
(a fresh database in a temporary folder), and from this process plays
``MATCHES`` eight-ball matches at once: seat A by a client over a
WebSocket (``SocketSeat``: it aims at the nearest of its balls), seat B by the
computer's ``simple`` level on the server, deciding in the app's own process
pool (``THINKERS``: as ``poolhall serve`` runs). Each time the client sends a shot
it notes the time; the event with that shot's trajectory stops the watch.
The report gives the median and the 99th percentile, the matches finished and
the errors (refused actions, lost or repeated versions, failed matches).
The load test (tests/web/test_load.py) uses the same client.
"""

from __future__ import annotations

import asyncio
import json
import math
import multiprocessing
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HELP = "latency of the browser app's server: a shot sent to its trajectory received"
MATCHES = 20
#: A match that has not ended after this many actions is counted as failed (the bench must end).
MAX_ACTIONS = 400
#: Where the server's computer seats decide: ``process``, the app's default.
THINKERS = "process"
#: One client creates every match of a bench at once: the per-client create rate is opened for it.
CREATES = 10_000


def _serve(db: str, ports: Any) -> None:
    """In the server's process: the app on a free loopback port (reported on ``ports``) until SIGTERM, set up
    as ``poolhall serve`` sets it up (``settle_collector``), its create rate opened for the bench's one client."""
    import uvicorn

    from poolhall.commands.serve import WS_MAX_SIZE, listen
    from poolhall.web.app import create_app
    from poolhall.web.guard import Limits
    from poolhall.web.hall import settle_collector

    sock = listen("127.0.0.1", 0)
    app = create_app(db, thinkers=THINKERS, limits=Limits(creates_burst=CREATES, creates_per_minute=CREATES))
    server = uvicorn.Server(uvicorn.Config(app, ws_max_size=WS_MAX_SIZE, log_level="warning"))
    settle_collector()
    ports.put(sock.getsockname()[1])
    server.run(sockets=[sock])


@contextmanager
def server_process(db: Path) -> Iterator[tuple[str, int]]:
    """The app in its own process on a free port of 127.0.0.1, with its computer workers, as ``poolhall serve``
    runs it; yields its address and process id once it answers, and stops it (SIGTERM) afterwards.

    Its own process, not a thread of the bench: the bench's clients decode every event (JSON, inflate), and
    in the server's process they would take the GIL from the event loop they are timing.
    """
    import httpx

    context = multiprocessing.get_context("spawn")
    ports = context.Queue()
    server = context.Process(target=_serve, args=(str(db), ports), daemon=False)
    server.start()
    try:
        url = f"127.0.0.1:{ports.get(timeout=300)}"
        for _ in range(3000):  # until it answers (the port is bound before uvicorn serves it)
            try:
                if httpx.get(f"http://{url}/api/levels", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield url, server.pid or 0
    finally:
        server.terminate()
        server.join(60)
        if server.is_alive():
            server.kill()
            server.join()


@contextmanager
def running_server(db: Path) -> Iterator[str]:
    """``server_process``'s address alone."""
    with server_process(db) as (url, _):
        yield url


class SocketSeat:
    """Plays one seat over a WebSocket from the JSON snapshots alone, and checks the version stream."""

    def __init__(self, seat: str, max_actions: int | None = MAX_ACTIONS) -> None:
        """``max_actions``: the match counts as failed past this version (``None``: no cap, for a bench
        that is bounded in time instead, as the soak is)."""
        self.seat = seat
        self.max_actions = max_actions
        self.version = -1
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.sent_at: float | None = None
        self.tries = 0

    def answer(self, m: dict[str, Any]) -> dict[str, Any]:
        asked = m["asked"]
        if asked["kind"] in ("choose", "choose-breaker"):
            return {"type": "choose", "option": asked["options"][0]}
        if asked["kind"] == "answer-stalemate":
            return {"type": "stalemate", "answer": "accept"}
        t = m["table"]
        if asked["kind"] == "place":
            spots = [(fx * t["length"], fy * t["width"]) for fx in (0.12, 0.2, 0.08) for fy in (0.5, 0.3, 0.7, 0.15)]
            x, y = spots[self.tries % len(spots)]
            return {"type": "place", "x": x, "y": y}
        cue = m["balls"]["0"]
        mine = m["balls_left"][self.seat] or [b for b in m["on_table"] if b != 8] or [8]
        balls = [m["balls"][str(b)] for b in mine if str(b) in m["balls"]]
        target = min(balls, key=lambda p: math.dist(p, cue)) if balls else (0.75 * t["length"], t["width"] / 2)
        phi = math.atan2(target[1] - cue[1], target[0] - cue[0])
        speed = 8.0 if asked["break_shot"] else 3.0
        return {"type": "shoot", "stroke": {"speed": speed, "phi": phi}, "call": None}

    async def play(self, url: str, match_id: str, token: str) -> bool:
        """Until the match is over; True when it ended with no error."""
        from websockets.asyncio.client import connect

        async with connect(f"ws://{url}/ws/matches/{match_id}", max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] == "error":
                    if msg["code"] != "illegal" or self.tries > 20:
                        self.errors.append(f"{msg['code']}: {msg['message']}")
                        return False
                    self.tries += 1  # a placement on a ball: try the next spot
                    await ws.send(json.dumps(self.answer(self.match)))
                    continue
                if msg["type"] not in ("snapshot", "event"):
                    continue
                if msg["type"] == "event" and msg["version"] != self.version + 1:
                    self.errors.append(f"version {msg['version']} after {self.version}")
                self.version = msg["version"]
                if msg["type"] == "event" and msg["action"]["seat"] == self.seat and "trajectory" in msg["action"]:
                    if self.sent_at is not None:
                        self.latencies.append(time.perf_counter() - self.sent_at)
                    self.sent_at = None
                self.match = m = msg["match"]
                if m["over"] or (self.max_actions is not None and self.version >= self.max_actions):
                    return m["over"] and not self.errors
                if m["asked"]["player"] == self.seat:
                    self.tries = 0
                    answer = self.answer(m)
                    if answer["type"] == "shoot":
                        self.sent_at = time.perf_counter()
                    await ws.send(json.dumps(answer))
        return False


async def play_matches(url: str, count: int, level: str = "simple") -> tuple[list[SocketSeat], list[bool]]:
    """``count`` matches at once: A over a WebSocket, B the computer at ``level``."""
    import httpx

    seats = [SocketSeat("A") for _ in range(count)]
    async with httpx.AsyncClient(base_url=f"http://{url}", timeout=60) as client:
        made = []
        for i in range(count):
            body = {"game": "eight-ball", "seed": i, "seats": {"B": {"kind": "computer", "level": level}}}
            r = await client.post("/api/matches", json=body)
            r.raise_for_status()
            made.append(r.json())
    results = await asyncio.gather(
        *(seat.play(url, m["id"], m["tokens"]["A"]) for seat, m in zip(seats, made, strict=True)),
        return_exceptions=True,
    )
    return seats, [r is True for r in results]


#: One fixed run: neither ``--repeat`` nor ``--games`` applies.
SIZE = "fixed"


def steps(repeat: int) -> int:
    return 1


def measure(repeat: int, tick: Callable[[str], None]) -> dict[str, Any]:
    """``repeat`` is not used: the bench is one run of ``MATCHES`` matches."""
    with tempfile.TemporaryDirectory() as folder, running_server(Path(folder) / "bench.sqlite") as url:
        seats, ok = asyncio.run(play_matches(url, MATCHES))
    tick("matches played")
    latencies = sorted(x for s in seats for x in s.latencies)
    if not latencies:
        raise RuntimeError("no shot was measured: the server answered no shot")
    p99 = latencies[min(len(latencies) - 1, math.ceil(0.99 * len(latencies)) - 1)]
    return {
        "p50_s": statistics.median(latencies),
        "p99_s": p99,
        "matches": sum(ok),
        "errors": sum(len(s.errors) for s in seats) + ok.count(False),
        "shots": len(latencies),
    }


def summary(report: dict[str, Any]) -> str:
    return (
        f"{report['matches']} of {MATCHES} matches finished, {report['shots']} shots, {report['errors']} errors; "
        f"shot sent -> trajectory received: median {report['p50_s'] * 1000:.1f} ms, "
        f"99th percentile {report['p99_s'] * 1000:.1f} ms"
    )
