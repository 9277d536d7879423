"""One WebSocket of one page: its state, the seats it holds, and its outgoing queue.

The state is an explicit enum with checked transitions (as starlette's
``WebSocketState``): a connection is ``CONNECTING`` until its ``hello`` is
answered, ``JOINED`` while it plays or watches, and ``CLOSED`` for good. An
impossible transition is a bug and raises ``ConnectionStateError`` naming what
was expected and what came.

A room never awaits a page: ``deliver`` puts a message on the connection's own
bounded queue and a writer task drains it. A page that stops reading fills its
queue and is closed, alone (its socket with it: ``gone``); the match and
every other connection go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
from typing import Any

#: Messages a page may fall behind by before it is dropped (it reconnects and resyncs).
QUEUE_LIMIT = 256


class ConnectionState(enum.Enum):
    CONNECTING = "connecting"
    """Accepted; the page has not said ``hello`` yet, so it may do nothing but that."""
    JOINED = "joined"
    """Welcomed: receives every event; acts for the seats in ``seats`` (none: a spectator)."""
    CLOSED = "closed"
    """Gone; nothing is sent or received any more."""


_ALLOWED: dict[ConnectionState, frozenset[ConnectionState]] = {
    ConnectionState.CONNECTING: frozenset({ConnectionState.JOINED, ConnectionState.CLOSED}),
    ConnectionState.JOINED: frozenset({ConnectionState.CLOSED}),
    ConnectionState.CLOSED: frozenset(),
}


class ConnectionStateError(RuntimeError):
    """A transition the state machine does not have."""


class Connection:
    """A page's socket as the room sees it: state, seats, language, outgoing queue."""

    def __init__(self, ident: int) -> None:
        self.ident = ident
        self.state = ConnectionState.CONNECTING
        self.seats: frozenset[str] = frozenset()
        self.lang = "en"
        #: Messages as dicts, or as their text when made once for every page of a room (an event).
        self.outbox: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue(QUEUE_LIMIT)
        #: Set when the connection closes: the socket's handler waits on it to close the socket itself,
        #: even while its writer is stuck sending to a page that does not read.
        self.gone = asyncio.Event()

    def _move(self, new: ConnectionState) -> None:
        if new not in _ALLOWED[self.state]:
            raise ConnectionStateError(f"connection {self.ident}: cannot go from {self.state.value} to {new.value}")
        self.state = new

    def join(self, seats: frozenset[str], lang: str) -> None:
        """``hello`` answered: from now on this page gets every event."""
        self._move(ConnectionState.JOINED)
        self.seats = seats
        self.lang = lang

    def close(self) -> None:
        """Idempotent: closing a closed connection does nothing; wakes the writer so it ends."""
        if self.state is ConnectionState.CLOSED:
            return
        self._move(ConnectionState.CLOSED)
        self.gone.set()
        with contextlib.suppress(asyncio.QueueFull):  # wakes a writer waiting on an empty queue
            self.outbox.put_nowait(None)

    @property
    def open(self) -> bool:
        return self.state is not ConnectionState.CLOSED

    @property
    def joined(self) -> bool:
        return self.state is ConnectionState.JOINED

    def deliver(self, message: dict[str, Any] | str) -> bool:
        """Queue ``message`` for the page without waiting; a page too far behind is closed (False)."""
        if self.state is ConnectionState.CLOSED:
            return False
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.close()
            return False
        return True
