"""What keeps the hall open under abuse: its limits, and the checks every request passes first.

``Limits`` gathers every bound the server keeps (bodies, matches in play,
creates per client, sockets, the hello deadline, expiry, how long an idle
room stays in memory); ``create_app(limits=...)`` takes one, the tests pass
small ones. The rest are plain ASGI pieces:

- ``BodyLimit`` reads a request body up to ``max_body_bytes`` before the app
  sees it and answers 413 beyond, so a 100 MiB body never reaches memory
  whole (nor a 422 that would echo it back).
- ``SecurityHeaders`` adds the Content-Security-Policy (nothing but this
  origin: no inline script, no CDN, no framing), ``X-Frame-Options`` and
  ``nosniff`` to every answer.
- ``CreateRate`` is a token bucket per client address for ``POST /api/matches``.
- ``same_origin`` is the WebSocket's Origin check: a page of another site may
  not open a socket with the player's browser (cross-site WebSocket hijacking).
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Limits:
    """Every bound the server keeps; docs/web.md "Limits" explains each."""

    max_body_bytes: int = 64 * 1024
    """A REST body (a create is a few hundred bytes)."""
    max_in_play: int = 2000
    """Matches in play (unfinished, not expired); beyond it a create answers 503."""
    creates_burst: int = 10
    """Creates one client address may make at once ..."""
    creates_per_minute: float = 6.0
    """... and then per minute (a token bucket); beyond it 429 with Retry-After."""
    max_sockets: int = 1000
    """WebSockets open at once; beyond it a new one is refused (HTTP 403 before the upgrade)."""
    hello_timeout_s: float = 10.0
    """A socket that has not said ``hello`` by then is closed (code 4408)."""
    unstarted_ttl_s: float = 3600.0
    """A match with no shot played and no action for this long is deleted."""
    abandoned_ttl_s: float = 2 * 3600.0
    """A match with a shot played and no action for this long leaves play (record kept; it loads again on demand)."""
    idle_room_s: float = 60.0
    """A room nobody is connected to leaves memory after this long without a command (finished: at once)."""
    sweep_every_s: float = 15.0
    """How often the hall looks for rooms to unload and matches to expire."""
    busy_timeout_s: float = 5.0
    """How long a commit waits for another writer's lock before it fails (and the seat is told ``retry``)."""
    allowed_hosts: tuple[str, ...] | None = None
    """Host headers served (DNS rebinding); None: any. ``poolhall play`` allows only loopback names."""


#: Host names of this computer, for a server that listens on loopback only.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")

#: Only this origin: the page's modules, its stylesheet, its socket. ``'self'`` covers ws: and wss: of the
#: same host (CSP level 3). No inline script or style element, no frames, no plugins.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self';"
    " object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


async def _answer(send: Send, status: int, detail: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    start = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": start + (headers or [])})
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Read each HTTP body up to ``limit`` bytes before the app runs; 413 beyond (by header or by count)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = f"a request body may be at most {self.limit} bytes"
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await _answer(send, 413, too_big, [(b"connection", b"close")])
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            size += len(message.get("body", b""))
            if size > self.limit:
                await _answer(send, 413, too_big, [(b"connection", b"close")])
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()  # after the body: only a disconnect can come
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


class SecurityHeaders:
    """Add the CSP, X-Frame-Options, nosniff and Referrer-Policy headers to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class CreateRate:
    """A token bucket per client address: ``burst`` at once, then ``per_minute``.

    The table is bounded: when it holds ``max_clients`` addresses, the full
    buckets (clients that have not created for a while) are forgotten first.
    """

    def __init__(self, burst: int, per_minute: float, max_clients: int = 10_000) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self.max_clients = max_clients
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, at)

    def take(self, client: str, now: float | None = None) -> float:
        """0 when ``client`` may create now (a token is taken), else the seconds until it may."""
        now = time.monotonic() if now is None else now
        tokens, at = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            return (1.0 - tokens) / self.rate if self.rate > 0 else float("inf")
        if len(self._buckets) >= self.max_clients and client not in self._buckets:
            self._forget(now)
        self._buckets[client] = (tokens - 1.0, now)
        return 0.0

    def _forget(self, now: float) -> None:
        full = [c for c, (t, at) in self._buckets.items() if t + (now - at) * self.rate >= self.burst]
        for client in full or list(self._buckets)[: self.max_clients // 2]:
            del self._buckets[client]


def same_origin(origin: str | None, host: str | None) -> bool:
    """True when a WebSocket may open: no Origin (not a browser), or the Origin's host:port is the Host header."""
    if origin is None:
        return True
    if host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()
