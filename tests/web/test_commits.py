"""How a room commits: on the event loop when SQLite can take the action at once, in a thread when it must wait;
and a shot's trajectory, kept as text, reaching the event, the database, a replay and a restarted server alike.

Nothing here races a sleep: the tests count event-loop ticks or wait for a thing that must happen.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from poolhall.web import protocol
from poolhall.web.app import create_app
from poolhall.web.connection import Connection
from poolhall.web.guard import Limits
from poolhall.web.hall import Hall
from poolhall.web.store import Store

from .helpers import create, join, send


def test_commit_now_gives_up_at_once_while_another_writer_holds_the_lock(tmp_path: Path) -> None:
    """It returns False with nothing written, where ``commit`` would wait out its busy timeout (30 s here) and raise."""
    path = tmp_path / "db.sqlite"
    store = Store(path, busy_timeout=30.0)
    store.create("m1", {}, {}, {})
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    made: list[str] = []

    def text() -> str:
        made.append("x")
        return json.dumps({"type": "a"})

    assert store.commit_now("m1", 1, text, finished=False) is False
    assert made == []  # the action's text is not even made while the lock is held
    other.execute("ROLLBACK")
    assert store.commit_now("m1", 1, text, finished=False) is True
    assert store.version("m1") == 1 and store.actions("m1") == [{"type": "a"}]
    other.close()
    store.close()


def test_the_checkpoint_thread_copies_committed_actions_into_the_database_file(tmp_path: Path) -> None:
    """The loop's connection never checkpoints (an fsync); the store's thread does, after commits."""
    path = tmp_path / "db.sqlite"
    store = Store(path)
    store.create("m1", {}, {}, {})
    before = store.checkpoints
    assert store.commit_now("m1", 1, json.dumps({"type": "a", "pad": "x" * 5000}), finished=False)
    for _ in range(400):  # the thread checkpoints within CHECKPOINT_EVERY_S: waited for, up to 20 s
        if store.checkpoints > before:
            break
        time.sleep(0.05)
    assert store.checkpoints > before
    store.close()
    plain = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)  # the file alone, not the WAL
    assert plain.execute("SELECT version FROM matches WHERE id = 'm1'").fetchone() == (1,)
    plain.close()


def test_a_commit_waiting_for_another_writer_leaves_the_loop_running_and_lands_when_the_lock_is_freed(
    db: Path,
) -> None:
    """Another process holds SQLite's write lock. The room's action must wait for it in a thread: the loop goes
    on ticking, and the ticker itself frees the lock after 20 ticks; then the action commits (no ``retry``).
    Had the commit waited on the loop, no tick would come, the lock would outlast the busy timeout and the
    seat would hear ``retry``."""

    async def scenario(hall: Hall, match_id: str, token: str) -> tuple[int, list[dict[str, Any]]]:
        room = await hall.room(match_id)
        conn = Connection(1)
        room.attach()
        room.submit(conn, protocol.parse(json.dumps({"type": "hello", "tokens": [token]})))
        other = sqlite3.connect(db, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        room.submit(conn, protocol.parse(json.dumps({"type": "choose", "option": "break", "version": 0})))
        ticks = 0
        while room.version == 0 and ticks < 5000:
            await asyncio.sleep(0.001)
            ticks += 1
            if ticks == 20:
                other.execute("ROLLBACK")
        other.close()
        room.leave(conn)
        messages = []
        while not conn.outbox.empty():
            item = conn.outbox.get_nowait()
            messages.append(json.loads(item) if isinstance(item, str) else item)
        return ticks, messages

    with TestClient(create_app(db, thinkers="thread", limits=Limits(busy_timeout_s=10.0))) as client:
        made = create(client, seed=1, lag_winner="A")
        hall = client.app.state.hall  # type: ignore[attr-defined]
        ticks, messages = client.portal.call(scenario, hall, made["id"], made["tokens"]["A"])
        assert ticks > 20  # the loop ticked while the commit waited, and its ticker freed the lock
        assert [m["type"] for m in messages] == ["welcome", "snapshot", "event"]
        assert messages[-1]["version"] == 1
        assert client.get(f"/api/matches/{made['id']}").json()["version"] == 1


def test_a_shots_trajectory_is_the_same_in_the_event_the_database_a_replay_and_after_a_restart(db: Path) -> None:
    with TestClient(create_app(db, thinkers="thread")) as client:
        made = create(client, seed=3, lag_winner="A")
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
            join(ws, made["tokens"]["A"])
            send(ws, {"type": "choose", "option": "break"})
            send(ws, {"type": "place", "x": 0.3, "y": 0.63})
            event = send(ws, {"type": "shoot", "stroke": {"speed": 7.0, "phi": 0.02}, "call": None})
            snapshot = send(ws, {"type": "sync"})
        assert event["type"] == "event" and event["version"] == 3
        shot = event["action"]
        trajectory = shot["trajectory"]
        assert trajectory["duration"] > 0 and trajectory["balls"]["0"]  # a real shot: the cue ball moved
        assert snapshot["match"]["last_action"]["trajectory"] == trajectory
        assert snapshot["match"]["replayable"] == [shot["number"]]
        replay = client.get(f"/api/matches/{made['id']}/shots/{shot['number']}").json()
        assert replay == {k: v for k, v in shot.items()}
    row = sqlite3.connect(db).execute("SELECT action FROM actions WHERE version = 3").fetchone()[0]
    assert json.loads(row)["shot"]["trajectory"] == trajectory  # the stored format: the trajectory in the shot
    with TestClient(create_app(db, thinkers="thread")) as restarted:
        again = restarted.get(f"/api/matches/{made['id']}/shots/{shot['number']}").json()
        assert again == replay
