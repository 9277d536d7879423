"""A bounded load test: 50 matches at once over WebSockets on loopback, every one to its end.

Seat A of each match is a client over a WebSocket (``bench.web.SocketSeat``),
seat B the computer's ``simple`` level. Every match must end, every event
must carry the next version (no action lost or repeated), no message may be
refused, and the database must hold exactly the actions the pages saw.
Bounded in count (50 matches, at most 400 actions each) and in time.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from poolhall.bench.web import play_matches, running_server

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]


def test_fifty_matches_at_once_end_with_no_error_and_no_lost_action(tmp_path: Path) -> None:
    db = tmp_path / "load.sqlite"
    with running_server(db) as url:
        seats, ok = asyncio.run(play_matches(url, 50))
    assert all(ok), [s.errors for s in seats if s.errors]
    assert [e for s in seats for e in s.errors] == []
    conn = sqlite3.connect(db)
    rows = conn.execute(
        "SELECT m.version, m.finished, COUNT(a.version) FROM matches m JOIN actions a ON a.match_id = m.id"
        " GROUP BY m.id"
    ).fetchall()
    conn.close()
    assert len(rows) == 50 and all(finished for _, finished, _ in rows)
    # Each match's version is its number of stored actions, and the last version its page saw.
    assert all(version == count for version, _, count in rows)
    assert sorted(s.version for s in seats) == sorted(version for version, _, _ in rows)
    assert sum(len(s.latencies) for s in seats) > 50
