"""The connection state machine (starlette WebSocketState style) and its bounded outbox."""

from __future__ import annotations

import asyncio

import pytest

from poolhall.web.connection import QUEUE_LIMIT, Connection, ConnectionState, ConnectionStateError


def test_a_connection_joins_once_and_closes_for_good() -> None:
    conn = Connection(1)
    assert conn.state is ConnectionState.CONNECTING
    conn.join(frozenset({"A"}), "pl")
    assert conn.joined and conn.seats == {"A"} and conn.lang == "pl"
    with pytest.raises(ConnectionStateError, match="joined to joined"):
        conn.join(frozenset(), "en")
    conn.close()
    conn.close()  # idempotent
    assert conn.state is ConnectionState.CLOSED
    with pytest.raises(ConnectionStateError):
        conn.join(frozenset(), "en")


def test_a_page_that_stops_reading_is_dropped_alone() -> None:
    async def scenario() -> tuple[bool, bool, ConnectionState, ConnectionState]:
        slow, fine = Connection(1), Connection(2)
        for conn in (slow, fine):
            conn.join(frozenset(), "en")
        results = [slow.deliver({"n": i}) for i in range(QUEUE_LIMIT + 1)]
        fine.deliver({"n": 0})
        return all(results[:QUEUE_LIMIT]), results[-1], slow.state, fine.state

    all_queued, last, slow_state, fine_state = asyncio.run(scenario())
    assert all_queued and not last
    assert slow_state is ConnectionState.CLOSED
    assert fine_state is ConnectionState.JOINED
