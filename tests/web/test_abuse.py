"""The server under abuse: floods, oversized bodies, lax types, odd text, foreign pages, silent sockets.

Each test is one attack the issue-18 audit made from outside, answered with
one clear refusal while the hall stays open for everyone else.
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from poolhall.web import protocol
from poolhall.web.app import create_app
from poolhall.web.guard import CreateRate, Limits

from .helpers import create, join, send


# ------------------------------------------------------------------ item 5: sizes
def test_an_oversized_body_is_refused_unread_and_never_echoed(client: TestClient) -> None:
    huge = json.dumps({"seats": {"A": {"name": "x" * (2 * 1024 * 1024)}}})
    r = client.post("/api/matches", content=huge, headers={"content-type": "application/json"})
    assert r.status_code == 413 and len(r.content) < 200
    chunks = (b"x" * 65536 for _ in range(40))  # no Content-Length: counted as it comes
    r = client.post("/api/matches", content=chunks, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/matches").status_code == 200  # the hall goes on


def test_a_422_never_echoes_its_input(client: TestClient) -> None:
    r = client.post("/api/matches", json={"seats": {"A": {"name": "y" * 30_000}}})
    assert r.status_code == 422 and "yyyy" not in r.text and len(r.content) < 1000
    detail = r.json()["detail"][0]
    assert detail["loc"] == ["body", "seats", "A", "name"] and "40" in detail["msg"]


# ------------------------------------------------------------------ item 8: types and text
@pytest.mark.parametrize(
    "message",
    [
        {"type": "place", "x": "0.3", "y": 0.5},
        {"type": "place", "x": True, "y": 0.5},
        {"type": "shoot", "stroke": {"speed": "3", "phi": 0.0}},
        {"type": "shoot", "stroke": {"speed": 3.0, "phi": False}},
        {"type": "hello", "version": "1"},
    ],
)
def test_strings_and_booleans_are_not_numbers_on_the_socket(message: dict[str, object]) -> None:
    with pytest.raises(protocol.ProtocolError) as caught:
        protocol.parse(json.dumps(message))
    assert caught.value.code == "invalid"


def test_integers_are_still_numbers_on_the_socket() -> None:
    assert protocol.parse(json.dumps({"type": "place", "x": 1, "y": 0.5})).x == 1.0


def test_a_lone_surrogate_in_a_name_is_a_422_not_a_500(client: TestClient) -> None:
    body = '{"seats": {"A": {"name": "Ann\\ud800"}}}'
    r = client.post("/api/matches", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "seats", "A", "name"]


def test_names_lose_control_bidi_and_zero_width_characters(client: TestClient) -> None:
    name = "\u202eAnn\u200b\u2066a\u2069\ufeff\u200d\x07\u2028"
    assert create(client, seats={"A": {"name": name}})["seats"]["A"]["name"] == "Anna"


def test_an_unknown_field_name_is_not_echoed_at_length(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(f"/ws/matches/{made['id']}") as ws:
        join(ws)
        answer = send(ws, {"type": "sync", "\ud800" + "k" * 5000: 1})
        assert answer["code"] == "invalid" and len(answer["message"]) < 200


# ------------------------------------------------------------------ item 2: creates
def test_creates_are_rate_limited_per_client(db: Path) -> None:
    limits = Limits(creates_burst=3, creates_per_minute=1)
    with TestClient(create_app(db, thinkers="thread", limits=limits)) as client:
        assert [client.post("/api/matches", json={}).status_code for _ in range(4)] == [201, 201, 201, 429]
        r = client.post("/api/matches", json={})
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 0


def test_the_create_bucket_refills_and_forgets_idle_clients() -> None:
    rate = CreateRate(burst=2, per_minute=60, max_clients=4)
    assert [rate.take("a", now=0.0) for _ in range(2)] == [0.0, 0.0]
    assert rate.take("a", now=0.0) == pytest.approx(1.0)
    assert rate.take("a", now=1.0) == 0.0  # one token a second
    for n, client in enumerate("bcdefgh"):
        assert rate.take(client, now=10.0 + n) == 0.0
    assert len(rate._buckets) <= 4


def test_unstarted_matches_expire_and_played_ones_retire_with_their_records(db: Path) -> None:
    """A flood of unplayed matches cannot close the hall for good: they expire, and a restart does not bring them."""
    limits = Limits(max_in_play=3, creates_burst=100, creates_per_minute=100)
    with TestClient(create_app(db, thinkers="thread", limits=limits)) as client:
        played = create(client, game="straight-pool", mode="scorekeeper", seed=1)
        with client.websocket_connect(f"/ws/matches/{played['id']}") as ws:
            join(ws, *played["tokens"].values())
            send(ws, {"type": "choose", "option": "break"})
            rails = [{"ball": 0, "rail": "foot"}, {"ball": 2, "rail": "foot"}, {"ball": 3, "rail": "left"}]
            send(ws, {"type": "facts", "shot": {"first_contact": [1], "rail_contacts": rails}})
        idle = [create(client)["id"] for _ in range(2)]
        assert client.post("/api/matches", json={}).status_code == 503
        hall = client.app.state.hall  # type: ignore[attr-defined]
        unloaded, deleted, retired = client.portal.call(hall.sweep, time.time() + limits.abandoned_ttl_s + 1)
        assert (deleted, retired) == (2, 1) and unloaded == 3
        assert all(client.get(f"/api/matches/{i}").status_code == 404 for i in idle)
        record = client.get(f"/api/matches/{played['id']}/record")
        assert record.status_code == 200 and len(record.json()["actions"]) == 2
        assert client.post("/api/matches", json={}).status_code == 201
    with TestClient(create_app(db, thinkers="thread", limits=limits)) as again:
        assert len(again.app.state.hall.rooms) == 1  # type: ignore[attr-defined]  # only the new one resumes


# ------------------------------------------------------------------ item 11: sockets, origins, headers
def test_a_socket_that_never_says_hello_is_closed(db: Path) -> None:
    with TestClient(create_app(db, thinkers="thread", limits=Limits(hello_timeout_s=0.3))) as client:
        made = create(client)
        with client.websocket_connect(f"/ws/matches/{made['id']}") as ws, pytest.raises(WebSocketDisconnect) as gone:
            ws.receive_json()
        assert gone.value.code == 4408


def test_sockets_are_capped(db: Path) -> None:
    with TestClient(create_app(db, thinkers="thread", limits=Limits(max_sockets=2))) as client:
        made = create(client)
        url = f"/ws/matches/{made['id']}"
        with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
            join(a)
            join(b)
            with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(url):
                pass
            assert refused.value.code == 1013
        with client.websocket_connect(url) as c:  # freed again
            join(c)


def test_a_page_of_another_site_cannot_open_a_socket(client: TestClient) -> None:
    made = create(client)
    url = f"/ws/matches/{made['id']}"
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(url, headers={"origin": "https://evil.example"}):
        pass
    with client.websocket_connect(url, headers={"origin": "http://testserver"}) as ws:
        join(ws)


def test_only_the_allowed_hosts_are_served(db: Path) -> None:
    limits = Limits(allowed_hosts=("127.0.0.1", "localhost"))
    with TestClient(create_app(db, thinkers="thread", limits=limits), base_url="http://localhost") as client:
        assert client.get("/api/levels").status_code == 200
        assert client.get("/api/levels", headers={"host": "rebound.example:8000"}).status_code == 400


def test_every_answer_carries_the_security_headers_and_docs_need_no_cdn(client: TestClient) -> None:
    for path in ("/", "/api/levels", "/docs", "/static/main.js"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert "default-src 'self'" in r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
    docs = client.get("/docs").text
    assert "POST /api/matches" in docs and "<script" not in docs and "cdn" not in docs.lower()


# ------------------------------------------------------------------ item 4: a page that stops reading
@pytest.mark.slow
def test_a_page_that_stops_reading_is_disconnected_so_it_can_resync(tmp_path: Path) -> None:
    """It asks for many snapshots and reads none; the server must close it (the page reconnects only on close)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from poolhall.bench.web import running_server

    async def scenario(url: str, match_id: str) -> tuple[int, int | None]:
        async with connect(f"ws://{url}/ws/matches/{match_id}", max_queue=4, max_size=2**24) as ws:
            # a small receive window (no autotuning), so that the server's writes back up as a slow phone's do
            ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 16384)
            await ws.send(json.dumps({"type": "hello"}))
            for _ in range(3000):  # far past the 256-message queue and the loopback buffers
                await ws.send(json.dumps({"type": "sync"}))
            await asyncio.sleep(3.0)  # not reading meanwhile
            received = 0
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 20)
                    received += 1
            except ConnectionClosed as closed:
                return received, closed.rcvd.code if closed.rcvd else None
            except TimeoutError:  # everything read, and the socket still open: the page waits for ever
                return received, None

    import httpx

    with running_server(tmp_path / "hall.sqlite") as url:
        made = httpx.post(f"http://{url}/api/matches", json={}).json()
        received, code = asyncio.run(asyncio.wait_for(scenario(url, made["id"]), 90))
    assert received < 3000 and code == 1013
