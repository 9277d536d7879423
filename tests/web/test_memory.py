"""Rooms leave memory when nobody uses them and load again on demand, off the event loop."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from poolhall.game import record as game_record
from poolhall.game.players import make_player
from poolhall.web.app import create_app
from poolhall.web.rooms import new_match
from poolhall.web.store import Store

from .helpers import create, join
from .test_server import play_to_the_end


def long_finished_match(db: Path, match_id: str = "longmatch0001", race_to: int = 4) -> int:
    """Two ``simple`` computers play a race to ``race_to``; the match is stored as the server stores one."""
    seats = {seat: {"name": seat, "kind": "computer", "level": "simple"} for seat in "AB"}
    config: dict[str, Any] = {
        "game": "eight-ball",
        "mode": "play",
        "seats": seats,
        "options": {"race_to": race_to, "points_to_win": 150},
        "table": "9-foot",
        "seed": 11,
        "lag_winner": "A",
    }
    header = game_record.to_dict(new_match(config), {"A": "A", "B": "B"})
    match = new_match(config)
    match.play({seat: make_player("simple") for seat in "AB"})
    assert match.over
    store = Store(db)
    store.create(match_id, config, {}, header)
    for version, logged in enumerate(match.log, start=1):
        entry = {"seat": logged.seat, "action": logged.action.to_dict(), "time": logged.time}
        store.commit(match_id, version, entry, finished=version == len(match.log))
    store.close()
    return len(match.log)


def test_finished_and_idle_rooms_leave_memory_and_load_again_unchanged(db: Path) -> None:
    with TestClient(create_app(db, thinkers="thread")) as client:
        hall = client.app.state.hall  # type: ignore[attr-defined]
        finished = create(client, game="straight-pool", mode="scorekeeper", points_to_win=3, seed=1)
        play_to_the_end(client, finished["id"], finished["tokens"])
        idle = create(client, game="straight-pool", mode="scorekeeper", seed=2)
        watched = create(client, game="straight-pool", mode="scorekeeper", seed=3)
        before = {m["id"]: client.get(f"/api/matches/{m['id']}").json() for m in (finished, idle, watched)}
        with client.websocket_connect(f"/ws/matches/{watched['id']}") as ws:
            join(ws)
            assert client.portal.call(hall.sweep)[0] == 1  # the finished one, at once
            assert set(hall.rooms) == {idle["id"], watched["id"]}
            later = time.time() + hall.limits.idle_room_s + 1
            assert client.portal.call(hall.sweep, later)[0] == 1  # the idle one; the watched one stays
            assert set(hall.rooms) == {watched["id"]}
        for made in (finished, idle):
            assert client.get(f"/api/matches/{made['id']}").json() == before[made["id"]]
        assert set(hall.rooms) == {finished["id"], idle["id"], watched["id"]}


@pytest.mark.slow
def test_loading_a_long_match_does_not_hold_the_event_loop(tmp_path: Path) -> None:
    """While the hall replays a long finished match, its event loop goes on running other tasks.

    A ticker sleeps a millisecond at a time while the load is pending. Had the hall replayed the match
    on the loop, the ticker would run only before and after the replay (a tick or two, while the
    database is read); off the loop it ticks all through the replay. Counting ticks, not racing two
    requests against a fixed sleep, keeps the test true on a machine faster than this one.
    """
    from poolhall.web.guard import Limits
    from poolhall.web.hall import Hall

    db = tmp_path / "hall.sqlite"
    actions = long_finished_match(db, race_to=8)
    assert actions > 300

    async def ticks_during_load() -> int:
        hall = Hall(db, "thread", Limits())
        await hall.open()
        try:
            load = asyncio.ensure_future(hall.room("longmatch0001"))
            ticks = 0
            while not load.done():
                await asyncio.sleep(0.001)
                ticks += not load.done()
            assert (await load).id == "longmatch0001"
            return ticks
        finally:
            await hall.close()

    assert asyncio.run(ticks_during_load()) >= 10


def test_a_finished_room_leaves_memory_when_its_last_page_leaves_and_is_freed_without_the_cycle_collector(
    db: Path,
) -> None:
    """No sweep: the last socket leaving a finished match lets its room go (``Hall.adopt``), and, as ``serve``
    runs the cycle collector rarely (hall.GC_THRESHOLDS), the room and its match must hold no cycle."""
    import gc
    import weakref

    with TestClient(create_app(db, thinkers="thread")) as client:
        hall = client.app.state.hall  # type: ignore[attr-defined]
        made = create(client, game="straight-pool", mode="scorekeeper", points_to_win=3, seed=1)
        room = weakref.ref(hall.rooms[made["id"]])
        match = weakref.ref(hall.rooms[made["id"]].match)
        gc.disable()
        try:
            play_to_the_end(client, made["id"], made["tokens"])  # its socket closes at the end
            for _ in range(1000):  # the unload runs on the loop after the socket's departure: waited for
                if room() is None:
                    break
                client.portal.call(asyncio.sleep, 0.001)
            assert made["id"] not in hall.rooms
            assert room() is None and match() is None
        finally:
            gc.enable()


def test_a_room_whose_page_went_first_is_freed_without_the_cycle_collector(tmp_path: Path) -> None:
    """A real server and a real client that closes its socket first: closing the server's side then fails
    (the page is gone), and that failure must not tie the room into a cycle that only a full collection frees."""
    import gc
    import json
    import threading
    import weakref

    import httpx
    import uvicorn
    from websockets.sync.client import connect

    from poolhall.commands.serve import listen

    from .test_server import LEGAL_BREAK, pot

    sock = listen("127.0.0.1", 0)
    app = create_app(tmp_path / "hall.sqlite", thinkers="thread")
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        threading.Event().wait(0.05)
    url = f"127.0.0.1:{sock.getsockname()[1]}"
    try:
        body = {"game": "straight-pool", "mode": "scorekeeper", "points_to_win": 3, "seed": 1}
        made = httpx.post(f"http://{url}/api/matches", json=body).json()
        hall = app.state.hall  # type: ignore[attr-defined]
        room = weakref.ref(hall.rooms[made["id"]])
        gc.disable()
        with connect(f"ws://{url}/ws/matches/{made['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "tokens": list(made["tokens"].values())}))
            pots = [{"type": "facts", "shot": pot(ball)} for ball in (5, 6, 7)]
            for message in [{"type": "choose", "option": "break"}, {"type": "facts", "shot": LEGAL_BREAK}, *pots]:
                ws.send(json.dumps(message))
            while not json.loads(ws.recv(timeout=30)).get("match", {}).get("over"):
                pass
        for _ in range(3000):  # the server sees the page go, then lets the finished room go: waited for
            if room() is None:
                break
            threading.Event().wait(0.01)
        assert room() is None
    finally:
        gc.enable()
        server.should_exit = True
        thread.join(10)
        sock.close()
